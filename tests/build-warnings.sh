#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# build-warnings.sh: the kernel and the packages' modules built without a
# compiler, rustc, Clippy, linker or modpost warning, in the log of the
# build users run. The boards leave CONFIG_WERROR off (a user's own module
# with an unused variable must build), so this check keeps the tree's own
# code warning-free instead. It reads the last build's log: all of it after
# a clean build; after an incremental build, what was rebuilt.
# (tests/samples-build.sh also builds the samples afresh, with the
# modules broken on purpose, and checks for warnings.)
#
# Counted: "warning:" from rustc/Clippy (at the start of a line), from
# clang and ld.lld (the kernel's compiler and linker with LLVM=1; the host
# packages use gcc), "FILE:LINE:[COL:] warning:" for a FILE of the kernel
# tree (that has that line) or a package's module, and modpost's
# "WARNING:". Not counted: make's own warnings about makefiles; and, listed
# instead, upstream 6.1's own KNOWN_UPSTREAM_WARNING, which no patch of ours
# touches and CONFIG_WERROR never made fatal: on ARM with LLVM=1,
# arch/arm/{mm,kernel}/Makefile assemble some files with AFLAGS
# "-Wa,-march=armv7-a", which clang's integrated assembler ignores, saying
# so for each of them (KBUILD_AFLAGS never has -Werror).
#
# A log without a Kbuild line (CC, RUSTC, LD, ...) fails: the build it
# records compiled nothing, so it shows no warning either way (br2-external
# writes br.log anew at each build, so a build of an up-to-date tree
# leaves such a log). --no-op says that this is expected: the check then
# passes on such a log, saying so.
#
# Usage: tests/build-warnings.sh [--no-op] DEFCONFIG
#        tests/build-warnings.sh [--no-op] --log LOG --build-dir DIR --linux-dir DIR
#   DEFCONFIG: output/DEFCONFIG/br.log (Buildroot's utils/brmake log), its
#   build/ and build/linux-custom/; or a log and directories given.
set -euo pipefail

PROG="build-warnings.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"

KNOWN_UPSTREAM_WARNING="clang: warning: argument unused during compilation: '-march=armv7-a' [-Wunused-command-line-argument]"

usage() { die "usage: ${PROG} [--no-op] DEFCONFIG | ${PROG} [--no-op] --log LOG --build-dir DIR --linux-dir DIR"; }

log="" build_dir="" linux_dir=""
no_op=false
if [ "${1:-}" = --no-op ]; then
	no_op=true
	shift
fi
case "${1:-}" in
"" | -h | --help) usage ;;
--*)
	while [ $# -gt 0 ]; do
		case "$1" in
		--log) log="${2:-}" ;;
		--build-dir) build_dir="${2:-}" ;;
		--linux-dir) linux_dir="${2:-}" ;;
		*) usage ;;
		esac
		[ $# -ge 2 ] || usage
		shift 2
	done
	if [ -z "${log}" ] || [ -z "${build_dir}" ] || [ -z "${linux_dir}" ]; then usage; fi
	;;
*)
	[ $# -eq 1 ] || usage
	select_defconfig "$1"
	log="${O}/br.log"
	build_dir="${O}/build"
	linux_dir="${LINUX_DIR}"
	;;
esac
[ -f "${log}" ] || die "no ${log}: build first (./br2-external build)"

found=()
known=0
while IFS= read -r line; do
	case "${line}" in
	"warning: "*" warning emitted" | "warning: "*" warnings emitted") ;; # rustc's count
	"${KNOWN_UPSTREAM_WARNING}") known=$((known + 1)) ;;
	"warning: "* | "clang: warning: "* | "ld.lld: warning: "* | *"WARNING: modpost: "*)
		found+=("${line}")
		;;
	*": warning: "*)
		file="${line%%:*}"
		[[ "${line}" =~ ^[^\ :]+:([0-9]+)(:[0-9]+)?:\ warning:\  ]] || continue
		# make's own diagnostics ("Makefile:3085: warning: ignoring
		# prerequisites ..."): from any package's makefiles, not code.
		case "${file##*/}" in
		Makefile* | makefile* | GNUmakefile* | *.mk | Kbuild*) continue ;;
		esac
		if [[ "${file}" == /* ]]; then
			[[ "${file}" == "${build_dir}/"* ]] || continue
		else
			# A relative name is the kernel's only if the kernel has
			# that file and that line (packages build in parallel, so
			# their lines are interleaved with the kernel's).
			[ -f "${linux_dir}/${file}" ] || continue
			[ "$(wc -l <"${linux_dir}/${file}")" -ge "${BASH_REMATCH[1]}" ] || continue
		fi
		found+=("${line}")
		;;
	esac
	# brmake starts each line with its time.
done < <(sed -E 's/^[0-9T:-]{19} //' "${log}" | grep -E '(^|: )warning: |WARNING: modpost: ' || true)
if [ "${#found[@]}" -ne 0 ]; then
	printf '%s\n' "${found[@]}" | head -n 20 | cut -c1-300 | sed 's/^/  /'
	die "${#found[@]} compiler or linker warnings in ${log#"${TOP}"/}"
fi
[ "${known}" -eq 0 ] || echo "known upstream warnings (not counted): ${known}: ${KNOWN_UPSTREAM_WARNING}"
kbuild_lines="$(grep -cE '^([0-9T:-]{19} )? *(CC|AS|AR|LD|RUSTC|CLIPPY|MODPOST) ' "${log}" || true)"
if [ "${kbuild_lines}" -eq 0 ]; then
	${no_op} || die "no Kbuild line (CC, RUSTC, LD, ...) in ${log#"${TOP}"/}: its build compiled nothing, so it shows no warning; rebuild what to check (./br2-external build DEFCONFIG linux-rebuild rust-samples-rebuild all), or give --no-op for a build that had nothing to do"
	echo "no Kbuild line in ${log#"${TOP}"/}: the build had nothing to do (--no-op); nothing to check"
	exit 0
fi
echo "no compiler or linker warnings in ${log#"${TOP}"/} (${kbuild_lines} Kbuild lines)"
