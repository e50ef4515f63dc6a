// SPDX-License-Identifier: GPL-2.0

//! Broken on purpose: leaks an allocation only on an error path, for
//! `rust-samples-catch` to show that the stress test's leak check finds
//! what a fault sweep makes it do. Not a sample; never load it elsewhere.
//!
//! [`setup`] allocates a header, then a body of several buffers; when one
//! of the body's allocations fails, it forgets the header and returns
//! `ENOMEM`. Loading works, and fails cleanly with `ENOMEM` under injected
//! failures: only kmemleak can tell that one of those failures leaked the
//! header.

use kernel::prelude::*;

module! {
    type: RustLeakOnError,
    name: "rust_leak_on_error",
    author: "Rust for Linux BR2 team",
    description: "Broken on purpose: leaks on an error path (for rust-samples-catch)",
    license: "GPL",
}

/// How many buffers the body has. A fault sweep fails the Nth allocation
/// of each run, and the number of allocations before the module's own
/// shifts by one or two from run to run (the slab allocator takes a new
/// page now and then): each buffer is one more chance for a sweep to fail
/// an allocation after the header.
const BODY_BUFFERS: usize = 4;

/// The buffers a successful `init` keeps.
struct RustLeakOnError {
    _header: Vec<u8>,
    _body: Vec<Vec<u8>>,
}

/// Allocates the body's buffers.
fn body() -> Result<Vec<Vec<u8>>> {
    let mut body = Vec::try_with_capacity(BODY_BUFFERS)?;
    for _ in 0..BODY_BUFFERS {
        body.try_push(Vec::<u8>::try_with_capacity(256)?)?;
    }
    Ok(body)
}

/// Allocates the header and the body; leaks the header when the body
/// cannot be allocated (the bug).
///
/// Not inlined into `init`, whose code is freed once it has run: kmemleak
/// prints the allocation's backtrace with symbols, and this function's
/// stays (`rust_leak_on_error::setup+0x... [rust_leak_on_error]`).
#[inline(never)]
fn setup() -> Result<RustLeakOnError> {
    let mut header = Vec::<u8>::try_with_capacity(64)?;
    header.try_push(0x5a)?;
    match body() {
        Ok(body) => Ok(RustLeakOnError {
            _header: header,
            _body: body,
        }),
        Err(_) => {
            // The address, for `rust-samples-catch` to find the leak among
            // kmemleak's "unreferenced object ADDRESS (size 64)" lines.
            pr_info!("leaking the 64-byte header at {:p}\n", header.as_ptr());
            // The bug: the header should be dropped here.
            core::mem::forget(header);
            Err(ENOMEM)
        }
    }
}

impl kernel::Module for RustLeakOnError {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        setup()
    }
}
