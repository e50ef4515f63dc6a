// SPDX-License-Identifier: GPL-2.0

//! The in-kernel half of the samples' self-checks.
//!
//! A sample reports through the kernel log, one line per check, between a
//! `begin` and a `done COUNT` line; `rust-samples-test` turns the lines into
//! KTAP results:
//!
//! - `check ok NAME`
//! - `check FAIL NAME: DETAIL`
//! - `expect TEXT`: the log must also hold the line `TEXT` from this module
//!   (used for output that only the log can show, such as `dbg!`'s).
//!
//! Include it with `#[path = "common/checks.rs"] mod checks;`.

// Each sample uses the methods it needs.
#![allow(dead_code)]

use core::fmt;
use kernel::prelude::*;

/// Counts and prints the checks of one sample.
pub(crate) struct Checks {
    count: u32,
}

impl Checks {
    /// Prints the `begin` line.
    pub(crate) fn begin() -> Self {
        pr_info!("begin\n");
        Self { count: 0 }
    }

    /// Reports one check; returns `ok` so that callers can chain on it.
    pub(crate) fn check(&mut self, name: &str, ok: bool) -> bool {
        self.check_with(name, ok, format_args!("false"))
    }

    /// Reports one check, with `detail` explaining a failure.
    pub(crate) fn check_with(&mut self, name: &str, ok: bool, detail: fmt::Arguments<'_>) -> bool {
        self.count += 1;
        if ok {
            pr_info!("check ok {}\n", name);
        } else {
            pr_err!("check FAIL {}: {}\n", name, detail);
        }
        ok
    }

    /// Reports that two values are equal, printing both on failure.
    pub(crate) fn check_eq<T: PartialEq + fmt::Debug + ?Sized>(
        &mut self,
        name: &str,
        got: &T,
        expected: &T,
    ) -> bool {
        self.check_with(
            name,
            got == expected,
            format_args!("got {:?}, expected {:?}", got, expected),
        )
    }

    /// Asks `rust-samples-test` to find the line `text` in this module's log.
    pub(crate) fn expect_line(&mut self, text: fmt::Arguments<'_>) {
        self.count += 1;
        pr_info!("expect {}\n", text);
    }

    /// Prints the `done COUNT` line.
    ///
    /// `rust-samples-test` judges the results from the log (each `check`
    /// line, and `COUNT` against the lines it saw); the module's `init` does
    /// not fail on a failed check, so that the device or state it set up can
    /// still be tested from userspace.
    pub(crate) fn done(self) {
        pr_info!("done {}\n", self.count);
    }
}
