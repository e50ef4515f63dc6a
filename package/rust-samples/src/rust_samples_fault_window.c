// SPDX-License-Identifier: GPL-2.0
/*
 * rust_samples_fault_window: what rust-samples-fault needs to know of an
 * injected allocation failure that the kernel does not print. Not a
 * sample: rust-samples-stress and rust-samples-catch load it for their
 * fault sweeps (built with the stress tests, see Kbuild; it needs
 * CONFIG_KPROBES, which rust-samples.mk sets for them).
 *
 * A failure injected into an allocation made with __GFP_NOWARN leaves
 * nothing in the kernel log, no notice and no stack: should_fail_ex()
 * (lib/fault-inject.c) skips fail_dump() when failslab or fail_page_alloc
 * pass FAULT_NOWARN, which they do for such allocations. For the tasks that
 * rust-samples-fault marks (/proc/self/make-it-fail, which does nothing
 * else while failslab's and fail_page_alloc's probability is 0), this
 * module prints:
 *
 *   injected failure: page|slab
 *       and the stack (dump_stack()), while the code on the stack is still
 *       there (a module's init code is freed once the load ends):
 *       - page: from a kprobe on should_fail_alloc_page(), when the task's
 *         fail-nth is 1: should_fail_ex() counts it down and fails the
 *         allocation that brings it to 0, which is this one unless it
 *         asked for __GFP_NOFAIL (not counted, and it cannot fail): then
 *         the injected one comes later, and the last page allocation so
 *         printed is the injected one. Every page allocation traps there
 *         while this module is loaded: load it for the sweeps only. (The
 *         slab allocator's allocations, many more, are not probed so.)
 *       - slab: for a slab allocation that returns NULL once fail-nth is 0
 *         (the kmem_cache_alloc and kmalloc trace points, which the slab
 *         allocator passes its result, NULL included): the first is the
 *         injected one.
 *   the counted allocation before it:
 *       and its stack, one frame a line, or " none" on the same line,
 *       after a page allocation's report: the page allocation that found
 *       fail-nth at 2, if no slab allocation ended in between (one would
 *       be the counted allocation before). The slab allocator's first try
 *       at a new slab, had it failed on its own, would be it, and the
 *       injected allocation its second try.
 *
 *   NAME coming, fail-nth N, parameters P
 *   NAME init runs next, fail-nth N
 *   NAME live, fail-nth N        (or: going)
 *       for a module being loaded: at MODULE_STATE_COMING (the last
 *       notifier; after it the loader parses the module's P parameters),
 *       at the module_load trace point (after it the loader runs the
 *       module's constructors and init, and nothing else of the module),
 *       and at MODULE_STATE_LIVE or, when init failed, MODULE_STATE_GOING
 *       (the first notifier; nothing of the module runs after init). N is
 *       the task's fail-nth (current->fail_nth): how many counted
 *       allocations are left until the injected one, 0 once it happened.
 *
 * A failure with N 0 where the module's code starts, or above 0 where it
 * ends, was not made by the module's code: rust-samples-fault then knows
 * it for the loader's, whatever its stack shows.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kprobes.h>
#include <linux/limits.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

/* Whether the current task is one that rust-samples-fault marked. */
static bool marked(void)
{
	return in_task() && current->make_it_fail;
}

/*
 * The stack of the marked task's page allocation that found fail-nth at
 * 2, and how many frames it has (0: none, or a slab allocation ended
 * since). One marked task at a time: rust-samples-fault.
 */
static unsigned long before[64];
static unsigned int before_nr;

/*
 * Before should_fail_alloc_page() runs: with the task's fail-nth at 1,
 * this page allocation is the one that injection fails, but for a
 * __GFP_NOFAIL one (the only kind that __should_fail_alloc_page() leaves
 * out with fail_page_alloc set as for the sweeps); at 2, it may be the
 * one before.
 */
static int fault_window_page(struct kprobe *kp, struct pt_regs *regs)
{
	unsigned int nth, i;

	if (!marked())
		return 0;
	nth = READ_ONCE(current->fail_nth);
	if (nth == 2) {
		before_nr = stack_trace_save(before, ARRAY_SIZE(before), 0);
		return 0;
	}
	if (nth == 1) {
		pr_info("injected failure: page\n");
		dump_stack();
		pr_info("the counted allocation before it:%s\n", before_nr ? "" : " none");
		/* As dump_stack() prints a frame, without this module's prefix. */
		for (i = 0; i < before_nr; i++)
			printk(KERN_DEFAULT " [<%p>] %pS\n", (void *)before[i], (void *)before[i]);
	}
	before_nr = 0;
	return 0;
}

static struct kprobe page_probe = {
	.symbol_name = "should_fail_alloc_page",
	.pre_handler = fault_window_page,
};

/* A slab allocation of the marked task ended, with PTR its result. */
static void slab_allocation(const void *ptr)
{
	if (!marked())
		return;
	before_nr = 0;
	if (!ptr && !READ_ONCE(current->fail_nth)) {
		pr_info("injected failure: slab\n");
		dump_stack();
	}
}

static void fault_window_kmem_cache_alloc(void *data, unsigned long call_site, const void *ptr,
					  struct kmem_cache *s, gfp_t gfp, int node)
{
	slab_allocation(ptr);
}

static void fault_window_kmalloc(void *data, unsigned long call_site, const void *ptr,
				 size_t bytes_req, size_t bytes_alloc, gfp_t gfp, int node)
{
	slab_allocation(ptr);
}

static void fault_window_module_load(void *data, struct module *mod)
{
	if (marked())
		pr_info("%s init runs next, fail-nth %u\n", mod->name, READ_ONCE(current->fail_nth));
}

static int window_opens(struct notifier_block *nb, unsigned long state, void *data)
{
	struct module *mod = data;

	if (state == MODULE_STATE_COMING && marked())
		pr_info("%s coming, fail-nth %u, parameters %u\n", mod->name,
			READ_ONCE(current->fail_nth), mod->num_kp);
	return NOTIFY_DONE;
}

static int window_closes(struct notifier_block *nb, unsigned long state, void *data)
{
	struct module *mod = data;

	if ((state == MODULE_STATE_LIVE || state == MODULE_STATE_GOING) && marked())
		pr_info("%s %s, fail-nth %u\n", mod->name,
			state == MODULE_STATE_LIVE ? "live" : "going", READ_ONCE(current->fail_nth));
	return NOTIFY_DONE;
}

/* The lowest priority runs last: the other notifiers' work is before it. */
static struct notifier_block opens = {
	.notifier_call = window_opens,
	.priority = INT_MIN,
};

/* The highest priority runs first: the other notifiers' work is after it. */
static struct notifier_block closes = {
	.notifier_call = window_closes,
	.priority = INT_MAX,
};

/* The trace points, found by name, and the probes attached to them. */
static struct {
	const char *name;
	void *probe;
	struct tracepoint *tp;
} points[] = {
	{ "kmem_cache_alloc", (void *)fault_window_kmem_cache_alloc },
	{ "kmalloc", (void *)fault_window_kmalloc },
	{ "module_load", (void *)fault_window_module_load },
};

static void find_point(struct tracepoint *tp, void *priv)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(points); i++)
		if (!strcmp(tp->name, points[i].name))
			points[i].tp = tp;
}

static void detach(size_t attached)
{
	while (attached--)
		tracepoint_probe_unregister(points[attached].tp, points[attached].probe, NULL);
	tracepoint_synchronize_unregister();
}

static int __init fault_window_init(void)
{
	size_t i;
	int ret;

	for_each_kernel_tracepoint(find_point, NULL);
	for (i = 0; i < ARRAY_SIZE(points); i++) {
		if (!points[i].tp) {
			pr_err("no trace point %s\n", points[i].name);
			detach(i);
			return -ENOENT;
		}
		ret = tracepoint_probe_register(points[i].tp, points[i].probe, NULL);
		if (ret) {
			detach(i);
			return ret;
		}
	}
	ret = register_module_notifier(&opens);
	if (ret)
		goto detach;
	ret = register_module_notifier(&closes);
	if (ret)
		goto opens;
	ret = register_kprobe(&page_probe);
	if (!ret)
		return 0;
	pr_err("no kprobe on should_fail_alloc_page(): %d (CONFIG_KPROBES)\n", ret);
	unregister_module_notifier(&closes);
opens:
	unregister_module_notifier(&opens);
detach:
	detach(ARRAY_SIZE(points));
	return ret;
}

static void __exit fault_window_exit(void)
{
	unregister_kprobe(&page_probe);
	unregister_module_notifier(&closes);
	unregister_module_notifier(&opens);
	detach(ARRAY_SIZE(points));
}

module_init(fault_window_init);
module_exit(fault_window_exit);

MODULE_AUTHOR("Rust for Linux BR2 team");
MODULE_DESCRIPTION("What rust-samples-fault must know of an injected allocation failure");
MODULE_LICENSE("GPL");
