#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# toolchain-sysroot.sh: the toolchain Buildroot uses for a board never
# reaches into the build host's headers or libraries (support/offline/
# local.mk relies on it for Debian's --with-sysroot=/ compilers): its
# wrapper passes --sysroot, and a program's headers and libraries all come
# from the output directory (or an external toolchain's own directory).
#
# Usage: tests/toolchain-sysroot.sh DEFCONFIG   (after ./br2-external build)
set -euo pipefail

PROG="toolchain-sysroot.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"

if [ $# -ne 1 ] || [[ "$1" == -* ]]; then
	die "usage: ${PROG} DEFCONFIG"
fi
select_defconfig "$1"
[ -f "${O}/.config" ] || die "${O} is not configured: ./br2-external build ${DEFCONFIG} first"
find_buildroot
TARGET_CC="" STAGING_DIR="" TOOLCHAIN_EXTERNAL_INSTALL_DIR=""
eval "$(br_vars TARGET_CC STAGING_DIR TOOLCHAIN_EXTERNAL_INSTALL_DIR)"
cc="${TARGET_CC}"
staging="${STAGING_DIR}"
# An external toolchain's own files (gcc's headers) are in its directory.
tcdir="$(readlink -f "${TOOLCHAIN_EXTERNAL_INSTALL_DIR:-${O}}")"
[ -x "${cc}" ] || die "no cross gcc ${cc}"
dbg="$(printf '#include <stdio.h>\nint main(void) { return puts("x"); }\n' |
	BR2_DEBUG_WRAPPER=1 "${cc}" -x c - -o "${O}/.toolchain-check" 2>&1)" ||
	die "${cc} cannot link a program: ${dbg}"
rm -f "${O}/.toolchain-check"
[[ "${dbg}" == *"--sysroot"*"$(readlink -f "${staging}")"* || "${dbg}" == *"--sysroot"*"${staging}"* ]] ||
	die "the toolchain wrapper does not pass --sysroot=${staging}: ${dbg}"
# The headers of a program, and the C library and start files it links.
mapfile -t files < <(printf '#include <stdio.h>\n' | "${cc}" -M -x c - | tr -s ' ' '\n' | grep '^/')
files+=("$("${cc}" -print-file-name=libc.so.6)" "$("${cc}" -print-file-name=crt1.o)")
bad=()
for f in "${files[@]}"; do
	f="$(readlink -f "${f}")"
	[[ "${f}" == "$(readlink -f "${O}")/"* || "${f}" == "${tcdir}/"* ]] || bad+=("${f}")
done
[ "${#bad[@]}" -eq 0 ] || die "the toolchain uses files outside ${O} and ${tcdir}: ${bad[*]}"
echo "toolchain ${cc##*/}: the wrapper passes --sysroot; ${#files[@]} headers and libraries, all from ${O#"${TOP}"/} or ${tcdir#"${TOP}"/}"
