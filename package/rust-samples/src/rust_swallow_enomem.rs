// SPDX-License-Identifier: GPL-2.0

//! Broken on purpose: swallows an allocation failure, for
//! `rust-samples-catch` to show that the fault sweep fails a sample that
//! reports success without the memory it asked for. Not a sample; never
//! load it elsewhere.
//!
//! `init` asks for tables and, when an allocation fails, goes on with an
//! empty table and returns success: the module is loaded with the wrong
//! data, and nothing but an injected failure shows it.

use kernel::prelude::*;

module! {
    type: RustSwallowEnomem,
    name: "rust_swallow_enomem",
    author: "Rust for Linux BR2 team",
    description: "Broken on purpose: ignores ENOMEM (for rust-samples-catch)",
    license: "GPL",
}

/// A table's length, in entries.
const TABLE_LEN: usize = 64;

/// How many tables `init` asks for. A fault sweep fails the Nth allocation
/// of each run, and the number of allocations before the module's own
/// shifts by one or two from run to run (the slab allocator takes a new
/// page now and then): each table is one more chance for a sweep to fail
/// one.
const TABLES: usize = 4;

struct RustSwallowEnomem {
    _tables: [Vec<u32>; TABLES],
}

impl kernel::Module for RustSwallowEnomem {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // The bug: the error should be returned (`?`).
        let tables =
            [(); TABLES].map(|_| Vec::<u32>::try_with_capacity(TABLE_LEN).unwrap_or_default());
        let entries: usize = tables.iter().map(Vec::capacity).sum();
        pr_info!("{} tables, {} entries in all\n", TABLES, entries);
        Ok(RustSwallowEnomem { _tables: tables })
    }
}
