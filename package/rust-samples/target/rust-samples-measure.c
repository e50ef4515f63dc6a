// SPDX-License-Identifier: GPL-2.0
/*
 * rust-samples-measure: the timings of rust-samples-bench that a shell
 * cannot take (under QEMU TCG a fork and exec of the shell costs more than
 * the operations it times).
 *
 *   rust-samples-measure reads DEV SECONDS
 *       pread(2)s DEV at offset 0 for SECONDS: every read must return the
 *       same bytes as the first (which must not be empty); prints
 *       "reads N seconds S per_second R".
 *   rust-samples-measure load FILE
 *       finit_module(2) of FILE; prints "load NS" (nanoseconds).
 *   rust-samples-measure unload NAME
 *       delete_module(2) of NAME (O_NONBLOCK); prints "unload NS".
 *
 * Times are CLOCK_MONOTONIC. Any failure: a message on stderr, exit 1.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static const char *prog = "rust-samples-measure";

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int fail(const char *what, const char *arg)
{
	fprintf(stderr, "%s: %s %s: %s\n", prog, what, arg, strerror(errno));
	return 1;
}

static int reads(const char *dev, const char *seconds_arg)
{
	char first[256], buf[256];
	long long start, end, limit;
	unsigned long count = 0;
	ssize_t len, got;
	double seconds;
	char *rest;
	int fd;

	seconds = strtod(seconds_arg, &rest);
	if (*rest || seconds <= 0) {
		fprintf(stderr, "%s: reads: SECONDS must be a positive number, not '%s'\n",
			prog, seconds_arg);
		return 1;
	}
	fd = open(dev, O_RDONLY);
	if (fd < 0)
		return fail("open", dev);
	len = pread(fd, first, sizeof(first), 0);
	if (len <= 0) {
		if (len == 0)
			errno = ENODATA;
		return fail("first read of", dev);
	}
	start = now_ns();
	limit = start + (long long)(seconds * 1e9);
	do {
		/* The clock is read every 64 reads: its cost stays out. */
		for (int i = 0; i < 64; i++) {
			got = pread(fd, buf, sizeof(buf), 0);
			if (got != len || memcmp(buf, first, len)) {
				if (got < 0)
					return fail("read of", dev);
				fprintf(stderr, "%s: read %lu of %s returned %zd bytes, not the %zd of the first read\n",
					prog, count + 1, dev, got, len);
				return 1;
			}
			count++;
		}
		end = now_ns();
	} while (end < limit);
	close(fd);
	printf("reads %lu seconds %.3f per_second %.0f\n", count,
	       (end - start) / 1e9, count / ((end - start) / 1e9));
	return 0;
}

static int load(const char *file)
{
	long long start, end;
	int fd = open(file, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fail("open", file);
	start = now_ns();
	if (syscall(SYS_finit_module, fd, "", 0))
		return fail("finit_module", file);
	end = now_ns();
	close(fd);
	printf("load %lld\n", end - start);
	return 0;
}

static int unload(const char *name)
{
	long long start = now_ns(), end;

	if (syscall(SYS_delete_module, name, O_NONBLOCK))
		return fail("delete_module", name);
	end = now_ns();
	printf("unload %lld\n", end - start);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "reads"))
		return reads(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "load"))
		return load(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "unload"))
		return unload(argv[2]);
	fprintf(stderr, "usage: %s reads DEV SECONDS | load FILE | unload NAME\n", prog);
	return 1;
}
