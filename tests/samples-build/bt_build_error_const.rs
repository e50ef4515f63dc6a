// SPDX-License-Identifier: GPL-2.0

//! `build_error!` evaluated at compile time is a compile error that carries
//! its message. The expected text is the const evaluator's panic report:
//! the message alone would also match rustc quoting the source line in any
//! error about it.
//
// expect-build: error
// expect-message: evaluated program panicked at 'this configuration is not supported'

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
