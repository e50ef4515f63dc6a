# SPDX-License-Identifier: GPL-2.0
#
# rust-samples-lib.sh: what the samples' tests on the target share
# (installed as /usr/lib/rust-samples/lib.sh; sourced, BusyBox ash).

# shellcheck shell=sh

# The alarming kernel log lines (see the file), and its patterns alone.
RUST_SAMPLES_ALARMS="${RUST_SAMPLES_ALARMS:-/usr/share/rust-samples/alarms}"
RUST_SAMPLES_PATTERNS="${TMPDIR:-/tmp}/rust-samples-alarms.patterns.$$"

# alarms: the lines of standard input that hold an alarming pattern. The
# patterns are read from the file at every call (a copy kept from an
# earlier run could be another list).
alarms() {
	if [ ! -r "${RUST_SAMPLES_ALARMS}" ]; then
		echo "no ${RUST_SAMPLES_ALARMS}: every line counts as alarming"
		cat
		return 0
	fi
	sed -e '/^#/d' -e '/^$/d' "${RUST_SAMPLES_ALARMS}" >"${RUST_SAMPLES_PATTERNS}"
	grep -F -f "${RUST_SAMPLES_PATTERNS}"
	rm -f "${RUST_SAMPLES_PATTERNS}"
	return 0
}

# module_file NAME: the installed NAME.ko.
module_file() {
	find "/lib/modules/$(uname -r)" -name "$1.ko" | head -n 1
}

# is_loaded NAME, not_loaded NAME: NAME in /proc/modules, or gone from
# there and from /sys/module.
is_loaded() {
	grep -q "^$1 " /proc/modules
}

not_loaded() {
	! is_loaded "$1" && [ ! -e "/sys/module/$1" ]
}

# fault_setup: failslab and fail_page_alloc fail only what
# /proc/<pid>/fail-nth asks for (one count for slab and page allocations),
# GFP_KERNEL allocations included, and fail_page_alloc also highmem and
# order-0 pages (by default it leaves all three out); each prints a notice
# ("name failslab" or "name fail_page_alloc") and the stack of each
# injected failure, none dropped by its rate limit (by default 10 in 5 s:
# a dropped notice would make a failure look like a quiet one of the
# kernel's). Fails if a setting cannot be written.
FAILSLAB=/sys/kernel/debug/failslab
FAIL_PAGE_ALLOC=/sys/kernel/debug/fail_page_alloc
fault_setup() {
	[ -d "${FAILSLAB}" ] || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
	{
		for d in "${FAILSLAB}" "${FAIL_PAGE_ALLOC}"; do
			echo N >"${d}/ignore-gfp-wait" && echo 0 >"${d}/probability" &&
				echo 2 >"${d}/verbose" &&
				echo 0 >"${d}/verbose_ratelimit_interval_ms" || return 1
		done
		echo N >"${FAIL_PAGE_ALLOC}/ignore-gfp-highmem" &&
			echo 0 >"${FAIL_PAGE_ALLOC}/min-order"
	} 2>/dev/null
}
