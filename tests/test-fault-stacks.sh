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
# code that is gone. Prints one "ok"/"not ok" line per case, then
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

summary
