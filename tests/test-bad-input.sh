#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The bad-input behaviours of br2-external and run-qemu.sh (issue 3), each
# against a throw-away tree in a temporary directory: a fake kernel tarball
# and patches for the build steps, a fake start-qemu.sh for the boot checks.
# Prints one "ok"/"not ok" line per case, then "N passed, N failed".
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "${tmp}"' EXIT
passed=0
failed=0

# expect NAME STATUS OUTPUT-FILE PATTERN...: STATUS is "fail" or "pass";
# every extended regex PATTERN must be in the output.
expect() {
	local name="$1" want="$2" out="$3" rc="$4" p ok=true
	shift 4
	if [ "${want}" = fail ] && [ "${rc}" -eq 0 ]; then ok=false; fi
	if [ "${want}" = pass ] && [ "${rc}" -ne 0 ]; then ok=false; fi
	for p in "$@"; do
		grep -qE -- "${p}" "${out}" || { ok=false; echo "# missing: ${p}"; }
	done
	if ${ok}; then
		passed=$((passed + 1))
		echo "ok - ${name}"
	else
		failed=$((failed + 1))
		echo "not ok - ${name} (exit ${rc}); output:"
		sed 's/^/#   /' "${out}"
	fi
}

# run OUT COMMAND...: run, keeping the output and the exit status in rc.
run() {
	local out="$1"
	shift
	rc=0
	"$@" >"${out}" 2>&1 || rc=$?
}

# A throw-away external tree: br2-external, its helpers, a fake kernel.
tree="${tmp}/tree"
mkdir -p "${tree}/configs" "${tree}/board/fake" "${tree}/patches/linux" \
	"${tmp}/linux-fake/scripts/kconfig"
cp -a "${top}/br2-external" "${top}/linux" "${top}/support" "${tree}/"
cat >"${tmp}/linux-fake/Makefile" <<'MK'
olddefconfig:
	@sed -i '/^CONFIG_DROPPED=/d' .config
all:
	@echo "  CC      hello.o"
	@echo "hello.c:3:5: error: expected ';' before 'return'" >&2
	@exit 2
MK
printf 'int main(void)\n{\n\treturn 0;\n}\n' >"${tmp}/linux-fake/hello.c"
cat >"${tmp}/linux-fake/scripts/kconfig/merge_config.sh" <<'SH'
#!/bin/sh
# Stand-in: append the fragments to the base config.
shift 3
base="$1"
shift
cat "$@" >>"${base}"
SH
chmod +x "${tmp}/linux-fake/scripts/kconfig/merge_config.sh"
tar -C "${tmp}" -cJf "${tmp}/linux-fake.tar.xz" linux-fake
printf 'CONFIG_KEPT=y\n' >"${tree}/board/fake/linux.config"
cat >"${tree}/configs/fake_defconfig" <<EOF2
BR2_riscv=y
BR2_GLOBAL_PATCH_DIR="\$(BR2_EXTERNAL_RUST_FOR_LINUX_PATH)/patches"
BR2_LINUX_KERNEL=y
BR2_LINUX_KERNEL_CUSTOM_TARBALL=y
BR2_LINUX_KERNEL_CUSTOM_TARBALL_LOCATION="file://${tmp}/linux-fake.tar.xz"
BR2_LINUX_KERNEL_USE_CUSTOM_CONFIG=y
BR2_LINUX_KERNEL_CUSTOM_CONFIG_FILE="\$(BR2_EXTERNAL_RUST_FOR_LINUX_PATH)/board/fake/linux.config"
BR2_LINUX_KERNEL_EXT_KERNEL_RUST=y
EOF2
cat >"${tree}/patches/linux/0001-hello-return-1.patch" <<'EOF2'
--- a/hello.c
+++ b/hello.c
@@ -1,4 +1,4 @@
 int main(void)
 {
-	return 0;
+	return 1;
 }
EOF2
br2="${tree}/br2-external"
# The fake kernel builds are light: no need to wait for real ones.
export BR2_EXTERNAL_LOCK="${tmp}/lock"
linux_dir="${tree}/output/fake_defconfig/build/linux-custom"

run "${tmp}/out" "${br2}" build no_such_defconfig
expect "unknown defconfig lists the defconfigs" fail "${tmp}/out" "${rc}" \
	'unknown defconfig "no_such_defconfig"' '^  fake_defconfig$'

# A PATH without rsync (and nothing from /usr/sbin or /sbin to find it in).
mkdir -p "${tmp}/bin"
for f in /usr/local/bin/* /usr/bin/*; do
	[ "$(basename "${f}")" = rsync ] || ln -sf "${f}" "${tmp}/bin/"
done
run "${tmp}/out" env PATH="${tmp}/bin" "${br2}" build fake_defconfig --until linux-patch
expect "missing tool names the package and the install command" fail "${tmp}/out" "${rc}" \
	'rsync is missing .*Debian package rsync' 'sudo \./br2-external deps'

rm -f "${tmp}/bin/apt-get"
run "${tmp}/out" env PATH="${tmp}/bin" "${br2}" deps
expect "deps without apt-get says so" fail "${tmp}/out" "${rc}" 'deps needs apt-get'
ln -sf /usr/bin/apt-get "${tmp}/bin/"
if [ "$(id -u)" -ne 0 ]; then
	run "${tmp}/out" "${br2}" deps
elif unshare -U true 2>/dev/null; then
	run "${tmp}/out" unshare -U "${br2}" deps
else
	rc=skip
fi
if [ "${rc}" = skip ]; then
	echo "skip - deps as a user (no user namespace to drop root in)"
else
	expect "deps as a user says to run it as root" fail "${tmp}/out" "${rc}" \
		'run it as root \(sudo \./br2-external deps\)'
fi

# The same, for a tool the kernel's Rust check finds on the PATH.
rm "${tmp}/bin/rsync" 2>/dev/null || true
ln -sf /usr/bin/rsync "${tmp}/bin/"
rm -f "${tmp}/bin/ld.lld"
run "${tmp}/out" env PATH="${tmp}/bin" "${br2}" build fake_defconfig --until linux-configure
expect "missing Rust tool stops before the kernel build, naming the package" fail "${tmp}/out" "${rc}" \
	'applying 0001-hello-return-1.patch' 'kernel-rust: need ld.lld 14: apt-get install lld'

printf 'BR2_NOT_A_REAL_OPTION=y\n' >>"${tree}/configs/fake_defconfig"
run "${tmp}/out" "${br2}" build fake_defconfig --until linux-patch
expect "an unknown option is reported" pass "${tmp}/out" "${rc}" \
	'BR2_NOT_A_REAL_OPTION=y is not understood'
sed -i '/BR2_NOT_A_REAL_OPTION/d' "${tree}/configs/fake_defconfig"

cat >"${tree}/patches/linux/0002-hello-bad-context.patch" <<'EOF2'
--- a/hello.c
+++ b/hello.c
@@ -1,4 +1,4 @@
 int main(void)
 {
-	return 5;
+	return 2;
 }
EOF2
cp "${linux_dir}/hello.c" "${tmp}/hello.c.good"
run "${tmp}/out" "${br2}" build fake_defconfig --until linux-patch
expect "failing patch names the patch and the hunk" fail "${tmp}/out" "${rc}" \
	'patch 0002-hello-bad-context.patch does not apply' 'Hunk #1 FAILED' \
	'previous good tree .* is unchanged'
run "${tmp}/out" cmp "${tmp}/hello.c.good" "${linux_dir}/hello.c"
expect "failing patch leaves the previous good tree intact" pass "${tmp}/out" "${rc}"
rm "${tree}/patches/linux/0002-hello-bad-context.patch"

printf 'CONFIG_DROPPED=y\n' >>"${tree}/board/fake/linux.config"
run "${tmp}/out" "${br2}" build fake_defconfig --until linux-configure
expect "a requested kernel option that drops is named" fail "${tmp}/out" "${rc}" \
	'kernel option CONFIG_DROPPED=y \(asked by board/fake/linux.config\) is not set in the final \.config'
sed -i '/CONFIG_DROPPED/d' "${tree}/board/fake/linux.config"

run "${tmp}/out" "${br2}" build fake_defconfig --until linux
expect "kernel build failure shows the error lines and the log" fail "${tmp}/out" "${rc}" \
	"hello.c:3:5: error: expected ';'" 'full log: .*/linux-build\.log'

# run-qemu.sh --test, generated by the real post-image.sh, with a fake
# start-qemu.sh printing the console given in ${tmp}/console.
images="${tmp}/images"
mkdir -p "${images}"
HOST_DIR="${tmp}/host" BUILD_DIR="${tmp}/build" \
	"${top}/board/common/post-image.sh" "${images}" qemu_riscv64_rust_defconfig
cat >"${images}/start-qemu.sh" <<'SH'
#!/bin/sh
cat "${0%/*}/../console"
case " $* " in *" br2_test=1 "*) ;; *) echo "no br2_test=1"; exit 3 ;; esac
[ ! -f "${0%/*}/../hang" ] || exec sleep 100
SH
chmod +x "${images}/start-qemu.sh"
# kunit.py and its helpers from the kernel source tarball.
tar -C "${tmp}" -xJf /usr/src/linux-source-6.1.tar.xz linux-source-6.1/tools/testing/kunit
export KUNIT_PY="${tmp}/linux-source-6.1/tools/testing/kunit/kunit.py"

ktap() { printf 'KTAP version 1\n1..%s\n' "$1"; shift; printf '%s\n' "$@"; }

{ echo "[    0.000000] Linux version 6.1"; ktap 2 "ok 1 rust_printing" "ok 2 rust_errors"; } >"${tmp}/console"
run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 20
expect "boot test passes on a clean KTAP console" pass "${tmp}/out" "${rc}" 'PASS'

{ ktap 2 "ok 1 rust_printing" "not ok 2 rust_errors"; } >"${tmp}/console"
run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 20
expect "boot test fails on not ok" fail "${tmp}/out" "${rc}" 'FAILED.*rust_errors|rust_errors.*FAILED'

{ ktap 3 "ok 1 rust_printing" "ok 2 rust_errors"; } >"${tmp}/console"
run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 20
expect "boot test fails on missing results" fail "${tmp}/out" "${rc}" 'missing|Expected'

for bad in "Oops: 0000 [#1] SMP" "kernel BUG at mm/slub.c:42!" \
	"WARNING: CPU: 0 PID: 1 at lib/foo.c:1 foo+0x1/0x2" "Kernel panic - not syncing: VFS"; do
	{ echo "[    1.000000] ${bad}"; ktap 1 "ok 1 rust_printing"; } >"${tmp}/console"
	run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 20
	expect "boot test fails on '${bad%%:*}' in the console" fail "${tmp}/out" "${rc}" "${bad:0:10}"
done

seq -f 'console line %g' 1 60 >"${tmp}/console"
touch "${tmp}/hang"
run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 3
expect "a hanging QEMU is killed at the timeout with the last 50 lines" fail "${tmp}/out" "${rc}" \
	'did not power off within 3s' 'last 50 console lines' '^console line 11$' '^console line 60$'
if grep -q '^console line 10$' <(sed -n '/last 50 console lines/,$p' "${tmp}/out"); then
	failed=$((failed + 1))
	echo "not ok - only the last 50 lines are shown"
else
	passed=$((passed + 1))
	echo "ok - only the last 50 lines are shown"
fi

echo "${passed} passed, ${failed} failed"
[ "${failed}" -eq 0 ]
