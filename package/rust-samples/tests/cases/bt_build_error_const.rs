// SPDX-License-Identifier: GPL-2.0

//! `build_error!` evaluated at compile time is a compile error that carries
//! its message.
//
// expect-build: error
// expect-message: this configuration is not supported

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_build_error_const",
    license: "GPL",
}

const _: () = kernel::build_error!("this configuration is not supported");

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        Ok(Sample)
    }
}
