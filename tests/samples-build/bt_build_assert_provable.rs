// SPDX-License-Identifier: GPL-2.0

//! Control: a `build_assert!` on a value the optimiser knows builds and
//! leaves no call to `rust_build_error` behind.
//
// expect-build: ok

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_build_assert_provable",
    license: "GPL",
}

#[inline(always)]
fn pick(table: &[u8; 4], index: usize) -> u8 {
    build_assert!(index < 4);
    table[index]
}

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        pr_info!("{}\n", pick(&[1, 2, 3, 4], 3));
        Ok(Sample)
    }
}
