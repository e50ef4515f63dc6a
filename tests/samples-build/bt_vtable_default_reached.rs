// SPDX-License-Identifier: GPL-2.0

//! A `#[vtable]` default method whose body is `build_error!`, as
//! `rust_miscdev`'s are (and upstream's, with `VTABLE_DEFAULT_ERROR`): code
//! that can reach the default keeps its call to `rust_build_error`, which
//! modpost finds undefined, instead of an error returned at run time.
//
// expect-build: build-error-symbol

use kernel::prelude::*;

module! {
    type: Sample,
    name: "bt_vtable_default_reached",
    license: "GPL",
}

const VTABLE_DEFAULT_ERROR: &str =
    "This function must not be called, see the #[vtable] documentation.";

#[vtable]
trait Operations {
    fn foo() -> Result {
        kernel::build_error!(VTABLE_DEFAULT_ERROR)
    }
}

struct Sample;

// `foo` is not implemented: `HAS_FOO` is false, and calling it anyway
// reaches the default.
#[vtable]
impl Operations for Sample {}

impl kernel::Module for Sample {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        <Sample as Operations>::foo()?;
        Ok(Sample)
    }
}
