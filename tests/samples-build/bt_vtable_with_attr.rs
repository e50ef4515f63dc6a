// SPDX-License-Identifier: GPL-2.0

//! Control: a `#[vtable]` implementation builds, and its `HAS_*` constants
//! say which methods it overrides. The defaults are `build_error!`, as in
//! `rust_miscdev`: one that nothing calls (`bar`) does not stop the build
//! (see `bt_vtable_default_reached` for one that is called).
//
// expect-build: ok

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_vtable_with_attr",
    license: "GPL",
}

const VTABLE_DEFAULT_ERROR: &str =
    "This function must not be called, see the #[vtable] documentation.";

#[vtable]
trait Operations {
    fn foo() -> Result {
        kernel::build_error!(VTABLE_DEFAULT_ERROR)
    }

    fn bar() -> Result {
        kernel::build_error!(VTABLE_DEFAULT_ERROR)
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
