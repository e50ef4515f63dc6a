// SPDX-License-Identifier: GPL-2.0

//! A `#[vtable]` trait implemented without `#[vtable]` does not compile:
//! the implementation lacks the `USE_VTABLE_ATTR` marker the attribute adds.
//
// expect-build: error
// expect-message: USE_VTABLE_ATTR

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_vtable_without_attr",
    license: "GPL",
}

#[vtable]
trait Operations {
    fn foo() -> Result {
        Err(EINVAL)
    }
}

struct Sample;

impl Operations for Sample {
    fn foo() -> Result {
        Ok(())
    }
}

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        <Sample as Operations>::foo()?;
        Ok(Sample)
    }
}
