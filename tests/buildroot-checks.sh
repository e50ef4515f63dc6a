#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Checks this external tree with a Buildroot checkout (2026.02.x), without
# building (the builds are br2-external test's other steps):
#   1. each defconfig loads with BR2_EXTERNAL, and every line of it is in
#      the resulting .config (as Buildroot's runtime tests check);
#   2. utils/check-package -b over the tree's Buildroot files is clean
#      (exceptions: .checkpackageignore, justified in README.md);
#   3. make printvars / show-info show the kernel's Rust make flags, our
#      kernel patches and the rust-samples package.
# Usage: tests/buildroot-checks.sh [BUILDROOT_DIR]
#   (default: the Buildroot br2-external uses; br2-external --help)
# Needs: flake8 and python3-magic (Debian) for check-package.
set -euo pipefail

PROG="buildroot-checks.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"
top="${TOP}"
case "${1:-}" in
-*) die "usage: ${PROG} [BUILDROOT_DIR]" ;;
"") find_buildroot; br="${BR_DIR}" ;;
*) br="$(cd "$1" && pwd)" ;;
esac
check_deps "${TEST_DEPS[@]}"
tmp="$(mktemp -d)"
trap 'rm -rf "${tmp}"' EXIT
passed=0
failed=0

result() {
	if [ "$1" -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok - $2"
	else
		failed=$((failed + 1))
		echo "not ok - $2"
	fi
}

echo "# Buildroot $(make -s -C "${br}" --no-print-directory print-version 2>/dev/null || echo "in ${br}")"
for defconfig in "${top}"/configs/*_defconfig; do
	name="$(basename "${defconfig}")"
	o="${tmp}/${name}"
	rc=0
	make -s -C "${br}" O="${o}" BR2_EXTERNAL="${top}" "${name}" >"${tmp}/log" 2>&1 || rc=$?
	[ "${rc}" -eq 0 ] || sed 's/^/#   /' "${tmp}/log"
	result "${rc}" "${name} loads with BR2_EXTERNAL"
	rc=0
	while IFS= read -r line; do
		[ -n "${line}" ] || continue
		if ! grep -qxF -- "${line}" "${o}/.config"; then
			echo "#   not in .config after olddefconfig: ${line}"
			rc=1
		fi
	done <"${defconfig}"
	result "${rc}" "${name}: every line survives in .config"

	rc=0
	make -s -C "${br}" O="${o}" printvars \
		VARS='LINUX_MAKE_FLAGS LINUX_VERSION RUST_SAMPLES_MODULE_SUBDIRS' >"${tmp}/vars" 2>&1 || rc=$?
	sed 's/^/#   /' "${tmp}/vars"
	for want in 'LLVM=1' 'RUSTC=/usr/bin/rustc' 'BINDGEN=/usr/bin/bindgen' \
		'RUST_LIB_SRC=/usr/lib/rustlib/src/rust/library' '^RUST_SAMPLES_MODULE_SUBDIRS='; do
		grep -qE -- "${want}" "${tmp}/vars" || { echo "#   printvars lacks ${want}"; rc=1; }
	done
	# linux.mk's gcc-only -Wno-attribute-alias must not reach clang (LLVM=1):
	# 6.1 makes an unknown warning option an error at the first C file.
	if grep -q -- '-Wno-attribute-alias' "${tmp}/vars"; then
		echo "#   LINUX_MAKE_FLAGS passes gcc's -Wno-attribute-alias to clang"
		rc=1
	fi
	result "${rc}" "${name}: printvars shows the kernel's Rust flags and rust-samples, no gcc-only KCFLAGS"

	rc=0
	make -s -C "${br}" O="${o}" show-info >"${tmp}/info.json" 2>"${tmp}/log" || rc=$?
	python3 - "${tmp}/info.json" "${top}" <<'PY' || rc=1
import glob, json, os, sys
info = json.load(open(sys.argv[1]))
top = sys.argv[2]
want = sorted(glob.glob(os.path.join(top, "patches/linux/*.patch")))
have = info["linux"]["patches"]
print("#   linux: version %s, %d patches, hashes %s"
      % (info["linux"]["version"], len(have), info["linux"]["hashes"]))
assert have == want, "linux patches differ from patches/linux/*.patch"
assert "rust-samples" in info, "no rust-samples package"
assert "linux" in info["rust-samples"]["dependencies"], "rust-samples does not depend on linux"
PY
	result "${rc}" "${name}: show-info lists the kernel patches and rust-samples"
done

# The tree's Buildroot files: what check-package knows how to check.
rc=0
mapfile -t files < <(cd "${top}" && git ls-files --cached --others --exclude-standard \
	-- .checkpackageignore Config.in external.desc external.mk configs linux package patches board)
# check-package imports magic and runs flake8: Debian's python3 has them
# (python3-magic, flake8) when another python3 comes first on PATH.
python=python3
python3 -c 'import magic' 2>/dev/null || python=/usr/bin/python3
(cd "${top}" && "${python}" "${br}/utils/check-package" -b --ignore-list .checkpackageignore "${files[@]}") \
	>"${tmp}/cp" 2>&1 || rc=$?
sed 's/^/#   /' "${tmp}/cp"
grep -q '^0 warnings generated' "${tmp}/cp" || rc=1
result "${rc}" "utils/check-package -b is clean over ${#files[@]} files"

echo "${passed} passed, ${failed} failed"
[ "${failed}" -eq 0 ]
