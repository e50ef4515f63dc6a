// SPDX-License-Identifier: GPL-2.0

//! A `build_assert!` the optimiser cannot prove: the index is read with a
//! volatile load. The call to `rust_build_error` stays, and modpost finds it
//! undefined unless `CONFIG_RUST_BUILD_ASSERT_ALLOW=y` exports it.
//
// expect-build: build-error-symbol

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_build_assert_unprovable",
    license: "GPL",
}

static INDEX: usize = 3;

#[inline(always)]
fn pick(table: &[u8; 4], index: usize) -> u8 {
    build_assert!(index < 4);
    table[index]
}

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // SAFETY: `INDEX` is a valid, aligned `usize`.
        let index = unsafe { core::ptr::read_volatile(&INDEX) };
        pr_info!("{}\n", pick(&[1, 2, 3, 4], index));
        Ok(Sample)
    }
}
