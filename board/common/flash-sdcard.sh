#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# flash-sdcard.sh: writes a board's SD card image to a card (a whole disk:
# /dev/sdX, /dev/mmcblkN) or to a file, safely. The post-image script puts
# it next to the image (images/), so it works where the image is.
#
#   flash-sdcard.sh [--yes] [--partition] [--image FILE] DEVICE
#
#   --yes        write without asking (scripts)
#   --partition  allow DEVICE to be a partition, not a whole disk
#   --image FILE the image to write (default: sdcard.img next to this script)
#
# It refuses, with one line saying why: a missing image or DEVICE, a
# DEVICE that is mounted (or one of its partitions is), the disk that holds
# /, a partition (without --partition), something smaller than the image,
# something that is neither a block device nor a file. It shows the
# device's model and size and asks before writing (without a terminal to
# ask on, it needs --yes). It writes with bmaptool when bmaptool and the
# image's .bmap are there (only the blocks that hold data), else with dd,
# syncs, then reads the written bytes back and compares them with the
# image (with a .bmap, the blocks it maps).
#
# Environment, for tests: FLASH_SYSFS (/sys), FLASH_MOUNTINFO
# (/proc/self/mountinfo).
set -euo pipefail

PROG="flash-sdcard.sh"
sysfs="${FLASH_SYSFS:-/sys}"
mountinfo="${FLASH_MOUNTINFO:-/proc/self/mountinfo}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage="usage: ${PROG} [--yes] [--partition] [--image FILE] DEVICE"

die() {
	echo "${PROG}: ERROR: $*" >&2
	exit 1
}

yes=false
partition_ok=false
image="${here}/sdcard.img"
device=""
while [ $# -gt 0 ]; do
	case "$1" in
	--yes) yes=true ;;
	--partition) partition_ok=true ;;
	--image) [ $# -ge 2 ] || die "${usage}"; image="$2"; shift ;;
	-h | --help) echo "${usage}"; exit 0 ;;
	-*) die "unknown option $1; ${usage}" ;;
	*) [ -z "${device}" ] || die "one DEVICE only; ${usage}"; device="$1" ;;
	esac
	shift
done
[ -n "${device}" ] || die "no DEVICE; ${usage}"
[ -f "${image}" ] || die "no image ${image}: build the board first (or give --image FILE)"
[ -e "${device}" ] || die "no ${device}: give the card's whole disk (lsblk lists them) or an existing file"
image_size="$(stat -L -c %s "${image}")"
bmap="${image}.bmap"

# mib BYTES: a size for people.
mib() { echo "$(($1 / 1048576)) MiB"; }

# The kernel's MAJ:MIN of a block device node, in decimal.
majmin() {
	local hex
	hex="$(stat -L -c '%t %T' "$1")"
	# shellcheck disable=SC2086 # two words
	set -- ${hex}
	echo "$((16#$1)):$((16#$2))"
}

# sysfs_dir MAJ:MIN: the device's sysfs directory.
sysfs_dir() {
	local d="${sysfs}/dev/block/$1"
	[ -e "${d}" ] || return 1
	readlink -f "${d}"
}

# disk_of DIR: the whole disk's sysfs directory of a disk or partition.
disk_of() {
	if [ -f "$1/partition" ]; then dirname "$1"; else echo "$1"; fi
}

# mounted_at MAJ:MIN: where it is mounted, if it is.
mounted_at() {
	awk -v dev="$1" '$3 == dev { print $5; exit }' "${mountinfo}"
}

if [ -b "${device}" ]; then
	dev="$(majmin "${device}")"
	dir="$(sysfs_dir "${dev}")" || die "${device} (${dev}) is not in ${sysfs}/dev/block"
	disk="$(disk_of "${dir}")"
	# The disk that holds /: its partitions' and its own numbers.
	root_dev="$(awk '$5 == "/" { print $3; exit }' "${mountinfo}")"
	if [ -n "${root_dev}" ] && root_dir="$(sysfs_dir "${root_dev}")" &&
		[ "$(disk_of "${root_dir}")" = "${disk}" ]; then
		die "${device} is on the disk that holds / ($(basename "${disk}")): not a card"
	fi
	if [ -f "${dir}/partition" ] && ! ${partition_ok}; then
		die "${device} is a partition; write the whole card ($(basename "${disk}")), or give --partition"
	fi
	# The device, and when it is a whole disk, each of its partitions.
	for d in "${dir}" "${dir}"/*/; do
		[ -f "${d%/}/dev" ] || continue
		at="$(mounted_at "$(cat "${d%/}/dev")")"
		[ -z "${at}" ] || die "$(basename "${d%/}") is mounted on ${at}: unmount it first (umount ${at})"
	done
	size=$(($(cat "${dir}/size") * 512))
	model="$(cat "${disk}/device/vendor" "${disk}/device/model" 2>/dev/null | tr -s ' \n' ' ' | sed 's/ $//')"
	what="${model:-unknown model}, $(mib "${size}")"
elif [ -f "${device}" ]; then
	size="$(stat -L -c %s "${device}")"
	what="a file, $(mib "${size}")"
else
	die "${device} is neither a block device nor a file"
fi
[ "${size}" -ge "${image_size}" ] ||
	die "${device} ($(mib "${size}")) is smaller than ${image##*/} ($(mib "${image_size}"))"

echo "${PROG}: ${image} ($(mib "${image_size}")) -> ${device} (${what})"
if ! ${yes}; then
	[ -t 0 ] || die "no terminal to ask on: give --yes to write ${device} without asking"
	read -r -p "Everything on ${device} is overwritten. Type yes to write: " answer
	[ "${answer}" = yes ] || die "not written (answer was not yes)"
fi

if command -v bmaptool >/dev/null && [ -f "${bmap}" ]; then
	echo "${PROG}: bmaptool copy --bmap ${bmap##*/}"
	bmaptool copy --bmap "${bmap}" "${image}" "${device}" ||
		die "bmaptool copy failed (above); if it says checksum mismatch, ${image##*/} changed since ${bmap##*/} was made: rebuild the board (make) to make both anew"
	# The ranges of blocks that hold data: "FIRST-LAST" or "N".
	block="$(sed -n 's:.*<BlockSize>[[:space:]]*\([0-9]*\)[[:space:]]*</BlockSize>.*:\1:p' "${bmap}")"
	ranges="$(sed -n 's:.*<Range[^>]*>[[:space:]]*\([0-9-]*\)[[:space:]]*</Range>.*:\1:p' "${bmap}")"
	if [ -z "${block}" ] || [ -z "${ranges}" ]; then
		die "cannot read the ranges of ${bmap}"
	fi
else
	echo "${PROG}: dd (no bmaptool or no ${bmap##*/})"
	dd if="${image}" of="${device}" bs=4M conv=notrunc,fsync status=progress
	block=1
	ranges="0-$((image_size - 1))"
fi
sync

# Read back what was written and compare.
checked=0
for r in ${ranges}; do
	first="${r%-*}"
	last="${r#*-}"
	off=$((first * block))
	len=$(((last - first + 1) * block))
	[ $((off + len)) -le "${image_size}" ] || len=$((image_size - off))
	cmp -s -n "${len}" -i "${off}:${off}" "${image}" "${device}" ||
		die "${device} does not read back as ${image##*/} in bytes ${off}-$((off + len - 1)): the card may be faulty"
	checked=$((checked + len))
done
echo "${PROG}: written and read back: ${checked} bytes match; sync done, the card can be removed"
