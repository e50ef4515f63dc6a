#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-fault-readers.sh: rust-samples-fault readers and clocks, the
# concurrent reads of the stress test, on the host against files that
# stand in for the device. It is built with the host's cc under AddressSanitizer and
# UndefinedBehaviorSanitizer, and run as user nobody, so that its unload
# attempts fail with EPERM: nothing reaches this machine's modules. Each
# way a read can go wrong must be counted under its own cause, with the
# reader's first failure, and a reader that dies must be named with its
# signal. Prints one "ok"/"not ok" line per case, then "N passed,
# N failed".
#
# Usage: tests/test-fault-readers.sh   (as root: it drops to nobody)
set -euo pipefail

PROG="test-fault-readers.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"
[ $# -eq 0 ] || die "usage: ${PROG} (no arguments)"
[ "$(id -u)" -eq 0 ] || die "run as root: the tool runs as user nobody, so that unloading fails (EPERM)"
target="${TOP}/package/rust-samples/target"
tmp="$(mktemp -d "${TMPDIR:-/var/tmp}/test-fault-readers.XXXXXX")"
trap 'rm -rf "${tmp}"' EXIT
chmod 755 "${tmp}"
# shellcheck source=tests/lib.sh
. "${TOP}/tests/lib.sh"

cc -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
	-o "${tmp}/rust-samples-fault" "${target}/rust-samples-fault.c"
cp "${target}/alarms" "${tmp}/alarms"
data="Hello from a Rust #[vtable] misc device!
"
printf '%s' "${data}" >"${tmp}/right"
printf '%s' "${data/Rust/Rusty}" >"${tmp}/wrong"
printf 'Hello' >"${tmp}/short"
chmod 644 "${tmp}/alarms" "${tmp}/right" "${tmp}/wrong" "${tmp}/short"
MODULE=rust_samples_test_no_such_module

# readers FILE COUNT SECONDS: the tool's output, as nobody, in tmp/out.
readers() {
	local rc=0
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
		env RUST_SAMPLES_ALARMS="${tmp}/alarms" \
		"${tmp}/rust-samples-fault" readers "$1" "${MODULE}" "$2" "$3" "${data}" \
		>"${tmp}/out" 2>&1 || rc=$?
	echo "exit status ${rc}" >>"${tmp}/out"
}

# has NAME REGEX: a case that passes if tmp/out has a line matching REGEX.
has() {
	local ok=false
	! grep -Eq -- "$2" "${tmp}/out" || ok=true
	result "$1" "${ok}" "no line matches: $2" "${tmp}/out"
}

# clean NAME: a case that passes if the run ended with status 0 and
# without a sanitizer's report.
clean() {
	local ok=false
	if grep -qx 'exit status 0' "${tmp}/out" && ! grep -q 'Sanitizer' "${tmp}/out"; then
		ok=true
	fi
	result "$1: exit status 0, no sanitizer report" "${ok}" "" "${tmp}/out"
}

readers "${tmp}/right" 3 2
has "right data: no bad read" '^reads=[1-9][0-9]* bad=0 unloads=[1-9][0-9]* refused=0$'
clean "right data"
if grep -q 'first failure\|killed' "${tmp}/out"; then
	result "right data: no failure printed" false "" "${tmp}/out"
else
	result "right data: no failure printed" true
fi

readers "${tmp}/wrong" 2 1
has "wrong data: counted as wrong data" '^failed opens 0, failed reads 0, short reads 0, wrong data [1-9][0-9]*, readers missing 0$'
has "wrong data: first differing byte" '^reader [01]: first failure: byte 17 is 0x79, not 0x20$'
clean "wrong data"

readers "${tmp}/short" 2 1
has "short read: counted as short" '^failed opens 0, failed reads 0, short reads [1-9][0-9]*, wrong data 0, readers missing 0$'
has "short read: its length" '^reader [01]: first failure: read 5 of 41 bytes$'
clean "short read"

readers "${tmp}/missing" 2 1
has "failed open: counted as failed open" '^failed opens [1-9][0-9]*, failed reads 0, short reads 0, wrong data 0, readers missing 0$'
has "failed open: its errno" '^reader [01]: first failure: open: No such file or directory$'
clean "failed open"

readers "${tmp}" 2 1
has "failed read: counted as failed read" '^failed opens 0, failed reads [1-9][0-9]*, short reads 0, wrong data 0, readers missing 0$'
has "failed read: its errno" '^reader [01]: first failure: read: Is a directory$'
clean "failed read"

# A reader that dies: the tool forks its readers at once; one of them
# gets SIGSEGV while they read (not handled by AddressSanitizer).
setpriv --reuid=nobody --regid=nogroup --clear-groups \
	env RUST_SAMPLES_ALARMS="${tmp}/alarms" ASAN_OPTIONS=handle_segv=0 \
	"${tmp}/rust-samples-fault" readers "${tmp}/right" "${MODULE}" 2 3 "${data}" \
	>"${tmp}/out" 2>&1 &
tool=$!
victim=""
for _ in $(seq 50); do
	victim="$(pgrep -P "${tool}" | head -n 1 || true)"
	[ -z "${victim}" ] || break
	sleep 0.1
done
[ -z "${victim}" ] || kill -SEGV "${victim}"
rc=0
wait "${tool}" || rc=$?
echo "exit status ${rc}" >>"${tmp}/out"
has "reader killed: named with its signal" '^reader [01]: killed by signal 11 \(Segmentation fault\)$'
has "reader killed: counted as missing" '^failed opens 0, failed reads 0, short reads 0, wrong data 0, readers missing 1$'
has "reader killed: bad=1" '^reads=[1-9][0-9]* bad=1 '

# clocks: processes that read the time all survive.
rc=0
RUST_SAMPLES_ALARMS="${tmp}/alarms" "${tmp}/rust-samples-fault" clocks 2 1 >"${tmp}/out" 2>&1 || rc=$?
echo "exit status ${rc}" >>"${tmp}/out"
has "clocks: two processes read the time for 1 s" '^clocks=2 died=0$'
clean "clocks"

summary
