// SPDX-License-Identifier: GPL-2.0

//! Broken on purpose: uses an allocation after freeing it, for
//! `rust-samples-catch` to show that the stress test's log check fails on
//! KASAN's report. Not a sample; never load it elsewhere.
//!
//! 6.1's KASAN does not instrument Rust code, so the use is a call into C:
//! `ksize()` checks the object with KASAN before reading its size, and the
//! object was freed by `kfree()`.

use core::ptr;
use kernel::bindings;
use kernel::prelude::*;

module! {
    type: RustUseAfterFree,
    name: "rust_use_after_free",
    author: "Rust for Linux BR2 team",
    description: "Broken on purpose: uses freed memory (for rust-samples-catch)",
    license: "GPL",
}

struct RustUseAfterFree;

impl kernel::Module for RustUseAfterFree {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // SAFETY: `krealloc()` of `NULL` is `kmalloc()`; any size and these
        // flags are valid.
        let object = unsafe { bindings::krealloc(ptr::null(), 64, bindings::GFP_KERNEL) };
        if object.is_null() {
            return Err(ENOMEM);
        }
        // SAFETY: `object` came from `krealloc()` and is freed once.
        unsafe { bindings::kfree(object) };
        // SAFETY: None: `object` is freed; this is the bug that KASAN must
        // report.
        let size = unsafe { bindings::ksize(object) };
        pr_info!("ksize() of a freed object: {}\n", size);
        Ok(RustUseAfterFree)
    }
}
