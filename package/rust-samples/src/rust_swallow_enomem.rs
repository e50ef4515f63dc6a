// SPDX-License-Identifier: GPL-2.0

//! Broken on purpose: swallows an allocation failure, for
//! `rust-samples-catch` to show that the fault sweep fails a sample that
//! reports success without the memory it asked for. Not a sample; never
//! load it elsewhere.
//!
//! `init` asks for a table and, when the allocation fails, goes on with an
//! empty one and returns success: the module is loaded with the wrong data,
//! and nothing but an injected failure shows it.

use kernel::prelude::*;

module! {
    type: RustSwallowEnomem,
    name: "rust_swallow_enomem",
    author: "Rust for Linux BR2 team",
    description: "Broken on purpose: ignores ENOMEM (for rust-samples-catch)",
    license: "GPL",
}

/// The table's length, in entries.
const TABLE_LEN: usize = 64;

struct RustSwallowEnomem {
    _table: Vec<u32>,
}

impl kernel::Module for RustSwallowEnomem {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // The bug: the error should be returned (`?`).
        let table = Vec::<u32>::try_with_capacity(TABLE_LEN).unwrap_or_default();
        pr_info!("a table of {} entries\n", table.capacity());
        Ok(RustSwallowEnomem { _table: table })
    }
}
