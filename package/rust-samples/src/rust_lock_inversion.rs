// SPDX-License-Identifier: GPL-2.0

//! Broken on purpose: takes two mutexes in one order, then in the other,
//! for `rust-samples-catch` to show that the stress test's log check fails
//! on lockdep's report. Not a sample; never load it elsewhere.
//!
//! One thread cannot deadlock this way, but two running `init` at once
//! could: lockdep reports the inverted order the first time it sees it.

use kernel::c_str;
use kernel::prelude::*;

#[path = "common/locks.rs"]
mod locks;

use locks::Mutex;

module! {
    type: RustLockInversion,
    name: "rust_lock_inversion",
    author: "Rust for Linux BR2 team",
    description: "Broken on purpose: inverts a lock order (for rust-samples-catch)",
    license: "GPL",
}

static FIRST: Mutex = Mutex::new();
static SECOND: Mutex = Mutex::new();

struct RustLockInversion;

impl kernel::Module for RustLockInversion {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // SAFETY: `init` runs once, before anything else uses the mutexes.
        unsafe {
            FIRST.init(c_str!("rust_lock_inversion_first"));
            SECOND.init(c_str!("rust_lock_inversion_second"));
        }
        FIRST.lock();
        SECOND.lock();
        // SAFETY: both are held, and released once.
        unsafe {
            SECOND.unlock();
            FIRST.unlock();
        }
        pr_info!("taking the two mutexes in the other order on purpose\n");
        SECOND.lock();
        FIRST.lock();
        // SAFETY: both are held, and released once.
        unsafe {
            FIRST.unlock();
            SECOND.unlock();
        }
        Ok(RustLockInversion)
    }
}
