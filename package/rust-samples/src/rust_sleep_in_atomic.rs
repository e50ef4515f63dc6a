// SPDX-License-Identifier: GPL-2.0

//! Broken on purpose: takes a mutex, which may sleep, while holding a
//! spinlock, for `rust-samples-catch` to show that the stress test's log
//! check fails on the report of `CONFIG_DEBUG_ATOMIC_SLEEP`. Not a sample;
//! never load it elsewhere.
//!
//! The mutex is free, so nothing sleeps here; `mutex_lock()` says that it
//! might (`might_sleep()`), which is the bug in atomic context.

use kernel::c_str;
use kernel::prelude::*;

#[path = "common/locks.rs"]
mod locks;

use locks::{Mutex, SpinLock};

module! {
    type: RustSleepInAtomic,
    name: "rust_sleep_in_atomic",
    author: "Rust for Linux BR2 team",
    description: "Broken on purpose: may sleep in atomic context (for rust-samples-catch)",
    license: "GPL",
}

static SPIN: SpinLock = SpinLock::new();
static MUTEX: Mutex = Mutex::new();

struct RustSleepInAtomic;

impl kernel::Module for RustSleepInAtomic {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // SAFETY: `init` runs once, before anything else uses the locks.
        unsafe {
            SPIN.init(c_str!("rust_sleep_in_atomic_spin"));
            MUTEX.init(c_str!("rust_sleep_in_atomic_mutex"));
        }
        pr_info!("taking a mutex under a spinlock on purpose\n");
        SPIN.lock();
        MUTEX.lock();
        // SAFETY: both are held, and released once.
        unsafe {
            MUTEX.unlock();
            SPIN.unlock();
        }
        Ok(RustSleepInAtomic)
    }
}
