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

static_assert!(1 + 1 == 2);

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        Ok(Sample)
    }
}
