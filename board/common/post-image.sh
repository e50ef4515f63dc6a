#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Post-image script of this tree's QEMU defconfigs (Buildroot runs it):
# takes the QEMU command line of the board's readme.txt and writes, next
# to the images,
#   start-qemu.sh  (from start-qemu.sh.in, as Buildroot's board/qemu does)
#   run-qemu.sh    (from run-qemu.sh.in: interactive boot or --test)
#
# Arguments: BINARIES_DIR, then BR2_ROOTFS_POST_SCRIPT_ARGS: the board's
# directory name under board/ (not the defconfig's file name, so a merged
# defconfig gives the same images), then optionally end-from-host: a board
# whose kernel cannot power it off cleanly (its readme.txt says why); its
# test boots do not power off, run-qemu.sh ends QEMU after the suite. A
# card board's -c GENIMAGE_CFG, for genimage.sh, is let through.
# Environment (exported by Buildroot): HOST_DIR, BUILD_DIR, BR2_CONFIG.
set -euo pipefail

board_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binaries_dir="$1"
board="${2:-}"
readme="${board_dir}/${board}/readme.txt"
if [ -z "${board}" ] || [[ "${board}" == */* ]] || [ ! -f "${readme}" ]; then
	echo "post-image.sh: BR2_ROOTFS_POST_SCRIPT_ARGS must name a board of ${board_dir} with a readme.txt (got '${board}')" >&2
	exit 1
fi
# After the board: end-from-host, and genimage.sh's -c FILE (a card
# board runs support/scripts/genimage.sh after this script, and Buildroot
# gives every post-image script the same arguments).
end_from_host=false
shift 2
while [ "$#" -gt 0 ]; do
	case "$1" in
	end-from-host) end_from_host=true ;;
	-c)
		if [ "$#" -lt 2 ]; then
			echo "post-image.sh: BR2_ROOTFS_POST_SCRIPT_ARGS: -c needs genimage.sh's config file" >&2
			exit 1
		fi
		shift
		;;
	*)
		echo "post-image.sh: BR2_ROOTFS_POST_SCRIPT_ARGS: after the board, only end-from-host and genimage.sh's -c FILE (got '$1')" >&2
		exit 1
		;;
	esac
	shift
done

# Join backslash-continued lines, keep the one QEMU command line.
qemu_cmd_line="$(sed -r ':a; /\\$/N; s/\\\n//; s/\t/ /; ta; /qemu-system-/!d; s/#.*//' "${readme}")"
if [ "$(grep -c . <<<"${qemu_cmd_line}")" -ne 1 ]; then
	echo "post-image.sh: ${readme} must have exactly one qemu-system- command line" >&2
	exit 1
fi

# The scripts live next to the images; QEMU starts from the first
# qemu-system-*; -serial stdio is the default mode's extra argument.
qemu_cmd_line="${qemu_cmd_line//output\/images\//}"
qemu_cmd_line="$(sed -r -e 's/^.*(qemu-system-)/\1/' -e 's/ +$//' <<<"${qemu_cmd_line}")"
default_args=""
if [[ "${qemu_cmd_line}" == *"-serial stdio"* ]]; then
	default_args="-serial stdio"
	qemu_cmd_line="${qemu_cmd_line//-serial stdio/}"
fi
# start-qemu.sh --kernel-arg appends to the kernel command line; a board
# without -append (its command line is on its SD card) has none.
has_append=false
if [[ "${qemu_cmd_line}" == *"-append "* ]]; then
	has_append=true
	# shellcheck disable=SC2016 # ${CMDLINE_EXTRA} is expanded by start-qemu.sh
	qemu_cmd_line="$(sed -r 's/(-append "[^"]*)"/\1${CMDLINE_EXTRA}"/' <<<"${qemu_cmd_line}")"
fi
# start-qemu.sh --sd FILE boots another SD card image than the board's.
sd_image=""
if [[ "${qemu_cmd_line}" =~ file=([^,\ ]+)(,[^\ ]*)?,if=sd ]]; then
	sd_image="${BASH_REMATCH[1]}"
	# shellcheck disable=SC2016 # ${SD_IMAGE} is expanded by start-qemu.sh
	sd_arg='file="${SD_IMAGE}",'
	qemu_cmd_line="${qemu_cmd_line/"file=${sd_image},"/${sd_arg}}"
fi

sed -e "s|@SERIAL_ARGS@|-nographic|g" \
	-e "s|@DEFAULT_ARGS@|${default_args}|g" \
	-e "s|@QEMU_CMD_LINE@|${qemu_cmd_line}|g" \
	-e "s|@HOST_DIR@|${HOST_DIR:-}|g" \
	-e "s|@HAS_APPEND@|${has_append}|g" \
	-e "s|@SD_IMAGE@|${sd_image}|g" \
	"${board_dir}/common/start-qemu.sh.in" >"${binaries_dir}/start-qemu.sh"
sed -e "s|@LINUX_DIR@|${BUILD_DIR:-}/linux-custom|g" \
	-e "s|@ALARMS@|$(dirname "${board_dir}")/package/rust-samples/target/alarms|g" \
	-e "s|@HAS_APPEND@|${has_append}|g" \
	-e "s|@END_FROM_HOST@|${end_from_host}|g" \
	"${board_dir}/common/run-qemu.sh.in" >"${binaries_dir}/run-qemu.sh"
chmod +x "${binaries_dir}/start-qemu.sh" "${binaries_dir}/run-qemu.sh"
# A board with an SD card image (genimage, as tests/run and the README
# tell one): the tool to write it.
if grep -q '^BR2_PACKAGE_HOST_GENIMAGE=y$' "${BR2_CONFIG:-/dev/null}"; then
	install -m 0755 "${board_dir}/common/flash-sdcard.sh" "${binaries_dir}/flash-sdcard.sh"
fi
