# SPDX-License-Identifier: GPL-2.0
#
# common.sh: the values and helpers that the front end (br2-external), the
# checks (tests/) and the developer tools (utils/, bench) share. Sourced,
# not run: the sourcing script sets PROG (its name in messages) first.
#
# Every shared value is stated here once: the Buildroot release and its
# commit, the default board, the build lock, the boot timeouts, the host
# packages each step needs.

# shellcheck shell=bash
# shellcheck disable=SC2034 # the values are for the scripts that source this

TOP="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
PROG="${PROG:-${0##*/}}"

BUILDROOT_VERSION="2026.02.3"
BUILDROOT_COMMIT="679b9ead7620bbf193620d1ebf56f53c1764d37a"
BUILDROOT_GIT="https://gitlab.com/buildroot.org/buildroot.git"
DEFAULT_DEFCONFIG="qemu_riscv64_rust_defconfig"
SHARED_BUILDROOT="$(dirname "${TOP}")/shared/buildroot"
# Buildroot unpacked in output/ must not take this tree's git repository
# for its own (its version string comes from git describe).
export GIT_CEILING_DIRECTORIES="${TOP}/output"

msg() { printf '>>> %s\n' "$*"; }
die() {
	printf '%s: ERROR: %s\n' "${PROG}" "$*" >&2
	exit 1
}

# One heavy build at a time on a machine (shared with other builders).
KBUILD_LOCK_DEFAULT="/tmp/kbuild.lock"
KBUILD_LOCK="${RUST_FOR_LINUX_LOCK:-${KBUILD_LOCK_DEFAULT}}"
# Boot tests' timeouts: a board's, a debug board's (KASAN, kmemleak,
# lockdep under emulation), and a debug board's stress and fault test or
# catch suite, boot included. What the steps took in a measured run:
# docs/measurements.md.
BOOT_TIMEOUT="${RUST_FOR_LINUX_BOOT_TIMEOUT:-180}"
DEBUG_BOOT_TIMEOUT="${RUST_FOR_LINUX_DEBUG_BOOT_TIMEOUT:-600}"
STRESS_TIMEOUT="${RUST_FOR_LINUX_STRESS_TIMEOUT:-1800}"

# ---------------------------------------------------------------------------
# Host packages: what each step needs, and the Debian package with it.

# <command or file>|<Debian package>|<why>
BASE_DEPS=(
	"make|make|runs Buildroot"
	"gcc|gcc|Buildroot's host tools"
	"g++|g++|Buildroot's host tools"
	"patch|patch|applies patches"
	"xz|xz-utils|unpacks tarballs"
	"bzip2|bzip2|unpacks BusyBox"
	"unzip|unzip|required by Buildroot"
	"rsync|rsync|required by Buildroot"
	"wget|wget|Buildroot's downloads"
	"git|git|Buildroot's downloads; a Buildroot clone"
	"file|file|required by Buildroot"
	"bc|bc|kernel build"
	"cpio|cpio|kernel build"
	"perl|perl|Buildroot and the kernel"
	"flex|flex|kernel build"
	"bison|bison|kernel build"
	"/usr/include/libelf.h|libelf-dev|kernel build"
	"/usr/include/openssl/ssl.h|libssl-dev|kernel build"
	"flock|util-linux|serialises heavy builds"
	"python3|python3|kunit.py parse of the boot results"
	"/usr/src/linux-source-6.1.tar.xz|linux-source-6.1|the kernel source"
)
TEST_DEPS=(
	"shellcheck|shellcheck|checks the shell scripts"
	"flake8|flake8|Buildroot's utils/check-package"
	"/usr/lib/python3/dist-packages/magic/__init__.py|python3-magic|Buildroot's utils/check-package"
	"bmaptool|bmap-tools|tests/test-flash.sh: flash-sdcard.sh's bmaptool path"
	"losetup|mount|tests/sdcard.sh: the card as a real loop device"
	"pgrep|procps|tests/test-fault-readers.sh: finds a reader to stop"
)
# The offline layer: Debian's cross compilers and C libraries become the
# external toolchains; Debian's gettext and fakeroot stand in for the two
# host packages with no reachable source.
OFFLINE_DEPS=(
	"riscv64-linux-gnu-gcc-12|gcc-riscv64-linux-gnu|offline toolchain (riscv64)"
	"/usr/riscv64-linux-gnu/lib/libc.a|libc6-dev-riscv64-cross|offline toolchain: C library (riscv64)"
	"/usr/riscv64-linux-gnu/include/linux/version.h|linux-libc-dev-riscv64-cross|offline toolchain: kernel headers (riscv64)"
	"arm-linux-gnueabihf-gcc-12|gcc-arm-linux-gnueabihf|offline toolchain (ARM)"
	"/usr/arm-linux-gnueabihf/lib/libc.a|libc6-dev-armhf-cross|offline toolchain: C library (ARM)"
	"/usr/arm-linux-gnueabihf/include/linux/version.h|linux-libc-dev-armhf-cross|offline toolchain: kernel headers (ARM)"
	"autopoint|autopoint|offline host-gettext-tiny"
	"msgfmt|gettext|offline host-gettext-tiny"
	"fakeroot|fakeroot|offline host-fakeroot"
	"dtc|device-tree-compiler|offline host-dtc (U-Boot)"
	"/usr/lib/python3/dist-packages/libfdt.py|python3-libfdt|offline host-python-pylibfdt (U-Boot)"
	"/usr/lib/python3/dist-packages/setuptools/__init__.py|python3-setuptools|offline host-python-setuptools (U-Boot)"
	"genimage|genimage|offline host-genimage (SD card images)"
	"bmaptool|bmap-tools|offline host-bmap-tools (SD card images' .bmap)"
)
RUN_DEPS_riscv64=("qemu-system-riscv64|qemu-system-misc|boots riscv64 (bookworm-backports)")
RUN_DEPS_arm=("qemu-system-arm|qemu-system-arm|boots ARM (bookworm-backports)")
BACKPORTS_PACKAGES=(qemu-system-misc qemu-system-arm)

# check_deps ENTRY...: report every missing one, then stop.
check_deps() {
	local entry what pkg why missing=()
	for entry in "$@"; do
		IFS='|' read -r what pkg why <<<"${entry}"
		if [[ "${what}" == /* ]]; then
			[ -e "${what}" ] && continue
		else
			PATH="${PATH}:/usr/sbin:/sbin" command -v "${what}" >/dev/null && continue
		fi
		missing+=("${pkg}")
		printf '%s: ERROR: %s is missing (%s): Debian package %s\n' \
			"${PROG}" "${what}" "${why}" "${pkg}" >&2
	done
	if [ "${#missing[@]}" -gt 0 ]; then
		die "install with: sudo ./br2-external deps (or: apt-get install ${missing[*]})"
	fi
}

# ---------------------------------------------------------------------------
# Boards.

list_defconfigs() {
	local f
	for f in "${TOP}"/configs/*_defconfig; do
		[ -f "${f}" ] && basename "${f}"
	done
	return 0
}

# A debug board is one whose rust-samples has the stress and fault tests.
is_debug_defconfig() {
	grep -q '^BR2_PACKAGE_RUST_SAMPLES_STRESS=y$' "${TOP}/configs/$1"
}

# Boards whose test steps take long: the whole test run leaves them out
# (its plan says so), and their stress suite gets three times
# STRESS_TIMEOUT. The ARM debug board: its debug kernel on an emulated
# Cortex-A9 is the slowest of the boards.
LONG_DEFCONFIGS="qemu_arm_vexpress_rust_debug_defconfig"
is_long_defconfig() {
	case " ${LONG_DEFCONFIGS} " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

# A board with an SD card image: genimage makes images/sdcard.img.
is_sdcard_defconfig() {
	grep -q '^BR2_PACKAGE_HOST_GENIMAGE=y$' "${TOP}/configs/$1"
}

# boot_timeout DEFCONFIG [SUITE]: how long its boot test may take, running
# SUITE (rust_samples.test=; default samples).
boot_timeout() {
	if [ "${2:-}" = stress ] && is_long_defconfig "$1"; then
		echo "$((3 * STRESS_TIMEOUT))"
	elif [ "${2:-}" = stress ] || [ "${2:-}" = catch ]; then
		echo "${STRESS_TIMEOUT}"
	elif is_debug_defconfig "$1"; then
		echo "${DEBUG_BOOT_TIMEOUT}"
	else
		echo "${BOOT_TIMEOUT}"
	fi
}

# select_defconfig NAME: sets DEFCONFIG, O (its output directory; a
# variant's is output/NAME-VARIANT), VARIANT_DIR, BINARIES_DIR, LINUX_DIR.
select_defconfig() {
	local name="$1" variant="${RUST_FOR_LINUX_VARIANT:-}"
	if [[ "${name}" == */* ]] || [ ! -f "${TOP}/configs/${name}" ]; then
		printf '%s: ERROR: unknown defconfig "%s"; the defconfigs in configs/ are:\n' \
			"${PROG}" "${name}" >&2
		list_defconfigs | sed 's/^/  /' >&2
		exit 1
	fi
	DEFCONFIG="${name}"
	O="${TOP}/output/${DEFCONFIG}"
	VARIANT_DIR=""
	if [ -n "${variant}" ]; then
		VARIANT_DIR="${TOP}/support/variants/${variant}"
		if [[ ! "${variant}" =~ ^[a-z0-9-]+$ ]] || [ ! -f "${VARIANT_DIR}/buildroot.fragment" ]; then
			die "RUST_FOR_LINUX_VARIANT=${variant}: no support/variants/${variant}/; the variants: $(cd "${TOP}/support/variants" && printf '%s ' */ | tr -d /)"
		fi
		O="${O}-${variant}"
	fi
	BINARIES_DIR="${O}/images"
	LINUX_DIR="${O}/build/linux-custom"
}

# The .config's BR2_ARCH, once configured.
config_arch() { sed -n 's/^BR2_ARCH="\(.*\)"$/\1/p' "${O}/.config"; }
# defconfig_arch DEFCONFIG: the architecture its defconfig chooses (arm,
# riscv, ...), before any build: the choice's symbol, not BR2_ARCH.
defconfig_arch() {
	sed -n 's/^BR2_\(arm\|armeb\|aarch64\|riscv\|x86_64\)=y$/\1/p' "${TOP}/configs/$1"
}

# run_deps: the QEMU that boots the selected (configured) board.
run_deps() {
	local arch
	arch="$(config_arch)"
	case "${arch}" in
	riscv64) check_deps "${RUN_DEPS_riscv64[@]}" ;;
	arm) check_deps "${RUN_DEPS_arm[@]}" ;;
	*) die "${DEFCONFIG}: no QEMU known for BR2_ARCH=${arch}" ;;
	esac
}

# ---------------------------------------------------------------------------
# Buildroot.

# find_buildroot: sets BR_DIR to the Buildroot tree: BUILDROOT_DIR, else
# the one unpacked in output/, else unpacked from its tarball (checked by
# commit), else cloned (checked by commit).
find_buildroot() {
	local dir="${TOP}/output/buildroot-${BUILDROOT_VERSION}" tarball="" d id
	if [ -n "${BUILDROOT_DIR:-}" ]; then
		if [ ! -f "${BUILDROOT_DIR}/Makefile" ] || [ ! -f "${BUILDROOT_DIR}/support/scripts/br2-external" ]; then
			die "BUILDROOT_DIR=${BUILDROOT_DIR} is not a Buildroot tree (no Makefile, support/scripts/br2-external)"
		fi
		BR_DIR="$(cd "${BUILDROOT_DIR}" && pwd)"
		return 0
	fi
	BR_DIR="${dir}"
	[ ! -f "${dir}/.br2-external-commit" ] || return 0
	for d in "${RUST_FOR_LINUX_DL_DIR:-}" "${SHARED_BUILDROOT}"; do
		if [ -n "${d}" ] && [ -f "${d}/buildroot-${BUILDROOT_VERSION}.tar.xz" ]; then
			tarball="${d}/buildroot-${BUILDROOT_VERSION}.tar.xz"
			break
		fi
	done
	rm -rf "${dir}" "${dir}.tmp"
	mkdir -p "${dir}.tmp"
	if [ -n "${tarball}" ]; then
		msg "Buildroot ${BUILDROOT_VERSION}: unpacking ${tarball}"
		check_deps "git|git|checks the Buildroot tarball's commit"
		id="$(xz -dc "${tarball}" | git get-tar-commit-id)" || true
		[ "${id}" = "${BUILDROOT_COMMIT}" ] ||
			die "${tarball} is not Buildroot ${BUILDROOT_VERSION} (commit '${id:-none}', want ${BUILDROOT_COMMIT}): replace it, or set BUILDROOT_DIR"
		tar -xJf "${tarball}" -C "${dir}.tmp" --strip-components=1
	else
		msg "Buildroot ${BUILDROOT_VERSION}: git clone ${BUILDROOT_GIT} (no tarball in ${SHARED_BUILDROOT} or RUST_FOR_LINUX_DL_DIR)"
		git clone -q --depth 1 --branch "${BUILDROOT_VERSION}" "${BUILDROOT_GIT}" "${dir}.tmp" ||
			die "cannot clone Buildroot ${BUILDROOT_VERSION}: set BUILDROOT_DIR to a Buildroot tree, or put buildroot-${BUILDROOT_VERSION}.tar.xz in RUST_FOR_LINUX_DL_DIR"
		id="$(git -C "${dir}.tmp" rev-parse HEAD)"
		[ "${id}" = "${BUILDROOT_COMMIT}" ] ||
			die "the ${BUILDROOT_VERSION} tag of ${BUILDROOT_GIT} is commit ${id}, want ${BUILDROOT_COMMIT}"
	fi
	echo "${BUILDROOT_COMMIT}" >"${dir}.tmp/.br2-external-commit"
	mv "${dir}.tmp" "${dir}"
}

# Offline build: explicit (RUST_FOR_LINUX_OFFLINE), else when a download
# directory for it is there.
offline() {
	case "${RUST_FOR_LINUX_OFFLINE:-}" in
	1) return 0 ;;
	0) return 1 ;;
	"") [ -d "${RUST_FOR_LINUX_DL_DIR:-${SHARED_BUILDROOT}/dl}" ] ;;
	*) die "RUST_FOR_LINUX_OFFLINE=${RUST_FOR_LINUX_OFFLINE}: use 1 (offline) or 0 (downloads)" ;;
	esac
}

# The PATH Buildroot runs with: offline, tar 1.35 first.
br_path() {
	if offline; then
		printf '%s:%s' "${TOP}/output/offline/host-tar/bin" "${PATH}"
	else
		printf '%s' "${PATH}"
	fi
}

# br_make ARGS...: Buildroot's make for the selected defconfig.
br_make() {
	PATH="$(br_path)" make -C "${BR_DIR}" O="${O}" "$@"
}

# br_vars VARIABLE...: shell assignments of Buildroot's values (make
# printvars QUOTED_VARS=YES), for eval: each variable then holds the text
# make has (HOSTCC="gcc ..." stays one quoted make word).
br_vars() {
	br_make -s --no-print-directory printvars VARS="$*" QUOTED_VARS=YES
}

# run_info COMMAND: how and where a measurement was taken, "KEY VALUE"
# lines: the command, the date, the commit (with "-dirty" for uncommitted
# changes), the cores and the QEMU version.
run_info() {
	local commit q
	commit="$(git -C "${TOP}" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
	[ -z "$(git -C "${TOP}" status --porcelain -- . ':!docs/measurements' ':!docs/measurements.md' 2>/dev/null)" ] ||
		commit="${commit}-dirty"
	q="$(qemu-system-arm --version 2>/dev/null | head -n 1 || true)"
	printf 'command %s
date %s
commit %s
cores %s
qemu %s
' \
		"$1" "$(date -u +%Y-%m-%d)" "${commit}" "$(nproc)" "${q:-unknown}"
}

# locked COMMAND...: run it (a function too) holding the build lock.
locked() {
	local fd rc=0
	exec {fd}>>"${KBUILD_LOCK}"
	if ! flock -n "${fd}"; then
		echo "${PROG}: build lock ${KBUILD_LOCK}: held by another build, waiting" >&2
		flock "${fd}"
	fi
	"$@" || rc=$?
	exec {fd}>&-
	return "${rc}"
}

# kernel_tree_env DEFCONFIG: for the checks of the kernel tree that
# Buildroot built, exports KDIR (the tree), LINUX_MAKE_FLAGS (Buildroot's
# kernel make flags, shell-quoted; also as KMAKEFLAGS), LINUX_TARBALL and
# LINUX_PATCH_DIR (the kernel source and the patches), and Buildroot's PATH.
kernel_tree_env() {
	local BR2_LINUX_KERNEL_CUSTOM_TARBALL_LOCATION="" BR2_GLOBAL_PATCH_DIR=""
	select_defconfig "$1"
	[ -f "${LINUX_DIR}/.config" ] || die "no kernel tree in ${LINUX_DIR}: ./br2-external build ${DEFCONFIG} first"
	find_buildroot
	LINUX_MAKE_FLAGS=""
	eval "$(br_vars LINUX_MAKE_FLAGS BR2_LINUX_KERNEL_CUSTOM_TARBALL_LOCATION BR2_GLOBAL_PATCH_DIR)"
	[[ "${LINUX_MAKE_FLAGS}" == *RUSTC=* ]] || die "no Rust flags in Buildroot's LINUX_MAKE_FLAGS: ${LINUX_MAKE_FLAGS}"
	LINUX_TARBALL="${BR2_LINUX_KERNEL_CUSTOM_TARBALL_LOCATION//\"/}"
	LINUX_TARBALL="${LINUX_TARBALL#file://}"
	LINUX_PATCH_DIR="${BR2_GLOBAL_PATCH_DIR//\"/}/linux"
	KDIR="${LINUX_DIR}"
	KMAKEFLAGS="${LINUX_MAKE_FLAGS}"
	PATH="${O}/host/bin:$(br_path)"
	export KDIR KMAKEFLAGS LINUX_MAKE_FLAGS LINUX_TARBALL LINUX_PATCH_DIR PATH
}
