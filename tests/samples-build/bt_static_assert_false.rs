// SPDX-License-Identifier: GPL-2.0

//! A false `static_assert!` does not compile: the const evaluator reports
//! the assertion's panic (the condition alone would also match rustc quoting
//! the source line in any error about it).
//
// expect-build: error
// expect-message: evaluated program panicked at 'assertion failed: 1 + 1 == 3'

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_static_assert_false",
    license: "GPL",
}

static_assert!(1 + 1 == 3);

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        Ok(Sample)
    }
}
