#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# sdcard.sh: a board's SD card image, written onto a blank card as a user
# writes it, boots as the image itself does. The "card" is a new blank
# file twice the image's size (QEMU's SD cards have a power-of-two size).
# As root, with losetup working, the file is attached as a real loop
# device (losetup --find --show) and images/flash-sdcard.sh writes the
# loop device, with the host's own sysfs, mountinfo and swap list (its
# checks of a real block device); the loop device is detached after it,
# also on a failure, and the file must then hold the image. Otherwise a
# "skip: real loop device (WHY)" line says so and flash-sdcard.sh writes
# the file itself. It writes with bmaptool and the .bmap when they are
# there, else dd, then reads it back. run-qemu.sh --test --sd boots the
# file, and its KTAP results must be the same lines as those of the boot
# test of the image (tests/boot.sh, images/console.log).
#
# Usage: tests/sdcard.sh DEFCONFIG   (after ./br2-external build and tests/boot.sh)
set -Eeuo pipefail

PROG="sdcard.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"
# on_err STATUS LINE COMMAND: a command failed where nothing checks it:
# one line naming it (from the shell itself, not from each subshell).
on_err() {
	if [ "${BASH_SUBSHELL}" -eq 0 ]; then
		echo "${PROG}: ERROR: line $2: $3 failed (exit $1)" >&2
	fi
}
trap 'on_err "$?" "${LINENO}" "${BASH_COMMAND}"' ERR

if [ $# -ne 1 ] || [[ "$1" == -* ]]; then
	die "usage: ${PROG} DEFCONFIG"
fi
select_defconfig "$1"
image="${BINARIES_DIR}/sdcard.img"
[ -f "${image}" ] || die "no ${image}: ${DEFCONFIG} makes no SD card image, or is not built (./br2-external build ${DEFCONFIG})"
[ -f "${BINARIES_DIR}/console.log" ] || die "no ${BINARIES_DIR}/console.log: run tests/boot.sh ${DEFCONFIG} first"
run_deps
tmp="$(mktemp -d "${TMPDIR:-/var/tmp}/sdcard.XXXXXX")"
loop=""
# cleanup: detaches the loop device (when one is attached), removes ${tmp}.
cleanup() {
	if [ -n "${loop}" ]; then
		losetup -d "${loop}" || echo "${PROG}: could not detach ${loop}: losetup -d ${loop}" >&2
	fi
	rm -rf "${tmp}"
}
trap cleanup EXIT

size="$(stat -c %s "${image}")"
card="${tmp}/card.img"
truncate -s $((size * 2)) "${card}"
# The card as a real loop device when root and losetup can make one.
why=""
if [ "$(id -u)" -ne 0 ]; then
	why="not root"
elif ! command -v losetup >/dev/null; then
	why="no losetup"
elif ! loop="$(losetup --find --show -- "${card}" 2>"${tmp}/losetup.err")"; then
	loop=""
	why="losetup --find --show failed: $(head -n 1 "${tmp}/losetup.err")"
fi
if [ -n "${loop}" ]; then
	msg "writing ${image#"${TOP}"/} onto a blank $((size * 2 / 1048576)) MiB card, loop device ${loop} (flash-sdcard.sh)"
	env -u FLASH_SYSFS -u FLASH_MOUNTINFO -u FLASH_SWAPS "${BINARIES_DIR}/flash-sdcard.sh" --yes "${loop}"
	losetup -d "${loop}"
	loop=""
	cmp -s -n "${size}" "${image}" "${card}" ||
		die "the card file does not hold ${image##*/} after the loop device was written and detached"
else
	echo "skip: real loop device (${why}); writing the card file instead"
	msg "writing ${image#"${TOP}"/} onto a blank $((size * 2 / 1048576)) MiB card file (flash-sdcard.sh)"
	"${BINARIES_DIR}/flash-sdcard.sh" --yes "${card}"
fi
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
