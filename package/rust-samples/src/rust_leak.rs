// SPDX-License-Identifier: GPL-2.0

//! Broken on purpose: leaks one allocation, for `rust-samples-catch` to show
//! that kmemleak reports it. Not a sample; never load it elsewhere.
//!
//! `init` allocates [`LEAK_SIZE`] bytes and forgets the vector: no pointer to
//! the buffer is kept anywhere, so kmemleak's next scans find it unreferenced
//! and report it with the allocation's backtrace, which names this module.

use kernel::prelude::*;

module! {
    type: RustLeak,
    name: "rust_leak",
    author: "Rust for Linux BR2 team",
    description: "Broken on purpose: leaks an allocation (for rust-samples-catch)",
    license: "GPL",
}

/// The size asked for; kmemleak prints the slab object's (2048 bytes).
const LEAK_SIZE: usize = 1234;

/// Allocates and forgets a buffer that starts with the byte `0x5a`.
///
/// Not inlined into `init`, whose code is freed once it has run: kmemleak
/// prints the allocation's backtrace with symbols, and this function's
/// stays (`rust_leak::leak+0x... [rust_leak]`).
#[inline(never)]
fn leak() -> Result {
    let mut buffer = Vec::<u8>::try_with_capacity(LEAK_SIZE)?;
    buffer.try_push(0x5a)?;
    pr_info!("leaking {} bytes on purpose\n", buffer.capacity());
    core::mem::forget(buffer);
    Ok(())
}

struct RustLeak;

impl kernel::Module for RustLeak {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        leak()?;
        Ok(RustLeak)
    }
}
