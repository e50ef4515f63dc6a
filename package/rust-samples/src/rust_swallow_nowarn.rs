// SPDX-License-Identifier: GPL-2.0

//! Broken on purpose: asks for memory with `__GFP_NOWARN` and swallows the
//! failure, for `rust-samples-catch` to show that the fault sweep fails a
//! sample whose failed allocation leaves no notice in the kernel log. Not
//! a sample; never load it elsewhere.
//!
//! Fault injection prints nothing for an allocation made with
//! `__GFP_NOWARN`: the sweep must not take such a failure for one that the
//! kernel copes with. `init` asks for tables with `krealloc()` and
//! `__GFP_NOWARN` (the kernel crate's allocator passes `GFP_KERNEL`
//! alone), goes on without a table it did not get, and returns success.

use core::ffi::c_void;
use core::ptr;
use kernel::bindings;
use kernel::prelude::*;

module! {
    type: RustSwallowNowarn,
    name: "rust_swallow_nowarn",
    author: "Rust for Linux BR2 team",
    description: "Broken on purpose: ignores a quiet ENOMEM (for rust-samples-catch)",
    license: "GPL",
}

/// A table's size, in bytes.
const TABLE_SIZE: usize = 256;

/// How many tables `init` asks for. A fault sweep fails the Nth allocation
/// of each run, and the number of allocations before the module's own
/// shifts by one or two from run to run: each table is one more chance
/// for a sweep to fail one.
const TABLES: usize = 4;

/// # Invariants
///
/// Each entry of `tables` is `NULL` or came from `krealloc()` and is freed
/// only by `drop`.
struct RustSwallowNowarn {
    tables: [*mut c_void; TABLES],
}

// SAFETY: The tables are only used by `init` and `drop`, which the module
// loader never runs at the same time, and may be freed from any thread.
unsafe impl Send for RustSwallowNowarn {}

// SAFETY: No method uses the tables through a shared reference.
unsafe impl Sync for RustSwallowNowarn {}

impl kernel::Module for RustSwallowNowarn {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut tables = [ptr::null_mut(); TABLES];
        for table in tables.iter_mut() {
            // SAFETY: `krealloc()` of `NULL` is `kmalloc()`; any size and
            // these flags are valid.
            *table = unsafe {
                bindings::krealloc(
                    ptr::null(),
                    TABLE_SIZE,
                    bindings::GFP_KERNEL | bindings::___GFP_NOWARN,
                )
            };
            // The bug: a `NULL` table should make `init` return `ENOMEM`.
        }
        let got = tables.iter().filter(|table| !table.is_null()).count();
        pr_info!("{} of {} tables\n", got, TABLES);
        // INVARIANT: each table is `NULL` or came from `krealloc()` above.
        Ok(RustSwallowNowarn { tables })
    }
}

impl Drop for RustSwallowNowarn {
    fn drop(&mut self) {
        for table in self.tables {
            // SAFETY: By the type invariant, `table` is `NULL` or came from
            // `krealloc()`, and this is its only free; `kfree(NULL)` does
            // nothing.
            unsafe { bindings::kfree(table) };
        }
    }
}
