// SPDX-License-Identifier: GPL-2.0

//! Broken on purpose: frees one allocation twice, for `rust-samples-catch` to
//! show that KASAN reports it. Not a sample; never load it elsewhere.
//!
//! Safe Rust cannot do this (`Drop` runs once), so `init` calls the C
//! allocator directly. Generic KASAN sees that the object is already freed
//! and reports a double-free instead of freeing it again.

use core::ptr;
use kernel::bindings;
use kernel::prelude::*;

module! {
    type: RustDoubleFree,
    name: "rust_double_free",
    author: "Rust for Linux BR2 team",
    description: "Broken on purpose: frees an allocation twice (for rust-samples-catch)",
    license: "GPL",
}

struct RustDoubleFree;

impl kernel::Module for RustDoubleFree {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // SAFETY: `krealloc()` of `NULL` is `kmalloc()`; any size and these
        // flags are valid.
        let object = unsafe { bindings::krealloc(ptr::null(), 64, bindings::GFP_KERNEL) };
        if object.is_null() {
            return Err(ENOMEM);
        }
        pr_info!("freeing one object twice on purpose\n");
        // SAFETY: `object` came from `krealloc()` and is freed once here.
        unsafe { bindings::kfree(object) };
        // SAFETY: None: this is the bug that KASAN must report. (KASAN then
        // leaves the object alone, so the slab allocator stays consistent.)
        unsafe { bindings::kfree(object) };
        Ok(RustDoubleFree)
    }
}
