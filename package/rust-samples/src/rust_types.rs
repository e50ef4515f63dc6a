// SPDX-License-Identifier: GPL-2.0

//! The rest of the series: `dbg!`, `Either`, `Opaque`,
//! `Vec::try_with_capacity()`, `concat_idents!`, `static_assert!`,
//! `build_assert!` and `module!` with string literals.
//!
//! - `dbg!` prints `[file:line] expression = value` with `pr_info!` and
//!   returns the value; for each call the module prints the line it expects
//!   (`expect ...`) and `rust-samples-test` finds it in the log.
//! - `Opaque<T>` holds a C object that Rust never reads: here a
//!   `struct mutex` that C's `__mutex_init()` initialises in place, in memory
//!   that nobody zeroed first.
//! - `Vec::try_with_capacity()` returns an error instead of panicking when
//!   the allocation cannot be made; an impossible size gives `ENOMEM`.
//!   A `kmalloc()` of a size it cannot serve prints a warning (the Rust
//!   allocator passes `GFP_KERNEL`, without `__GFP_NOWARN`); with rustc
//!   1.63 a byte count above `isize::MAX` would still reach it, which the
//!   series' `RawVec::try_with_capacity_in()` prevents (checked below).

use core::mem::size_of;
use kernel::bindings;
use kernel::c_str;
use kernel::macros::concat_idents;
use kernel::prelude::*;
use kernel::types::{Either, Opaque};

#[path = "common/checks.rs"]
mod checks;

use checks::Checks;

module! {
    type: RustTypes,
    name: "rust_types",
    author: "Rust for Linux BR2 team",
    description: "Rust sample: dbg!, Either, Opaque, Vec, concat_idents!",
    license: "GPL",
}

/// `dbg!` returns its argument; the lines it prints are checked from the log.
#[allow(clippy::dbg_macro)]
fn debug_macro(checks: &mut Checks) {
    let a = 2;
    let (line, answer) = (line!(), dbg!(a * 21));
    checks.check_eq("dbg_returns_value", &answer, &42);
    checks.expect_line(format_args!("[{}:{}] a * 21 = 42", file!(), line));

    let (line, pair) = (line!(), dbg!("left", 7u8));
    checks.check_eq("dbg_returns_tuple", &pair, &("left", 7u8));
    checks.expect_line(format_args!("[{}:{}] \"left\" = \"left\"", file!(), line));
    checks.expect_line(format_args!("[{}:{}] 7u8 = 7", file!(), line));

    let line = line!() + 1;
    dbg!();
    checks.expect_line(format_args!("[{}:{}]", file!(), line));
}

/// Parses a decimal number, or gives the text back.
fn number_or_text(text: &str) -> Either<u32, &str> {
    match text.parse() {
        Ok(n) => Either::Left(n),
        Err(_) => Either::Right(text),
    }
}

/// `Either`: one of two types.
fn either(checks: &mut Checks) {
    checks.check(
        "either_left",
        matches!(number_or_text("42"), Either::Left(42)),
    );
    checks.check(
        "either_right",
        matches!(number_or_text("rust"), Either::Right("rust")),
    );
}

/// A `lock_class_key` for `__mutex_init()` (lockdep wants a static one).
struct LockClassKey(Opaque<bindings::lock_class_key>);

// SAFETY: Only C (lockdep) uses the key, with its own locking.
unsafe impl Sync for LockClassKey {}

static MUTEX_KEY: LockClassKey = LockClassKey(Opaque::uninit());

/// `Opaque`: a C `struct mutex` initialised by C, locked and unlocked by C.
fn opaque(checks: &mut Checks) -> Result {
    // Not zeroed: the buffer comes straight from `kmalloc()`, and
    // `Opaque::uninit()` writes nothing.
    let mut storage = Vec::try_with_capacity(1)?;
    storage.try_push(Opaque::<bindings::mutex>::uninit())?;
    let mutex = storage[0].get();

    // SAFETY: `mutex` is valid for writes and stays at this address (the
    // vector is never grown) until it is dropped below, after the last use;
    // the name and key are static.
    unsafe {
        bindings::__mutex_init(
            mutex,
            c_str!("rust_types_mutex").as_char_ptr(),
            MUTEX_KEY.0.get(),
        )
    };
    // SAFETY: `mutex` was initialised by `__mutex_init()` above.
    let unlocked = !unsafe { bindings::mutex_is_locked(mutex) };
    checks.check("opaque_mutex_init_by_c", unlocked);
    // SAFETY: As above.
    let taken = unsafe { bindings::mutex_trylock(mutex) } == 1;
    // SAFETY: As above.
    let locked = unsafe { bindings::mutex_is_locked(mutex) };
    checks.check("opaque_mutex_trylock", taken && locked);
    if taken {
        // SAFETY: This thread took the lock just above.
        unsafe { bindings::mutex_unlock(mutex) };
    }
    // SAFETY: As above.
    let unlocked = !unsafe { bindings::mutex_is_locked(mutex) };
    checks.check("opaque_mutex_unlock", unlocked);
    Ok(())
}

/// `Vec::try_with_capacity()`.
fn vec(checks: &mut Checks) -> Result {
    let mut numbers = Vec::<u32>::try_with_capacity(16)?;
    checks.check(
        "try_with_capacity",
        numbers.capacity() >= 16 && numbers.is_empty(),
    );
    let before = numbers.as_ptr();
    for n in 0..16 {
        numbers.try_push(n)?;
    }
    checks.check(
        "capacity_is_preallocated",
        numbers.as_ptr() == before && numbers.len() == 16,
    );

    // Too large for the address space: an error, not a panic.
    let huge = Vec::<u64>::try_with_capacity(usize::MAX / 4);
    checks.check("huge_capacity_fails", huge.is_err());
    let result: Result<Vec<u64>> = huge.map_err(Error::from);
    checks.check_eq(
        "huge_capacity_is_enomem",
        &result.err().map(Error::to_errno),
        &Some(ENOMEM.to_errno()),
    );
    let words = Vec::<u32>::try_with_capacity(usize::MAX);
    checks.check("max_capacity_fails", words.is_err());
    // A byte count that fits `usize` but not `isize`: the series' `RawVec`
    // rejects it before `krealloc()`, which would print a warning (that the
    // test would catch) on 64-bit targets.
    let bytes = Vec::<u8>::try_with_capacity(isize::MAX as usize + 1);
    checks.check("over_isize_max_fails_quietly", bytes.is_err());
    Ok(())
}

const LIMIT_LOW: u32 = 1;
const LIMIT_HIGH: u32 = 100;
const ANSWER_RUST: u32 = 42;

/// Names a `LIMIT_*` constant from its suffix.
macro_rules! limit {
    ($kind:ident) => {
        concat_idents!(LIMIT_, $kind)
    };
}

// `concat_idents!`: identifiers built from two pieces, directly and inside a
// macro. Which item an identifier names is decided by the compiler, so the
// compiler checks it: a wrong name does not build.
static_assert!(concat_idents!(ANSWER_, RUST) == 42);
static_assert!(limit!(LOW) == 1 && limit!(HIGH) == 100);

/// An element of a 4-byte table; the index must be provable at build time.
#[inline(always)]
fn nibble_of(table: &[u8; 4], index: usize) -> u8 {
    build_assert!(index < 4, "index out of range");
    table[index]
}

/// The middle nibble of the identity table.
///
/// The `build_assert!` in [`nibble_of`] is proved by the optimiser when the
/// module is built (an unproved one fails the build: see
/// `tests/cases/bt_build_assert_*`), so there is nothing left to check at
/// run time; `init` only logs the value.
fn middle_nibble() -> u8 {
    nibble_of(&[0, 1, 2, 3], 2)
}

// Checked by the compiler: a false one does not build (see tests/).
static_assert!(size_of::<u64>() == 8);
static_assert!(size_of::<Opaque<u64>>() == size_of::<u64>());
static_assert!(size_of::<Opaque<bindings::mutex>>() == size_of::<bindings::mutex>());

struct RustTypes;

impl kernel::Module for RustTypes {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut checks = Checks::begin();
        // `module!` takes string literals: `name: "rust_types"` becomes the
        // prefix of every message and the module's name in sysfs.
        checks.check_eq("module_name_literal", __LOG_PREFIX, b"rust_types\0");
        debug_macro(&mut checks);
        either(&mut checks);
        opaque(&mut checks)?;
        vec(&mut checks)?;
        // Logged only: the compiler checked these (see the `static_assert!`s).
        pr_info!("build_assert! proved: middle nibble {}\n", middle_nibble());
        pr_info!(
            "concat_idents!: {} {} {}\n",
            concat_idents!(ANSWER_, RUST),
            limit!(LOW),
            limit!(HIGH)
        );
        checks.done();
        Ok(RustTypes)
    }
}
