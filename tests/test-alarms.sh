#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-alarms.sh: the one list of alarming kernel log lines
# (package/rust-samples/target/alarms) is what every consumer judges by:
# each of them fails on a report of each kind the list names, and passes
# a clean log; and each fails closed: when it cannot read the list or the
# log, cannot match, or cannot keep the alarming lines, it fails instead
# of passing what it did not check. The consumers, on the host:
#   - the boot test: run-qemu.sh --test as post-image.sh writes it, with a
#     fake start-qemu.sh printing the console;
#   - the samples' test and the stress test: rust-samples-test --check-log
#     and rust-samples-stress --check-log, with a fake dmesg;
#   - the fault tool: rust-samples-fault alarms, built with the host's cc.
# Prints one "ok"/"not ok" line per case, then "N passed, N failed".
#
# Usage: tests/test-alarms.sh
set -euo pipefail

PROG="test-alarms.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"
[ $# -eq 0 ] || die "usage: ${PROG} (no arguments)"
target="${TOP}/package/rust-samples/target"
export RUST_SAMPLES_ALARMS="${target}/alarms"
export RUST_SAMPLES_LIB="${target}/rust-samples-lib.sh"
tmp="$(mktemp -d "${TMPDIR:-/var/tmp}/test-alarms.XXXXXX")"
trap 'rm -rf "${tmp}"' EXIT
export RUST_SAMPLES_STRESS_BAD="${tmp}/stress.bad"
# shellcheck source=tests/lib.sh
. "${TOP}/tests/lib.sh"

# A report of each kind, as the kernel prints it.
reports=(
	"Oops: 0000 [#1] SMP"
	"Kernel panic - not syncing: VFS: Unable to mount root fs"
	"kernel BUG at mm/slub.c:42!"
	"BUG: KASAN: slab-out-of-bounds in rust_helper+0x10/0x20 [rust_oob]"
	"BUG: sleeping function called from invalid context at kernel/locking/mutex.c:580"
	"BUG kmalloc-64 (Not tainted): Redzone overwritten"
	"WARNING: CPU: 0 PID: 1 at lib/foo.c:1 foo+0x1/0x2"
	"WARNING: possible circular locking dependency detected"
	"WARNING: possible recursive locking detected"
	"INFO: task modprobe:93 blocked for more than 120 seconds."
	"rcu: INFO: rcu_sched self-detected stall on CPU"
	"kmemleak: Kernel memory leak detector disabled"
	"rust_strings: check FAIL cstring_from_fmt: got \"abc\", expected \"abc1020\""
)
clean="rust_printing: begin"

# Every pattern of the list has a report above that holds it.
while IFS= read -r pattern; do
	hit=false
	for r in "${reports[@]}"; do
		[[ "${r}" != *"${pattern}"* ]] || hit=true
	done
	result "the pattern '${pattern}' has a report in this test" "${hit}" "add one to reports"
done < <(sed -e '/^#/d' -e '/^$/d' "${RUST_SAMPLES_ALARMS}")

# expect CONSUMER pass|fail LINE RC OUTPUT-FILE
expect() {
	local got=pass verb=passes ok=false
	[ "$4" -eq 0 ] || { got=fail; verb=fails; }
	[ "${got}" != "$2" ] || ok=true
	result "$1 ${verb} on '$3'" "${ok}" "want: it $2s; output:" "$5"
}

# The boot test, with a fake QEMU printing a passing KTAP console.
images="${tmp}/images"
mkdir -p "${images}"
HOST_DIR="${tmp}/host" BUILD_DIR="${tmp}/build" \
	"${TOP}/board/common/post-image.sh" "${images}" qemu-riscv64-rust
printf '#!/bin/sh\ncat "%s/console"\n' "${tmp}" >"${images}/start-qemu.sh"
chmod +x "${images}/start-qemu.sh"
tar -C "${tmp}" -xJf /usr/src/linux-source-6.1.tar.xz linux-source-6.1/tools/testing/kunit
export KUNIT_PY="${tmp}/linux-source-6.1/tools/testing/kunit/kunit.py"
boot() {
	{ echo "[    1.000000] $1"; printf 'KTAP version 1\n1..1\nok 1 rust_printing\n'; } >"${tmp}/console"
	"${images}/run-qemu.sh" --test --timeout 20 --log "${tmp}/console.log"
}

# The target's scripts, with a fake dmesg printing the kernel log as
# "dmesg -r" does ("<LEVEL>[TIME] TEXT").
mkdir -p "${tmp}/bin"
printf '#!/bin/sh\nsed "s/^/<4>[    1.000000] /" "%s/klog"\n' "${tmp}" >"${tmp}/bin/dmesg"
chmod +x "${tmp}/bin/dmesg"
target_check() {
	printf '%s\n' "$2" >"${tmp}/klog"
	PATH="${tmp}/bin:${PATH}" sh "${target}/$1" --check-log
}

# The fault tool, built for the host.
cc -Wall -Wextra -O2 -o "${tmp}/rust-samples-fault" "${target}/rust-samples-fault.c"

for line in "${clean}" "${reports[@]}"; do
	want=fail
	[ "${line}" != "${clean}" ] || want=pass
	rc=0; boot "${line}" >"${tmp}/out" 2>&1 || rc=$?
	expect "the boot test" "${want}" "${line}" "${rc}" "${tmp}/out"
	rc=0; target_check rust-samples-test "${line}" >"${tmp}/out" 2>&1 || rc=$?
	expect "rust-samples-test" "${want}" "${line}" "${rc}" "${tmp}/out"
	rc=0; target_check rust-samples-stress "${line}" >"${tmp}/out" 2>&1 || rc=$?
	expect "rust-samples-stress" "${want}" "${line}" "${rc}" "${tmp}/out"
	rc=0; printf '%s\n' "${line}" | "${tmp}/rust-samples-fault" alarms >"${tmp}/out" 2>&1 || rc=$?
	expect "rust-samples-fault" "${want}" "${line}" "${rc}" "${tmp}/out"
done

# --- Failing closed ---------------------------------------------------------

oops="Oops: 0000 [#1] SMP"
mkdir -p "${tmp}/dir" "${tmp}/badbin" "${tmp}/nodmesg"
# A grep that fails as grep does on an error of its own (status 2).
printf '#!/bin/sh\necho "grep: made-up error" >&2\nexit 2\n' >"${tmp}/badbin/grep"
# A dmesg that cannot read the kernel log.
printf '#!/bin/sh\necho "dmesg: klogctl: Operation not permitted" >&2\nexit 1\n' >"${tmp}/nodmesg/dmesg"
chmod +x "${tmp}/badbin/grep" "${tmp}/nodmesg/dmesg"

# closed CONSUMER CASE LINE ENV...: the target script CONSUMER, with the
# kernel log LINE and the environment ENV (NAME=VALUE...), must fail.
closed() {
	local consumer="$1" case="$2" line="$3" rc=0
	shift 3
	printf '%s\n' "${line}" >"${tmp}/klog"
	env PATH="${tmp}/bin:${PATH}" "$@" sh "${target}/${consumer}" --check-log >"${tmp}/out" 2>&1 || rc=$?
	expect "${consumer} (${case})" fail "${line}" "${rc}" "${tmp}/out"
}

for consumer in rust-samples-test rust-samples-stress; do
	# No file to copy the patterns to: the list is still used.
	closed "${consumer}" "TMPDIR=/nonexistent" "${oops}" TMPDIR=/nonexistent
	# No list: every line counts as alarming.
	closed "${consumer}" "no alarms file" "${clean}" RUST_SAMPLES_ALARMS="${tmp}/missing"
	closed "${consumer}" "the alarms file is a directory" "${clean}" RUST_SAMPLES_ALARMS="${tmp}/dir"
	# grep fails: what it did not match counts as alarming.
	closed "${consumer}" "grep fails" "${clean}" PATH="${tmp}/badbin:${tmp}/bin:${PATH}"
done
# rust-samples-stress: the kernel log cannot be read, or the alarming lines
# cannot be kept.
closed rust-samples-stress "dmesg fails" "${clean}" \
	PATH="${tmp}/nodmesg:${tmp}/bin:${PATH}"
closed rust-samples-stress "the file of alarming lines cannot be written" "${oops}" \
	RUST_SAMPLES_STRESS_BAD="${tmp}/missing/stress.bad"

# fault CASE INPUT-FILE ENV...: rust-samples-fault alarms, with INPUT-FILE
# as standard input and the environment ENV, must fail; with an alarming
# line in the input, its output must quote it ("kernel: ...").
fault() {
	local case="$1" input="$2" rc=0 ok=false
	shift 2
	env "$@" "${tmp}/rust-samples-fault" alarms <"${input}" >"${tmp}/out" 2>&1 || rc=$?
	if [ "${rc}" -ne 0 ] && { ! grep -q Oops "${input}" 2>/dev/null || grep -q '^kernel: .*Oops' "${tmp}/out"; }; then
		ok=true
	fi
	result "rust-samples-fault fails (${case})" "${ok}" "want: a failure that quotes the alarming line; status ${rc}, output:" "${tmp}/out"
}

printf '%s\n' "${oops}" >"${tmp}/oops"
printf '%s\n' "${clean}" >"${tmp}/clean"
fault "no alarms file" "${tmp}/clean" RUST_SAMPLES_ALARMS="${tmp}/missing"
fault "the alarms file is a directory" "${tmp}/clean" RUST_SAMPLES_ALARMS="${tmp}/dir"
fault "standard input cannot be read" "${tmp}/dir"
# A pattern across the 4096th byte of a line, and one after a NUL byte.
{ head -c 4093 /dev/zero | tr '\0' x; printf '%s\n' "${oops}"; } >"${tmp}/long"
fault "a line of 4100 bytes" "${tmp}/long"
printf 'x\000 %s\n' "${oops}" >"${tmp}/nul"
fault "a NUL byte before the pattern" "${tmp}/nul"
fault "the file of alarming lines cannot be written" "${tmp}/oops" \
	RUST_SAMPLES_STRESS_BAD="${tmp}/missing/stress.bad"
# What was kept is the alarming line, whole.
rm -f "${tmp}/kept.bad"
RUST_SAMPLES_STRESS_BAD="${tmp}/kept.bad" "${tmp}/rust-samples-fault" alarms <"${tmp}/long" >/dev/null 2>&1 || true
if cmp -s "${tmp}/long" "${tmp}/kept.bad"; then
	result "rust-samples-fault keeps the alarming line whole" true
else
	result "rust-samples-fault keeps the alarming line whole" false "${tmp}/kept.bad differs from the input"
fi

summary
