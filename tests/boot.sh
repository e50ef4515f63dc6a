#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# boot.sh: a board's boot test, the images' own run-qemu.sh --test (as a
# user runs it): boot, run a suite of the samples' tests, check the console.
#
# Usage: tests/boot.sh DEFCONFIG [SUITE]   (after ./br2-external build)
#   SUITE: samples (default), or on a debug board stress or catch (see
#   run-qemu.sh). Timeout: RUST_FOR_LINUX_BOOT_TIMEOUT, on a debug board
#   RUST_FOR_LINUX_DEBUG_BOOT_TIMEOUT, its stress and catch suites
#   RUST_FOR_LINUX_STRESS_TIMEOUT (br2-external --help).
set -euo pipefail

PROG="boot.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"

if [ $# -lt 1 ] || [ $# -gt 2 ] || [[ "$1" == -* ]]; then
	die "usage: ${PROG} DEFCONFIG [SUITE]"
fi
select_defconfig "$1"
suite="${2:-samples}"
[ -x "${BINARIES_DIR}/run-qemu.sh" ] || die "no ${BINARIES_DIR}/run-qemu.sh: ./br2-external build ${DEFCONFIG} first"
run_deps
exec "${BINARIES_DIR}/run-qemu.sh" --test --suite "${suite}" --timeout "$(boot_timeout "${DEFCONFIG}" "${suite}")"
