#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# flash-sdcard.sh: writes a board's SD card image to a card (a whole disk:
# /dev/sdX, /dev/mmcblkN, a loop device) or to a file, safely. The
# post-image script puts it next to the image (images/), so it works where
# the image is.
#
#   flash-sdcard.sh [--yes] [--partition] [--image FILE] DEVICE
#
#   --yes        write without asking (scripts)
#   --partition  allow DEVICE to be a partition, not a whole disk
#   --image FILE the image to write (default: sdcard.img next to this script)
#
# DEVICE may be a link (/dev/disk/by-id/...): it is resolved first and both
# names are shown. What a block device is and what uses it is read from
# the block layer (sysfs, mountinfo, the swap list), never from a device
# name. It refuses, with one line saying why and what to do:
#   - a missing image or DEVICE, something that is neither a block device
#     nor a file, something smaller than the image;
#   - a partition (without --partition);
#   - a device on the disk that holds / or /boot, directly, under an LVM,
#     LUKS or md device (slaves/ followed down to the disks), or as one of
#     the devices of a btrfs filesystem; and any block device at all when
#     / or /boot is on a block device that sysfs does not show, or on ZFS
#     (which disk holds it cannot be told);
#   - a device that is mounted, or one of its partitions is, with any
#     filesystem (btrfs's mounts are found by their source device), also
#     through a device that holds it (holders/ followed up: dm, md);
#   - a device that is active swap, or one of its partitions is, also
#     through a holder;
#   - a device (or one of its partitions) that anything holds at all: an
#     active LVM, LUKS or md device on it, mounted or not.
# It shows the device's transport (USB, MMC, loop device, ...), its model
# (vendor and model; an MMC card's type and name; a loop device's backing
# file) and size, and asks before writing (without a terminal to ask on,
# it needs --yes). It writes with bmaptool when bmaptool and the image's
# .bmap are there (only the blocks that hold data), else with dd, syncs,
# then reads the written bytes back and compares them with the image (with
# a .bmap, the blocks it maps). A failure nobody foresaw ends in one line
# too, naming the command and its line.
#
# Environment, for tests: FLASH_SYSFS (/sys), FLASH_MOUNTINFO
# (/proc/self/mountinfo), FLASH_SWAPS (/proc/swaps).
set -Eeuo pipefail
shopt -s inherit_errexit nullglob

PROG="flash-sdcard.sh"
# The status with which a subshell (a command substitution, a part of a
# pipeline) ends once it has printed its error line, so that the shell
# around it prints none.
REPORTED=86

# die MESSAGE: the one error line, and the end.
die() {
	echo "${PROG}: ERROR: $*" >&2
	if [ "${BASH_SUBSHELL}" -gt 0 ]; then exit "${REPORTED}"; fi
	exit 1
}

# on_err STATUS LINE COMMAND: a command failed that nothing here checks:
# one error line naming it (unless a subshell has printed it already).
on_err() {
	if [ "$1" -ne "${REPORTED}" ]; then
		echo "${PROG}: ERROR: line $2: ${3//$'\n'/ } failed (exit $1)" >&2
	fi
	if [ "${BASH_SUBSHELL}" -gt 0 ]; then exit "${REPORTED}"; fi
	exit 1
}
trap 'on_err "$?" "${LINENO}" "${BASH_COMMAND}"' ERR

sysfs="${FLASH_SYSFS:-/sys}"
mountinfo="${FLASH_MOUNTINFO:-/proc/self/mountinfo}"
swaps="${FLASH_SWAPS:-/proc/swaps}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
usage="usage: ${PROG} [--yes] [--partition] [--image FILE] DEVICE"

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
# The device itself, links resolved; shown next to DEVICE when it differs.
target="$(readlink -f -- "${device}")"
shown="${device}"
[ "${target}" = "${device}" ] || shown="${device} = ${target}"

# mib BYTES: a size for people.
mib() { echo "$(($1 / 1048576)) MiB"; }

# attr FILE: a sysfs attribute's value, its blanks squeezed and trimmed;
# nothing when the device has no such attribute or it cannot be read.
attr() {
	local v=""
	if [ -f "$1" ] && [ -r "$1" ]; then
		v="$(tr -s ' \t\n' ' ' 2>/dev/null <"$1")" || v=""
	fi
	v="${v# }"
	printf '%s' "${v% }"
}

# majmin NODE: the kernel's MAJ:MIN of a block device node, in decimal.
majmin() {
	local hex
	hex="$(stat -L -c '%t %T' -- "$1")"
	# shellcheck disable=SC2086 # two words
	set -- ${hex}
	echo "$((16#$1)):$((16#$2))"
}

# disk_of DIR: the whole disk's sysfs directory of a disk or partition.
disk_of() {
	if [ -f "$1/partition" ]; then dirname "$1"; else echo "$1"; fi
}

# by_name NAME: sets ${found} to the sysfs directory of the block device
# NAME (${sysfs}/class/block/NAME), or to nothing.
by_name() {
	found=""
	if [ -n "$1" ] && [ "$1" != . ] && [ "$1" != .. ] && [ -f "${sysfs}/class/block/$1/dev" ]; then
		found="$(readlink -f -- "${sysfs}/class/block/$1")"
	fi
}

# by_link ENTRY: sets ${found} to the sysfs directory of the device that
# an entry of holders/ or slaves/ names: by its name, else where it links.
by_link() {
	by_name "${1##*/}"
	if [ -z "${found}" ] && [ -f "$1/dev" ]; then found="$(readlink -f -- "$1")"; fi
}

# source_devs SOURCE: the block devices that a mount's source or a swap's
# file name names, as MAJ:MIN in ${devs[@]}: a block device node by its
# numbers; else, by its last component, a device that sysfs knows by that
# name (class/block/NAME) or, for /dev/mapper/NAME, the device-mapper
# device of that name; each part of a multi-device source (/dev/A:/dev/B).
# ${lost} is set when a /dev/ path among them is found neither way.
source_devs() {
	local part name x
	local -a parts=("$1")
	devs=()
	lost=false
	if [[ "$1" == /dev/*:* ]]; then IFS=: read -r -a parts <<<"$1"; fi
	for part in "${parts[@]}"; do
		if [[ "${part}" == /* ]] && [ -b "${part}" ]; then
			devs+=("$(majmin "${part}")")
			continue
		fi
		name="${part##*/}"
		by_name "${name}"
		if [ -z "${found}" ] && [[ "${part}" == /dev/mapper/* ]]; then
			for x in "${sysfs}"/class/block/dm-*; do
				if [ "$(attr "${x}/dm/name")" = "${name}" ]; then
					found="$(readlink -f -- "${x}")"
					break
				fi
			done
		fi
		if [ -n "${found}" ]; then
			devs+=("$(attr "${found}/dev")")
		elif [[ "${part}" == /dev/* ]]; then
			lost=true
		fi
	done
}

# btrfs_members: adds to ${devs[@]} every other device of the btrfs
# filesystems that hold one of them (${sysfs}/fs/btrfs/FSID/devices/): a
# btrfs mount's source names one of its devices only.
btrfs_members() {
	local fs e d known=" ${devs[*]} "
	local -a members
	for fs in "${sysfs}"/fs/btrfs/*/devices; do
		members=()
		for e in "${fs}"/*; do
			d="$(attr "${e}/dev")"
			if [ -n "${d}" ]; then members+=("${d}"); fi
		done
		for d in "${members[@]}"; do
			if [[ "${known}" == *" ${d} "* ]]; then
				devs+=("${members[@]}")
				break
			fi
		done
	done
}

# The mounts on block devices, from mountinfo: mnt_dev[i] (MAJ:MIN) is
# mounted on mnt_at[i]. A mount's device is its field 3 when that is a
# device's number (major not 0); else (btrfs, whose field 3 is an
# anonymous 0:N; a FUSE filesystem on a disk) the device its source names,
# and for btrfs the other devices of its filesystem. A mount on a device
# that sysfs does not show (or on ZFS, whose disks sysfs does not tell)
# goes to lost_at[j] (its mount point) and lost_what[j] (its source,
# fstype and field 3).
[ -r "${mountinfo}" ] ||
	die "cannot read ${mountinfo}, the list of mounts: run this where /proc is mounted (mount -t proc proc /proc)"
mnt_dev=()
mnt_at=()
lost_at=()
lost_what=()
root_listed=false
while IFS= read -r line || [ -n "${line}" ]; do
	# The fields before " - ", then the fstype and the source after it.
	read -r _ _ mm _ at _ <<<"${line%% - *}"
	read -r fstype src _ <<<"${line#* - }"
	[[ "${mm}" =~ ^[0-9]+:[0-9]+$ ]] || continue
	printf -v at '%b' "${at}"
	printf -v src '%b' "${src}"
	[ "${at}" != / ] || root_listed=true
	if [ "${mm%%:*}" != 0 ]; then
		devs=("${mm}")
		lost=false
	else
		source_devs "${src}"
		if [ "${fstype}" = btrfs ]; then btrfs_members; fi
		if [ "${fstype}" = zfs ]; then lost=true; fi
	fi
	for d in "${devs[@]}"; do
		if [ -e "${sysfs}/dev/block/${d}" ]; then
			mnt_dev+=("${d}")
			mnt_at+=("${at}")
		else
			lost=true
		fi
	done
	if ${lost}; then
		lost_at+=("${at}")
		lost_what+=("${src} (${fstype}, ${mm})")
	fi
done <"${mountinfo}"
# In a chroot, / is no mount of the process's own mountinfo (the mounts
# outside the new root are not listed): the device of /'s filesystem, as
# stat tells it (FLASH_ROOT_DEV for tests), stands for its mount. One
# whose major is 0 (btrfs, overlay, tmpfs) names no disk: then which disk
# holds / cannot be told.
if ! ${root_listed}; then
	root_dev="${FLASH_ROOT_DEV:-$(stat -c '%Hd:%Ld' /)}"
	if [ "${root_dev%%:*}" != 0 ] && [ -e "${sysfs}/dev/block/${root_dev}" ]; then
		mnt_dev+=("${root_dev}")
		mnt_at+=(/)
	else
		lost_at+=(/)
		lost_what+=("the filesystem of / (${root_dev}; / is not in ${mountinfo}, as in a chroot)")
	fi
fi

# The active swap on block devices, from the swap list: swap_dev[i] is
# swap_name[i]. A swap partition that sysfs does not show goes to
# swap_lost. A swap file is on a mounted filesystem: the mount is its
# device's use.
swap_dev=()
swap_name=()
swap_lost=""
if [ -e "${swaps}" ]; then
	[ -r "${swaps}" ] ||
		die "cannot read ${swaps}, the list of active swap: run this where /proc is mounted (mount -t proc proc /proc)"
	{
		read -r _ || true
		while read -r name type _; do
			printf -v name '%b' "${name}"
			[ "${type}" = partition ] || continue
			source_devs "${name}"
			for d in "${devs[@]}"; do
				if [ -e "${sysfs}/dev/block/${d}" ]; then
					swap_dev+=("${d}")
					swap_name+=("${name}")
				else
					lost=true
				fi
			done
			if ${lost} || [ "${#devs[@]}" -eq 0 ]; then swap_lost="${name}"; fi
		done
	} <"${swaps}"
fi

if [ -b "${target}" ]; then
	dev="$(majmin "${target}")"
	dir=""
	if [ -e "${sysfs}/dev/block/${dev}" ]; then dir="$(readlink -f -- "${sysfs}/dev/block/${dev}")"; fi
	[ -n "${dir}" ] ||
		die "${device} (${dev}) is not in ${sysfs}/dev/block: run this where ${sysfs} shows the host's disks (outside a container)"
	disk="$(disk_of "${dir}")"
	name="${dir##*/}"

	# Which disks hold / and /boot: from the device each is mounted from,
	# down through slaves/ (an LVM, LUKS or md device's parts) and from a
	# partition to its disk. holds[DIR] is "MOUNTPOINT|DEVICE" (the one
	# mounted) for each device on the way.
	for i in "${!lost_at[@]}"; do
		case "${lost_at[i]}" in
		/ | /boot)
			die "cannot tell which disk holds ${lost_at[i]}: ${sysfs} shows no block device for ${lost_what[i]}: run this where ${sysfs} shows the host's disks (outside a container), or write a file"
			;;
		esac
	done
	declare -A holds=()
	for at in / /boot; do
		for i in "${!mnt_dev[@]}"; do
			[ "${mnt_at[i]}" = "${at}" ] || continue
			top="$(readlink -f -- "${sysfs}/dev/block/${mnt_dev[i]}")"
			stack=("${top}")
			while [ "${#stack[@]}" -gt 0 ]; do
				d="${stack[-1]}"
				unset 'stack[-1]'
				[ -z "${holds[${d}]:-}" ] || continue
				holds[${d}]="${at}|${top##*/}"
				if [ -f "${d}/partition" ]; then stack+=("$(dirname "${d}")"); fi
				for s in "${d}"/slaves/*; do
					by_link "${s}"
					[ -n "${found}" ] ||
						die "cannot tell which disk holds ${at}: ${d##*/} is on ${s##*/}, which is not in ${sysfs}/class/block: run this where ${sysfs} shows the host's disks (outside a container), or write a file"
					stack+=("${found}")
				done
			done
		done
	done
	for d in "${dir}" "${disk}"; do
		[ -n "${holds[${d}]:-}" ] || continue
		at="${holds[${d}]%%|*}"
		top="${holds[${d}]#*|}"
		via=""
		if [ "${top}" != "${disk##*/}" ] && [ ! -f "${disk}/${top}/partition" ]; then via=", through ${top}"; fi
		die "${device} is on the disk that holds ${at} (${disk##*/}${via}), not a card: give the card's whole disk (lsblk lists the disks)"
	done
	if [ -f "${dir}/partition" ] && ! ${partition_ok}; then
		die "${device} is a partition; write the whole card (${disk##*/}), or give --partition"
	fi

	# What writing it takes away from under its users: the device, its
	# partitions (a whole disk), and what holds any of them, on up
	# (holders/: a dm or md device, and its partitions). use_dir[i] is on
	# use_base[i] (the device or one of its partitions) through
	# use_chain[i] (the holders on the way up; empty for use_base[i]
	# itself). The first holder found: holder_base is used by holder
	# (holder_dir: its sysfs directory, empty when sysfs has none).
	use_dir=()
	use_base=()
	use_chain=()
	declare -A used=()
	holder=""
	holder_base=""
	holder_dir=""
	# use DIR BASE CHAIN: DIR and, when it is a disk, its partitions.
	use() {
		local p
		for p in "$1" "$1"/*/; do
			p="${p%/}"
			if [ "${p}" != "$1" ] && { [ -f "$1/partition" ] || [ ! -f "${p}/partition" ]; }; then continue; fi
			[ -z "${used[${p}]:-}" ] || continue
			used[${p}]=1
			use_dir+=("${p}")
			if [ -n "$3" ]; then
				use_base+=("$2")
				if [ "${p}" = "$1" ]; then use_chain+=("$3"); else use_chain+=("$3, used by ${p##*/}"); fi
			else
				use_base+=("${p##*/}")
				use_chain+=("")
			fi
		done
	}
	use "${dir}" "${name}" ""
	for ((i = 0; i < ${#use_dir[@]}; i++)); do
		for h in "${use_dir[i]}"/holders/*; do
			by_link "${h}"
			if [ -z "${holder}" ]; then
				holder="${h##*/}"
				holder_base="${use_base[i]}"
				holder_dir="${found}"
			fi
			[ -n "${found}" ] || continue
			use "${found}" "${use_base[i]}" "${use_chain[i]:+${use_chain[i]}, used by }${h##*/}"
		done
	done
	# by_what I: how use_dir[I] is its base's use, for the refusal.
	by_what() {
		if [ -n "${use_chain[$1]}" ]; then
			echo "${use_base[$1]} is used by ${use_chain[$1]},"
		else
			echo "${use_base[$1]} is"
		fi
	}
	for i in "${!use_dir[@]}"; do
		d="$(attr "${use_dir[i]}/dev")"
		[ -n "${d}" ] || continue
		for j in "${!mnt_dev[@]}"; do
			[ "${mnt_dev[j]}" = "${d}" ] || continue
			die "$(by_what "${i}") mounted on ${mnt_at[j]}: unmount it first (umount $(printf '%q' "${mnt_at[j]}"))"
		done
		for j in "${!swap_dev[@]}"; do
			[ "${swap_dev[j]}" = "${d}" ] || continue
			die "$(by_what "${i}") active swap (${swap_name[j]}): turn it off first (swapoff $(printf '%q' "${swap_name[j]}"))"
		done
	done
	if [ -n "${swap_lost}" ]; then
		die "cannot tell which device is swap ${swap_lost}: sysfs (${sysfs}) does not show it: run this where ${sysfs} shows the host's disks (outside a container), or write a file"
	fi
	if [ -n "${holder}" ]; then
		# What kind of device the holder is: a device-mapper device by its
		# UUID's prefix and its name, an md array by its level.
		kind=""
		if [ -n "${holder_dir}" ]; then
			dm_name="$(attr "${holder_dir}/dm/name")"
			case "$(attr "${holder_dir}/dm/uuid")" in
			LVM-*) kind="LVM ${dm_name}" ;;
			CRYPT-LUKS*) kind="LUKS ${dm_name}" ;;
			CRYPT-*) kind="dm-crypt ${dm_name}" ;;
			mpath-*) kind="multipath ${dm_name}" ;;
			*) if [ -n "${dm_name}" ]; then kind="device-mapper ${dm_name}"; fi ;;
			esac
			level="$(attr "${holder_dir}/md/level")"
			if [ -n "${level}" ]; then kind="md ${level}"; fi
		fi
		die "${holder_base} is used by ${holder}${kind:+ (${kind})}: deactivate it first (vgchange -an, cryptsetup close, mdadm --stop)"
	fi

	# What the block layer knows of it, for people: its size, the
	# transport its sysfs path goes through, its model.
	sectors="$(cat -- "${dir}/size" 2>/dev/null)"
	[[ "${sectors}" =~ ^[0-9]+$ ]] ||
		die "${dir}/size is \"${sectors}\", not a number of sectors: run this where ${sysfs} is the kernel's sysfs"
	size=$((sectors * 512))
	case "${disk}" in
	*/mmc_host/*) transport="MMC" ;;
	*/usb[0-9]*/*) transport="USB" ;;
	*/nvme/*) transport="NVMe" ;;
	*/virtio[0-9]*/*) transport="virtio" ;;
	*/ata[0-9]*/*) transport="ATA" ;;
	*/virtual/block/loop*) transport="loop device" ;;
	*/virtual/block/*) transport="virtual" ;;
	*/host[0-9]*/*) transport="SCSI" ;;
	*) transport="" ;;
	esac
	if [ -f "${disk}/loop/backing_file" ] || [ "${transport}" = "loop device" ]; then
		backing="$(attr "${disk}/loop/backing_file")"
		model="${backing:+backing file ${backing}}"
	elif [ -n "$(attr "${disk}/device/name")" ] && [ "${transport}" = MMC ]; then
		mmc_type="$(attr "${disk}/device/type")"
		model="${mmc_type:+${mmc_type} card }$(attr "${disk}/device/name")"
	else
		vendor="$(attr "${disk}/device/vendor")"
		model="$(attr "${disk}/device/model")"
		model="${vendor}${vendor:+${model:+ }}${model}"
	fi
	what="${transport:+${transport}: }${model:-unknown model}, $(mib "${size}")"
elif [ -f "${target}" ]; then
	size="$(stat -L -c %s "${target}")"
	what="a file, $(mib "${size}")"
else
	die "${device} is neither a block device nor a file: give the card's whole disk (lsblk lists them) or a file"
fi
[ "${size}" -ge "${image_size}" ] ||
	die "${device} ($(mib "${size}")) is smaller than ${image##*/} ($(mib "${image_size}")): give a card of at least that size"

echo "${PROG}: ${image} ($(mib "${image_size}")) -> ${shown} (${what})"
if ! ${yes}; then
	[ -t 0 ] || die "no terminal to ask on: give --yes to write ${device} without asking"
	answer=""
	read -r -p "Everything on ${device} is overwritten. Type yes to write: " answer || answer=""
	[ "${answer}" = yes ] || die "not written (answer was not yes): run it again and type yes to write"
fi

if command -v bmaptool >/dev/null && [ -f "${bmap}" ]; then
	echo "${PROG}: bmaptool copy --bmap ${bmap##*/}"
	bmaptool copy --bmap "${bmap}" "${image}" "${target}" ||
		die "bmaptool copy failed (above); if it says checksum mismatch, ${image##*/} changed since ${bmap##*/} was made: rebuild the board (make) to make both anew"
	# The ranges of blocks that hold data: "FIRST-LAST" or "N".
	block="$(sed -n 's:.*<BlockSize>[[:space:]]*\([0-9]*\)[[:space:]]*</BlockSize>.*:\1:p' "${bmap}")"
	ranges="$(sed -n 's:.*<Range[^>]*>[[:space:]]*\([0-9-]*\)[[:space:]]*</Range>.*:\1:p' "${bmap}")"
	if [ -z "${block}" ] || [ -z "${ranges}" ]; then
		die "cannot read the ranges of ${bmap}: make it anew (bmaptool create -o ${bmap##*/} ${image##*/}) or remove it to write with dd"
	fi
else
	echo "${PROG}: dd (no bmaptool or no ${bmap##*/})"
	dd if="${image}" of="${target}" bs=4M conv=notrunc,fsync status=progress
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
	cmp -s -n "${len}" -i "${off}:${off}" "${image}" "${target}" ||
		die "${device} does not read back as ${image##*/} in bytes ${off}-$((off + len - 1)): the card may be faulty"
	checked=$((checked + len))
done
echo "${PROG}: written and read back: ${checked} bytes match; sync done, the card can be removed"
