// SPDX-License-Identifier: GPL-2.0

//! Printing: one message per log level, and a line pieced together with
//! `pr_cont!`.
//!
//! 6.1 only had `pr_info!` and `pr_emerg!`; 6.2 adds the other levels and
//! `pr_cont!`. `rust-samples-test` reads the messages back with their level
//! (`dmesg -r`) and checks each one. `pr_debug!` only prints when the module
//! is compiled with debug assertions (`CONFIG_RUST_DEBUG_ASSERTIONS=y`, or
//! per module as `rust_printing_debug` is), as a C `pr_debug()` only prints
//! with `DEBUG` defined (or dynamic debug, which Rust's `pr_debug!` does not
//! support yet); the `debug-enabled` line tells the test which to expect.

use kernel::prelude::*;

#[path = "common/printing.rs"]
mod printing;

module! {
    type: RustPrinting,
    name: "rust_printing",
    author: "Rust for Linux BR2 team",
    description: "Rust sample: every pr_*! level and pr_cont!",
    license: "GPL",
}

struct RustPrinting;

impl kernel::Module for RustPrinting {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        printing::print_all();
        Ok(RustPrinting)
    }
}

impl Drop for RustPrinting {
    fn drop(&mut self) {
        pr_info!("exit\n");
    }
}
