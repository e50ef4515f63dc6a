// SPDX-License-Identifier: GPL-2.0
/*
 * rust-samples-fault: the loops of rust-samples-stress, in C because on a
 * debug kernel under emulation every fork and exec of a shell loop costs
 * about 0.1 s, and because an injected failure must hit one system call of
 * the task that armed it.
 *
 *   rust-samples-fault cycles FILE.ko NAME COUNT [ERRNO]
 *       Loads (finit_module(2)) and unloads (delete_module(2)) the module
 *       COUNT times; with ERRNO (only ENXIO), every load must fail with it
 *       and leave nothing loaded instead.
 *
 *   rust-samples-fault sweep load FILE.ko NAME [ERRNO]
 *   rust-samples-fault sweep read DEVICE NAME EXPECTED
 *   rust-samples-fault sweep write DEVICE NAME TEXT
 *       For N = 1, 2, ...: writes N to /proc/thread-self/fail-nth, so that
 *       failslab or fail_page_alloc fails the Nth slab or page allocation
 *       this task makes (one count for both), makes the
 *       one system call (a load, which must be followed by no module; a
 *       read(2) of a device opened before; a write(2) of TEXT), then makes
 *       it again without injection, which must work (load: succeed, or
 *       fail with ERRNO; read: return EXPECTED; write: take all of TEXT).
 *       It stops at the first N the call no longer reaches: the number of
 *       allocations is found, not given. An injected failure must make the
 *       call fail with ENOMEM. The call may still work instead only if the
 *       failed allocation is shown to be the kernel's own, not the
 *       module's (judge(), below): made by the module loader while none of
 *       the module's code could run (a load; rust_samples_fault_window
 *       prints where in the load it happened), or with a stack that shows
 *       whose it was: a whole stack (one that reaches the system call's
 *       entry, every frame named) without a frame of module NAME, an
 *       allocation by kernel code that falls back on something else (such
 *       as kmemleak's record of another allocation), or a uevent's
 *       (kobject_uevent_env(), which the driver core calls when the sample
 *       registers a device, and whose failure it ignores: only the
 *       notification is lost). A failure made with __GFP_NOWARN leaves no
 *       notice and no stack of injection's own: rust_samples_fault_window
 *       prints the stack of an injected page allocation failure and of a
 *       slab allocation that fails, and without a stack a failure while
 *       the module's code could run is not shown to be the kernel's. Any other failure that the call
 *       does not report fails the sweep, and so does an alarming line among
 *       the failing call's own messages. Which of failslab and
 *       fail_page_alloc injected each failure is read from their "times"
 *       counts. Before the sweep, injection itself is checked: it must fail
 *       an open(2) of /dev/null, leave failslab's notice and
 *       rust_samples_fault_window's report in the kernel log; and a load
 *       sweep must have failed at least one page allocation (the module's
 *       memory is vmalloc()ed page by page), or fail_page_alloc is not in
 *       effect. The task is marked for rust_samples_fault_window through
 *       /proc/self/make-it-fail (with failslab's and fail_page_alloc's
 *       probability 0, the mark injects nothing).
 *
 *   rust-samples-fault clocks COUNT SECONDS
 *       COUNT processes read the time (clock_gettime(), which the vDSO
 *       answers) in a loop for SECONDS; prints "clocks=COUNT died=D" and
 *       how each process that died ended. Exit status 0 only if none did.
 *
 *   rust-samples-fault alarms
 *       Judges its standard input as the other commands judge the kernel
 *       log: prints the first alarming line and appends them all to the
 *       file of alarming lines (below); exits 1 if there is one, 2 if
 *       standard input cannot be read.
 *
 *   rust-samples-fault stack
 *       Reads a kernel log holding an injection's report (or, without one,
 *       rust_samples_fault_window's) and prints its stack as the sweep
 *       reads it: the frames, innermost first, one a line, then "stack:
 *       whole" (it reaches the system call's entry), "stack: cut short" or
 *       "stack: a frame has no name"; exits 0 only for a whole stack.
 *
 *   rust-samples-fault judge load|read|write NAME slab|page
 *       Reads the kernel log of a call of module NAME that still worked
 *       after an injected failure of a slab or page allocation, and prints
 *       the sweep's judgement: how the failure is the kernel's (loader,
 *       kernel, fallback, uevent; exit status 0), or "error: WHY".
 *
 *   rust-samples-fault readers DEVICE NAME COUNT SECONDS EXPECTED
 *       COUNT processes open, read and close DEVICE over and over for
 *       SECONDS, while this one tries to unload module NAME every 10 ms
 *       (the caller holds DEVICE open meanwhile); prints
 *         reads=R bad=B unloads=A refused=F
 *       B: reads that failed or did not return EXPECTED, and readers that
 *       did not report; F: unloads that failed with EWOULDBLOCK (module in
 *       use). When B is not 0, a line with B by cause follows (failed
 *       opens, failed reads, short reads, wrong data, readers missing);
 *       the first failure of each reader ("reader I: first failure:
 *       ...", with the errno, length or first differing byte) and how a
 *       reader that did not report ended ("reader I: killed by signal
 *       N") come before.
 *
 * cycles and sweep read (and clear) the kernel log after each step (each
 * load, unload, call), what came before the first one included, fail on
 * an alarming line (one that holds a pattern of the alarms file,
 * /usr/share/rust-samples/alarms or $RUST_SAMPLES_ALARMS), which they
 * append to /tmp/rust-samples-stress.bad ($RUST_SAMPLES_STRESS_BAD), and on
 * messages lost before they
 * were read (/dev/kmsg says so). With $RUST_SAMPLES_KEEP_LOG set, all they
 * read is appended to that file too. They print one line:
 *   cycles=C                          (cycles)
 *   allocations=N enomem=E (sample=S) coped: loader=L kernel=K fallback=F uevent=U pages=P
 * (sweep) where S counts the ENOMEMs with module NAME's code on the stack,
 * L, K, F, U the failures the kernel coped with, as judge() showed them,
 * and P the injected failures that were page allocations; or
 * "error: WHAT". Exit status 0 only if all went as described.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FAIL_NTH "/proc/thread-self/fail-nth"
/* Marks this task for rust_samples_fault_window (see below). */
#define MAKE_IT_FAIL "/proc/self/make-it-fail"
/* How many failures failslab and fail_page_alloc have injected, counted down. */
#define FAILSLAB_TIMES "/sys/kernel/debug/failslab/times"
#define FAIL_PAGE_ALLOC_TIMES "/sys/kernel/debug/fail_page_alloc/times"
/* The notice of an injected failure, unless made with __GFP_NOWARN. */
#define NOTICE "FAULT_INJECTION: forcing a failure"
/* The lines of rust_samples_fault_window (src/rust_samples_fault_window.c). */
#define WINDOW "rust_samples_fault_window: "
#define WINDOW_REPORT WINDOW "injected failure: "
#define WINDOW_BEFORE WINDOW "the counted allocation before it:"
/* Where the alarming lines go, as in rust-samples-stress. */
#define BAD_LINES_DEFAULT "/tmp/rust-samples-stress.bad"
#define BUF_SIZE 4096
/* A sweep that has not ended by then fails. */
#define MAX_ALLOCATIONS 5000

/* What no step may make the kernel print: the alarms file's patterns. */
#define ALARMS "/usr/share/rust-samples/alarms"
#define MAX_ALARMS 64
static char *alarms[MAX_ALARMS];
static int nr_alarms;

static char *log_buf;
static int log_size;
/* /dev/kmsg, read alongside the log to see whether messages were lost. */
static int kmsg_fd = -1;

static void die(const char *what)
{
	printf("error: %s: %s\n", what, strerror(errno));
	exit(2);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: rust-samples-fault cycles FILE.ko NAME COUNT [ENXIO]\n"
		"       rust-samples-fault sweep load FILE.ko NAME [ENXIO]\n"
		"       rust-samples-fault sweep read DEVICE NAME EXPECTED\n"
		"       rust-samples-fault sweep write DEVICE NAME TEXT\n"
		"       rust-samples-fault readers DEVICE NAME COUNT SECONDS EXPECTED\n"
		"       rust-samples-fault clocks COUNT SECONDS\n"
		"       rust-samples-fault alarms\n"
		"       rust-samples-fault stack\n"
		"       rust-samples-fault judge load|read|write NAME slab|page\n");
	exit(2);
}

/* Prints "error: ..." and fails. */
static void __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	printf("error: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	exit(1);
}

static unsigned long number(const char *text)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(text, &end, 10);
	if (errno || end == text || *end)
		usage();
	return n;
}

/* The one error a load may be expected to return instead of success. */
static int errno_of(const char *name)
{
	if (strcmp(name, "ENXIO") != 0)
		usage();
	return ENXIO;
}

/*
 * Reads the alarms file: fixed strings, one a line, "#" lines and empty
 * ones skipped. A missing, unreadable or empty file is an error, not
 * "nothing alarms", and so is a read that fails half way (the patterns
 * after it would be missing).
 */
static void read_alarms(void)
{
	const char *path = getenv("RUST_SAMPLES_ALARMS");
	char *line = NULL;
	size_t size = 0;
	ssize_t len;
	FILE *f;

	if (!path || !*path)
		path = ALARMS;
	f = fopen(path, "r");
	if (!f)
		die(path);
	while ((len = getline(&line, &size, f)) >= 0) {
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (line[0] == '#' || len == 0)
			continue;
		if ((size_t)len != strlen(line))
			fail("%s: a pattern holds a NUL byte", path);
		if (nr_alarms == MAX_ALARMS)
			fail("%s: more than %d patterns", path, MAX_ALARMS);
		alarms[nr_alarms] = strdup(line);
		if (!alarms[nr_alarms++])
			die("strdup");
	}
	if (ferror(f))
		die(path);
	free(line);
	fclose(f);
	if (!nr_alarms)
		fail("%s: no pattern", path);
}

/* Whether the LEN bytes at LINE hold an alarming pattern. */
static int alarming(const char *line, size_t len)
{
	int i;

	for (i = 0; i < nr_alarms; i++)
		if (memmem(line, len, alarms[i], strlen(alarms[i])))
			return 1;
	return 0;
}

/*
 * Fails if kernel messages were lost since the last call: a reader of
 * /dev/kmsg gets EPIPE when records it has not read yet were overwritten,
 * that is when the kernel's log buffer wrapped between two calls, and the
 * text that klogctl() reads then lacks them. Reads (and drops) the records
 * up to now; the first call only opens /dev/kmsg at its end.
 */
static void check_nothing_lost(void)
{
	static char record[8192];	/* the longest record /dev/kmsg gives */

	if (kmsg_fd < 0) {
		kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
		if (kmsg_fd < 0)
			die("/dev/kmsg");
		if (lseek(kmsg_fd, 0, SEEK_END) < 0)
			die("lseek /dev/kmsg");
		return;
	}
	for (;;) {
		if (read(kmsg_fd, record, sizeof(record)) > 0)
			continue;
		if (errno == EAGAIN)
			return;
		if (errno == EPIPE)
			fail("kernel messages were lost: the log buffer wrapped between two "
			     "reads of it (a larger CONFIG_LOG_BUF_SHIFT or log_buf_len= keeps them)");
		if (errno != EINTR)
			die("read /dev/kmsg");
	}
}

/*
 * Every part of the kernel log that kernel_log() reads is also appended to
 * the file named by $RUST_SAMPLES_KEEP_LOG, if set (rust-samples-catch
 * reads the whole report of a broken module there); a failed write fails.
 */
static void keep_log(const char *log, size_t len)
{
	const char *path = getenv("RUST_SAMPLES_KEEP_LOG");
	FILE *f;

	if (!path || !*path || !len)
		return;
	f = fopen(path, "a");
	if (!f)
		die(path);
	if (fwrite(log, 1, len, f) != len || fclose(f))
		die(path);
}

/*
 * The kernel log since the last call, which it clears (dmesg -c), and its
 * length in *LEN; fails if messages were lost in between. Every caller
 * checks it with check_log(): nothing read goes unchecked.
 */
static const char *kernel_log(size_t *len)
{
	int ret;

	if (!log_buf) {
		log_size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
		if (log_size <= 0)
			die("klogctl");
		log_buf = malloc(log_size + 1);
		if (!log_buf)
			die("malloc");
	}
	check_nothing_lost();
	ret = klogctl(4 /* SYSLOG_ACTION_READ_CLEAR */, log_buf, log_size);
	if (ret < 0)
		die("klogctl");
	log_buf[ret] = '\0';
	*len = ret;
	keep_log(log_buf, ret);
	return log_buf;
}

/*
 * Fails on an alarming line in the LEN bytes at LOG, a part of the kernel
 * log (or of standard input, for the alarms command): prints the first
 * one ("kernel: LINE") and appends them all to $RUST_SAMPLES_STRESS_BAD
 * (by default BAD_LINES_DEFAULT, as in rust-samples-stress); a line that
 * cannot be kept there is still a failure, and the message says so.
 */
static void check_log(const char *step, const char *log, size_t len)
{
	const char *line = log, *end_of_log = log + len;
	const char *bad_lines = getenv("RUST_SAMPLES_STRESS_BAD");
	int bad = 0, err = 0;
	FILE *out = NULL;

	if (!bad_lines || !*bad_lines)
		bad_lines = BAD_LINES_DEFAULT;
	while (line < end_of_log) {
		const char *end = memchr(line, '\n', end_of_log - line);

		if (!end)
			end = end_of_log;
		if (alarming(line, end - line)) {
			if (!bad++) {
				/* A NUL byte would end it: printed as "^@". */
				printf("kernel: ");
				for (const char *c = line; c < end; c++)
					if (*c)
						putchar(*c);
					else
						fputs("^@", stdout);
				putchar('\n');
				out = fopen(bad_lines, "a");
				if (!out)
					err = errno;
			}
			if (out && (fwrite(line, 1, end - line, out) != (size_t)(end - line) ||
				    putc('\n', out) == EOF))
				err = errno ? errno : EIO;
		}
		line = end + 1;
	}
	if (out && fclose(out) && !err)
		err = errno;
	if (bad && err)
		fail("%s: %d alarming kernel log lines (not kept in %s: %s)", step, bad, bad_lines,
		     strerror(err));
	if (bad)
		fail("%s: %d alarming kernel log lines (in %s)", step, bad, bad_lines);
}

/* Fails on an alarming line in the kernel log since the last call. */
static void check_kernel_log(const char *step)
{
	size_t len;
	const char *log = kernel_log(&len);

	check_log(step, log, len);
}

/* Where the kernel coped with a failed allocation: function and count. */
#define MAX_SITES 32
static struct {
	char func[64];
	unsigned long count;
} sites[MAX_SITES];
static int nr_sites;

/* Frames of the fault reporting and of the allocator itself. */
static int allocator_frame(const char *func)
{
	static const char *const prefixes[] = {
		"dump_", "show_stack", "walk_stackframe", "notrace_", "unwind_backtrace",
		"should_fail", "__should_fail", "fault_window_", "slab_allocation",
		"__traceiter_", "kmem_cache_alloc", "__kmem_cache_alloc", "__kmalloc",
		"kmalloc", "kzalloc", "kcalloc", "krealloc", "__do_krealloc", "kmemdup",
		"kstrdup", "kvmalloc", "slab_", "__slab_", "___slab_",
		"prepare_alloc_pages", "__alloc_pages", "alloc_pages", "__get_free_pages",
		"get_zeroed_page", "vm_area_alloc_pages", "__vmalloc", "vmalloc", "vzalloc",
	};
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (strncmp(func, prefixes[i], strlen(prefixes[i])) == 0)
			return 1;
	return 0;
}

/*
 * The stack printed after the first line that holds MARKER (injection's
 * notice, or rust_samples_fault_window's report of an injected failure),
 * innermost frame first. riscv64 prints a frame a line,
 * "[<ADDRESS>] FUNC+0xOFF/0xSIZE [MODULE]"; ARM a call a line, "CALLEE from
 * CALLER+0xOFF/0xSIZE [MODULE]", so its frames are each line's caller (the
 * first line's callee is the unwinder's own function). A frame that
 * kallsyms could not name (code that is gone, such as a module's freed init
 * code) is printed as its address, "0x...". The stack ends at the first
 * line after it that is neither.
 */
#define MAX_FRAMES 64
struct stack {
	char func[MAX_FRAMES][128];
	int nr;
	int unnamed;	/* a frame has no name */
};

/* Adds the frame whose text starts at P (a name, or an address). */
static void add_frame(struct stack *st, const char *p, const char *end)
{
	int len = 0;

	while (p + len < end && (isalnum((unsigned char)p[len]) || strchr("_.$", p[len])))
		len++;
	if (len == 0 || (p[0] == '0' && p[1] == 'x') || p + len + 3 > end ||
	    strncmp(p + len, "+0x", 3) != 0) {
		st->unnamed = 1;
		return;
	}
	if (st->nr == MAX_FRAMES)
		return;
	if (len > (int)sizeof(st->func[0]) - 1)
		len = sizeof(st->func[0]) - 1;
	memcpy(st->func[st->nr], p, len);
	st->func[st->nr++][len] = '\0';
}

static void parse_stack(const char *log, const char *marker, struct stack *st)
{
	const char *p = strstr(log, marker);

	st->nr = 0;
	st->unnamed = 0;
	while (p && *(p = strchrnul(p, '\n')) == '\n') {
		const char *line = ++p, *end = strchrnul(line, '\n');
		const char *text = memmem(line, end - line, "] ", 2);
		const char *from;

		/* The text after the log level and time stamp. */
		text = text ? text + 2 : line;
		while (text < end && *text == ' ')
			text++;
		from = memmem(text, end - text, " from ", 6);
		if (end - text > 2 && text[0] == '[' && text[1] == '<') {
			const char *name = memmem(text, end - text, "] ", 2);

			add_frame(st, name ? name + 2 : end, end);
		} else if (from) {
			add_frame(st, from + 6, end);
		} else if (st->nr || st->unnamed) {
			break;
		}
	}
}

/*
 * Whether the stack reaches the system call's entry (riscv64's
 * ret_from_syscall, ARM's ret_fast_syscall or __sys_trace_return): whether
 * it is whole. ARM's unwinder stops at the first function without unwind
 * tables, and Rust code has none: a stack cut short at a function of the
 * kernel crate does not show the sample that called it.
 */
static int whole_stack(const struct stack *st)
{
	static const char *const entries[] = {
		"ret_from_syscall", "ret_fast_syscall", "__sys_trace_return",
	};
	size_t i;

	if (!st->nr)
		return 0;
	for (i = 0; i < sizeof(entries) / sizeof(entries[0]); i++)
		if (strcmp(st->func[st->nr - 1], entries[i]) == 0)
			return 1;
	return 0;
}

/* Each allocating function whose stack was printed: one line each. */
#define SITES_FILE "/tmp/rust-samples-stress.sites"

/*
 * The first time in a run (SITES_FILE) that the allocation by the stack's
 * frame FIRST is failed without failing the call, prints the stack from
 * there, "FUNC < caller < ...".
 */
static void print_stack_once(const struct stack *st, int first)
{
	const char *func = st->func[first];
	char line[1024];
	FILE *f = fopen(SITES_FILE, "a+");
	int len, i;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, func, strlen(func)) == 0 && line[strlen(func)] == ':') {
			fclose(f);
			return;
		}
	len = snprintf(line, sizeof(line), "%s:", func);
	len += snprintf(line + len, sizeof(line) - len, " %s", func);
	for (i = first + 1; i < st->nr && i < first + 16 && len < (int)sizeof(line) - 140; i++)
		len += snprintf(line + len, sizeof(line) - len, " < %s", st->func[i]);
	fprintf(f, "%s\n", line);
	fclose(f);
	printf("stack of %s\n", line + strlen(func) + 2);
}

/*
 * The stack's frame of the function that made the failed allocation: the
 * first that is not the allocator's after injection's own (should_fail_ex()
 * or should_fail_alloc_page() and the like; above them, the frames of the
 * report, which may be a kprobe's) or, in a stack without them (one that
 * rust_samples_fault_window printed from a trace point), after the frames
 * of the report; st->nr if there is none.
 */
static int requester(const struct stack *st)
{
	int f, i;

	for (f = 0, i = 0; i < st->nr; i++)
		if (strncmp(st->func[i], "should_fail", 11) == 0 ||
		    strncmp(st->func[i], "__should_fail", 13) == 0)
			f = i + 1;
	while (f < st->nr && allocator_frame(st->func[f]))
		f++;
	return f;
}

/* Counts the function that made the failed allocation. */
static void count_site(const struct stack *st)
{
	int f = requester(st), i;

	if (f == st->nr)
		return;
	for (i = 0; i < nr_sites && strcmp(sites[i].func, st->func[f]); i++)
		;
	if (i == nr_sites) {
		if (nr_sites == MAX_SITES)
			return;
		snprintf(sites[nr_sites++].func, sizeof(sites[0].func), "%s", st->func[f]);
		print_stack_once(st, f);
	}
	sites[i].count++;
}

static int is_loaded(const char *name)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/module/%s", name);
	return stat(path, &st) == 0;
}

static long load(int fd)
{
	return syscall(SYS_finit_module, fd, "", 0) ? -errno : 0;
}

static void unload(const char *name)
{
	if (is_loaded(name) && syscall(SYS_delete_module, name, O_NONBLOCK))
		die("delete_module");
}

static int cmd_cycles(int argc, char **argv)
{
	const char *name;
	unsigned long count, i;
	int fd, want = 0;

	if (argc != 5 && argc != 6)
		usage();
	name = argv[3];
	count = number(argv[4]);
	if (argc == 6)
		want = errno_of(argv[5]);
	fd = open(argv[2], O_RDONLY);
	if (fd < 0)
		die(argv[2]);
	/* What came before is checked too: nothing reads it after this. */
	check_kernel_log("cycles, the kernel log before the first load");
	for (i = 0; i < count; i++) {
		long ret = load(fd);

		if (ret != -want)
			fail("cycle %lu: load returned %s, not %s", i + 1,
			     strerror(-ret), want ? strerror(want) : "success");
		if (want && is_loaded(name))
			fail("cycle %lu: failed load left %s loaded", i + 1, name);
		if (!want) {
			if (syscall(SYS_delete_module, name, O_NONBLOCK))
				fail("cycle %lu: unload: %s", i + 1, strerror(errno));
			if (is_loaded(name))
				fail("cycle %lu: still loaded after unload", i + 1);
		}
		check_kernel_log("cycles");
	}
	printf("cycles=%lu\n", count);
	return 0;
}

/* fail-nth: a write arms it, a read gives what is left (0: it fired). */
static void set_fail_nth(int fd, unsigned long n)
{
	char buf[24];
	int len = snprintf(buf, sizeof(buf), "%lu", n);

	if (pwrite(fd, buf, len, 0) != len)
		die("write " FAIL_NTH);
}

static unsigned long get_fail_nth(int fd)
{
	char buf[24];
	ssize_t len = pread(fd, buf, sizeof(buf) - 1, 0);

	if (len <= 0)
		die("read " FAIL_NTH);
	buf[len] = '\0';
	return strtoul(buf, NULL, 10);
}

/* How many failures failslab and fail_page_alloc have left to inject. */
struct times {
	long slab, page;
};

static long read_number(const char *path)
{
	char buf[32];
	ssize_t len;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		die(path);
	len = read(fd, buf, sizeof(buf) - 1);
	if (len <= 0)
		die(path);
	close(fd);
	buf[len] = '\0';
	return strtol(buf, NULL, 10);
}

/* Read only while fail-nth is 0: the reads allocate. */
static struct times read_times(void)
{
	struct times t = { read_number(FAILSLAB_TIMES), read_number(FAIL_PAGE_ALLOC_TIMES) };

	return t;
}

/*
 * Which of the two injected the one failure between BEFORE and AFTER: 1
 * for fail_page_alloc, 0 for failslab. Each counts its injected failures
 * down in its "times" (fault_setup sets it high); anything but one
 * failure of one of them fails.
 */
static int page_failure(const char *step, struct times before, struct times after)
{
	long slab = before.slab - after.slab, page = before.page - after.page;

	if (slab + page != 1 || slab < 0 || page < 0)
		fail("%s: failslab's times went from %ld to %ld, fail_page_alloc's from %ld "
		     "to %ld: not one injected failure (fault_setup sets times)", step,
		     before.slab, after.slab, before.page, after.page);
	return page;
}

/* Marks this task for rust_samples_fault_window (make-it-fail). */
static void mark_task(void)
{
	int fd = open(MAKE_IT_FAIL, O_WRONLY);

	if (fd < 0 || write(fd, "1", 1) != 1)
		die("write " MAKE_IT_FAIL);
	close(fd);
}

/*
 * Before a sweep trusts injection, it must be seen to fire and to say so:
 * with fail-nth at 1, opening /dev/null (whose first slab allocation is
 * the path name's, a GFP_KERNEL one) must fail with ENOMEM, fail-nth must
 * read 0 after it, failslab's times must count it, and the kernel log
 * must hold failslab's notice and rust_samples_fault_window's report,
 * which the sweep's judgement relies on. Otherwise a sweep whose failures
 * are never injected, or never reported, would pass.
 */
static void check_injection(int nth)
{
	struct times before;
	const char *log;
	size_t len;
	int fd, err;

	/* What came before is checked too: nothing reads it after this. */
	check_kernel_log("sweep, the kernel log before the injection check");
	before = read_times();
	set_fail_nth(nth, 1);
	fd = open("/dev/null", O_RDONLY);
	err = errno;
	if (fd >= 0) {
		close(fd);
		set_fail_nth(nth, 0);
		fail("fault injection does not fire: open(/dev/null) with fail-nth 1 worked "
		     "(failslab's ignore-gfp-wait must be N)");
	}
	if (err != ENOMEM)
		fail("open(/dev/null) with fail-nth 1: %s, not ENOMEM", strerror(err));
	if (get_fail_nth(nth))
		fail("fail-nth is not 0 after the injected failure");
	if (page_failure("the injection check", before, read_times()))
		fail("the injection check: fail_page_alloc, not failslab, counted the failure");
	log = kernel_log(&len);
	check_log("sweep, the injection check", log, len);
	if (!strstr(log, NOTICE))
		fail("an injected failure left no notice in the kernel log "
		     "(failslab's verbose must be 1 or 2)");
	if (!strstr(log, WINDOW_REPORT))
		fail("rust_samples_fault_window did not report the injected failure: it must be "
		     "loaded (rust-samples-lib.sh's fault_window_load)");
}

/* The operation being swept. */
struct op {
	const char *kind;	/* load, read or write */
	const char *name;	/* the module */
	const char *arg;	/* read: what it returns; write: the text */
	int fd;
	int clean_errno;	/* load: what a load without injection returns */
	char buf[BUF_SIZE];
};

/* One call: 0 or a byte count, or -errno. */
static long run(struct op *op)
{
	ssize_t ret;

	if (strcmp(op->kind, "load") == 0)
		return load(op->fd);
	if (strcmp(op->kind, "read") == 0) {
		ret = pread(op->fd, op->buf, sizeof(op->buf), 0);
	} else {
		ret = pwrite(op->fd, op->arg, strlen(op->arg), 0);
	}
	return ret < 0 ? -errno : ret;
}

/* Whether a call's result is what the operation gives without injection. */
static int clean(struct op *op, long ret)
{
	size_t len = strlen(op->arg);

	if (strcmp(op->kind, "load") == 0)
		return ret == -op->clean_errno;
	if (strcmp(op->kind, "read") == 0)
		return ret == (long)len && memcmp(op->buf, op->arg, len) == 0;
	return ret == (long)len;
}

static void undo(struct op *op)
{
	if (strcmp(op->kind, "load") == 0)
		unload(op->name);
}

/*
 * The fail-nth that rust_samples_fault_window printed in LOG for module
 * NAME at POINT ("coming", "init runs next", "live" or "going"), or -1.
 * On "coming", *PARAMETERS is the module's number of parameters.
 */
static long window_point(const char *log, const char *name, const char *point, long *parameters)
{
	char prefix[256];
	const char *p;
	long nth;
	int len;

	snprintf(prefix, sizeof(prefix), WINDOW "%s %s, fail-nth ", name, point);
	p = strstr(log, prefix);
	if (!p)
		return -1;
	p += strlen(prefix);
	nth = strtol(p, NULL, 10);
	if (parameters && sscanf(p, "%*u, parameters %ld%n", parameters, &len) < 1)
		return -1;
	return nth;
}

/*
 * Whether, by rust_samples_fault_window's lines in LOG, the failure
 * injected into a load of module NAME happened where none of the module's
 * code could run: before it could start (fail-nth already 0 at "init runs
 * next", or at "coming" if the module has parameters, whose callbacks may
 * be its code) or after it ended (fail-nth still above 0 at "live" or
 * "going"). A load's task runs the module's code only in between.
 */
static int outside_module(const char *log, const char *name)
{
	long parameters = 0;
	long coming = window_point(log, name, "coming", &parameters);
	long opens = parameters ? coming : window_point(log, name, "init runs next", NULL);
	long closes = window_point(log, name, "live", NULL);

	if (closes < 0)
		closes = window_point(log, name, "going", NULL);
	if (coming < 0 || opens < 0 || closes < 0)
		return 0;
	return opens == 0 || closes > 0;
}

/* Whether a frame of ST is the function FUNC. */
static int has_frame(const struct stack *st, const char *func)
{
	int i;

	for (i = 0; i < st->nr; i++)
		if (strcmp(st->func[i], func) == 0)
			return 1;
	return 0;
}

/* Whether the stack's allocation is the slab allocator's, for a new slab. */
static int new_slab_frame(const struct stack *st)
{
	int f = requester(st);

	return f < st->nr && (strcmp(st->func[f], "allocate_slab") == 0 ||
			      strcmp(st->func[f], "new_slab") == 0);
}

/*
 * Kernel code that copes with a failure of its own allocation whatever
 * called it: the allocation is not the caller's, and the caller gets what
 * it asked for. From the injected failure's stack ST (and BEFORE, that of
 * the counted allocation before it), the allocation was:
 *   - kmemleak's (__create_object, kmemleak_*, mem_pool_alloc), for its
 *     record of another allocation: it takes one from its pool instead, or
 *     turns itself off, which prints an alarming line;
 *   - radix_tree_node_alloc()'s called by __kernfs_new_node(), which
 *     preloads the radix tree (idr_preload()) before its GFP_ATOMIC
 *     idr_alloc_cyclic(): a node comes from the preload;
 *   - the slab allocator's first try at the pages of a new slab
 *     (allocate_slab(), inlined into new_slab()): it tries again with the
 *     cache's smallest order. Its second try fails the allocation; it is
 *     the injected one only after a first try that failed on its own,
 *     which was then the counted allocation before it: with the slab
 *     allocator's new slab on that stack, it is not counted as the first;
 *   - vmalloc's bulk allocation of pages (__alloc_pages_bulk() under
 *     vm_area_alloc_pages()): vmalloc then allocates them one by one;
 *   - the stack depot's (__stack_depot_save(), for KASAN's record of an
 *     allocation's or a free's stack): KASAN then keeps no stack of it.
 */
static const char *fallback_site(const struct stack *st, const struct stack *before)
{
	int f = requester(st), i;

	if (f == st->nr)
		return NULL;
	if (strncmp(st->func[f], "kmemleak_", 9) == 0 ||
	    strcmp(st->func[f], "__create_object") == 0 ||
	    strcmp(st->func[f], "create_object") == 0 ||
	    strcmp(st->func[f], "mem_pool_alloc") == 0)
		return "kmemleak";
	if (strcmp(st->func[f], "radix_tree_node_alloc") == 0)
		for (i = f + 1; i < st->nr; i++)
			if (strcmp(st->func[i], "__kernfs_new_node") == 0)
				return "kernfs";
	if (new_slab_frame(st) && !new_slab_frame(before))
		return "slab";
	if (has_frame(st, "__alloc_pages_bulk") && has_frame(st, "vm_area_alloc_pages"))
		return "vmalloc";
	if (strcmp(st->func[f], "__stack_depot_save") == 0 ||
	    strcmp(st->func[f], "stack_depot_save") == 0)
		return "stack depot";
	return NULL;
}

/*
 * rust_samples_fault_window's report of the failure injected into a page
 * allocation (PAGE) or a slab allocation in LOG: the last of a page
 * allocation (an earlier one asked for __GFP_NOFAIL, which leaves fail-nth
 * as it is), the first of a slab allocation (a later one failed on its own);
 * NULL if there is none.
 */
static const char *window_report(const char *log, int page)
{
	const char *marker = page ? WINDOW_REPORT "page" : WINDOW_REPORT "slab";
	const char *p = strstr(log, marker), *last = p;

	while (page && p) {
		last = p;
		p = strstr(p + 1, marker);
	}
	return last;
}

/* How an injected failure that the call did not report was the kernel's. */
enum coped { LOADER, KERNEL, FALLBACK, UEVENT, NOT_SHOWN };

/*
 * The judgement on an injected failure (PAGE: fail_page_alloc's, else
 * failslab's) after which a KIND call of module NAME still did what it does
 * without injection, from the call's kernel log LOG: how the failure is
 * shown to be the kernel's own, not the module's, or NOT_SHOWN with *WHY
 * saying why not. ST gets the stack that was judged.
 *
 * A load whose failure happened while none of the module's code could run
 * is the loader's (outside_module()). Otherwise the failure must come with
 * a stack: injection's own, printed with its notice, or, for a failure
 * made with __GFP_NOWARN, which injection does not report, the one that
 * rust_samples_fault_window prints (window_report()). Without
 * one, a failure while the module's code could run (a read or a write runs
 * it throughout) is not shown to be the kernel's. With a stack, the
 * failure is the kernel's
 * when the stack is whole and has no frame of module NAME (whole_stack(),
 * every frame named), when the allocation was a fallback_site()'s, or
 * when a uevent made it (kobject_uevent_env(), which the driver core calls
 * when the module registers a device, and whose failure it ignores: only
 * the notification is lost).
 */
static enum coped judge(const char *kind, const char *name, int page, const char *log,
			struct stack *st, const char **why)
{
	static char text[512];
	static struct stack before;
	const char *report = window_report(log, page);
	char frame[280];

	st->nr = 0;
	st->unnamed = 0;
	before.nr = 0;
	before.unnamed = 0;
	if (page && report && !strstr(report, WINDOW_BEFORE " none"))
		parse_stack(report, WINDOW_BEFORE, &before);
	*why = text;
	if (strcmp(kind, "load") == 0 && outside_module(log, name))
		return LOADER;
	if (!strstr(log, NOTICE) && !report) {
		snprintf(text, sizeof(text),
			 "a %s allocation failed quietly (made with __GFP_NOWARN: no notice) while "
			 "%s's code could run, and rust_samples_fault_window printed no stack of it "
			 "(is it loaded?)", page ? "page" : "slab", name);
		return NOT_SHOWN;
	}
	if (strstr(log, NOTICE))
		parse_stack(log, NOTICE, st);
	else
		parse_stack(report, page ? WINDOW_REPORT "page" : WINDOW_REPORT "slab", st);
	snprintf(frame, sizeof(frame), "[%s]", name);
	if (!strstr(log, frame)) {
		const char *flaw = st->unnamed ? "a frame of the stack has no name" :
			!whole_stack(st) ? "the stack stops before the system call's entry" : NULL;

		if (!flaw)
			return KERNEL;
		if (fallback_site(st, &before))
			return FALLBACK;
		snprintf(text, sizeof(text), "failed, and %s: not shown to be the kernel's", flaw);
		return NOT_SHOWN;
	}
	if (fallback_site(st, &before))
		return FALLBACK;
	if (strstr(log, "kobject_uevent_env"))
		return UEVENT;
	snprintf(text, sizeof(text), "failed, but the call did not report it");
	return NOT_SHOWN;
}

static int cmd_sweep(int argc, char **argv)
{
	static const char *const coped_names[] = { "loader", "kernel", "fallback", "uevent" };
	struct op op = { .kind = argv[2], .clean_errno = 0 };
	unsigned long n, left, enomem = 0, own = 0, coped[NOT_SHOWN] = { 0 }, pages = 0;
	char frame[280] = "";
	struct times before;
	struct stack st;
	const char *log, *why;
	enum coped how;
	size_t len;
	int nth, page;
	long ret;

	if (argc < 5)
		usage();
	op.name = argv[4];
	if (strcmp(op.kind, "load") == 0 && (argc == 5 || argc == 6)) {
		op.arg = "";
		if (argc == 6)
			op.clean_errno = errno_of(argv[5]);
		op.fd = open(argv[3], O_RDONLY);
	} else if (strcmp(op.kind, "read") == 0 && argc == 6) {
		op.arg = argv[5];
		op.fd = open(argv[3], O_RDONLY);
	} else if (strcmp(op.kind, "write") == 0 && argc == 6) {
		op.arg = argv[5];
		op.fd = open(argv[3], O_WRONLY);
	} else {
		usage();
	}
	snprintf(frame, sizeof(frame), "[%s]", op.name);
	if (op.fd < 0)
		die(argv[3]);
	nth = open(FAIL_NTH, O_RDWR);
	if (nth < 0)
		die("open " FAIL_NTH " (CONFIG_FAULT_INJECTION)");

	mark_task();
	check_injection(nth);
	for (n = 1;; n++) {
		if (n > MAX_ALLOCATIONS)
			fail("still allocating after %d allocations", MAX_ALLOCATIONS);
		before = read_times();
		set_fail_nth(nth, n);
		ret = run(&op);
		left = get_fail_nth(nth);
		if (left) {
			/* The Nth allocation was not reached: N - 1 in all. */
			set_fail_nth(nth, 0);
			check_kernel_log("sweep, the call that reached no injected failure");
			if (!clean(&op, ret))
				fail("without injection: returned %ld", ret);
			undo(&op);
			check_kernel_log("sweep, the last unload");
			break;
		}
		page = page_failure("sweep", before, read_times());
		pages += page;
		log = kernel_log(&len);
		/* A report in the failing call's own error path fails too. */
		check_log("sweep, the injected call", log, len);
		if (ret == -ENOMEM) {
			enomem++;
			if (strstr(log, frame))
				own++;
			if (strcmp(op.kind, "load") == 0 && is_loaded(op.name))
				fail("allocation %lu: ENOMEM, but %s is loaded", n, op.name);
		} else if (clean(&op, ret)) {
			how = judge(op.kind, op.name, page, log, &st, &why);
			if (how == NOT_SHOWN) {
				printf("kernel log:\n%s", log);
				fail("allocation %lu: %s; the call returned %ld (kernel log above)",
				     n, why, ret);
			}
			coped[how]++;
			if (how != LOADER)
				count_site(&st);
		} else {
			printf("kernel log:\n%s", log);
			fail("allocation %lu: the call returned %ld (%s), not ENOMEM",
			     n, ret, ret < 0 ? strerror(-ret) : "no error");
		}
		undo(&op);
		check_kernel_log("sweep, the unload after the injected call");
		/* The same call, without injection, works again. */
		ret = run(&op);
		check_kernel_log("sweep, the call without injection");
		if (!clean(&op, ret))
			fail("allocation %lu: then without injection: returned %ld", n, ret);
		undo(&op);
		check_kernel_log("sweep, the unload after the call without injection");
	}
	if (strcmp(op.kind, "load") == 0 && !pages)
		fail("no page allocation was failed in %lu allocations of a module load "
		     "(fail_page_alloc's ignore-gfp-wait and ignore-gfp-highmem must be N, "
		     "min-order 0)", n - 1);
	if (nr_sites) {
		printf("allocated by:");
		for (int i = 0; i < nr_sites; i++)
			printf(" %s x%lu", sites[i].func, sites[i].count);
		printf("\n");
	}
	printf("allocations=%lu enomem=%lu (sample=%lu) coped:", n - 1, enomem, own);
	for (how = LOADER; how < NOT_SHOWN; how++)
		printf(" %s=%lu", coped_names[how], coped[how]);
	printf(" pages=%lu\n", pages);
	return 0;
}

/*
 * judge: the sweep's judgement (judge()) on an injected failure after
 * which the call still worked, from its kernel log on standard input:
 * prints the way it was shown to be the kernel's (loader, kernel,
 * fallback, uevent) and exits 0, or "error: WHY" and exits 1.
 */
static int cmd_judge(int argc, char **argv)
{
	static const char *const names[] = { "loader", "kernel", "fallback", "uevent" };
	static char log[1 << 16];
	size_t len = fread(log, 1, sizeof(log) - 1, stdin);
	const char *why;
	struct stack st;
	enum coped how;

	if (argc != 5 || (strcmp(argv[4], "slab") != 0 && strcmp(argv[4], "page") != 0))
		usage();
	if (ferror(stdin))
		die("read standard input");
	log[len] = '\0';
	how = judge(argv[2], argv[3], strcmp(argv[4], "page") == 0, log, &st, &why);
	if (how == NOT_SHOWN)
		fail("%s", why);
	printf("%s\n", names[how]);
	return 0;
}

/*
 * What one reader saw: how many reads it made and, for each way a read can
 * go wrong, how many went that way. The first failure of each reader is
 * printed when it happens.
 */
struct reads {
	unsigned long reads, open_errors, read_errors, short_reads, wrong;
};

/* Prints the first failure of reader I ("reader I: first failure: ..."). */
static void __attribute__((format(printf, 2, 3))) first_failure(int *seen, const char *fmt, ...)
{
	va_list ap;

	if (*seen)
		return;
	*seen = 1;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

/*
 * One reader: open, read, close until the deadline; then writes its
 * counts, "I R O E S W", to OUT.
 */
static void reader(unsigned long i, const char *path, const char *expected, time_t deadline,
		   int out)
{
	struct reads r = { 0 };
	size_t len = strlen(expected), at;
	char buf[BUF_SIZE];
	int seen = 0;

	while (time(NULL) < deadline) {
		int fd = open(path, O_RDONLY);
		ssize_t got;

		r.reads++;
		if (fd < 0) {
			r.open_errors++;
			first_failure(&seen, "reader %lu: first failure: open: %s\n", i,
				      strerror(errno));
			continue;
		}
		got = read(fd, buf, sizeof(buf));
		if (got < 0) {
			r.read_errors++;
			first_failure(&seen, "reader %lu: first failure: read: %s\n", i,
				      strerror(errno));
		} else if ((size_t)got < len) {
			r.short_reads++;
			first_failure(&seen, "reader %lu: first failure: read %zd of %zu bytes\n", i,
				      got, len);
		} else if ((size_t)got > len || memcmp(buf, expected, len) != 0) {
			r.wrong++;
			for (at = 0; at < len && buf[at] == expected[at]; at++)
				;
			if (at < len)
				first_failure(&seen,
					      "reader %lu: first failure: byte %zu is 0x%02x, not 0x%02x\n",
					      i, at, (unsigned char)buf[at],
					      (unsigned char)expected[at]);
			else
				first_failure(&seen,
					      "reader %lu: first failure: %zd bytes, not %zu\n", i,
					      got, len);
		}
		close(fd);
	}
	dprintf(out, "%lu %lu %lu %lu %lu %lu\n", i, r.reads, r.open_errors, r.read_errors,
		r.short_reads, r.wrong);
	_exit(0);
}

static int cmd_readers(int argc, char **argv)
{
	unsigned long count, seconds, i, reported = 0, unloads = 0, refused = 0, bad;
	struct reads total = { 0 }, r;
	const char *name = argv[3];
	pid_t *pids;
	int pipefd[2], status;
	time_t deadline;
	FILE *in;

	if (argc != 7)
		usage();
	count = number(argv[4]);
	seconds = number(argv[5]);
	pids = calloc(count, sizeof(*pids));
	if (!pids)
		die("calloc");
	if (pipe(pipefd))
		die("pipe");
	deadline = time(NULL) + seconds;
	for (i = 0; i < count; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			die("fork");
		if (pids[i] == 0) {
			close(pipefd[0]);
			reader(i, argv[2], argv[6], deadline, pipefd[1]);
		}
	}
	close(pipefd[1]);
	while (time(NULL) < deadline) {
		unloads++;
		if (syscall(SYS_delete_module, name, O_NONBLOCK) && errno == EWOULDBLOCK)
			refused++;
		usleep(10000);
	}
	in = fdopen(pipefd[0], "r");
	if (!in)
		die("fdopen");
	while (fscanf(in, "%lu %lu %lu %lu %lu %lu", &i, &r.reads, &r.open_errors,
		      &r.read_errors, &r.short_reads, &r.wrong) == 6) {
		reported++;
		total.reads += r.reads;
		total.open_errors += r.open_errors;
		total.read_errors += r.read_errors;
		total.short_reads += r.short_reads;
		total.wrong += r.wrong;
	}
	/* A reader that did not report: how it ended. */
	for (i = 0; i < count; i++) {
		if (waitpid(pids[i], &status, 0) < 0)
			die("waitpid");
		if (WIFSIGNALED(status))
			printf("reader %lu: killed by signal %d (%s)\n", i, WTERMSIG(status),
			       strsignal(WTERMSIG(status)));
		else if (WEXITSTATUS(status))
			printf("reader %lu: exit status %d\n", i, WEXITSTATUS(status));
	}
	free(pids);
	bad = total.open_errors + total.read_errors + total.short_reads + total.wrong +
	      (count - reported);
	printf("reads=%lu bad=%lu unloads=%lu refused=%lu\n", total.reads, bad, unloads, refused);
	if (bad)
		printf("failed opens %lu, failed reads %lu, short reads %lu, wrong data %lu, readers missing %lu\n",
		       total.open_errors, total.read_errors, total.short_reads, total.wrong,
		       count - reported);
	return 0;
}

/*
 * clocks: COUNT processes read the time (clock_gettime(), through the
 * vDSO) as fast as they can for SECONDS; each must survive.
 */
static int cmd_clocks(int argc, char **argv)
{
	unsigned long count, seconds, i, reads, died = 0;
	int status;

	if (argc != 4)
		usage();
	count = number(argv[2]);
	seconds = number(argv[3]);
	for (i = 0; i < count; i++) {
		pid_t pid = fork();

		if (pid < 0)
			die("fork");
		if (pid == 0) {
			struct timespec now, end;

			clock_gettime(CLOCK_MONOTONIC, &end);
			end.tv_sec += seconds;
			for (reads = 0;; reads++) {
				clock_gettime(CLOCK_MONOTONIC, &now);
				if (now.tv_sec > end.tv_sec ||
				    (now.tv_sec == end.tv_sec && now.tv_nsec >= end.tv_nsec))
					break;
			}
			_exit(reads ? 0 : 1);
		}
	}
	for (i = 0; i < count; i++) {
		pid_t pid = wait(&status);

		if (pid < 0)
			die("wait");
		if (WIFSIGNALED(status)) {
			died++;
			printf("process %d: killed by signal %d (%s)\n", (int)pid, WTERMSIG(status),
			       strsignal(WTERMSIG(status)));
		} else if (WEXITSTATUS(status)) {
			died++;
			printf("process %d: exit status %d\n", (int)pid, WEXITSTATUS(status));
		}
	}
	printf("clocks=%lu died=%lu\n", count, died);
	return died ? 1 : 0;
}

/*
 * alarms: judges standard input as the other commands judge the kernel
 * log (check_log()). A read error counts as an alarm: it prints a line
 * that says so and exits 2.
 */
static int cmd_alarms(void)
{
	size_t size = 1 << 16, len = 0, got;
	char *text = malloc(size);

	if (!text)
		die("malloc");
	while ((got = fread(text + len, 1, size - len, stdin)) > 0) {
		len += got;
		if (len == size) {
			text = realloc(text, size *= 2);
			if (!text)
				die("realloc");
		}
	}
	if (ferror(stdin)) {
		printf("alarms: reading standard input: %s: what was not read counts as alarming\n",
		       strerror(errno ? errno : EIO));
		return 2;
	}
	check_log("alarms", text, len);
	free(text);
	return 0;
}

static int cmd_stack(void)
{
	static char log[1 << 16];
	size_t len = fread(log, 1, sizeof(log) - 1, stdin);
	struct stack st;
	int i;

	log[len] = '\0';
	parse_stack(log, strstr(log, NOTICE) ? NOTICE : WINDOW_REPORT, &st);
	for (i = 0; i < st.nr; i++)
		printf("%s\n", st.func[i]);
	if (st.unnamed)
		printf("stack: a frame has no name\n");
	else
		printf("stack: %s\n", whole_stack(&st) ? "whole" : "cut short");
	return st.unnamed || !whole_stack(&st);
}

int main(int argc, char **argv)
{
	/* Each line reaches the shell's pipe at once. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	read_alarms();
	if (argc == 2 && strcmp(argv[1], "alarms") == 0)
		return cmd_alarms();
	if (argc == 2 && strcmp(argv[1], "stack") == 0)
		return cmd_stack();
	if (argc >= 2 && strcmp(argv[1], "cycles") == 0)
		return cmd_cycles(argc, argv);
	if (argc >= 3 && strcmp(argv[1], "sweep") == 0)
		return cmd_sweep(argc, argv);
	if (argc >= 2 && strcmp(argv[1], "judge") == 0)
		return cmd_judge(argc, argv);
	if (argc >= 2 && strcmp(argv[1], "readers") == 0)
		return cmd_readers(argc, argv);
	if (argc >= 2 && strcmp(argv[1], "clocks") == 0)
		return cmd_clocks(argc, argv);
	usage();
	return 2;
}
