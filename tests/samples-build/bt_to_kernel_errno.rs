// SPDX-License-Identifier: GPL-2.0

//! A module written for 6.2 calls `Error::to_kernel_errno()` (the 6.1.y
//! base names it `to_errno()`; the series provides both).
//
// expect-build: ok

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_to_kernel_errno",
    license: "GPL",
}

fn errno_of(result: Result) -> core::ffi::c_int {
    match result {
        Ok(()) => 0,
        Err(e) => e.to_kernel_errno(),
    }
}

struct Sample;

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let errno: core::ffi::c_int = errno_of(Err(EINVAL));
        pr_info!("to_kernel_errno: {}\n", errno);
        Ok(Sample)
    }
}
