// SPDX-License-Identifier: GPL-2.0

//! `rust_printing` built the way a C file with `#define DEBUG` is: `Kbuild`
//! compiles this module with `-Cdebug-assertions=y` whatever the kernel's
//! `CONFIG_RUST_DEBUG_ASSERTIONS`, so its `pr_debug!` messages print.
//!
//! A module of your own can do the same with, in its `Kbuild`:
//!
//! ```text
//! RUSTFLAGS_REMOVE_mymodule.o := -Cdebug-assertions=n
//! RUSTFLAGS_mymodule.o := -Cdebug-assertions=y
//! ```

use kernel::prelude::*;

#[path = "common/printing.rs"]
mod printing;

module! {
    type: RustPrintingDebug,
    name: "rust_printing_debug",
    author: "Rust for Linux BR2 team",
    description: "Rust sample: pr_debug! in a module built with debug assertions",
    license: "GPL",
}

struct RustPrintingDebug;

impl kernel::Module for RustPrintingDebug {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        printing::print_all();
        Ok(RustPrintingDebug)
    }
}

impl Drop for RustPrintingDebug {
    fn drop(&mut self) {
        pr_info!("exit\n");
    }
}
