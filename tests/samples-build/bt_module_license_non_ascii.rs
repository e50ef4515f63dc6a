// SPDX-License-Identifier: GPL-2.0

//! `module!` rejects a licence that is not ASCII, as 6.2 does: the kernel
//! would not recognise it as GPL, taint itself and refuse GPL-only symbols.
//
// expect-build: error
// expect-message: Expected an ASCII string, found 'é' in "GPLé"

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_module_license_non_ascii",
    license: "GPLé",
}

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        Ok(Sample)
    }
}
