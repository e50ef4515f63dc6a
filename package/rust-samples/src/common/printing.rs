// SPDX-License-Identifier: GPL-2.0

//! The messages of `rust_printing` and `rust_printing_debug`: one per log
//! level, and a line pieced together with `pr_cont!`.
//!
//! Include it with `#[path = "common/printing.rs"] mod printing;`. The two
//! modules differ only in how they are built (see `Kbuild`), which decides
//! whether `pr_debug!` prints.

use kernel::pr_cont;
use kernel::prelude::*;

/// Prints the messages between a `begin` and a `done` line.
///
/// `debug-enabled 0|1` says whether this build of the module prints
/// `pr_debug!` messages, i.e. whether it was compiled with
/// `-Cdebug-assertions=y`; `rust-samples-test` expects exactly one such line.
pub(crate) fn print_all() {
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
}
