#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-flash.sh: board/common/flash-sdcard.sh, the SD card writer, on plain
# files and on block device nodes that no disk is behind (made with mknod
# in a temporary directory, described by a made-up sysfs, mountinfo and
# swaps list): nothing on the host's disks is opened for writing, and the
# block device cases never give --yes, so a script that fails to refuse
# stops at its question instead of writing. Each refusal ends in its
# one-line error: the disk that holds / (ext4; btrfs, also on two disks;
# through a device-mapper device), a mounted partition (by its MAJ:MIN;
# btrfs, by its source), a partition used by an LVM volume (mounted or
# not, also two holders up) or by swap, a / whose device is not in sysfs.
# A USB card, an MMC card and a loop device, also by a path with spaces or
# a /dev/disk/by-id/ link, get as far as the question and are described;
# an unforeseen failure inside the script is one error line. A write to a
# file, with dd and with bmaptool, reads back as the image; a write that
# does not read back is reported. Prints one "ok"/"not ok" line per case,
# then "N passed, N failed".
#
# Usage: tests/test-flash.sh   (as root: mknod)
# TEST_FLASH_SCRIPT=FILE tests/test-flash.sh runs the cases on FILE
# instead of board/common/flash-sdcard.sh (another version of it).
set -Eeuo pipefail

PROG="test-flash.sh"
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
[ $# -eq 0 ] || die "usage: ${PROG} (no arguments)"
flash="${TEST_FLASH_SCRIPT:-${TOP}/board/common/flash-sdcard.sh}"
[ -f "${flash}" ] || die "no ${flash}"
tmp="$(mktemp -d "${TMPDIR:-/var/tmp}/test-flash.XXXXXX")"
trap 'rm -rf "${tmp}"' EXIT
# shellcheck source=tests/lib.sh
. "${TOP}/tests/lib.sh"

# expect NAME pass|fail PATTERN [LINES]: the last run's status and output
# (${tmp}/out): the pattern in it, and on a failure exactly LINES lines.
expect() {
	local ok=true lines
	if [ "$2" = pass ] && [ "${rc}" -ne 0 ]; then ok=false; fi
	if [ "$2" = fail ] && [ "${rc}" -eq 0 ]; then ok=false; fi
	grep -qE -- "$3" "${tmp}/out" || ok=false
	lines="$(wc -l <"${tmp}/out")"
	if [ -n "${4:-}" ] && [ "${lines}" -ne "$4" ]; then ok=false; fi
	result "$1" "${ok}" "exit ${rc}, ${lines} lines; output:" "${tmp}/out"
}
# shows NAME TEXT: the last run's output has TEXT (a fixed string).
shows() {
	local ok=false
	grep -qF -- "$2" "${tmp}/out" && ok=true
	result "$1" "${ok}" "no \"$2\" in the output:" "${tmp}/out"
}
run() {
	rc=0
	"$@" >"${tmp}/out" 2>&1 </dev/null || rc=$?
}

# An image: 3 MiB of data in 8 MiB, with its .bmap.
img="${tmp}/images/sdcard.img"
mkdir -p "${tmp}/images"
cp "${flash}" "${tmp}/images/flash-sdcard.sh"
flash="${tmp}/images/flash-sdcard.sh"
truncate -s 8M "${img}"
head -c 3M /dev/urandom | dd of="${img}" bs=1M seek=1 conv=notrunc status=none
bmaptool -q create -o "${img}.bmap" "${img}"

# A made-up sysfs, laid out as the kernel's: each device's directory under
# devices/ (a partition inside its disk's), linked from dev/block/MAJ:MIN,
# class/block/NAME and (disks) block/NAME.
sys="${tmp}/sys"
mkdir -p "${sys}/block" "${sys}/class/block" "${sys}/dev/block"
# node PATH MAJ:MIN SECTORS: a disk at ${sys}/devices/PATH, or a partition
# when PATH's parent is a disk.
node() {
	local d="${sys}/devices/$1" name="${1##*/}"
	mkdir -p "${d}/holders" "${d}/slaves"
	echo "$2" >"${d}/dev"
	echo "$3" >"${d}/size"
	if [ -f "${d%/*}/dev" ]; then
		echo 1 >"${d}/partition"
	else
		ln -s "${d}" "${sys}/block/${name}"
	fi
	ln -s "${d}" "${sys}/class/block/${name}"
	ln -s "${d}" "${sys}/dev/block/$2"
}
# hardware PATH NAME=VALUE...: a device's directory with its attributes.
hardware() {
	local d="${sys}/devices/$1" a
	shift
	mkdir -p "${d}"
	for a in "$@"; do printf '%s\n' "${a#*=}" >"${d}/${a%%=*}"; done
}
# The card: a USB card reader (SCSI disk; vendor and model padded with
# blanks as SCSI's are), its partitions card1 and card2.
usb="pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/host6/target6:0:0/6:0:0:0"
hardware "${usb}" "vendor=ACME    " "model=SD Card Reader  "
node "${usb}/block/card" 7:240 65536
ln -s "${sys}/devices/${usb}" "${sys}/devices/${usb}/block/card/device"
node "${usb}/block/card/card1" 7:241 32768
node "${usb}/block/card/card2" 7:242 16384
# The disk that holds / (SATA), its partition sys1.
ata="pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0"
hardware "${ata}" "vendor=ATA     " "model=SYSDISK"
node "${ata}/block/sys" 7:250 65536
ln -s "${sys}/devices/${ata}" "${sys}/devices/${ata}/block/sys/device"
node "${ata}/block/sys/sys1" 7:251 65536
# A small card, of no known model.
node "pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/host7/target7:0:0/7:0:0:0/block/small" 7:245 1024
# An SD card in a built-in MMC slot: name and type, no vendor or model.
mmc="platform/soc/1c0f000.mmc/mmc_host/mmc0/mmc0:0001"
hardware "${mmc}" "name=SD32G" "type=SD"
node "${mmc}/block/mmcblk0" 179:0 65536
ln -s "${sys}/devices/${mmc}" "${sys}/devices/${mmc}/block/mmcblk0/device"
# A loop device: its backing file, no device/.
node "virtual/block/loop7" 7:247 65536
hardware "virtual/block/loop7/loop" "backing_file=/var/tmp/card file.img"
# Two LVM volumes (device-mapper), on nothing until a case puts them on.
node "virtual/block/dm-0" 7:248 16384
hardware "virtual/block/dm-0/dm" "name=vg-root" "uuid=LVM-rootrootroot"
node "virtual/block/dm-1" 7:249 16384
hardware "virtual/block/dm-1/dm" "name=vg-data" "uuid=LVM-datadatadata"
# An md array, on nothing until a case puts it on dm-1.
node "virtual/block/md0" 7:238 16384
hardware "virtual/block/md0/md" "level=raid1"
# A disk whose size cannot be read (a directory where the file is).
node "pci0000:00/0000:00:14.0/usb1/1-3/1-3:1.0/host8/target8:0:0/8:0:0:0/block/bad" 7:246 65536
rm "${sys}/class/block/bad/size"
mkdir "${sys}/class/block/bad/size"

# hold HOLDER DEVICE: HOLDER (dm-N) is on DEVICE (holders/ and slaves/).
hold() {
	ln -s "${sys}/class/block/$1" "$(readlink -f "${sys}/class/block/$2")/holders/$1"
	ln -s "${sys}/class/block/$2" "$(readlink -f "${sys}/class/block/$1")/slaves/$2"
}
# unhold HOLDER DEVICE: no longer.
unhold() {
	rm "$(readlink -f "${sys}/class/block/$2")/holders/$1" \
		"$(readlink -f "${sys}/class/block/$1")/slaves/$2"
}

mounts="${tmp}/mountinfo"
swaps="${tmp}/swaps"
root_on_sys1='22 1 7:251 / / rw - ext4 /dev/sys1 rw'
# mountinfo LINE...: the mounts (mountinfo's lines), / on sys1 unless given.
mountinfo() {
	if [ $# -eq 0 ]; then set -- "${root_on_sys1}"; fi
	printf '%s\n' "$@" >"${mounts}"
}
# swaplist LINE...: the active swap (/proc/swaps's lines after its header).
swaplist() {
	printf 'Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n' >"${swaps}"
	[ $# -eq 0 ] || printf '%s\n' "$@" >>"${swaps}"
}
mountinfo
swaplist
export FLASH_SYSFS="${sys}" FLASH_MOUNTINFO="${mounts}" FLASH_SWAPS="${swaps}"
mkdir -p "${tmp}/dev/SD card" "${tmp}/dev/disk/by-id"
nodes=true
for n in card:7:240 card1:7:241 card2:7:242 sys:7:250 sys1:7:251 small:7:245 \
	loop7:7:247 bad:7:246 mmcblk0:179:0 "SD card/card:7:240"; do
	maj="${n#*:}"
	mknod "${tmp}/dev/${n%%:*}" b "${maj%:*}" "${n##*:}" 2>/dev/null || nodes=false
done
ln -s ../../card "${tmp}/dev/disk/by-id/usb-ACME_SD_Card_Reader_0123-0:0"

run "${flash}" --yes "${tmp}/dev/none"
expect "a missing device is refused" fail "^flash-sdcard\.sh: ERROR: no .*/dev/none: give the card's whole disk" 1
run "${flash}" --yes --image "${tmp}/none.img" "${tmp}/dev/card"
expect "a missing image is refused" fail "^flash-sdcard\.sh: ERROR: no image .*/none\.img: build the board first" 1
run "${flash}" --yes --bogus "${tmp}/dev/card"
expect "an unknown option is refused" fail "^flash-sdcard\.sh: ERROR: unknown option --bogus; usage: " 1
truncate -s 4M "${tmp}/small.img"
run "${flash}" --yes "${tmp}/small.img"
expect "a file smaller than the image is refused" fail "^flash-sdcard\.sh: ERROR: .*/small\.img \(4 MiB\) is smaller than sdcard\.img \(8 MiB\): give a card of at least that size$" 1

refused_root="is on the disk that holds / \(sys\), not a card: give the card's whole disk \(lsblk lists the disks\)$"
if ! ${nodes}; then
	result "block device cases" false "mknod failed (run as root)"
else
	run "${flash}" "${tmp}/dev/sys"
	expect "the disk that holds / is refused" fail "^flash-sdcard\.sh: ERROR: .*/dev/sys ${refused_root}" 1
	run "${flash}" --partition "${tmp}/dev/sys1"
	expect "a partition of the disk that holds / is refused" fail "^flash-sdcard\.sh: ERROR: .*/dev/sys1 ${refused_root}" 1
	run "${flash}" "${tmp}/dev/card1"
	expect "a partition is refused without --partition" fail "^flash-sdcard\.sh: ERROR: .*/dev/card1 is a partition; write the whole card \(card\), or give --partition$" 1
	mountinfo "${root_on_sys1}" '23 22 7:241 / /media/card rw - vfat /dev/card1 rw'
	run "${flash}" "${tmp}/dev/card"
	expect "a card with a mounted partition is refused" fail "^flash-sdcard\.sh: ERROR: card1 is mounted on /media/card: unmount it first \(umount /media/card\)$" 1
	run "${flash}" --partition "${tmp}/dev/card1"
	expect "a mounted partition is refused with --partition too" fail "^flash-sdcard\.sh: ERROR: card1 is mounted on /media/card: unmount it first" 1
	mountinfo
	run "${flash}" "${tmp}/dev/small"
	expect "a card smaller than the image is refused" fail "^flash-sdcard\.sh: ERROR: .*/dev/small \(0 MiB\) is smaller than sdcard\.img \(8 MiB\): give a card of at least that size$" 1
	run "${flash}" "${tmp}/dev/card"
	expect "without a terminal it needs --yes, after showing the card" fail \
		"^flash-sdcard\.sh: ERROR: no terminal to ask on: give --yes" 2
	shows "the card's transport, model and size are shown" "(USB: ACME SD Card Reader, 32 MiB)"

	# btrfs: field 3 of mountinfo is an anonymous 0:N; the source is the
	# device (its node here, a /dev name that sysfs knows below).
	mountinfo "22 1 0:31 / / rw - btrfs ${tmp}/dev/sys1 rw,subvol=/@"
	run "${flash}" "${tmp}/dev/sys"
	expect "a btrfs / (0:N, its source on the system disk): the system disk is refused" fail \
		"^flash-sdcard\.sh: ERROR: .*/dev/sys ${refused_root}" 1
	# A btrfs / on two devices, sys1 and the card's card2: its source
	# names sys1 only; sysfs lists both (fs/btrfs/FSID/devices/).
	mkdir -p "${sys}/fs/btrfs/0f0f/devices"
	ln -s "${sys}/class/block/sys1" "${sys}/class/block/card2" "${sys}/fs/btrfs/0f0f/devices/"
	run "${flash}" "${tmp}/dev/card"
	expect "a btrfs / on two devices (the system disk's and the card's): the card is refused" fail \
		"^flash-sdcard\.sh: ERROR: .*/dev/card is on the disk that holds / \(card\), not a card" 1
	rm -r "${sys}/fs"
	mountinfo "${root_on_sys1}" '23 22 0:45 / /media/card rw - btrfs /dev/card1 rw'
	run "${flash}" "${tmp}/dev/card"
	expect "a mounted btrfs partition of the card (0:N, by its source) is refused" fail \
		"^flash-sdcard\.sh: ERROR: card1 is mounted on /media/card: unmount it first \(umount /media/card\)$" 1

	# / on an LVM volume (dm-0) on the card's partition card2.
	hold dm-0 card2
	mountinfo '22 1 7:248 / / rw - ext4 /dev/mapper/vg-root rw'
	run "${flash}" "${tmp}/dev/card"
	expect "/ on dm-0 over the card's partition: the card is refused" fail \
		"^flash-sdcard\.sh: ERROR: .*/dev/card is on the disk that holds / \(card, through dm-0\), not a card: give the card's whole disk" 1
	run "${flash}" --partition "${tmp}/dev/card2"
	expect "/ on dm-0 over the card's partition: --partition card2 is refused" fail \
		"^flash-sdcard\.sh: ERROR: .*/dev/card2 is on the disk that holds / \(card, through dm-0\), not a card" 1
	unhold dm-0 card2

	# An LVM volume (dm-1) on card2: unmounted, then mounted.
	mountinfo
	hold dm-1 card2
	run "${flash}" "${tmp}/dev/card"
	expect "an LVM volume on the card, not mounted, is refused" fail \
		"^flash-sdcard\.sh: ERROR: card2 is used by dm-1 \(LVM vg-data\): deactivate it first \(vgchange -an, cryptsetup close, mdadm --stop\)$" 1
	mountinfo "${root_on_sys1}" '24 22 7:249 / /mnt rw - xfs /dev/mapper/vg-data rw'
	run "${flash}" "${tmp}/dev/card"
	expect "a partition mounted through its LVM volume is refused, naming it" fail \
		"^flash-sdcard\.sh: ERROR: card2 is used by dm-1, mounted on /mnt: unmount it first \(umount /mnt\)$" 1
	hold md0 dm-1
	mountinfo "${root_on_sys1}" '24 22 7:238 / /srv rw - ext4 /dev/md0 rw'
	run "${flash}" --partition "${tmp}/dev/card2"
	expect "a partition mounted two holders up (dm-1, then md0) is refused, naming both" fail \
		"^flash-sdcard\.sh: ERROR: card2 is used by dm-1, used by md0, mounted on /srv: unmount it first \(umount /srv\)$" 1
	unhold md0 dm-1
	unhold dm-1 card2
	mountinfo

	swaplist "${tmp}/dev/card2	partition	8192	0	-2"
	run "${flash}" "${tmp}/dev/card"
	expect "swap on the card's partition is refused" fail \
		"^flash-sdcard\.sh: ERROR: card2 is active swap \(.*/dev/card2\): turn it off first \(swapoff .*/dev/card2\)$" 1
	swaplist

	# / on a device that sysfs does not show: which disk holds / is not
	# known, so no block device is written.
	mountinfo "22 1 0:31 / / rw - btrfs /dev/nosuchdisk2 rw"
	run "${flash}" "${tmp}/dev/card"
	expect "/ on a device that is not in sysfs: the card is refused too" fail \
		"^flash-sdcard\.sh: ERROR: cannot tell which disk holds /: " 1
	# / on no block device: no disk to protect.
	mountinfo "22 1 0:31 / / rw - overlay overlay rw,lowerdir=/l,upperdir=/u,workdir=/w"
	run "${flash}" "${tmp}/dev/card"
	expect "/ on overlay (no block device): the card gets as far as the question" fail \
		"^flash-sdcard\.sh: ERROR: no terminal to ask on: give --yes" 2
	# A chroot: / is not in mountinfo; the device of /'s filesystem
	# (FLASH_ROOT_DEV standing in for stat's) is the disk that holds it.
	mountinfo '23 1 0:21 / /proc rw - proc proc rw'
	FLASH_ROOT_DEV=7:251 run "${flash}" "${tmp}/dev/sys"
	expect "in a chroot, the disk of /'s filesystem is refused" fail \
		"^flash-sdcard\.sh: ERROR: .*/dev/sys is on the disk that holds / \(sys" 1
	FLASH_ROOT_DEV=7:251 run "${flash}" "${tmp}/dev/card"
	expect "in a chroot, the card gets as far as the question" fail \
		"^flash-sdcard\.sh: ERROR: no terminal to ask on: give --yes" 2
	FLASH_ROOT_DEV=0:31 run "${flash}" "${tmp}/dev/card"
	expect "in a chroot on btrfs (no disk in stat's number), the card is refused" fail \
		"^flash-sdcard\.sh: ERROR: cannot tell which disk holds /: .*/ is not in .*mountinfo, as in a chroot" 1
	mountinfo

	run "${flash}" "${tmp}/dev/mmcblk0"
	expect "an MMC card gets as far as the question" fail "^flash-sdcard\.sh: ERROR: no terminal to ask on: give --yes" 2
	shows "an MMC card's name and type are shown" "(MMC: SD card SD32G, 32 MiB)"
	run "${flash}" "${tmp}/dev/loop7"
	expect "a loop device gets as far as the question" fail "^flash-sdcard\.sh: ERROR: no terminal to ask on: give --yes" 2
	shows "a loop device's backing file is shown" "(loop device: backing file /var/tmp/card file.img, 32 MiB)"
	run "${flash}" "${tmp}/dev/SD card/card"
	expect "a path with spaces is the card" fail "^flash-sdcard\.sh: ERROR: no terminal to ask on: give --yes" 2
	shows "a path with spaces is shown as the card" "-> ${tmp}/dev/SD card/card (USB: ACME SD Card Reader, 32 MiB)"
	run "${flash}" "${tmp}/dev/disk/by-id/usb-ACME_SD_Card_Reader_0123-0:0"
	expect "a /dev/disk/by-id/ link is the card" fail "^flash-sdcard\.sh: ERROR: no terminal to ask on: give --yes" 2
	shows "a /dev/disk/by-id/ link is shown with the card's node" \
		"-> ${tmp}/dev/disk/by-id/usb-ACME_SD_Card_Reader_0123-0:0 = ${tmp}/dev/card (USB: ACME SD Card Reader, 32 MiB)"

	run "${flash}" "${tmp}/dev/bad"
	expect "an unforeseen failure (an unreadable size) is one error line" fail \
		"^flash-sdcard\.sh: ERROR: line [0-9]+: .+ failed \(exit [0-9]+\)$" 1
fi

# Writes to a blank "card" file, with bmaptool and with dd.
truncate -s 16M "${tmp}/card.img"
run "${flash}" --yes "${tmp}/card.img"
expect "a write with bmaptool reads back" pass "^flash-sdcard\.sh: written and read back: [0-9]+ bytes match"
ok=false
cmp -s -n 8388608 "${img}" "${tmp}/card.img" && ok=true
result "the card file holds the image" "${ok}"
rm "${img}.bmap"
truncate -s 16M "${tmp}/card2.img"
run "${flash}" --yes "${tmp}/card2.img"
expect "a write with dd (no .bmap) reads back" pass "dd \(no bmaptool or no sdcard\.img\.bmap\)"
ok=false
grep -q "8388608 bytes match" "${tmp}/out" && [ "$(stat -c %s "${tmp}/card2.img")" -eq 16777216 ] && ok=true
result "dd's read-back covers the whole image; the card file keeps its size" "${ok}"

# A card that does not keep what is written: a dd that writes zeros.
mkdir -p "${tmp}/bad"
# shellcheck disable=SC2016 # the fake's own expansions
printf '#!/bin/sh\nfor a; do case "$a" in of=*) o="${a#of=}" ;; esac; done\nhead -c 8M /dev/zero | /bin/dd of="$o" conv=notrunc status=none\n' >"${tmp}/bad/dd"
chmod +x "${tmp}/bad/dd"
truncate -s 16M "${tmp}/card3.img"
PATH="${tmp}/bad:${PATH}" run "${flash}" --yes "${tmp}/card3.img"
expect "a write that does not read back is reported" fail \
	"^flash-sdcard\.sh: ERROR: .*/card3\.img does not read back as sdcard\.img in bytes 0-8388607: the card may be faulty$"

summary
