// SPDX-License-Identifier: GPL-2.0

//! Strings: `CStr`, `CString`, `BStr`, `c_str!`, `b_str!` and `fmt!`.
//!
//! A C string is an array of bytes with exactly one `NUL`, at the end.
//! `CStr` borrows one (like `str`), `CString` owns one (like `String`) and
//! `BStr` is a byte string with no `NUL` and no UTF-8 guarantee. The checks
//! build each from literals, from bytes and from formatting, show that
//! interior `NUL`s and missing terminators are rejected, and compare the
//! `Display` (printable ASCII, `\xNN` for the rest) and `Debug` (the same,
//! quoted, with `"` escaped) output with the expected text.

use core::fmt;
use kernel::prelude::*;
use kernel::str::{BStr, CStr, CStrConvertError, CString};
use kernel::{b_str, c_str, fmt};

#[path = "common/checks.rs"]
mod checks;

use checks::Checks;

module! {
    type: RustStrings,
    name: "rust_strings",
    author: "Rust for Linux BR2 team",
    description: "Rust sample: CStr, CString, BStr, c_str!, b_str!, fmt!",
    license: "GPL",
}

/// Formats `args` into a `CString` and compares it with `expected`.
///
/// Running out of memory is not a failed check but an error that `init`
/// returns, so that loading fails with `ENOMEM` (the stress test makes
/// every allocation fail in turn and expects exactly that).
fn check_fmt(
    checks: &mut Checks,
    name: &str,
    args: fmt::Arguments<'_>,
    expected: &str,
) -> Result {
    match CString::try_from_fmt(args) {
        Ok(s) => checks.check_with(
            name,
            s.as_bytes() == expected.as_bytes(),
            format_args!("got {:?}, expected {:?}", &*s, expected),
        ),
        Err(e) if e == ENOMEM => return Err(e),
        Err(e) => checks.check_with(
            name,
            false,
            format_args!("CString::try_from_fmt() failed with {}", e.to_errno()),
        ),
    };
    Ok(())
}

/// `CStr` from literals, bytes and C pointers.
fn cstr(checks: &mut Checks) {
    let hello = c_str!("hello");
    checks.check_eq("c_str_as_bytes", hello.as_bytes(), b"hello");
    checks.check_eq("c_str_with_nul", hello.as_bytes_with_nul(), b"hello\0");
    checks.check_eq("c_str_len", &hello.len(), &5);
    checks.check("c_str_empty", c_str!("").is_empty() && !hello.is_empty());
    checks.check_eq("c_str_to_str", &hello.to_str(), &Ok("hello"));

    let abc = CStr::from_bytes_with_nul(b"abc\0");
    checks.check(
        "from_bytes_with_nul",
        matches!(abc, Ok(s) if s.as_bytes() == b"abc"),
    );
    checks.check(
        "rejects_interior_nul",
        matches!(
            CStr::from_bytes_with_nul(b"ab\0c\0"),
            Err(CStrConvertError::InteriorNul)
        ),
    );
    checks.check(
        "rejects_missing_terminator",
        matches!(
            CStr::from_bytes_with_nul(b"abc"),
            Err(CStrConvertError::NotNulTerminated)
        ),
    );
    checks.check(
        "rejects_empty_bytes",
        matches!(
            CStr::from_bytes_with_nul(b""),
            Err(CStrConvertError::NotNulTerminated)
        ),
    );
    checks.check(
        "convert_error_is_einval",
        Error::from(CStrConvertError::InteriorNul) == EINVAL,
    );

    // SAFETY: `c_str!` gives a `NUL`-terminated string that lives forever.
    let back = unsafe { CStr::from_char_ptr(c_str!("xyz").as_char_ptr()) };
    checks.check_eq("from_char_ptr", back.as_bytes_with_nul(), b"xyz\0");

    checks.check_eq("index_from", hello[2..].as_bytes_with_nul(), b"llo\0");
    let bytes: &BStr = hello;
    checks.check_eq("deref_to_bstr", bytes, b_str!("hello"));
}

/// `BStr` and `b_str!`.
fn bstr(checks: &mut Checks) {
    let bytes: &'static BStr = b_str!("bytes, no NUL");
    checks.check_eq("b_str", bytes, b"bytes, no NUL");
    checks.check("b_str_has_no_nul", !bytes.contains(&0));
}

/// `CString` and `fmt!`.
fn cstring(checks: &mut Checks) -> Result {
    check_fmt(
        checks,
        "cstring_from_fmt",
        fmt!("{}{}{}", "abc", 10, 20),
        "abc1020",
    )?;
    let tmp = "testing";
    check_fmt(
        checks,
        "fmt_inline_args",
        fmt!("{tmp}{}", 123),
        "testing123",
    )?;
    check_fmt(
        checks,
        "fmt_width_and_radix",
        fmt!("{:>5}|{:<3}|{:#x}", 42, "ab", 255),
        "   42|ab |0xff",
    )?;
    // 64-bit integers: on 32-bit ARM, `core` divides them through its own
    // helper (series patch 0005), since the kernel has no `__aeabi_uldivmod`.
    check_fmt(
        checks,
        "fmt_64bit_integers",
        fmt!("{} {} {}", u64::MAX, i64::MIN, 1_000_000_007u64 * 3),
        "18446744073709551615 -9223372036854775808 3000000021",
    )?;
    match CString::try_from_fmt(fmt!("a\0b{}", 123)) {
        Ok(s) => checks.check_with(
            "cstring_rejects_interior_nul",
            false,
            format_args!("accepted {:?}", &*s),
        ),
        Err(e) if e == ENOMEM => return Err(e),
        Err(e) => checks.check_eq(
            "cstring_rejects_interior_nul",
            &e.to_errno(),
            &EINVAL.to_errno(),
        ),
    };
    match CString::try_from_fmt(fmt!("{}-{}", "owned", 1)) {
        Ok(s) => {
            let borrowed: &CStr = &s;
            checks.check_eq("cstring_deref", borrowed.as_bytes_with_nul(), b"owned-1\0");
        }
        Err(e) if e == ENOMEM => return Err(e),
        Err(_) => {
            checks.check("cstring_deref", false);
        }
    }
    Ok(())
}

/// `Display` and `Debug` of `CStr`.
fn formatting(checks: &mut Checks) -> Result {
    let cool = c_str!("so \"cool\"");
    let penguin = c_str!("\u{1f427}");
    let tab = c_str!("tab\there");
    pr_info!("Display: {} {} {}\n", cool, penguin, tab);
    pr_info!("Debug: {:?} {:?} {:?}\n", cool, penguin, tab);

    check_fmt(checks, "display_printable", fmt!("{}", cool), "so \"cool\"")?;
    check_fmt(
        checks,
        "display_escapes",
        fmt!("{}", penguin),
        "\\xf0\\x9f\\x90\\xa7",
    )?;
    check_fmt(checks, "display_control", fmt!("{}", tab), "tab\\x09here")?;
    check_fmt(
        checks,
        "debug_quotes",
        fmt!("{:?}", cool),
        "\"so \\\"cool\\\"\"",
    )?;
    check_fmt(
        checks,
        "debug_escapes",
        fmt!("{:?}", penguin),
        "\"\\xf0\\x9f\\x90\\xa7\"",
    )?;
    Ok(())
}

struct RustStrings;

impl kernel::Module for RustStrings {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut checks = Checks::begin();
        cstr(&mut checks);
        bstr(&mut checks);
        cstring(&mut checks)?;
        formatting(&mut checks)?;
        checks.done();
        Ok(RustStrings)
    }
}
