// SPDX-License-Identifier: GPL-2.0

//! Control: a `static_assert!` that holds builds.
//
// expect-build: ok

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_static_assert_true",
    license: "GPL",
}

static_assert!(core::mem::size_of::<u32>() == 4);

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        Ok(Sample)
    }
}
