#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel-series.sh: the checks of the kernel patch series on one board's
# built kernel tree, after the whole series.
#
# Usage: tests/kernel-series.sh DEFCONFIG   (after ./br2-external build)
#        KDIR=DIR LINUX_MAKE_FLAGS=FLAGS tests/kernel-series.sh -
#   DEFCONFIG         the board: its kernel tree (output/DEFCONFIG/build/
#                     linux-custom), Buildroot's LINUX_MAKE_FLAGS, the
#                     kernel tarball and patch directory of its defconfig
#   -                 from the environment instead: KDIR, a configured and
#                     built kernel tree with the series applied;
#                     LINUX_MAKE_FLAGS, the kernel make flags, shell-quoted,
#                     as "make printvars VARS=LINUX_MAKE_FLAGS
#                     QUOTED_VARS=YES" gives them; LINUX_TARBALL and
#                     LINUX_PATCH_DIR, the kernel source and the patches
#                     (default: Debian's tarball, patches/linux)
#
# Checks, each reported as a KTAP result, then "N passed, N failed":
#   - every patch of patches/linux applies to the pristine tarball without
#     fuzz or offset;
#   - scripts/checkpatch.pl reports no error on any patch;
#   - make rustfmtcheck is clean;
#   - make rustdoc builds;
#   - make rusttest passes (host unit tests and documentation tests of the
#     macros and kernel crates).
# The build itself runs with CLIPPY=1; tests/build-warnings.sh fails on any
# Rust, Clippy or C warning in its log. The kernel makes take the build
# lock. Logs go to $KDIR/check-kernel-series/.
set -euo pipefail

PROG="kernel-series.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"

case "${1:-}" in
"" | -?*) die "usage: ${PROG} DEFCONFIG | KDIR=DIR LINUX_MAKE_FLAGS=FLAGS ${PROG} -" ;;
-) ;;
*) kernel_tree_env "$1" ;;
esac
PATCH_DIR="${LINUX_PATCH_DIR:-${TOP}/patches/linux}"
TARBALL="${LINUX_TARBALL:-/usr/src/linux-source-6.1.tar.xz}"

[ -n "${KDIR:-}" ] || die "KDIR is not set (the built kernel tree to check)"
[ -f "${KDIR}/.config" ] || die "${KDIR} is not a configured kernel tree (no .config)"
# Shell-quoted, as Buildroot's printvars QUOTED_VARS=YES gives them.
flags=()
eval "flags=(${LINUX_MAKE_FLAGS:-})"
[ "${#flags[@]}" -gt 0 ] || die "LINUX_MAKE_FLAGS is not set (the kernel make flags)"

LOG_DIR="${KDIR}/check-kernel-series"
mkdir -p "${LOG_DIR}"
mapfile -t patches < <(find "${PATCH_DIR}" -maxdepth 1 -name '*.patch' | LC_ALL=C sort)
[ "${#patches[@]}" -gt 0 ] || die "no patch in ${PATCH_DIR}"

n=0
passed=0
failed=0
result() { # result <0|1> <name> [log]
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok ${n} $2"
		passed=$((passed + 1))
	else
		echo "not ok ${n} $2"
		failed=$((failed + 1))
		if [ -n "${3:-}" ]; then
			echo "# last lines of $3:"
			tail -n 25 "$3" | sed 's/^/# /'
		fi
	fi
}
kmake() { flock "${KBUILD_LOCK}" make -C "${KDIR}" "${flags[@]}" -j"$(nproc)" "$@"; }
timed() { # timed <log> <cmd...>: runs, logs, prints the duration
	local start rc=0
	start=$(date +%s)
	"${@:2}" >"$1" 2>&1 || rc=$?
	echo "# $(basename "$1" .log): $(($(date +%s) - start)) s"
	return "${rc}"
}

echo "KTAP version 1"
echo "1..5"

# 1. The series applies to the pristine tarball, in order, without fuzz.
if [ -f "${TARBALL}" ]; then
	tmp="$(mktemp -d)"
	trap 'rm -rf "${tmp}"' EXIT
	log="${LOG_DIR}/apply.log"
	rc=0
	{
		tar -C "${tmp}" --strip-components=1 -xJf "${TARBALL}"
		for p in "${patches[@]}"; do
			out="$(patch -d "${tmp}" -p1 -N --no-backup-if-mismatch <"${p}" 2>&1)" || {
				echo "${out}"
				echo "FAILED: $(basename "${p}") does not apply"
				exit 1
			}
			if grep -qiE 'fuzz|offset' <<<"${out}"; then
				echo "${out}"
				echo "FAILED: $(basename "${p}") applies only with fuzz or offset"
				exit 1
			fi
			echo "applied $(basename "${p}")"
		done
	} >"${log}" 2>&1 || rc=$?
	result "${rc}" "series applies to $(basename "${TARBALL}") without fuzz (${#patches[@]} patches)" "${log}"
	rm -rf "${tmp}"
	trap - EXIT
else
	result 1 "series applies: no ${TARBALL} (Debian package linux-source-6.1)"
fi

# 2. checkpatch.pl: no error on any patch (warnings are listed in the log).
log="${LOG_DIR}/checkpatch.log"
rc=0
errors=0
: >"${log}"
for p in "${patches[@]}"; do
	out="$(cd "${KDIR}" && perl scripts/checkpatch.pl "${p}" 2>&1)" || true
	printf '=== %s\n%s\n' "$(basename "${p}")" "${out}" >>"${log}"
	e="$(sed -nE 's/^total: ([0-9]+) errors?.*/\1/p' <<<"${out}")"
	[ -n "${e}" ] || { echo "no checkpatch summary for ${p}" >>"${log}"; e=1; }
	if [ "${e}" -gt 0 ]; then
		errors=$((errors + e))
		echo "# checkpatch: ${e} error(s) in $(basename "${p}")"
	fi
done
[ "${errors}" -eq 0 ] || rc=1
result "${rc}" "checkpatch.pl: no errors in ${#patches[@]} patches" "${log}"

# 3-5. The Rust checks of the kernel's own build system.
rc=0; timed "${LOG_DIR}/rustfmtcheck.log" kmake rustfmtcheck || rc=$?
result "${rc}" "make rustfmtcheck" "${LOG_DIR}/rustfmtcheck.log"
rc=0; timed "${LOG_DIR}/rustdoc.log" kmake rustdoc || rc=$?
result "${rc}" "make rustdoc" "${LOG_DIR}/rustdoc.log"
rc=0; timed "${LOG_DIR}/rusttest.log" kmake rusttest || rc=$?
if [ "${rc}" -eq 0 ]; then
	# Each crate's unit tests and doctests end with a "test result:" line.
	sed -nE 's/^test result: ok\. ([0-9]+) passed.*/# rusttest: \1 passed/p' "${LOG_DIR}/rusttest.log"
	grep -q '^test result: ok\. [1-9]' "${LOG_DIR}/rusttest.log" || rc=1
fi
result "${rc}" "make rusttest" "${LOG_DIR}/rusttest.log"

echo "${passed} passed, ${failed} failed"
[ "${failed}" -eq 0 ]
