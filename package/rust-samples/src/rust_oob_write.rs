// SPDX-License-Identifier: GPL-2.0

//! Broken on purpose: writes one byte past an allocation through a raw
//! pointer, for `rust-samples-catch` to show that the stress test's slab
//! check finds it. Not a sample; never load it elsewhere.
//!
//! 6.1's KASAN does not instrument Rust code, so the write itself is not
//! caught: the slab allocator's red zone after the object (the debug
//! boards' `CONFIG_SLUB_DEBUG_ON`) keeps its mark of the damage, which a
//! validation of the caches reports. The object stays allocated until the
//! module is unloaded.

use core::ffi::c_void;
use core::ptr;
use kernel::bindings;
use kernel::prelude::*;

module! {
    type: RustOobWrite,
    name: "rust_oob_write",
    author: "Rust for Linux BR2 team",
    description: "Broken on purpose: writes out of bounds (for rust-samples-catch)",
    license: "GPL",
}

/// The object's size: a whole `kmalloc-64` object, so the byte after it is
/// the red zone's first.
const SIZE: usize = 64;

/// # Invariants
///
/// `object` came from `krealloc()` and is freed only by `drop`.
struct RustOobWrite {
    object: *mut c_void,
}

// SAFETY: `object` is only used by `init` and `drop`, which the module
// loader never runs at the same time, and may be freed from any thread.
unsafe impl Send for RustOobWrite {}

// SAFETY: no method uses `object` through a shared reference.
unsafe impl Sync for RustOobWrite {}

impl kernel::Module for RustOobWrite {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // SAFETY: `krealloc()` of `NULL` is `kmalloc()`; any size and these
        // flags are valid.
        let object = unsafe { bindings::krealloc(ptr::null(), SIZE, bindings::GFP_KERNEL) };
        if object.is_null() {
            return Err(ENOMEM);
        }
        // SAFETY: None: the byte at `SIZE` is past the object; this is the
        // bug that the slab check must report.
        unsafe { object.cast::<u8>().add(SIZE).write_volatile(0x5a) };
        // The address, for `rust-samples-catch` to find the object in the
        // slab check's report ("Object ADDRESS").
        pr_info!("wrote one byte past the {}-byte object at {:p}\n", SIZE, object);
        // INVARIANT: `object` came from `krealloc()` above.
        Ok(RustOobWrite { object })
    }
}

impl Drop for RustOobWrite {
    fn drop(&mut self) {
        // SAFETY: by the type invariant, `object` came from `krealloc()`
        // and this is its only free.
        unsafe { bindings::kfree(self.object) };
    }
}
