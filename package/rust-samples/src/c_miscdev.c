// SPDX-License-Identifier: GPL-2.0
/*
 * c_miscdev: the C twin of rust_miscdev, for ./bench's Rust-against-C
 * comparison. Two misc devices with a C file_operations table each:
 *
 *   /dev/c_misc      read only: read(2) returns c_misc_data; write(2)
 *                    fails with EINVAL (no write operation in the table);
 *   /dev/c_misc_rw   write(2) counts bytes and calls and sums the bytes,
 *                    read(2) reports the counts, in the Rust sample's text.
 *
 * Each operation does what its Rust twin does, step for step, so that the
 * comparison measures the languages, not two designs: a read copies the
 * device's text into a new allocation (Rust: Vec::try_with_capacity() and
 * one copy), hands it to simple_read_from_buffer() and frees it; a write
 * takes at most 4096 bytes into a new allocation with
 * simple_write_to_buffer(). One step differs: /dev/c_misc_rw's read hands
 * kasprintf()'s string over as it is, where Rust copies its CString into
 * the Vec that its read callback takes (./bench measures /dev/c_misc only).
 * The checks in init, and rust-samples-test's checks from userspace, are
 * rust_miscdev's.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "common/checks.h"

/* As long as the Rust sample's text, so that both reads copy 41 bytes. */
static const char c_misc_data[] = "Hello from a C file_operations misc dev!\n";

/* Largest write taken at once, as in the Rust sample. */
#define C_MISC_WRITE_CHUNK 4096

static atomic_long_t rw_bytes = ATOMIC_LONG_INIT(0);
static atomic_long_t rw_writes = ATOMIC_LONG_INIT(0);
/* The sum of the bytes written, modulo 2^32 (u32 wraps, as in Rust). */
static atomic_t rw_sum = ATOMIC_INIT(0);

static ssize_t c_misc_read(struct file *file, char __user *buf, size_t count,
			   loff_t *ppos)
{
	size_t len = sizeof(c_misc_data) - 1;
	ssize_t ret;
	char *data;

	data = kmalloc(len, GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	memcpy(data, c_misc_data, len);
	ret = simple_read_from_buffer(buf, count, ppos, data, len);
	kfree(data);
	return ret;
}

static ssize_t c_misc_rw_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	ssize_t ret;
	char *text;

	text = kasprintf(GFP_KERNEL, "%ld bytes, %ld writes, byte sum %u\n",
			 atomic_long_read(&rw_bytes),
			 atomic_long_read(&rw_writes),
			 (u32)atomic_read(&rw_sum));
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(buf, count, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

static ssize_t c_misc_rw_write(struct file *file, const char __user *buf,
			       size_t count, loff_t *ppos)
{
	size_t len = min_t(size_t, count, C_MISC_WRITE_CHUNK);
	loff_t pos = 0;
	ssize_t copied, i;
	u32 sum = 0;
	char *data;

	data = kmalloc(len, GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	copied = simple_write_to_buffer(data, len, &pos, buf, count);
	if (copied < 0) {
		kfree(data);
		return copied;
	}
	for (i = 0; i < copied; i++)
		sum += (u8)data[i];
	kfree(data);
	atomic_add(sum, &rw_sum);
	atomic_long_add(copied, &rw_bytes);
	atomic_long_inc(&rw_writes);
	*ppos += copied;
	return copied;
}

static const struct file_operations c_misc_fops = {
	.owner = THIS_MODULE,
	.read = c_misc_read,
};

static const struct file_operations c_misc_rw_fops = {
	.owner = THIS_MODULE,
	.read = c_misc_rw_read,
	.write = c_misc_rw_write,
};

static struct miscdevice c_misc_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "c_misc",
	.fops = &c_misc_fops,
	.mode = 0444,
};

static struct miscdevice c_misc_rw_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "c_misc_rw",
	.fops = &c_misc_rw_fops,
	.mode = 0644,
};

/*
 * Whether opening the registered device pins this module: the table is
 * read back from the miscdevice the misc core holds, and its owner handled
 * as fops_get() handles it on open: try_module_get(owner) must raise this
 * module's reference count, as the kernel keeps it, by one, and
 * module_put(owner) lower it back (a table owned by another module leaves
 * it as it was; one without an owner pins nothing and fails at once). The
 * owner must also be the module being initialised: named c_miscdev, in
 * state MODULE_STATE_COMING while init runs.
 */
static bool open_pins_this_module(const struct miscdevice *dev)
{
	const struct file_operations *fops = READ_ONCE(dev->fops);
	struct module *owner = READ_ONCE(fops->owner);
	int before, pinned, after;

	if (!owner) {
		pr_err("the registered table has no owner\n");
		return false;
	}
	before = module_refcount(THIS_MODULE);
	if (!try_module_get(owner)) {
		pr_err("try_module_get() of the table's owner failed\n");
		return false;
	}
	pinned = module_refcount(THIS_MODULE);
	module_put(owner);
	after = module_refcount(THIS_MODULE);
	if (pinned != before + 1 || after != before) {
		pr_err("this module's reference count: %d before, %d with the owner pinned, %d after\n",
		       before, pinned, after);
		return false;
	}
	if (strcmp(owner->name, KBUILD_MODNAME) || owner->state != MODULE_STATE_COMING) {
		pr_err("the owner is \"%s\" in state %d\n", owner->name, owner->state);
		return false;
	}
	return true;
}

static int __init c_miscdev_init(void)
{
	struct checks checks;
	bool owned, minors_ok;
	int ret, ret_rw;

	checks_begin(&checks);
	ret = misc_register(&c_misc_dev);
	ret_rw = misc_register(&c_misc_rw_dev);
	if (!checks_report(&checks, !ret && !ret_rw, "misc_register",
			   "failed")) {
		pr_err("misc_register: c_misc %d, c_misc_rw %d\n", ret, ret_rw);
		if (!ret)
			misc_deregister(&c_misc_dev);
		if (!ret_rw)
			misc_deregister(&c_misc_rw_dev);
		return ret ? ret : ret_rw;
	}
	owned = open_pins_this_module(&c_misc_dev) &&
		open_pins_this_module(&c_misc_rw_dev);
	checks_report(&checks, owned, "table_owner_is_this_module",
		      "opening the device does not pin this module (see above)");
	minors_ok = c_misc_dev.minor != MISC_DYNAMIC_MINOR &&
		    c_misc_rw_dev.minor != MISC_DYNAMIC_MINOR &&
		    c_misc_dev.minor != c_misc_rw_dev.minor;
	checks_report(&checks, minors_ok, "dynamic_minor",
		      "a minor is MISC_DYNAMIC_MINOR or both are equal");
	pr_info("registered /dev/c_misc (misc minor %d), /dev/c_misc_rw (%d)\n",
		c_misc_dev.minor, c_misc_rw_dev.minor);
	checks_done(&checks);
	return 0;
}

static void __exit c_miscdev_exit(void)
{
	pr_info("deregistering /dev/c_misc and /dev/c_misc_rw\n");
	misc_deregister(&c_misc_rw_dev);
	misc_deregister(&c_misc_dev);
}

module_init(c_miscdev_init);
module_exit(c_miscdev_exit);

MODULE_AUTHOR("Rust for Linux BR2 team");
MODULE_DESCRIPTION("C twin of rust_miscdev: misc devices, read-only and read-write");
MODULE_LICENSE("GPL");
