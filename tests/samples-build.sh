#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# samples-build.sh: build-time tests of the series' compile-time checks
# (static_assert!, build_assert!, build_error!, #[vtable]), against a
# board's built kernel tree.
#
# Each file in samples-build/ is a small out-of-tree module whose header
# says what building it must do:
#   // expect-build: ok                  it builds
#   // expect-build: error               it does not build ...
#   // expect-message: TEXT              ... and the output holds TEXT
#   // expect-build: build-error-symbol  modpost rejects the undefined
#                                        "rust_build_error", unless the
#                                        kernel has
#                                        CONFIG_RUST_BUILD_ASSERT_ALLOW=y,
#                                        where it builds
#   // expect-build-ARCH: ...            for the kernel's ARCH only (arm,
#   // expect-message-ARCH: ...          riscv), instead of the lines above
#
# One more case, samples_build_without_warnings, builds the samples
# themselves (package/rust-samples/src) afresh, with the make options the
# board's rust-samples package gives them (Buildroot's
# RUST_SAMPLES_MODULE_MAKE_OPTS: on a debug board, RUST_SAMPLES_BROKEN=m,
# the modules broken on purpose, which need a debug kernel): they must
# build, one .ko per obj-m line of src/Kbuild (and per
# obj-$(RUST_SAMPLES_BROKEN) line with those), without a warning
# ("warning:" from rustc, Clippy or the compiler, modpost's "WARNING:").
# The boards do not set CONFIG_WERROR, so this is what keeps the samples
# warning-free.
#
# Usage: tests/samples-build.sh DEFCONFIG [CASE...]   (after ./br2-external build)
#        KDIR=DIR KMAKEFLAGS=FLAGS tests/samples-build.sh - [CASE...]
#   DEFCONFIG   the board whose kernel tree (output/DEFCONFIG/build/
#               linux-custom) and make flags (Buildroot's LINUX_MAKE_FLAGS)
#               to use; the builds take the build lock
#   -           KDIR and KMAKEFLAGS from the environment instead: a built
#               kernel tree with CONFIG_RUST=y (its .config, Module.symvers
#               and rust/*.rmeta are used) and the flags for every make,
#               shell-quoted, e.g. 'ARCH=riscv LLVM=1 HOSTCC="gcc -O2"';
#               SAMPLES_MAKE_OPTS too, the samples' own (as above)
#   CASE        names from samples-build/ without .rs, or
#               samples_build_without_warnings (default: all)
# Output: KTAP version 1, then "N passed, N failed".
# Exit status: 0 if every case behaved as expected, 1 otherwise.
set -euo pipefail

PROG="samples-build.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"
cases="${TOP}/tests/samples-build"
src="${TOP}/package/rust-samples/src"

case "${1:-}" in
"" | -h | --help | -?*) die "usage: ${PROG} DEFCONFIG [CASE...] | KDIR=DIR KMAKEFLAGS=FLAGS ${PROG} - [CASE...]" ;;
-) ;;
*)
	kernel_tree_env "$1"
	RUST_SAMPLES_MODULE_MAKE_OPTS=""
	eval "$(br_vars RUST_SAMPLES_MODULE_MAKE_OPTS)"
	SAMPLES_MAKE_OPTS="${RUST_SAMPLES_MODULE_MAKE_OPTS}"
	# The builds run under the build lock, given up at the end.
	exec {lock_fd}>>"${KBUILD_LOCK}"
	flock "${lock_fd}"
	;;
esac
shift

if [ -z "${KDIR:-}" ] || [ ! -f "${KDIR}/.config" ]; then
	die "KDIR must name a configured and built kernel tree"
fi
if ! grep -q '^CONFIG_RUST=y' "${KDIR}/.config"; then
	die "${KDIR}/.config lacks CONFIG_RUST=y"
fi
allow=n
# The kernel's architecture, for the expect-*-ARCH lines.
arch=none
if grep -q '^CONFIG_ARM=y' "${KDIR}/.config"; then
	arch=arm
elif grep -q '^CONFIG_RISCV=y' "${KDIR}/.config"; then
	arch=riscv
fi
if grep -q '^CONFIG_RUST_BUILD_ASSERT_ALLOW=y' "${KDIR}/.config"; then
	allow=y
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/rust-samples-build-tests.XXXXXX")
trap 'rm -rf "${work}"' EXIT

if [ "$#" -eq 0 ]; then
	for file in "${cases}"/*.rs; do
		name=$(basename "${file}" .rs)
		set -- "$@" "${name}"
	done
	set -- "$@" samples_build_without_warnings
fi

# header FILE KEY: the value of the "// KEY: value" line of FILE.
header() {
	sed -n "s|^// $2: ||p" "$1" | head -n 1
}

# build NAME: builds case NAME as a module; output in ${work}/NAME.log.
build() {
	dir="${work}/$1"
	mkdir -p "${dir}"
	cp "${cases}/$1.rs" "${dir}/"
	echo "obj-m := $1.o" > "${dir}/Kbuild"
	kbuild "$1"
}

# kbuild NAME [MAKE-ARGS...]: builds the modules in ${work}/NAME; output in
# ${work}/NAME.log.
kbuild() {
	dir="${work}/$1"
	log="${work}/$1.log"
	# KMAKEFLAGS is quoted for the shell, as Buildroot's printvars
	# QUOTED_VARS=YES gives LINUX_MAKE_FLAGS (HOSTCC="gcc -O2 ..." is one
	# flag): eval splits it as make gets it.
	local flags=()
	eval "flags=(${KMAKEFLAGS:-})"
	${MAKE:-make} -C "${KDIR}" "${flags[@]}" M="${dir}" "${@:2}" modules > "${log}" 2>&1
}

# diagnose NAME WHY: prints why NAME failed and the end of its build log.
diagnose() {
	echo "# $1: $2"
	tail -n 15 "${work}/$1.log" | sed 's/^/# /'
}

# samples NAME: builds the samples in ${work}/NAME; sets ${why} if it fails.
samples() {
	mkdir -p "${work}/$1"
	cp -R "${src}/." "${work}/$1/"
	local opts=() kos
	eval "opts=(${SAMPLES_MAKE_OPTS:-})"
	kos="$(grep -c '^obj-m' "${src}/Kbuild")"
	if [[ " ${opts[*]} " == *" RUST_SAMPLES_BROKEN=m "* ]]; then
		# shellcheck disable=SC2016 # make's variable, in the Kbuild file
		kos=$((kos + $(grep -cF 'obj-$(RUST_SAMPLES_BROKEN)' "${src}/Kbuild")))
	fi
	if ! kbuild "$1" "${opts[@]}"; then
		why="the samples do not build"
	elif grep -qE '(^|: )warning: |WARNING: ' "${work}/$1.log"; then
		why="$(grep -cE '(^|: )warning: |WARNING: ' "${work}/$1.log") warnings:"
		grep -E -A 6 '(^|: )warning: |WARNING: ' "${work}/$1.log" >"${work}/$1.log.warnings"
		mv "${work}/$1.log.warnings" "${work}/$1.log"
	elif [ "$(find "${work}/$1" -name '*.ko' | wc -l)" -ne \
		"${kos}" ]; then
		why="not one .ko per obj- line of src/Kbuild that ${SAMPLES_MAKE_OPTS:-no option} builds"
	fi
}

echo "KTAP version 1"
echo "1..$#"
passed=0
failed=0
number=0
for name in "$@"; do
	number=$((number + 1))
	file="${cases}/${name}.rs"
	why=""
	if [ "${name}" = samples_build_without_warnings ]; then
		samples "${name}"
	elif [ ! -f "${file}" ]; then
		why="no such case"
	else
		expect=$(header "${file}" "expect-build-${arch}")
		if [ -n "${expect}" ]; then
			message=$(header "${file}" "expect-message-${arch}")
		else
			expect=$(header "${file}" expect-build)
			message=$(header "${file}" expect-message)
		fi
		if [ "${expect}" = build-error-symbol ]; then
			if [ "${allow}" = y ]; then
				expect=ok
			else
				expect=error
				message='"rust_build_error"'
			fi
		fi
		if build "${name}"; then
			built=ok
		else
			built=error
		fi
		if [ "${built}" != "${expect}" ]; then
			why="expected the build to end in '${expect}', got '${built}'"
		elif [ "${expect}" = error ] && [ -z "${message}" ]; then
			why="the case has no expect-message"
		elif [ -n "${message}" ] && ! grep -qF -- "${message}" "${work}/${name}.log"; then
			why="the build output lacks: ${message}"
		elif [ "${message}" = '"rust_build_error"' ] &&
			! grep -qF -- "undefined" "${work}/${name}.log"; then
			why="rust_build_error is not reported undefined"
		elif [ "${expect}" = ok ] && [ ! -f "${work}/${name}/${name}.ko" ]; then
			why="no ${name}.ko"
		fi
	fi
	if [ -z "${why}" ]; then
		passed=$((passed + 1))
		echo "ok ${number} ${name}"
	else
		failed=$((failed + 1))
		echo "not ok ${number} ${name}"
		diagnose "${name}" "${why}"
	fi
done
echo "${passed} passed, ${failed} failed"
[ "${failed}" -eq 0 ]
