/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The C twins' half of the samples' self-checks: the same kernel log lines
 * as common/checks.rs, which rust-samples-test turns into KTAP results:
 * "begin", "check ok NAME" or "check FAIL NAME: WHY", and "done COUNT".
 *
 * Include it after defining pr_fmt (the module's name as the prefix).
 */
#ifndef RUST_SAMPLES_CHECKS_H
#define RUST_SAMPLES_CHECKS_H

#include <linux/printk.h>
#include <linux/types.h>

/* Counts the checks of one sample. */
struct checks {
	unsigned int count;
};

/* Prints the "begin" line. */
static inline void checks_begin(struct checks *c)
{
	c->count = 0;
	pr_info("begin\n");
}

/* Reports one check, with why on failure; returns ok. */
static inline bool checks_report(struct checks *c, bool ok, const char *name,
				 const char *why)
{
	c->count++;
	if (ok)
		pr_info("check ok %s\n", name);
	else
		pr_err("check FAIL %s: %s\n", name, why);
	return ok;
}

/* Prints the "done COUNT" line. */
static inline void checks_done(struct checks *c)
{
	pr_info("done %u\n", c->count);
}

#endif /* RUST_SAMPLES_CHECKS_H */
