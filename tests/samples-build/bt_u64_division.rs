// SPDX-License-Identifier: GPL-2.0

//! Dividing `u64`s with `/` in a module: fine on 64-bit riscv64; on 32-bit
//! ARM it needs the EABI helper `__aeabi_uldivmod`, which the kernel leaves
//! out on purpose (C must use `div_u64()`), and the series keeps it out for
//! Rust modules too: only `core` has a private one (patch 0005).
//
// expect-build: ok
// expect-build-arm: error
// expect-message-arm: "__aeabi_uldivmod" [

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_u64_division",
    license: "GPL",
}

/// Not `const`: the division must happen at run time.
fn per_item(total: u64, items: u64) -> u64 {
    total / items
}

struct Sample;

impl kernel::Module for Sample {
    fn init(module: &'static ThisModule) -> Result<Self> {
        // A divisor that the compiler cannot know: the address of `module`.
        let items = (module as *const ThisModule as usize as u64) | 1;
        pr_info!("{}\n", per_item(1 << 40, items));
        Ok(Sample)
    }
}
