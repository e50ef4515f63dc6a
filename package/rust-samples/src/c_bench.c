// SPDX-License-Identifier: GPL-2.0
/*
 * c_bench: the C twin of rust_bench, for ./bench's Rust-against-C
 * comparison. init runs the same two loops, timed with ktime_get_ns(), and
 * prints "fmt N iterations T ns" and "fill N iterations T ns":
 *
 *   fmt:  kasprintf() of rust_miscdev's counter line, FMT_ITERATIONS
 *         times, each string freed after its length is added up;
 *   fill: kmalloc_array() of FILL_LEN u32s, filled in a loop, summed back
 *         with READ_ONCE() (the Rust twin's volatile reads), freed;
 *         FILL_ITERATIONS times.
 *
 * The results are checked against rust_bench's constants, as its checks do.
 * Every RESCHED_EVERY iterations both loops call cond_resched(), as
 * rust_bench does: the kernel does not preempt kernel code.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "common/checks.h"

#define FMT_ITERATIONS 16000
#define FILL_ITERATIONS 8000
/* Iterations between two cond_resched() calls, as in rust_bench. */
#define RESCHED_EVERY 256
#define FILL_LEN 256

#define FMT_TOTAL_LEN 648423
#define FMT_LAST "15999 bytes, 1999 writes, byte sum 495969\n"
#define FILL_SUM 371089408u

/* The fmt loop: the total length in *total, the last string in *last. */
static int fmt_loop(size_t *total, char **last)
{
	u32 i;

	*total = 0;
	*last = NULL;
	for (i = 0; i < FMT_ITERATIONS; i++) {
		char *text;

		if (i % RESCHED_EVERY == RESCHED_EVERY - 1)
			cond_resched();
		text = kasprintf(GFP_KERNEL, "%zu bytes, %zu writes, byte sum %u\n",
				 (size_t)i, (size_t)(i / 8), i * 31);
		if (!text) {
			kfree(*last);
			*last = NULL;
			return -ENOMEM;
		}
		*total += strlen(text);
		if (i == FMT_ITERATIONS - 1)
			*last = text;
		else
			kfree(text);
	}
	return 0;
}

/* One vector of the fill loop: filled, summed, freed. */
static int fill_one(u32 seed, u32 *sum)
{
	u32 *values = kmalloc_array(FILL_LEN, sizeof(*values), GFP_KERNEL);
	u32 k;

	if (!values)
		return -ENOMEM;
	for (k = 0; k < FILL_LEN; k++)
		values[k] = (seed * 0x9e3779b9u) ^ k;
	*sum = 0;
	for (k = 0; k < FILL_LEN; k++)
		*sum += READ_ONCE(values[k]);
	kfree(values);
	return 0;
}

/* The fill loop: the sum of all vectors. */
static int fill_loop(u32 *sum)
{
	u32 seed, one;
	int ret;

	*sum = 0;
	for (seed = 0; seed < FILL_ITERATIONS; seed++) {
		if (seed % RESCHED_EVERY == RESCHED_EVERY - 1)
			cond_resched();
		ret = fill_one(seed, &one);
		if (ret)
			return ret;
		*sum += one;
	}
	return 0;
}

static int __init c_bench_init(void)
{
	struct checks checks;
	size_t total;
	char *last;
	u64 start, ns;
	u32 sum;
	int ret;

	checks_begin(&checks);

	start = ktime_get_ns();
	ret = fmt_loop(&total, &last);
	ns = ktime_get_ns() - start;
	if (ret)
		return ret;
	pr_info("fmt %u iterations %llu ns\n", FMT_ITERATIONS, ns);
	checks_report(&checks, total == FMT_TOTAL_LEN, "fmt_total_length",
		      "wrong total");
	checks_report(&checks, last && !strcmp(last, FMT_LAST), "fmt_last_text",
		      "wrong text");
	kfree(last);

	start = ktime_get_ns();
	ret = fill_loop(&sum);
	ns = ktime_get_ns() - start;
	if (ret)
		return ret;
	pr_info("fill %u iterations %llu ns\n", FILL_ITERATIONS, ns);
	checks_report(&checks, sum == FILL_SUM, "fill_sum", "wrong sum");

	checks_done(&checks);
	return 0;
}

static void __exit c_bench_exit(void)
{
}

module_init(c_bench_init);
module_exit(c_bench_exit);

MODULE_AUTHOR("Rust for Linux BR2 team");
MODULE_DESCRIPTION("C twin of rust_bench: timed kasprintf() and kmalloc_array() loops");
MODULE_LICENSE("GPL");
