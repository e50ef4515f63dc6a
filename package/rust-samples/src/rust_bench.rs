// SPDX-License-Identifier: GPL-2.0

//! Timed loops for `./bench`'s Rust-against-C comparison (the C twin:
//! `c_bench.c`, which must stay the same loop for loop).
//!
//! `init` runs two loops, each timed with `ktime_get()` (what C's
//! `ktime_get_ns()` returns: `ktime_t` is nanoseconds), and prints
//! `fmt N iterations T ns` and `fill N iterations T ns`:
//!
//! - `fmt`: [`CString::try_from_fmt`] of `rust_miscdev`'s counter line
//!   (`"{} bytes, {} writes, byte sum {}\n"`), [`FMT_ITERATIONS`] times,
//!   each string dropped (freed) after its length is added up;
//! - `fill`: [`Vec::try_with_capacity`] of [`FILL_LEN`] `u32`s, filled with
//!   `try_push`, summed back with volatile reads (so that LLVM, which knows
//!   Rust's allocator, cannot remove the vector), dropped; [`FILL_ITERATIONS`]
//!   times.
//!
//! The results are checked against constants that the C twin checks too, so
//! that both loops provably did the same work.
//!
//! Every [`RESCHED_EVERY`] iterations both loops let the scheduler in
//! ([`cond_resched`]): the boards' kernels do not preempt kernel code, and
//! a loop of several seconds in `init` would hold its CPU, which a debug
//! kernel under emulation reports as an RCU stall.

use kernel::bindings;
use kernel::fmt;
use kernel::prelude::*;
use kernel::str::CString;

#[path = "common/checks.rs"]
mod checks;

module! {
    type: RustBench,
    name: "rust_bench",
    author: "Rust for Linux BR2 team",
    description: "Rust sample: timed CString and Vec loops (C twin: c_bench)",
    license: "GPL",
}

/// How many iterations run between two [`cond_resched`] calls (the C twin:
/// the same).
const RESCHED_EVERY: u32 = 256;

/// Strings formatted by the `fmt` loop.
const FMT_ITERATIONS: u32 = 16000;
/// Vectors filled by the `fill` loop.
const FILL_ITERATIONS: u32 = 8000;
/// Elements of each vector.
const FILL_LEN: u32 = 256;

/// The sum of the lengths of all strings of the `fmt` loop.
const FMT_TOTAL_LEN: usize = 648423;
/// The last string of the `fmt` loop.
const FMT_LAST: &[u8] = b"15999 bytes, 1999 writes, byte sum 495969\n";
/// The sum, modulo 2^32, of every element of every vector of `fill`.
const FILL_SUM: u32 = 371089408;

/// Nanoseconds of the monotonic clock.
fn now_ns() -> i64 {
    // SAFETY: `ktime_get()` only reads the timekeeper; it may be called from
    // any context once timekeeping is up, which it is before modules load.
    unsafe { bindings::ktime_get() }
}

/// One string of the `fmt` loop.
fn format_one(i: u32) -> Result<CString> {
    CString::try_from_fmt(fmt!(
        "{} bytes, {} writes, byte sum {}\n",
        i as usize,
        (i / 8) as usize,
        i.wrapping_mul(31)
    ))
}

/// The `fmt` loop: the total length and the last string.
/// C's `cond_resched()`: lets another task run, and RCU see a quiescent
/// state, on a kernel built without preemption (with it, the scheduler
/// needs no help).
fn cond_resched() {
    #[cfg(not(CONFIG_PREEMPTION))]
    // SAFETY: `__cond_resched()` may sleep: it is called from `init`, in
    // process context, holding no lock.
    unsafe {
        bindings::__cond_resched();
    }
}

fn fmt_loop() -> Result<(usize, Option<CString>)> {
    let mut total = 0;
    let mut last = None;
    for i in 0..FMT_ITERATIONS {
        if i % RESCHED_EVERY == RESCHED_EVERY - 1 {
            cond_resched();
        }
        let text = format_one(i)?;
        total += text.len();
        if i == FMT_ITERATIONS - 1 {
            last = Some(text);
        }
    }
    Ok((total, last))
}

/// One vector of the `fill` loop: filled, summed, freed.
fn fill_one(seed: u32) -> Result<u32> {
    let mut values = Vec::try_with_capacity(FILL_LEN as usize)?;
    for k in 0..FILL_LEN {
        values.try_push(seed.wrapping_mul(0x9e37_79b9) ^ k)?;
    }
    let mut sum = 0u32;
    for value in values.iter() {
        // SAFETY: `value` is a reference to an initialised element.
        sum = sum.wrapping_add(unsafe { core::ptr::read_volatile(value) });
    }
    Ok(sum)
}

/// The `fill` loop: the sum of all vectors.
fn fill_loop() -> Result<u32> {
    let mut sum = 0u32;
    for seed in 0..FILL_ITERATIONS {
        if seed % RESCHED_EVERY == RESCHED_EVERY - 1 {
            cond_resched();
        }
        sum = sum.wrapping_add(fill_one(seed)?);
    }
    Ok(sum)
}

struct RustBench;

impl kernel::Module for RustBench {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut checks = checks::Checks::begin();

        let start = now_ns();
        let fmt_result = fmt_loop();
        let fmt_ns = now_ns() - start;
        let (total, last) = fmt_result?;
        pr_info!("fmt {} iterations {} ns\n", FMT_ITERATIONS, fmt_ns);
        checks.check_eq("fmt_total_length", &total, &FMT_TOTAL_LEN);
        checks.check_with(
            "fmt_last_text",
            last.as_ref()
                .map_or(false, |text| text.as_bytes() == FMT_LAST),
            format_args!("got {:?}", last.as_deref()),
        );

        let start = now_ns();
        let fill_result = fill_loop();
        let fill_ns = now_ns() - start;
        let sum = fill_result?;
        pr_info!("fill {} iterations {} ns\n", FILL_ITERATIONS, fill_ns);
        checks.check_eq("fill_sum", &sum, &FILL_SUM);

        checks.done();
        Ok(RustBench)
    }
}
