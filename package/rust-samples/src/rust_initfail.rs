// SPDX-License-Identifier: GPL-2.0

//! An `init` that fails: the `Error` it returns is what `insmod`/`modprobe`
//! report, and nothing of the module stays loaded.
//!
//! `ENXIO` is chosen because module loading itself never returns it, and
//! every C library prints it as "No such device or address".
//!
//! What `init` made before it fails is dropped by the early return of `?`,
//! as in any Rust function: [`ErrorPathGuard`] is made for that, and says
//! when it is dropped, with how many times it has been in this load, so
//! that `rust-samples-test` can see it dropped exactly once per load.

use core::sync::atomic::{AtomicU32, Ordering};
use kernel::prelude::*;

module! {
    type: RustInitfail,
    name: "rust_initfail",
    author: "Rust for Linux BR2 team",
    description: "Rust sample: init fails with ENXIO",
    license: "GPL",
}

struct RustInitfail {
    _buffer: Vec<u8>,
}

/// How many [`ErrorPathGuard`]s were dropped in this load: every load has
/// the module's data afresh, so each starts at 0.
static GUARD_DROPS: AtomicU32 = AtomicU32::new(0);

/// Made by `init` before the step that fails; the early return of `?` must
/// drop it, once.
struct ErrorPathGuard;

impl Drop for ErrorPathGuard {
    fn drop(&mut self) {
        let drops = GUARD_DROPS.fetch_add(1, Ordering::Relaxed) + 1;
        pr_info!("error path dropped the guard: drop {} of this load\n", drops);
    }
}

impl kernel::Module for RustInitfail {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // Something to clean up: `?` returns early and drops it.
        let mut buffer = Vec::try_with_capacity(64)?;
        buffer.try_push(1u8)?;
        // Read back through a volatile load: LLVM removes an allocation
        // whose contents nobody looks at, and this one must happen (the
        // stress test fails it to see `init` return `ENOMEM`).
        // SAFETY: `buffer` holds one initialised element at its start.
        let first = unsafe { core::ptr::read_volatile(buffer.as_ptr()) };
        pr_info!("allocated {} byte(s), the first is {}\n", buffer.len(), first);
        let _guard = ErrorPathGuard;
        pr_info!("init returns ENXIO ({}) on purpose\n", ENXIO.to_errno());
        refuse()?;
        Ok(RustInitfail { _buffer: buffer })
    }
}

/// Always fails; `?` in `init` propagates the error to the module loader.
fn refuse() -> Result {
    Err(ENXIO)
}
