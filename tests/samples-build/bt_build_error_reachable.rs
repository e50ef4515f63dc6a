// SPDX-License-Identifier: GPL-2.0

//! `build_error!` in code the optimiser cannot remove leaves a call to
//! `rust_build_error`, which modpost finds undefined unless
//! `CONFIG_RUST_BUILD_ASSERT_ALLOW=y` exports it.
//
// expect-build: build-error-symbol

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_build_error_reachable",
    license: "GPL",
}

static MODE: u32 = 1;

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // SAFETY: `MODE` is a valid, aligned `u32`.
        if unsafe { core::ptr::read_volatile(&MODE) } != 1 {
            kernel::build_error!("mode must be 1");
        }
        Ok(Sample)
    }
}
