# SPDX-License-Identifier: GPL-2.0
#
# rust-samples-lib.sh: what the samples' tests on the target share
# (installed as /usr/lib/rust-samples/lib.sh; sourced, BusyBox ash).

# shellcheck shell=sh

# The alarming kernel log lines (see the file).
RUST_SAMPLES_ALARMS="${RUST_SAMPLES_ALARMS:-/usr/share/rust-samples/alarms}"

# alarms: the lines of standard input that hold an alarming pattern. The
# patterns are read from the file at every call (a copy kept from an
# earlier run could be another list) and given to grep as arguments, with
# no file in between. When the list cannot be read or grep fails, every
# line of standard input counts as alarming, after a line that says why:
# the caller sees alarming lines, and the status is 1.
alarms() {
	set --
	if [ -r "${RUST_SAMPLES_ALARMS}" ]; then
		while IFS= read -r pattern || [ -n "${pattern}" ]; do
			case "${pattern}" in
			"#"* | "") ;;
			*) set -- "$@" -e "${pattern}" ;;
			esac
		done <"${RUST_SAMPLES_ALARMS}"
	fi
	if [ "$#" -eq 0 ]; then
		echo "alarms: no pattern read from ${RUST_SAMPLES_ALARMS}: every line counts as alarming"
		cat
		return 1
	fi
	grep -F "$@"
	case $? in
	0 | 1) return 0 ;;
	esac
	echo "alarms: grep -F failed: every line counts as alarming"
	cat
	return 1
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
# kernel's), and counts its injected failures down in "times", from a
# count no sweep reaches (rust-samples-fault reads which of the two
# injected a failure there). Fails if a setting cannot be written.
FAILSLAB=/sys/kernel/debug/failslab
FAIL_PAGE_ALLOC=/sys/kernel/debug/fail_page_alloc
fault_setup() {
	[ -d "${FAILSLAB}" ] || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
	{
		for d in "${FAILSLAB}" "${FAIL_PAGE_ALLOC}"; do
			echo N >"${d}/ignore-gfp-wait" && echo 0 >"${d}/probability" &&
				echo 2 >"${d}/verbose" &&
				echo 0 >"${d}/verbose_ratelimit_interval_ms" &&
				echo 1000000000 >"${d}/times" || return 1
		done
		echo N >"${FAIL_PAGE_ALLOC}/ignore-gfp-highmem" &&
			echo 0 >"${FAIL_PAGE_ALLOC}/min-order"
	} 2>/dev/null
}

# fault_window_load, fault_window_unload: the module that prints, for
# rust-samples-fault's sweeps, the stack of a slab allocation that fails
# quietly and where in a module load a failure happened
# (src/rust_samples_fault_window.c); a sweep fails without it.
FAULT_WINDOW=rust_samples_fault_window
fault_window_load() {
	is_loaded "${FAULT_WINDOW}" || modprobe "${FAULT_WINDOW}" 2>/dev/null
}
fault_window_unload() {
	! is_loaded "${FAULT_WINDOW}" || modprobe -r "${FAULT_WINDOW}" 2>/dev/null
}
