// SPDX-License-Identifier: GPL-2.0

//! `module!` takes string literals since 6.2; a 6.1-style byte string gets
//! an error that says how to write it.
//
// expect-build: error
// expect-message: Byte string literals are not supported here: write "..." instead of b"..."

use kernel::prelude::*;

module! {
    type: Sample,
    name: b"bt_module_byte_string",
    license: "GPL",
}

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        Ok(Sample)
    }
}
