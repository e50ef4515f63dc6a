// SPDX-License-Identifier: GPL-2.0

//! Printing: one message per log level, and a line pieced together with
//! `pr_cont!`.
//!
//! 6.1 only had `pr_info!` and `pr_emerg!`; 6.2 adds the other levels and
//! `pr_cont!`. `rust-samples-test` reads the messages back with their level
//! (`dmesg -r`) and checks each one. `pr_debug!` only prints when the kernel
//! has `CONFIG_RUST_DEBUG_ASSERTIONS=y`, as a C `pr_debug()` only prints
//! with `DEBUG` defined; the `debug-enabled` line tells the test which to
//! expect.

use kernel::pr_cont;
use kernel::prelude::*;

module! {
    type: RustPrinting,
    name: "rust_printing",
    author: "Rust for Linux Contributors",
    description: "Rust sample: every pr_*! level and pr_cont!",
    license: "GPL",
}

struct RustPrinting;

impl kernel::Module for RustPrinting {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        pr_info!("begin\n");
        pr_info!("debug-enabled {}\n", u8::from(cfg!(debug_assertions)));

        pr_emerg!("level 0 emergency message\n");
        pr_alert!("level 1 alert message, with {} argument\n", 1);
        pr_crit!("level 2 critical message\n");
        pr_err!("level 3 error message\n");
        pr_warn!("level 4 warn message\n");
        pr_notice!("level 5 notice message\n");
        pr_info!("level 6 info message\n");
        pr_debug!("level 7 debug message\n");

        pr_info!("A line that");
        pr_cont!(" is continued");
        pr_cont!(" with {} pieces\n", 3);

        pr_info!("done\n");
        Ok(RustPrinting)
    }
}

impl Drop for RustPrinting {
    fn drop(&mut self) {
        pr_info!("exit\n");
    }
}
