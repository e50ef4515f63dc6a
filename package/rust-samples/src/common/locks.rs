// SPDX-License-Identifier: GPL-2.0

//! C locks for the modules broken on purpose, straight from the bindings:
//! 6.1's `kernel` crate has no lock types. Each lock has its own lockdep
//! class (its key), so lockdep tells them apart.
//!
//! Include it with `#[path = "common/locks.rs"] mod locks;`.

// Each module uses the lock it needs.
#![allow(dead_code)]

use kernel::bindings;
use kernel::str::CStr;
use kernel::types::Opaque;

/// A C `struct mutex` in a `static`, with its lockdep class key.
///
/// # Invariants
///
/// `mutex` is used only after [`Mutex::init`].
pub(crate) struct Mutex {
    mutex: Opaque<bindings::mutex>,
    key: Opaque<bindings::lock_class_key>,
}

// SAFETY: a C mutex is made to be used from any thread; the key is only
// handed to lockdep.
unsafe impl Sync for Mutex {}

impl Mutex {
    /// A mutex to be initialised with [`Mutex::init`] before use.
    pub(crate) const fn new() -> Self {
        Self {
            mutex: Opaque::uninit(),
            key: Opaque::uninit(),
        }
    }

    /// Initialises the mutex, naming its lockdep class `name`.
    ///
    /// # Safety
    ///
    /// Called once, before any other method, while nothing else uses it.
    pub(crate) unsafe fn init(&'static self, name: &'static CStr) {
        // SAFETY: `mutex` and `key` are valid for writes and live forever
        // (`'static`); the key is static data, as lockdep requires.
        unsafe { bindings::__mutex_init(self.mutex.get(), name.as_char_ptr(), self.key.get()) };
    }

    /// Takes the mutex (sleeps if it is held).
    pub(crate) fn lock(&self) {
        // SAFETY: by the type invariant, the mutex is initialised.
        #[cfg(CONFIG_DEBUG_LOCK_ALLOC)]
        unsafe {
            bindings::mutex_lock_nested(self.mutex.get(), 0)
        };
        // SAFETY: by the type invariant, the mutex is initialised.
        #[cfg(not(CONFIG_DEBUG_LOCK_ALLOC))]
        unsafe {
            bindings::mutex_lock(self.mutex.get())
        };
    }

    /// Releases the mutex.
    ///
    /// # Safety
    ///
    /// The caller holds it.
    pub(crate) unsafe fn unlock(&self) {
        // SAFETY: the mutex is initialised and held (the safety section).
        unsafe { bindings::mutex_unlock(self.mutex.get()) };
    }
}

/// A C `raw_spinlock_t` in a `static`, with its lockdep class key.
///
/// # Invariants
///
/// `lock` is used only after [`SpinLock::init`].
pub(crate) struct SpinLock {
    lock: Opaque<bindings::raw_spinlock>,
    key: Opaque<bindings::lock_class_key>,
}

// SAFETY: a C spinlock is made to be used from any thread; the key is only
// handed to lockdep.
unsafe impl Sync for SpinLock {}

impl SpinLock {
    /// A spinlock to be initialised with [`SpinLock::init`] before use.
    pub(crate) const fn new() -> Self {
        Self {
            lock: Opaque::uninit(),
            key: Opaque::uninit(),
        }
    }

    /// Initialises the spinlock, naming its lockdep class `name`.
    ///
    /// # Safety
    ///
    /// Called once, before any other method, while nothing else uses it.
    pub(crate) unsafe fn init(&'static self, name: &'static CStr) {
        // SAFETY: `lock` and `key` are valid for writes and live forever;
        // a spinning lock's wait type is `LD_WAIT_SPIN`.
        unsafe {
            bindings::__raw_spin_lock_init(
                self.lock.get(),
                name.as_char_ptr(),
                self.key.get(),
                bindings::lockdep_wait_type_LD_WAIT_SPIN as i16,
            )
        };
    }

    /// Takes the spinlock: preemption is off until [`SpinLock::unlock`].
    pub(crate) fn lock(&self) {
        // SAFETY: by the type invariant, the lock is initialised.
        unsafe { bindings::_raw_spin_lock(self.lock.get()) };
    }

    /// Releases the spinlock.
    ///
    /// # Safety
    ///
    /// The caller holds it.
    pub(crate) unsafe fn unlock(&self) {
        // SAFETY: the lock is initialised and held (the safety section).
        unsafe { bindings::_raw_spin_unlock(self.lock.get()) };
    }
}
