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
//! [`RustMiscRw`] implements both: `/dev/rust_misc_rw` counts what is
//! written to it and reads back the totals.
//!
//! A default method of a `#[vtable]` trait must never run: its body is
//! `build_error!`, so code that could reach one (say, a table entry that
//! ignores `HAS_*`) does not build.
//!
//! Needs `<linux/miscdevice.h>` and `<linux/fs.h>` in
//! `rust/bindings/bindings_helper.h`.

use core::ffi::{c_char, c_int};
use core::marker::PhantomData;
use core::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use kernel::bindings;
use kernel::c_str;
use kernel::fmt;
use kernel::prelude::*;
use kernel::str::CString;
use kernel::types::Opaque;

#[path = "common/checks.rs"]
mod checks;

module! {
    type: RustMiscdev,
    name: "rust_miscdev",
    author: "Rust for Linux BR2 team",
    description: "Rust sample: #[vtable] misc devices, read-only and read-write",
    license: "GPL",
}

/// What `read(2)` returns from `/dev/rust_misc`.
const DEVICE_DATA: &[u8] = b"Hello from a Rust #[vtable] misc device!\n";

/// The message of a `#[vtable]` default method that the build reached.
///
/// Later upstream kernels have it as `kernel::error::VTABLE_DEFAULT_ERROR`;
/// this one does not, so the sample defines its own.
const VTABLE_DEFAULT_ERROR: &str =
    "This function must not be called, see the #[vtable] documentation.";

/// The operations of a character device file.
///
/// Each method's default body must never be called: the C table built from
/// an implementation has `NULL` wherever the implementation did not override
/// a method, and the VFS then applies its own behaviour. The bodies are
/// `build_error!`, so code that could call one fails the build
/// (`rust_build_error` is undefined at modpost) instead of returning an
/// error nobody expected at run time.
#[vtable]
trait FileOps {
    /// Appends the whole contents of the device to `out`.
    fn read(_out: &mut Vec<u8>) -> Result {
        kernel::build_error!(VTABLE_DEFAULT_ERROR)
    }

    /// Consumes `data` written to the device; returns how many bytes it used.
    fn write(_data: &[u8]) -> Result<usize> {
        kernel::build_error!(VTABLE_DEFAULT_ERROR)
    }
}

/// Appends `bytes` to `out`: one allocation check, one copy.
///
/// The read path, as `/dev/c_misc` does it in C with `kmalloc()` +
/// `memcpy()` (`docs/rust-vs-c.md`):
///
/// - this kernel's `Vec` has no fallible `extend_from_slice` (upstream added
///   `try_extend_from_slice` after 6.2), and a `try_push` per byte would
///   check the capacity and the length's overflow at every byte;
/// - an empty vector gets its buffer from `Vec::try_with_capacity()`, which
///   allocates exactly that, not from `try_reserve()`, which goes through
///   the growth policy (`grow_amortized`, `finish_grow`).
fn try_extend(out: &mut Vec<u8>, bytes: &[u8]) -> Result {
    if out.capacity() == 0 {
        *out = Vec::try_with_capacity(bytes.len())?;
    } else {
        out.try_reserve(bytes.len())?;
    }
    let len = out.len();
    // SAFETY: `try_with_capacity` or `try_reserve` succeeded, so the
    // vector's buffer has room for `bytes.len()` more bytes after its `len`
    // initialised ones; `bytes` cannot overlap that spare room (`out` is
    // borrowed mutably here, so no slice points into it). After the copy
    // those bytes are initialised, and `len + bytes.len()` is at most the
    // capacity.
    unsafe {
        core::ptr::copy_nonoverlapping(bytes.as_ptr(), out.as_mut_ptr().add(len), bytes.len());
        out.set_len(len + bytes.len());
    }
    Ok(())
}

/// The read-only device: `read` only.
struct RustMisc;

#[vtable]
impl FileOps for RustMisc {
    fn read(out: &mut Vec<u8>) -> Result {
        try_extend(out, DEVICE_DATA)
    }
}

/// Bytes written to `/dev/rust_misc_rw` so far.
static RW_BYTES: AtomicUsize = AtomicUsize::new(0);
/// Calls of [`RustMiscRw::write`] so far.
static RW_WRITES: AtomicUsize = AtomicUsize::new(0);
/// The sum of the bytes written so far, modulo 2^32: shows that the data
/// itself crossed from userspace.
static RW_SUM: AtomicU32 = AtomicU32::new(0);

/// The read-write device: `write` counts, `read` reports the counts.
///
/// The three counters are read one by one, so a read that races with a
/// write may mix old and new values; the test does not race.
struct RustMiscRw;

#[vtable]
impl FileOps for RustMiscRw {
    fn read(out: &mut Vec<u8>) -> Result {
        let text = CString::try_from_fmt(fmt!(
            "{} bytes, {} writes, byte sum {}\n",
            RW_BYTES.load(Ordering::Relaxed),
            RW_WRITES.load(Ordering::Relaxed),
            RW_SUM.load(Ordering::Relaxed)
        ))?;
        try_extend(out, text.as_bytes())
    }

    fn write(data: &[u8]) -> Result<usize> {
        let sum = data
            .iter()
            .fold(0u32, |sum, &byte| sum.wrapping_add(u32::from(byte)));
        RW_SUM.fetch_add(sum, Ordering::Relaxed);
        RW_BYTES.fetch_add(data.len(), Ordering::Relaxed);
        RW_WRITES.fetch_add(1, Ordering::Relaxed);
        Ok(data.len())
    }
}

// The `HAS_*` constants and the tables built from them are known at compile
// time, so they are checked by the compiler, not at run time: a wrong one
// does not build. (`FOPS`'s `owner` is only known once the module is loaded:
// `init` checks it on the registered devices.)
static_assert!(<RustMisc as FileOps>::HAS_READ);
static_assert!(!<RustMisc as FileOps>::HAS_WRITE);
static_assert!(<RustMiscRw as FileOps>::HAS_READ);
static_assert!(<RustMiscRw as FileOps>::HAS_WRITE);
static_assert!(MISC_TABLE.read.is_some() && MISC_TABLE.write.is_none());
static_assert!(MISC_RW_TABLE.read.is_some() && MISC_RW_TABLE.write.is_some());
static_assert!(
    MISC_TABLE.open.is_none()
        && MISC_TABLE.release.is_none()
        && MISC_TABLE.llseek.is_none()
        && MISC_TABLE.write_iter.is_none()
        && MISC_TABLE.unlocked_ioctl.is_none()
);

/// The tables that `static_assert!` checks, as `FOPS` and `FOPS_RW` use them.
const MISC_TABLE: bindings::file_operations = FileOperationsVtable::<RustMisc>::TABLE;
const MISC_RW_TABLE: bindings::file_operations = FileOperationsVtable::<RustMiscRw>::TABLE;

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
    ..MISC_TABLE
});

/// The table of `/dev/rust_misc_rw`: [`RustMiscRw`]'s, owned by this module.
static FOPS_RW: FileOperations = FileOperations(bindings::file_operations {
    // SAFETY: As for `FOPS`.
    owner: unsafe { __this_module.get() },
    ..MISC_RW_TABLE
});

/// Whether opening the registered device `dev` pins this module.
///
/// The table is read back from the `miscdevice` the misc core holds (volatile,
/// so the compiler cannot answer from what `register()` wrote), and its
/// `owner` is handled as `fops_get()` handles it when the device is opened:
/// `try_module_get(owner)` must raise this module's reference count, as the
/// kernel keeps it, by one, and `module_put(owner)` lower it back: a table
/// owned by another module leaves this module's count as it was (and one
/// without an owner pins nothing: it fails at once). The owner must also be the `struct module` the module loader is
/// initialising: named `rust_miscdev`, in state `MODULE_STATE_COMING` while
/// `init` runs.
fn open_pins_this_module(dev: &MiscRegistration) -> bool {
    // SAFETY: By the type invariants `dev.dev[0]` is a registered
    // `miscdevice`; its `fops` field is written by `register()` only, before
    // `misc_register()`. No reference to the struct is made: the misc core
    // may write its other fields.
    let fops = unsafe { core::ptr::read_volatile(core::ptr::addr_of!((*dev.dev[0].get()).fops)) };
    // SAFETY: `fops` is the table given to `misc_register()`, a static.
    let owner = unsafe { core::ptr::read_volatile(core::ptr::addr_of!((*fops).owner)) };
    // SAFETY: Only the address of `__this_module` is taken.
    let this_module = unsafe { __this_module.get() };
    if owner.is_null() {
        pr_err!("the registered table has no owner\n");
        return false;
    }
    // SAFETY: `this_module` is this module, loaded while its `init` runs.
    let before = unsafe { bindings::module_refcount(this_module) };
    // SAFETY: `owner` is not `NULL`; it comes from a table that the kernel
    // hands to `fops_get()`, which calls `try_module_get()` on it likewise.
    if !unsafe { bindings::try_module_get(owner) } {
        pr_err!("try_module_get() of the table's owner failed\n");
        return false;
    }
    // SAFETY: As for `before`.
    let pinned = unsafe { bindings::module_refcount(this_module) };
    // SAFETY: `try_module_get(owner)` succeeded just above; this drops the
    // reference it took.
    unsafe { bindings::module_put(owner) };
    // SAFETY: As for `before`.
    let after = unsafe { bindings::module_refcount(this_module) };
    if pinned != before + 1 || after != before {
        pr_err!(
            "this module's reference count: {} before, {} with the owner pinned, {} after\n",
            before,
            pinned,
            after
        );
        return false;
    }
    // SAFETY: `owner` pinned this module's count, so it is this module,
    // which the module loader filled in before calling `init` and keeps
    // while the module is loaded; `init` is running. `name` is a
    // `NUL`-terminated array within the struct.
    let (name, state) = unsafe { (CStr::from_char_ptr((*owner).name.as_ptr()), (*owner).state) };
    let ok =
        name.as_bytes() == b"rust_miscdev" && state == bindings::module_state_MODULE_STATE_COMING;
    if !ok {
        pr_err!("the owner is {:?} in state {}\n", name, state);
    }
    ok
}

/// A registered misc device.
///
/// # Invariants
///
/// `dev` holds exactly one element, and the vector is never grown, shrunk or
/// moved out of, so the `miscdevice` keeps its address. That `miscdevice` is
/// registered: `misc_register()` succeeded on it, and only `drop()`
/// deregisters it.
struct MiscRegistration {
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
        // this address until `drop()` deregisters it (the vector is moved
        // into `Self` below, its heap buffer is not).
        to_result("misc_register", unsafe { bindings::misc_register(ptr) })?;
        // INVARIANT: `dev` has one element, which `misc_register()` has just
        // registered; nothing but `drop()` touches the vector from now on.
        Ok(Self { dev })
    }

    /// The minor number the misc core chose.
    fn minor(&self) -> c_int {
        // SAFETY: By the type invariants the device is initialised and
        // registered; `minor` is only written by `misc_register()`, which has
        // returned.
        unsafe { (*self.dev[0].get()).minor }
    }
}

impl Drop for MiscRegistration {
    fn drop(&mut self) {
        // SAFETY: By the type invariants `dev[0]` is registered, at the
        // address it was registered with, and has not been deregistered.
        unsafe { bindings::misc_deregister(self.dev[0].get()) };
    }
}

/// The codes [`to_result`] knows: all of `errno-base.h`, which is every
/// code this kernel's `kernel` crate declares.
const KNOWN_ERRORS: [Error; 34] = [
    EPERM, ENOENT, ESRCH, EINTR, EIO, ENXIO, E2BIG, ENOEXEC, EBADF, ECHILD, EAGAIN, ENOMEM, EACCES,
    EFAULT, ENOTBLK, EBUSY, EEXIST, EXDEV, ENODEV, ENOTDIR, EISDIR, EINVAL, ENFILE, EMFILE, ENOTTY,
    ETXTBSY, EFBIG, ENOSPC, ESPIPE, EROFS, EMLINK, EPIPE, EDOM, ERANGE,
];

/// Converts the return value of the C function `what` into a `Result`.
///
/// This kernel's `kernel` crate has no public way to make an `Error` from a
/// number (upstream 6.2's `Error::from_kernel_errno()` is private to the
/// crate), so a negative value is looked up among the codes the crate
/// declares. Any other code cannot be represented: it is logged, raw, with
/// `pr_err!`, and returned as `EINVAL` (so `init` fails with "Invalid
/// argument" and the log says what the C function really returned).
fn to_result(what: &str, ret: c_int) -> Result {
    if ret >= 0 {
        return Ok(());
    }
    match KNOWN_ERRORS.into_iter().find(|e| e.to_errno() == ret) {
        Some(e) => Err(e),
        None => {
            pr_err!(
                "{}() returned {}, not an errno-base.h code: reported as EINVAL\n",
                what,
                ret
            );
            Err(EINVAL)
        }
    }
}

struct RustMiscdev {
    _dev: MiscRegistration,
    _dev_rw: MiscRegistration,
}

impl kernel::Module for RustMiscdev {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        let mut checks = checks::Checks::begin();
        let dev = MiscRegistration::register(c_str!("rust_misc"), &FOPS, 0o444);
        let dev_rw = MiscRegistration::register(c_str!("rust_misc_rw"), &FOPS_RW, 0o644);
        // Running out of memory is not a failed check but an error that
        // `init` returns, so that loading fails with `ENOMEM` (the stress
        // test makes every allocation fail in turn and expects exactly that).
        if matches!(&dev, Err(e) if *e == ENOMEM) || matches!(&dev_rw, Err(e) if *e == ENOMEM) {
            return Err(ENOMEM);
        }
        checks.check_with(
            "misc_register",
            dev.is_ok() && dev_rw.is_ok(),
            format_args!(
                "errors: rust_misc {:?}, rust_misc_rw {:?}",
                dev.as_ref().err().map(|e| e.to_errno()),
                dev_rw.as_ref().err().map(|e| e.to_errno())
            ),
        );
        let (dev, dev_rw) = (dev?, dev_rw?);
        checks.check(
            "table_owner_is_this_module",
            open_pins_this_module(&dev) && open_pins_this_module(&dev_rw),
        );
        let (minor, minor_rw) = (dev.minor(), dev_rw.minor());
        checks.check_with(
            "dynamic_minor",
            minor != bindings::MISC_DYNAMIC_MINOR as c_int
                && minor_rw != bindings::MISC_DYNAMIC_MINOR as c_int
                && minor != minor_rw,
            format_args!("minors {} and {}", minor, minor_rw),
        );
        pr_info!(
            "registered /dev/rust_misc (misc minor {}), /dev/rust_misc_rw ({})\n",
            minor,
            minor_rw
        );
        checks.done();
        Ok(RustMiscdev {
            _dev: dev,
            _dev_rw: dev_rw,
        })
    }
}

impl Drop for RustMiscdev {
    fn drop(&mut self) {
        pr_info!("deregistering /dev/rust_misc and /dev/rust_misc_rw\n");
    }
}
