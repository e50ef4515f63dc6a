// SPDX-License-Identifier: GPL-2.0

//! `#[vtable]`: a misc character device whose C `file_operations` table is
//! built at compile time from a Rust trait implementation.
//!
//! [`FileOps`] is a `#[vtable]` trait: every method has a default body, and
//! the macro adds a `HAS_<METHOD>` constant that is `true` only in
//! implementations that override the method. [`FileOperationsVtable::TABLE`]
//! uses those constants to put a Rust callback in each implemented slot and
//! `NULL` in the others, exactly like a C driver leaves out what it does not
//! implement. [`RustMisc`] implements `read` only, so `/dev/rust_misc` returns
//! [`DEVICE_DATA`] on `read(2)`, and `write(2)` fails with `EINVAL`, which is
//! what the VFS returns when `write` and `write_iter` are `NULL`.
//!
//! Needs `<linux/miscdevice.h>` and `<linux/fs.h>` in
//! `rust/bindings/bindings_helper.h`.

use core::ffi::{c_char, c_int};
use core::marker::PhantomData;
use kernel::bindings;
use kernel::c_str;
use kernel::prelude::*;
use kernel::types::Opaque;

#[path = "common/checks.rs"]
mod checks;

module! {
    type: RustMiscdev,
    name: "rust_miscdev",
    author: "Rust for Linux Contributors",
    description: "Rust sample: #[vtable] misc device, read-only",
    license: "GPL",
}

/// What `read(2)` returns from `/dev/rust_misc`.
const DEVICE_DATA: &[u8] = b"Hello from a Rust #[vtable] misc device!\n";

/// The operations of a character device file.
///
/// Each method's default body is never called: the C table built from an
/// implementation has `NULL` wherever the implementation did not override a
/// method, and the VFS then applies its own behaviour.
#[vtable]
trait FileOps {
    /// Appends the whole contents of the device to `out`.
    fn read(_out: &mut Vec<u8>) -> Result {
        Err(EINVAL)
    }

    /// Consumes `data` written to the device; returns how many bytes it used.
    fn write(_data: &[u8]) -> Result<usize> {
        Err(EINVAL)
    }
}

/// The device: `read` only.
struct RustMisc;

#[vtable]
impl FileOps for RustMisc {
    fn read(out: &mut Vec<u8>) -> Result {
        out.try_reserve(DEVICE_DATA.len())?;
        for &byte in DEVICE_DATA {
            out.try_push(byte)?;
        }
        Ok(())
    }
}

// The `HAS_*` constants are known at compile time.
static_assert!(<RustMisc as FileOps>::HAS_READ);
static_assert!(!<RustMisc as FileOps>::HAS_WRITE);

/// Largest write handed to [`FileOps::write`] at once.
const WRITE_CHUNK: usize = 4096;

/// `file_operations::read` for `T`.
///
/// # Safety
///
/// Called by the VFS: `buf` is a user pointer to `count` bytes and `ppos`
/// points to the file position.
unsafe extern "C" fn read_callback<T: FileOps>(
    _file: *mut bindings::file,
    buf: *mut c_char,
    count: usize,
    ppos: *mut bindings::loff_t,
) -> isize {
    let mut data = Vec::new();
    if let Err(e) = T::read(&mut data) {
        return e.to_errno() as isize;
    }
    // SAFETY: `buf`, `count` and `ppos` come from the VFS (see the function's
    // safety section); `data` is valid for reads of `data.len()` bytes.
    // `simple_read_from_buffer()` copies with `copy_to_user()`, which checks
    // the user range, and updates `*ppos`.
    unsafe {
        bindings::simple_read_from_buffer(buf.cast(), count, ppos, data.as_ptr().cast(), data.len())
    }
}

/// `file_operations::write` for `T`.
///
/// # Safety
///
/// Called by the VFS: `buf` is a user pointer to `count` bytes and `ppos`
/// points to the file position.
unsafe extern "C" fn write_callback<T: FileOps>(
    _file: *mut bindings::file,
    buf: *const c_char,
    count: usize,
    ppos: *mut bindings::loff_t,
) -> isize {
    let len = count.min(WRITE_CHUNK);
    let mut data = match Vec::<u8>::try_with_capacity(len) {
        Ok(data) => data,
        Err(_) => return ENOMEM.to_errno() as isize,
    };
    let mut pos: bindings::loff_t = 0;
    // SAFETY: `data` has room for `len` bytes and `buf` is a user pointer to
    // `count` bytes (see the function's safety section);
    // `simple_write_to_buffer()` copies at most `len` bytes with
    // `copy_from_user()`, which checks the user range.
    let copied = unsafe {
        bindings::simple_write_to_buffer(data.as_mut_ptr().cast(), len, &mut pos, buf.cast(), count)
    };
    if copied < 0 {
        return copied;
    }
    // SAFETY: `simple_write_to_buffer()` initialised the first `copied` bytes,
    // at most `len`, the capacity.
    unsafe { data.set_len(copied as usize) };
    match T::write(&data) {
        Ok(used) => {
            // SAFETY: `ppos` points to the file position (see the function's
            // safety section).
            unsafe { *ppos += used as bindings::loff_t };
            used as isize
        }
        Err(e) => e.to_errno() as isize,
    }
}

/// An all-`NULL` table: the base the tables below fill in.
const NULL_FOPS: bindings::file_operations = {
    const SIZE: usize = core::mem::size_of::<bindings::file_operations>();
    // SAFETY: `file_operations` only holds pointers, `Option`s of function
    // pointers and integers, for all of which zero bytes are valid (`NULL`,
    // `None`, 0).
    unsafe { core::mem::transmute::<[u8; SIZE], bindings::file_operations>([0; SIZE]) }
};

/// Builds the C `file_operations` table of a [`FileOps`] implementation.
struct FileOperationsVtable<T>(PhantomData<T>);

impl<T: FileOps> FileOperationsVtable<T> {
    /// The table, computed by the compiler: an operation that `T` does not
    /// implement is `None`, i.e. `NULL` for C.
    const TABLE: bindings::file_operations = bindings::file_operations {
        read: if T::HAS_READ {
            Some(read_callback::<T>)
        } else {
            None
        },
        write: if T::HAS_WRITE {
            Some(write_callback::<T>)
        } else {
            None
        },
        ..NULL_FOPS
    };
}

/// A `file_operations` table that C may read from any thread.
#[repr(transparent)]
struct FileOperations(bindings::file_operations);

// SAFETY: The table is immutable; C only reads it.
unsafe impl Sync for FileOperations {}

// `struct module` holds a field without members (`lock_class_key` when lockdep
// is off), which Rust deems FFI-unsafe; only the address is used here.
#[allow(improper_ctypes)]
extern "C" {
    /// This module's `struct module`, declared as `module!` declares it.
    static __this_module: core::cell::UnsafeCell<bindings::module>;
}

/// The table of `/dev/rust_misc`: [`RustMisc`]'s, with this module as the
/// owner so that it cannot be unloaded while the device is open.
static FOPS: FileOperations = FileOperations(bindings::file_operations {
    // SAFETY: Only the address of `__this_module` is taken; the kernel's module
    // loader provides it for as long as the module is loaded.
    owner: unsafe { __this_module.get() },
    ..FileOperationsVtable::<RustMisc>::TABLE
});

/// A registered misc device.
struct MiscRegistration {
    /// One element, allocated once and never reallocated, so the
    /// `miscdevice` keeps its address while it is registered.
    dev: Vec<Opaque<bindings::miscdevice>>,
}

// SAFETY: The `miscdevice` is only touched by `register()` and `drop()`,
// which the module loader serialises; the misc core locks its own accesses.
unsafe impl Send for MiscRegistration {}
// SAFETY: The only `&self` method, `minor()`, reads a field that the misc
// core writes in `misc_register()` only, before `register()` returns.
unsafe impl Sync for MiscRegistration {}

impl MiscRegistration {
    /// Registers a misc device with a dynamic minor, `/dev/<name>`.
    fn register(
        name: &'static CStr,
        fops: &'static FileOperations,
        mode: bindings::umode_t,
    ) -> Result<Self> {
        let mut dev = Vec::<Opaque<bindings::miscdevice>>::try_with_capacity(1)?;
        dev.try_push(Opaque::uninit())?;
        let ptr = dev[0].get();
        // SAFETY: `ptr` is valid for writes of a `miscdevice`. All its other
        // fields are pointers and integers, for which zero is valid and is
        // what `misc_register()` expects.
        unsafe {
            ptr.write(bindings::miscdevice {
                minor: bindings::MISC_DYNAMIC_MINOR as c_int,
                name: name.as_char_ptr(),
                fops: &fops.0,
                mode,
                ..core::mem::zeroed()
            })
        };
        // SAFETY: `ptr` points to an initialised `miscdevice` that stays at
        // this address until `drop()` deregisters it.
        to_result(unsafe { bindings::misc_register(ptr) })?;
        Ok(Self { dev })
    }

    /// The minor number the misc core chose.
    fn minor(&self) -> c_int {
        // SAFETY: The device is initialised and registered; `minor` is only
        // written by `misc_register()`, which has returned.
        unsafe { (*self.dev[0].get()).minor }
    }
}

impl Drop for MiscRegistration {
    fn drop(&mut self) {
        // SAFETY: The device was registered by `register()`.
        unsafe { bindings::misc_deregister(self.dev[0].get()) };
    }
}

/// Converts the return value of a C function.
///
/// 6.2 keeps `Error::from_kernel_errno()` inside the `kernel` crate, so a
/// module maps the codes it expects to the constants.
fn to_result(ret: c_int) -> Result {
    if ret >= 0 {
        return Ok(());
    }
    Err([EBUSY, EEXIST, ENODEV, ENOMEM]
        .into_iter()
        .find(|e| e.to_errno() == ret)
        .unwrap_or(EINVAL))
}

struct RustMiscdev {
    _dev: MiscRegistration,
}

impl kernel::Module for RustMiscdev {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut checks = checks::Checks::begin();
        checks.check("has_read_is_true", <RustMisc as FileOps>::HAS_READ);
        checks.check("has_write_is_false", !<RustMisc as FileOps>::HAS_WRITE);
        checks.check("table_read_is_rust", FOPS.0.read.is_some());
        checks.check("table_write_is_null", FOPS.0.write.is_none());
        checks.check(
            "table_others_are_null",
            FOPS.0.open.is_none() && FOPS.0.release.is_none() && FOPS.0.llseek.is_none(),
        );
        checks.check("table_owner_is_this_module", !FOPS.0.owner.is_null());

        let dev = MiscRegistration::register(c_str!("rust_misc"), &FOPS, 0o444);
        checks.check("misc_register", dev.is_ok());
        let dev = dev?;
        let minor = dev.minor();
        checks.check_with(
            "dynamic_minor",
            minor != bindings::MISC_DYNAMIC_MINOR as c_int,
            format_args!("minor {}", minor),
        );
        pr_info!("registered /dev/rust_misc (misc minor {})\n", minor);
        checks.done();
        Ok(RustMiscdev { _dev: dev })
    }
}

impl Drop for RustMiscdev {
    fn drop(&mut self) {
        pr_info!("deregistering /dev/rust_misc\n");
    }
}
