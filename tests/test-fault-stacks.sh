#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-fault-stacks.sh: how rust-samples-fault's sweep reads the stack that
# fault injection prints, on the host (its "stack" command, which uses the
# sweep's own parser), on stacks as the two debug kernels print them. The
# sweep counts a failed allocation whose call still worked as the kernel's
# only when the stack is whole (it reaches the system call's entry) and
# every frame has a name: a stack cut short, as ARM's unwinder leaves it at
# the first Rust function, may hide the sample, and so may a frame of
# code that is gone. Then the sweep's whole judgement of such a failure
# (its "judge" command), on made-up kernel logs: a failure made with
# __GFP_NOWARN, which injection does not report, is the kernel's only when
# rust_samples_fault_window's lines show it outside the module's code, or
# the stack it printed shows whose it was; without them, it is not shown
# to be the kernel's. Prints one "ok"/"not ok" line per case, then
# "N passed, N failed".
#
# Usage: tests/test-fault-stacks.sh
set -euo pipefail

PROG="test-fault-stacks.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"
[ $# -eq 0 ] || die "usage: ${PROG} (no arguments)"
target="${TOP}/package/rust-samples/target"
tmp="$(mktemp -d "${TMPDIR:-/var/tmp}/test-fault-stacks.XXXXXX")"
trap 'rm -rf "${tmp}"' EXIT
# shellcheck source=tests/lib.sh
. "${TOP}/tests/lib.sh"

cc -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
	-o "${tmp}/rust-samples-fault" "${target}/rust-samples-fault.c"

# stack NAME WANT-STATUS LAST-LINE FRAMES: the stack on standard input must
# give the exit status, its last output line, and these frames (a
# space-separated list), in order.
stack() {
	local name="$1" want="$2" last="$3" frames="$4" rc=0 ok=true why=""
	RUST_SAMPLES_ALARMS="${target}/alarms" "${tmp}/rust-samples-fault" stack >"${tmp}/out" 2>&1 || rc=$?
	if [ "${rc}" -ne "${want}" ]; then
		ok=false
		why="exit status ${rc}, want ${want}"
	elif [ "$(tail -n 1 "${tmp}/out")" != "${last}" ]; then
		ok=false
		why="last line is not '${last}'"
	elif [ "$(head -n -1 "${tmp}/out" | paste -sd ' ')" != "${frames}" ]; then
		ok=false
		why="frames are not: ${frames}"
	elif grep -q Sanitizer "${tmp}/out"; then
		ok=false
		why="a sanitizer's report"
	fi
	result "${name}" "${ok}" "${why}" "${tmp}/out"
}

# The riscv64 debug kernel (frame pointers): a frame a line.
stack "riscv64: a whole stack" 0 "stack: whole" \
	"dump_backtrace show_stack dump_stack_lvl dump_stack should_fail_ex __should_failslab kmem_cache_alloc getname_flags do_sys_openat2 sys_openat ret_from_syscall" <<'LOG'
<4>[   93.824522] FAULT_INJECTION: forcing a failure.
<4>[   93.824522] name failslab, interval 1, probability 0, space 0, times 1
<4>[   93.826795] CPU: 1 PID: 94 Comm: rust-samples-fa Tainted: G           O       6.1.192 #1 
<4>[   93.828002] Hardware name: riscv-virtio,qemu (DT)
<4>[   93.828764] Call Trace:
<4>[   93.829294] [<ffffffff80007184>] dump_backtrace+0x20/0x28
<4>[   93.830141] [<ffffffff800071e4>] show_stack+0x30/0x3c
<4>[   93.830882] [<ffffffff8052c558>] dump_stack_lvl+0x64/0x86
<4>[   93.831655] [<ffffffff8052c592>] dump_stack+0x18/0x26
<4>[   93.832376] [<ffffffff8035d092>] should_fail_ex+0x2ba/0x2bc
<4>[   93.833173] [<ffffffff801d7a9c>] __should_failslab+0x9c/0xac
<4>[   93.834750] [<ffffffff801cbefa>] kmem_cache_alloc+0x70/0x29c
<4>[   93.835559] [<ffffffff801f35f8>] getname_flags+0x44/0x1ec
<4>[   93.837042] [<ffffffff801df0f8>] do_sys_openat2+0x46/0x124
<4>[   93.837876] [<ffffffff801df36c>] sys_openat+0xc4/0xd8
<4>[   93.838606] [<ffffffff8000425e>] ret_from_syscall+0x0/0x2
<4>[   93.846285] rust-samples-fa: a message after the stack
LOG

# The ARM debug kernel (unwind tables): a call a line; the frames are the
# callers. Its reports begin alike, up to failslab.
arm_head="$(cat <<'LOG'
<4>[   68.815445] FAULT_INJECTION: forcing a failure.
<4>[   68.815445] name failslab, interval 1, probability 0, space 0, times 1
<4>[   68.816881] CPU: 1 PID: 98 Comm: rust-samples-fa Tainted: G           O       6.1.192 #1 
<4>[   68.817586] Hardware name: ARM-Versatile Express
<4>[   68.818111]  unwind_backtrace from show_stack+0x10/0x14
<4>[   68.819009]  show_stack from dump_stack_lvl+0x60/0x78
<4>[   68.819617]  dump_stack_lvl from should_fail_ex+0x2e0/0x2e4
<4>[   68.820167]  should_fail_ex from should_failslab+0x8/0x14
LOG
)"

# The register dump after the stack ends it.
stack "ARM: a whole stack" 0 "stack: whole" \
	"show_stack dump_stack_lvl should_fail_ex should_failslab kmem_cache_alloc getname_flags do_sys_openat2 sys_openat ret_fast_syscall" <<LOG
${arm_head}
<4>[   68.821187]  should_failslab from kmem_cache_alloc+0x5c/0x318
<4>[   68.821886]  kmem_cache_alloc from getname_flags+0x30/0x1cc
<4>[   68.822406]  getname_flags from do_sys_openat2+0x48/0x128
<4>[   68.822923]  do_sys_openat2 from sys_openat+0xc0/0xc8
<4>[   68.823370]  sys_openat from ret_fast_syscall+0x0/0x1c
<4>[   68.823806] Exception stack(0xc2153fa8 to 0xc2153ff0)
<4>[   68.824444] 3fa0:                   00020000 00000000 ffffff9c 00407a84 00020000 00000000
LOG

# ARM, an allocation by a module's Rust code: the unwinder stops at it.
arm_cut="${arm_head}
<4>[  339.643984]  should_failslab from __kmem_cache_alloc_node+0x5c/0x24c
<4>[  339.644482]  __kmem_cache_alloc_node from __kmalloc_node_track_caller+0x88/0x1fc
<4>[  339.645231]  __kmalloc_node_track_caller from krealloc+0x64/0x12c
<4>[  339.645848]  krealloc from _RNvCshkcb6K4OXGI_18rust_leak_on_error5setup+0x18/0x1d0 [rust_leak_on_error]
<4>[  348.054400] rust_leak_on_error: a message after the stack"
allocator="show_stack dump_stack_lvl should_fail_ex should_failslab __kmem_cache_alloc_node __kmalloc_node_track_caller krealloc"
stack "ARM: a stack cut short at a module's Rust function" 1 "stack: cut short" \
	"${allocator} _RNvCshkcb6K4OXGI_18rust_leak_on_error5setup" <<<"${arm_cut}"

# The same stack, made to end at a function of the kernel crate (in vmlinux,
# no module named): the sample that called it is not shown, so such a
# failure cannot be counted as the kernel's.
kernel_crate="_RNvMNtCs3yuwAp0waWO_6kernel3strNtB2_7CString13try_from_fmt"
stack "ARM: a stack cut short at the kernel crate" 1 "stack: cut short" \
	"${allocator} ${kernel_crate}" \
	< <(sed "s/from _RNv[^ ]* \[rust_leak_on_error\]\$/from ${kernel_crate}+0x40\/0x1a0/" <<<"${arm_cut}")

# A frame that kallsyms cannot name (a module's freed init code).
stack "riscv64: a frame without a name" 1 "stack: a frame has no name" \
	"dump_backtrace kmem_cache_alloc ret_from_syscall" <<'LOG'
<4>[   93.824522] FAULT_INJECTION: forcing a failure.
<4>[   93.828764] Call Trace:
<4>[   93.829294] [<ffffffff80007184>] dump_backtrace+0x20/0x28
<4>[   93.834750] [<ffffffff801cbefa>] kmem_cache_alloc+0x70/0x29c
<4>[   93.835559] [<ffffffff0208a0b4>] 0xffffffff0208a0b4
<4>[   93.838606] [<ffffffff8000425e>] ret_from_syscall+0x0/0x2
LOG
stack "ARM: a frame without a name" 1 "stack: a frame has no name" \
	"show_stack kmem_cache_alloc_trace ret_fast_syscall" <<'LOG'
<4>[   68.815445] FAULT_INJECTION: forcing a failure.
<4>[   68.818111]  unwind_backtrace from show_stack+0x10/0x14
<4>[   68.818112]  show_stack from kmem_cache_alloc_trace+0x10/0x14
<4>[   68.819009]  kmem_cache_alloc_trace from 0xbf0120a4
<4>[   68.823370]  0xbf0120a4 from ret_fast_syscall+0x0/0x1c
LOG

# No injection report at all: no stack, not whole.
stack "no report: no stack" 1 "stack: cut short" "" <<'LOG'
<6>[    1.000000] rust_printing: Rust printing macros sample
LOG

# judge NAME WANT KIND MODULE slab|page: the judgement on the kernel log on
# standard input must be WANT: "loader", "kernel", "fallback" or "uevent"
# (exit status 0), or "not shown" (an "error: " line, exit status 1).
judge() {
	local name="$1" want="$2" rc=0 ok=true why=""
	RUST_SAMPLES_ALARMS="${target}/alarms" "${tmp}/rust-samples-fault" judge "$3" "$4" "$5" \
		>"${tmp}/out" 2>&1 || rc=$?
	if grep -q Sanitizer "${tmp}/out"; then
		ok=false
		why="a sanitizer's report"
	elif [ "${want}" = "not shown" ]; then
		if [ "${rc}" -ne 1 ] || ! grep -q '^error: ' "${tmp}/out"; then
			ok=false
			why="want: not shown to be the kernel's (error, status 1); status ${rc}"
		fi
	elif [ "${rc}" -ne 0 ] || [ "$(cat "${tmp}/out")" != "${want}" ]; then
		ok=false
		why="want: ${want} (status 0); status ${rc}"
	fi
	result "judge: ${name}" "${ok}" "${why}" "${tmp}/out"
}

# window COMING INIT CLOSE [PARAMETERS [CLOSING]]: rust_samples_fault_window's
# lines of a load of rust_types, with fail-nth COMING at "coming", INIT at
# "init runs next" and CLOSE at "live" (or CLOSING).
window() {
	cat <<LOG
<6>[   40.100000] rust_samples_fault_window: rust_types coming, fail-nth $1, parameters ${4:-0}
<6>[   40.200000] rust_samples_fault_window: rust_types init runs next, fail-nth $2
<6>[   40.300000] rust_types: begin
<6>[   40.400000] rust_samples_fault_window: rust_types ${5:-live}, fail-nth $3
LOG
}

# A page allocation that failed quietly (no notice, and no stack: no
# rust_samples_fault_window) in a load.
judge "a quiet page failure before the module's code" loader load rust_types page \
	< <(window 2 0 0)
judge "a quiet page failure after the module's code" loader load rust_types page \
	< <(window 5 3 1)
judge "a quiet page failure after a failed init" loader load rust_types page \
	< <(window 5 3 1 0 going)
# While the module's init could run, nothing shows whose it was: the
# sample could have asked with __GFP_NOWARN and swallowed the failure.
judge "a quiet page failure while the module's init runs" "not shown" load rust_types page \
	< <(window 5 3 0)
# With parameters, whose callbacks the loader runs after "coming", the
# module's code could run from there.
judge "a quiet page failure after coming, the module with parameters" "not shown" \
	load rust_types page < <(window 2 0 0 1)
judge "a quiet page failure, no window lines" "not shown" load rust_types page <<'LOG'
<6>[   40.300000] rust_types: begin
LOG
# A read or a write runs the module's code throughout.
judge "a quiet page failure in a read" "not shown" read rust_miscdev page <<'LOG'
<6>[   50.000000] rust_miscdev: nothing about the failure
LOG

# rust_samples_fault_window's report of a failure injected quietly while
# the module's init ran: "quiet page FRAME..." as its kprobe on
# should_fail_alloc_page() prints it, with the stack of the counted
# allocation before it from $BEFORE (frames, "" for none), or "quiet slab
# FRAME..." as its probe of the kmalloc trace point prints it; then the
# load's frames.
BEFORE=""
quiet() {
	local kind="$1"
	shift
	window 5 3 0
	cat <<LOG
<6>[   40.250000] rust_samples_fault_window: injected failure: ${kind}
<4>[   40.250001] CPU: 0 PID: 94 Comm: rust-samples-fa Tainted: G           O       6.1.192 #1
<4>[   40.250002] Hardware name: riscv-virtio,qemu (DT)
<4>[   40.250003] Call Trace:
<4>[   40.250004] [<ffffffff80007184>] dump_backtrace+0x20/0x28
<4>[   40.250005] [<ffffffff800071e4>] show_stack+0x30/0x3c
<4>[   40.250006] [<ffffffff8052c558>] dump_stack_lvl+0x64/0x86
<4>[   40.250007] [<ffffffff8052c592>] dump_stack+0x18/0x26
LOG
	if [ "${kind}" = page ]; then
		cat <<'LOG'
<4>[   40.250008] [<ffffffff01a9a012>] fault_window_page+0x2e/0x3c [rust_samples_fault_window]
<4>[   40.250009] [<ffffffff8000a10a>] kprobe_breakpoint_handler+0x4a/0x9c
<4>[   40.250009] [<ffffffff8000a10a>] do_trap_break+0x2a/0x6c
<4>[   40.250009] [<ffffffff8000a10a>] ret_from_exception+0x0/0x1c
<4>[   40.250009] [<ffffffff8035d092>] should_fail_alloc_page+0x0/0x1c
LOG
	else
		cat <<'LOG'
<4>[   40.250008] [<ffffffff01a9a012>] fault_window_kmalloc+0x2e/0x3c [rust_samples_fault_window]
<4>[   40.250009] [<ffffffff801cd10a>] __traceiter_kmalloc+0x4a/0x6c
LOG
	fi
	for f in "$@"; do
		echo "<4>[   40.250010] [<ffffffff80100000>] ${f}"
	done
	cat <<'LOG'
<4>[   40.250011] [<ffffffff800025ea>] do_one_initcall+0x1b4/0x3ce
<4>[   40.250012] [<ffffffff800e64dc>] do_init_module+0xd6/0x296
<4>[   40.250013] [<ffffffff800e4350>] load_module+0x23d8/0x2552
<4>[   40.250014] [<ffffffff800e0da4>] sys_finit_module+0xd0/0x104
<4>[   40.250015] [<ffffffff8000425e>] ret_from_syscall+0x0/0x2
LOG
	if [ "${kind}" = slab ]; then
		:
	elif [ -z "${BEFORE}" ]; then
		echo "<6>[   40.250016] rust_samples_fault_window: the counted allocation before it: none"
	else
		echo "<6>[   40.250016] rust_samples_fault_window: the counted allocation before it:"
		for f in ${BEFORE}; do
			echo "<4>[   40.250017]  [<ffffffff80100000>] ${f}"
		done
	fi
	echo "<6>[   40.260000] rust_types: done 26"
}

# The slab allocator's first try at the pages of a new slab (__GFP_NOWARN),
# for an allocation of the sample's: it tries again with the smallest
# order, and the sample gets its memory. The counted allocation before it
# is the sample's allocation itself (failslab's check: no page allocation
# stack), or a page allocation of something else.
new_slab=("__alloc_pages+0x14e/0x33c" "new_slab+0x26/0x66" "___slab_alloc+0x4d8/0x8ae"
	"__kmalloc_node_track_caller+0xc4/0x200" "krealloc+0x54/0x106"
	"init_module+0x1e/0x1000 [rust_types]")
BEFORE="should_fail_alloc_page+0x0/0x1c __alloc_pages+0x14e/0x33c __get_free_pages+0x1c/0x4e pte_alloc_one_kernel+0x2a/0x5c"
judge "a quiet page failure of the slab allocator's first try, under the module" fallback \
	load rust_types page < <(quiet page "${new_slab[@]}")
BEFORE=""
judge "the same, the first counted allocation" fallback load rust_types page \
	< <(quiet page "${new_slab[@]}")
# Its second try, after a first that failed on its own (the counted
# allocation before it): the sample's allocation fails.
BEFORE="should_fail_alloc_page+0x0/0x1c __alloc_pages+0x14e/0x33c new_slab+0x18/0x66 ___slab_alloc+0x4d8/0x8ae"
judge "a quiet page failure of the slab allocator's second try, under the module" "not shown" \
	load rust_types page < <(quiet page "${new_slab[@]}")
BEFORE=""
# vmalloc's bulk allocation, which it follows with pages one by one; a
# page of those fails vmalloc.
judge "a quiet failure of vmalloc's bulk allocation, under the module" fallback load rust_types page \
	< <(quiet page "__alloc_pages_bulk+0x2ce/0x8a4" "vm_area_alloc_pages+0x98/0x2b6" \
		"__vmalloc_area_node+0xb4/0x25a" "__vmalloc_node_range+0x12a/0x2ac" \
		"vmalloc+0x3a/0x44" "init_module+0x1e/0x1000 [rust_types]")
judge "a quiet failure of vmalloc's page by page allocation, under the module" "not shown" \
	load rust_types page < <(quiet page "__alloc_pages+0x14e/0x33c" "vm_area_alloc_pages+0x1a8/0x2b6" \
		"__vmalloc_area_node+0xb4/0x25a" "__vmalloc_node_range+0x12a/0x2ac" \
		"vmalloc+0x3a/0x44" "init_module+0x1e/0x1000 [rust_types]")
# KASAN's stack depot, which keeps no stack when it cannot allocate.
judge "a quiet failure of the stack depot's, under the module" fallback load rust_types page \
	< <(quiet page "__alloc_pages+0x14e/0x33c" "__stack_depot_save+0x2c4/0x46a" \
		"kasan_save_stack+0x3c/0x5a" "kasan_set_track+0x44/0x70" "__kasan_kmalloc+0x7a/0x8c" \
		"__kmalloc_node_track_caller+0xd4/0x200" "krealloc+0x54/0x106" \
		"init_module+0x1e/0x1000 [rust_types]")

# A page allocation with __GFP_NOFAIL finds fail-nth at 1 too, but is not
# counted (it cannot fail): the injected one is the last so reported.
judge "two page reports: the last is the injected one" fallback load rust_types page \
	< <(quiet page "__get_free_pages+0x1c/0x4e" "init_module+0x1e/0x1000 [rust_types]"
		quiet page "__alloc_pages_bulk+0x2ce/0x8a4" "vm_area_alloc_pages+0x98/0x2b6" \
			"__vmalloc_area_node+0xb4/0x25a" "__vmalloc_node_range+0x12a/0x2ac" \
			"vmalloc+0x3a/0x44" "init_module+0x1e/0x1000 [rust_types]")

# kmemleak's record of the sample's own allocation: kmemleak falls back on
# its pool.
judge "a quiet slab failure of kmemleak's under the module" fallback load rust_types slab \
	< <(quiet slab "kmem_cache_alloc+0x70/0x29c" "__create_object+0x4e/0x61c" \
		"kmemleak_alloc+0x40/0x6c" "__kmalloc_node_track_caller+0xc4/0x200" \
		"krealloc+0x54/0x106" "init_module+0x1e/0x1000 [rust_types]")
# The sample's own allocation with __GFP_NOWARN, whose failure it hid.
judge "a quiet slab failure of the module's own" "not shown" load rust_types slab \
	< <(quiet slab "__kmalloc_node_track_caller+0xc4/0x200" "krealloc+0x54/0x106" \
		"init_module+0x1e/0x1000 [rust_types]")
# The same in a read: rust_samples_fault_window prints it just as well.
judge "a quiet slab failure of the module's own in a read" "not shown" read rust_types slab \
	< <(quiet slab "__kmalloc_node_track_caller+0xc4/0x200" "krealloc+0x54/0x106" \
		"init_module+0x1e/0x1000 [rust_types]" | grep -v 'rust_samples_fault_window: rust_types')
# No stack of it at all: rust_samples_fault_window is not loaded.
judge "a quiet slab failure without a stack" "not shown" load rust_types slab \
	< <(window 5 3 0)
# kernfs preloads the radix tree before its GFP_ATOMIC idr_alloc_cyclic(),
# which falls back on the preload; elsewhere radix_tree_node_alloc() may
# fail its caller, and under the module's frames that is not shown.
judge "a quiet radix tree node failure of kernfs under the module" fallback load rust_types slab \
	< <(quiet slab "kmem_cache_alloc+0x70/0x29c" "radix_tree_node_alloc+0x6a/0x10c" \
		"idr_get_free+0x1c4/0x2a6" "idr_alloc_cyclic+0x6e/0x11c" \
		"__kernfs_new_node+0x9c/0x2aa" "0xffffffff01a94eda")
judge "a quiet radix tree node failure under the module" "not shown" load rust_types slab \
	< <(quiet slab "kmem_cache_alloc+0x70/0x29c" "radix_tree_node_alloc+0x6a/0x10c" \
		"idr_get_free+0x1c4/0x2a6" "idr_alloc_cyclic+0x6e/0x11c" "0xffffffff01a94eda")

# A failure that injection reported, with a whole stack of the kernel's.
judge "a reported failure on a whole stack without the module" kernel load rust_types slab \
	< <(window 5 3 0; sed -n '1,/ret_from_syscall/p' <<'LOG'
<4>[   93.824522] FAULT_INJECTION: forcing a failure.
<4>[   93.824522] name failslab, interval 1, probability 0, space 0, times 1
<4>[   93.828764] Call Trace:
<4>[   93.829294] [<ffffffff80007184>] dump_backtrace+0x20/0x28
<4>[   93.832376] [<ffffffff8035d092>] should_fail_ex+0x2ba/0x2bc
<4>[   93.834750] [<ffffffff801cbefa>] kmem_cache_alloc+0x70/0x29c
<4>[   93.835559] [<ffffffff801f35f8>] getname_flags+0x44/0x1ec
<4>[   93.837042] [<ffffffff801df0f8>] do_sys_openat2+0x46/0x124
<4>[   93.838606] [<ffffffff8000425e>] ret_from_syscall+0x0/0x2
LOG
)

summary
