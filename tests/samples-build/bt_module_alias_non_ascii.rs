// SPDX-License-Identifier: GPL-2.0

//! `module!` rejects an alias that is not ASCII, as 6.2 does.
//
// expect-build: error
// expect-message: Expected an ASCII string, found 'ü' in "düo"

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_module_alias_non_ascii",
    license: "GPL",
    alias: "düo",
}

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        Ok(Sample)
    }
}
