// SPDX-License-Identifier: GPL-2.0

//! Errors: the `errno-base.h` codes and the `?` conversions into `Error`.
//!
//! Every code that 6.2 declares with `declare_err!` must equal both the C
//! constant (through `bindings`) and the number POSIX and
//! `include/uapi/asm-generic/errno-base.h` give it. Each `From` source type
//! is then converted by `?` in a function returning `Result`, and the code
//! that comes out is compared with the one the series documents.
//!
//! Two conversions are proved by the build, not at run time: `?` on an
//! `Infallible` error can never return (the module building proves that
//! `From<Infallible>` exists: see `infallible()`), and `From<AllocError>`
//! cannot be used in a module at all: `AllocError` can only be named with the
//! `allocator_api` feature, and modules may only enable `core_ffi_c`
//! (`scripts/Makefile.build`). The kernel's own documentation test of
//! `From<AllocError>` in `rust/kernel/error.rs`, run by `make rusttest`
//! (`tests/kernel-series.sh`), covers that one.
//!
//! See `rust_initfail` for an `Error` returned from `init`.

use core::alloc::Layout;
use core::fmt::{self, Write};
use kernel::bindings;
use kernel::prelude::*;
use kernel::str::CStr;

#[path = "common/checks.rs"]
mod checks;

module! {
    type: RustErrors,
    name: "rust_errors",
    author: "Rust for Linux BR2 team",
    description: "Rust sample: errno-base.h codes and ? conversions",
    license: "GPL",
}

/// One row per `errno-base.h` code: name, Rust constant, C constant (from
/// `bindings`) and the number from the header.
macro_rules! errno_base {
    ($($name:ident = $number:literal,)*) => {
        [$((stringify!($name), $name, bindings::$name, $number),)*]
    };
}

/// All 34 codes of `include/uapi/asm-generic/errno-base.h`.
const ERRNO_BASE: [(&str, Error, u32, i32); 34] = errno_base! {
    EPERM = 1,
    ENOENT = 2,
    ESRCH = 3,
    EINTR = 4,
    EIO = 5,
    ENXIO = 6,
    E2BIG = 7,
    ENOEXEC = 8,
    EBADF = 9,
    ECHILD = 10,
    EAGAIN = 11,
    ENOMEM = 12,
    EACCES = 13,
    EFAULT = 14,
    ENOTBLK = 15,
    EBUSY = 16,
    EEXIST = 17,
    EXDEV = 18,
    ENODEV = 19,
    ENOTDIR = 20,
    EISDIR = 21,
    EINVAL = 22,
    ENFILE = 23,
    EMFILE = 24,
    ENOTTY = 25,
    ETXTBSY = 26,
    EFBIG = 27,
    ENOSPC = 28,
    ESPIPE = 29,
    EROFS = 30,
    EMLINK = 31,
    EPIPE = 32,
    EDOM = 33,
    ERANGE = 34,
};

/// The `errno` a result carries, 0 for `Ok`.
fn errno<T>(result: Result<T>) -> i32 {
    match result {
        Ok(_) => 0,
        Err(e) => e.to_errno(),
    }
}

/// `TryFromIntError`: 300 does not fit in a `u8`.
fn try_from_int() -> Result<u8> {
    let byte = u8::try_from(300u32)?;
    Ok(byte)
}

/// `Utf8Error`: `0xff` never occurs in UTF-8.
fn utf8() -> Result<usize> {
    let text = core::str::from_utf8(b"caf\xff")?;
    Ok(text.len())
}

/// `TryReserveError`: `usize::MAX / 2` more `u64`s need more bytes than
/// `usize` can count.
///
/// The size must overflow before `kmalloc()` is asked: with rustc 1.63 a
/// `Layout` may exceed `isize::MAX`, and `kmalloc()` of such a size warns.
fn try_reserve() -> Result<usize> {
    let mut numbers = Vec::<u64>::new();
    numbers.try_reserve(usize::MAX / 2)?;
    Ok(numbers.capacity())
}

/// `LayoutError`: an alignment must be a power of two.
fn layout() -> Result<usize> {
    let layout = Layout::from_size_align(8, 3)?;
    Ok(layout.size())
}

/// A writer that is always full.
struct Full;

impl Write for Full {
    fn write_str(&mut self, _s: &str) -> fmt::Result {
        Err(fmt::Error)
    }
}

/// `core::fmt::Error`: writing to a full writer.
fn fmt_error() -> Result {
    let mut full = Full;
    write!(full, "{}", 42)?;
    Ok(())
}

/// `Infallible`: `u8` always fits in `u32`, the `?` never returns.
///
/// Nothing to check at run time: that this compiles is the check (`init`
/// only logs the value).
fn infallible() -> Result<u32> {
    let wide = u32::try_from(7u8)?;
    Ok(wide)
}

/// `CStrConvertError`: bytes without a `NUL` terminator.
fn cstr_convert() -> Result<usize> {
    let s = CStr::from_bytes_with_nul(b"no terminator")?;
    Ok(s.len())
}

struct RustErrors;

impl kernel::Module for RustErrors {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut checks = checks::Checks::begin();

        for (name, rust, c, number) in ERRNO_BASE {
            checks.check_with(
                name,
                rust.to_errno() == -(c as i32) && rust.to_errno() == -number,
                format_args!(
                    "Rust {}, C -{}, errno-base.h -{}",
                    rust.to_errno(),
                    c,
                    number
                ),
            );
        }
        // `Error` is `PartialEq`: errors made at run time by the conversions
        // below compare equal to the constant of their code, and only to it.
        let convert = cstr_convert().err();
        let reserve = try_reserve().err();
        checks.check_with(
            "error_eq",
            convert == Some(EINVAL)
                && reserve == Some(ENOMEM)
                && convert != Some(ENOMEM)
                && convert != reserve,
            format_args!(
                "{:?} and {:?}",
                convert.map(Error::to_errno),
                reserve.map(Error::to_errno)
            ),
        );

        let einval = EINVAL.to_errno();
        let enomem = ENOMEM.to_errno();
        checks.check_eq("from_TryFromIntError", &errno(try_from_int()), &einval);
        checks.check_eq("from_Utf8Error", &errno(utf8()), &einval);
        checks.check_eq("from_TryReserveError", &errno(try_reserve()), &enomem);
        checks.check_eq("from_LayoutError", &errno(layout()), &enomem);
        checks.check_eq("from_fmt_Error", &errno(fmt_error()), &einval);
        checks.check_eq("from_CStrConvertError", &errno(cstr_convert()), &einval);
        if let Ok(wide) = infallible() {
            pr_info!("Infallible: {}\n", wide);
        }

        checks.done();
        Ok(RustErrors)
    }
}
