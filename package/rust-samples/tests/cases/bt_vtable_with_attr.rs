// SPDX-License-Identifier: GPL-2.0

//! Control: a `#[vtable]` implementation builds, and its `HAS_*` constants
//! say which methods it overrides.
//
// expect-build: ok

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_vtable_with_attr",
    license: "GPL",
}

#[vtable]
trait Operations {
    fn foo() -> Result {
        Err(EINVAL)
    }

    fn bar() -> Result {
        Err(EINVAL)
    }
}

struct Sample;

#[vtable]
impl Operations for Sample {
    fn foo() -> Result {
        Ok(())
    }
}

static_assert!(<Sample as Operations>::HAS_FOO);
static_assert!(!<Sample as Operations>::HAS_BAR);

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        <Sample as Operations>::foo()?;
        Ok(Sample)
    }
}
