#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# sdcard.sh: a board's SD card image, written onto a blank card as a user
# writes it, boots as the image itself does. The "card" is a new blank
# file twice the image's size (QEMU's SD cards have a power-of-two size);
# images/flash-sdcard.sh writes it (with bmaptool and the .bmap when they
# are there, else dd, then reads it back), run-qemu.sh --test --sd boots it,
# and its KTAP results must be the same lines as those of the boot test of
# the image (tests/boot.sh, images/console.log).
#
# Usage: tests/sdcard.sh DEFCONFIG   (after ./br2-external build and tests/boot.sh)
set -euo pipefail

PROG="sdcard.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"

if [ $# -ne 1 ] || [[ "$1" == -* ]]; then
	die "usage: ${PROG} DEFCONFIG"
fi
select_defconfig "$1"
image="${BINARIES_DIR}/sdcard.img"
[ -f "${image}" ] || die "no ${image}: ${DEFCONFIG} makes no SD card image, or is not built (./br2-external build ${DEFCONFIG})"
[ -f "${BINARIES_DIR}/console.log" ] || die "no ${BINARIES_DIR}/console.log: run tests/boot.sh ${DEFCONFIG} first"
run_deps
tmp="$(mktemp -d "${TMPDIR:-/var/tmp}/sdcard.XXXXXX")"
trap 'rm -rf "${tmp}"' EXIT

size="$(stat -c %s "${image}")"
card="${tmp}/card.img"
truncate -s $((size * 2)) "${card}"
msg "writing ${image#"${TOP}"/} onto a blank $((size * 2 / 1048576)) MiB card (flash-sdcard.sh)"
"${BINARIES_DIR}/flash-sdcard.sh" --yes "${card}"
msg "booting the card"
"${BINARIES_DIR}/run-qemu.sh" --test --sd "${card}" --timeout "$(boot_timeout "${DEFCONFIG}")" \
	--log "${tmp}/console.log"

# The KTAP result lines of both boots, in order.
results() { grep -E '^ *(not )?ok [0-9]+ ' "$1" || true; }
results "${BINARIES_DIR}/console.log" >"${tmp}/image.results"
results "${tmp}/console.log" >"${tmp}/card.results"
[ -s "${tmp}/image.results" ] || die "no KTAP results in ${BINARIES_DIR}/console.log"
if ! diff -u "${tmp}/image.results" "${tmp}/card.results" >"${tmp}/diff"; then
	head -n 40 "${tmp}/diff"
	die "the card's boot gave other results than the image's (diff above)"
fi
echo "the written card boots as the image: the same $(wc -l <"${tmp}/card.results") KTAP result lines"
