#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# test-flash.sh: board/common/flash-sdcard.sh, the SD card writer, on plain
# files and on block device nodes that no disk is behind (made with mknod
# in a temporary directory, described by a made-up sysfs and mountinfo):
# nothing on the host's disks is opened for writing. Each refusal ends in
# its one-line error; a write to a file, with dd and with bmaptool, reads
# back as the image; a write that does not read back is reported.
# Prints one "ok"/"not ok" line per case, then "N passed, N failed".
#
# Usage: tests/test-flash.sh   (as root: mknod)
set -euo pipefail

PROG="test-flash.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"
[ $# -eq 0 ] || die "usage: ${PROG} (no arguments)"
flash="${TOP}/board/common/flash-sdcard.sh"
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
run() {
	rc=0
	"$@" >"${tmp}/out" 2>&1 </dev/null || rc=$?
}

# An image: 3 MiB of data in 8 MiB, with its .bmap.
img="${tmp}/images/sdcard.img"
mkdir -p "${tmp}/images"
cp "${flash}" "${tmp}/images/"
flash="${tmp}/images/flash-sdcard.sh"
truncate -s 8M "${img}"
head -c 3M /dev/urandom | dd of="${img}" bs=1M seek=1 conv=notrunc status=none
bmaptool -q create -o "${img}.bmap" "${img}"

# A made-up sysfs: a card (7:240, with a partition 7:241), the disk that
# holds / (7:250, its partition 7:251), a small card (7:245).
sys="${tmp}/sys"
mkdir -p "${sys}/dev/block"
disk() { # disk NAME MAJ:MIN SECTORS [PARENT]
	local d="${sys}/block/${4:+$4/}$1"
	mkdir -p "${d}/device"
	echo "$2" >"${d}/dev"
	echo "$3" >"${d}/size"
	if [ -n "${4:-}" ]; then echo 1 >"${d}/partition"; else
		echo "ACME" >"${d}/device/vendor"
		echo "SD Card Reader" >"${d}/device/model"
	fi
	ln -s "${d}" "${sys}/dev/block/$2"
}
disk card 7:240 65536
disk card1 7:241 32768 card
disk sys 7:250 65536
disk sys1 7:251 65536 sys
disk small 7:245 1024
mounts="${tmp}/mountinfo"
printf '22 1 7:251 / / rw - ext4 /dev/sys1 rw\n' >"${mounts}"
export FLASH_SYSFS="${sys}" FLASH_MOUNTINFO="${mounts}"
mkdir -p "${tmp}/dev"
nodes=true
for n in card:240 card1:241 sys:250 sys1:251 small:245; do
	mknod "${tmp}/dev/${n%:*}" b 7 "${n#*:}" 2>/dev/null || nodes=false
done

run "${flash}" --yes "${tmp}/dev/none"
expect "a missing device is refused" fail "^flash-sdcard\.sh: ERROR: no .*/dev/none: give the card's whole disk" 1
run "${flash}" --yes --image "${tmp}/none.img" "${tmp}/dev/card"
expect "a missing image is refused" fail "^flash-sdcard\.sh: ERROR: no image .*/none\.img: build the board first" 1
run "${flash}" --yes --bogus "${tmp}/dev/card"
expect "an unknown option is refused" fail "^flash-sdcard\.sh: ERROR: unknown option --bogus; usage: " 1
truncate -s 4M "${tmp}/small.img"
run "${flash}" --yes "${tmp}/small.img"
expect "a file smaller than the image is refused" fail "^flash-sdcard\.sh: ERROR: .*/small\.img \(4 MiB\) is smaller than sdcard\.img \(8 MiB\)$" 1

if ! ${nodes}; then
	result "block device cases" false "mknod failed (run as root)"
else
	run "${flash}" --yes "${tmp}/dev/sys"
	expect "the disk that holds / is refused" fail "^flash-sdcard\.sh: ERROR: .*/dev/sys is on the disk that holds / \(sys\): not a card$" 1
	run "${flash}" --yes "${tmp}/dev/sys1"
	expect "a partition of the disk that holds / is refused" fail "is on the disk that holds / \(sys\)" 1
	run "${flash}" --yes "${tmp}/dev/card1"
	expect "a partition is refused without --partition" fail "^flash-sdcard\.sh: ERROR: .*/dev/card1 is a partition; write the whole card \(card\), or give --partition$" 1
	printf '23 1 7:241 / /media/card rw - vfat /dev/card1 rw\n' >>"${mounts}"
	run "${flash}" --yes "${tmp}/dev/card"
	expect "a card with a mounted partition is refused" fail "^flash-sdcard\.sh: ERROR: card1 is mounted on /media/card: unmount it first \(umount /media/card\)$" 1
	run "${flash}" --yes --partition "${tmp}/dev/card1"
	expect "a mounted partition is refused with --partition too" fail "card1 is mounted on /media/card" 1
	sed -i '$d' "${mounts}"
	run "${flash}" --yes "${tmp}/dev/small"
	expect "a card smaller than the image is refused" fail "^flash-sdcard\.sh: ERROR: .*/dev/small \(0 MiB\) is smaller than sdcard\.img \(8 MiB\)$" 1
	run "${flash}" "${tmp}/dev/card"
	expect "without a terminal it needs --yes, after showing the card" fail \
		"^flash-sdcard\.sh: ERROR: no terminal to ask on: give --yes" 2
	ok=false
	grep -q "(ACME SD Card Reader, 32 MiB)" "${tmp}/out" && ok=true
	result "the card's model and size are shown" "${ok}" "output:" "${tmp}/out"
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
