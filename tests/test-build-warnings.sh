#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/build-warnings.sh, the "no build warnings" check, run on
# made-up build logs: what it must count (the kernel's and the modules'
# compiler, rustc and linker warnings) and what it must not (make's own
# warnings about a package's makefiles, which a clean parallel Buildroot
# build interleaves with the kernel's lines; lines that only look like the
# kernel's; the listed upstream ARM warning).
# Prints one "ok"/"not ok" line per case, then "N passed, N failed".
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d "${TMPDIR:-/var/tmp}/test-build-warnings.XXXXXX")"
trap 'rm -rf "${tmp}"' EXIT
passed=0
failed=0

# A kernel tree with one 200-line C file, as the check sees it.
linux="${tmp}/output/build/linux-custom"
mkdir -p "${linux}/kernel"
seq 200 >"${linux}/kernel/fork.c"
printf 'all:\n' >"${linux}/Makefile"

# check [--no-op] LOG: runs tests/build-warnings.sh on LOG; its output in
# ${tmp}/out, its status returned.
check() {
	"${top}/tests/build-warnings.sh" "${@:1:$#-1}" --log "${!#}" --build-dir "${tmp}/output/build" \
		--linux-dir "${linux}" >"${tmp}/out" 2>&1
}

# expect NAME pass|fail LOG-LINES...: the check on a log of those lines,
# after one Kbuild line (a log of a build that compiled something).
# expect_as_is NAME pass|fail [--no-op] LOG-LINES...: on those lines alone.
expect() {
	local name="$1" want="$2"
	shift 2
	expect_as_is "${name}" "${want}" "  CC      kernel/exit.o" "$@"
}
expect_as_is() {
	local name="$1" want="$2" rc=0 got opts=()
	shift 2
	if [ "${1:-}" = --no-op ]; then
		opts=(--no-op)
		shift
	fi
	printf '%s\n' "$@" >"${tmp}/log"
	check "${opts[@]}" "${tmp}/log" || rc=$?
	got=pass
	[ "${rc}" -eq 0 ] || got=fail
	if [ "${got}" = "${want}" ]; then
		echo "ok - ${name}"
		passed=$((passed + 1))
	else
		echo "not ok - ${name} (expected ${want}, got ${got})"
		sed 's/^/# /' "${tmp}/out"
		failed=$((failed + 1))
	fi
}

make_lines=(
	"Makefile:3085: warning: ignoring prerequisites on suffix rule definition"
	"Makefile:12: warning: overriding recipe for target 'all'"
	"make[2]: warning: jobserver unavailable: using -j1."
)
arm_line="clang: warning: argument unused during compilation: '-march=armv7-a' [-Wunused-command-line-argument]"

expect "a clean log passes" pass "  CC      kernel/fork.o"
expect_as_is "an empty log fails" fail ""
expect_as_is "a log without a Kbuild line fails" fail "${make_lines[@]}"
expect_as_is "with --no-op, a log without a Kbuild line passes" pass --no-op "${make_lines[@]}"
expect_as_is "with --no-op, a warning still fails" fail --no-op "  CC      kernel/fork.o" \
	"kernel/fork.c:120:7: warning: unused variable 'x' [-Wunused-variable]"
expect "make's own warnings are not counted" pass "${make_lines[@]}"
expect "the listed upstream ARM warning is not counted" pass "${arm_line}"
expect "a kernel C warning fails" fail "${make_lines[@]}" \
	"kernel/fork.c:120:7: warning: unused variable 'x' [-Wunused-variable]"
expect "a warning with brmake's time in front fails" fail \
	"2026-12-04T17:00:00 kernel/fork.c:120:7: warning: unused variable 'x' [-Wunused-variable]"
expect "a rustc or Clippy warning fails" fail "warning: unused variable: \`y\`"
expect "rustc's count line alone is not a warning" pass "warning: 1 warning emitted"
expect "ld.lld's warning fails" fail "ld.lld: warning: section type mismatch"
expect "modpost's warning fails" fail "WARNING: modpost: missing MODULE_LICENSE() in foo.o"
expect "a line past the end of a kernel file is not the kernel's" pass \
	"kernel/fork.c:999: warning: from some other package's kernel/fork.c"
expect "a file the kernel does not have is not counted" pass \
	"lib/other.c:3:1: warning: a host package's warning"

echo "${passed} passed, ${failed} failed"
[ "${failed}" -eq 0 ]
