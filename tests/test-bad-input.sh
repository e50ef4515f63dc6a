#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The bad-input behaviours of br2-external and run-qemu.sh, each
# against a throw-away copy of this tree in a temporary directory (its own
# output/, its own build lock): br2-external's own checks, and Buildroot
# (the real one br2-external drives) stopping on a kernel patch that does
# not apply and on a wrong Rust tool. Those two run only `make linux-patch`
# (extract and patch the kernel; no toolchain, no build) and reuse this
# tree's output/offline/ parts and unpacked Buildroot when they are there.
# The boot checks use run-qemu.sh as the real post-image.sh writes it, with
# a fake start-qemu.sh printing a given console.
# Prints one "ok"/"not ok" line per case, then "N passed, N failed".
# Not covered: a real kernel build failing (too long for this test; "a
# failing Buildroot make shows the error lines and the log" covers
# br2-external's reporting).
set -euo pipefail

PROG="test-bad-input.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"
top="${TOP}"
tmp="$(mktemp -d "${TMPDIR:-/var/tmp}/test-bad-input.XXXXXX")"
trap 'rm -rf "${tmp}"' EXIT
trap 'exit 1' HUP INT TERM
passed=0
failed=0
start="${SECONDS}"

# expect NAME STATUS OUTPUT-FILE RC PATTERN...: STATUS is "fail" or "pass";
# every extended regex PATTERN must be in the output (and, with want_lines
# set, the output must have that many lines).
expect() {
	local name="$1" want="$2" out="$3" rc="$4" p ok=true lines
	shift 4
	if [ "${want}" = fail ] && [ "${rc}" -eq 0 ]; then ok=false; fi
	if [ "${want}" = pass ] && [ "${rc}" -ne 0 ]; then ok=false; fi
	for p in "$@"; do
		grep -qE -- "${p}" "${out}" || { ok=false; echo "# missing: ${p}"; }
	done
	lines="$(wc -l <"${out}")"
	if [ -n "${want_lines:-}" ] && [ "${lines}" -ne "${want_lines}" ]; then
		ok=false
		echo "# ${lines} lines of output, want ${want_lines}"
	fi
	if ${ok}; then
		passed=$((passed + 1))
		echo "ok - ${name}"
	else
		failed=$((failed + 1))
		echo "not ok - ${name} (exit ${rc}); output:"
		sed 's/^/#   /' "${out}"
	fi
}

# expect_line NAME OUTPUT-FILE RC PATTERN: a failure with a one-line
# message matching PATTERN, and nothing else.
expect_line() {
	want_lines=1 expect "$1" fail "$2" "$3" "$4"
}

# run OUT COMMAND...: run, keeping the output and the exit status in rc.
run() {
	local out="$1"
	shift
	rc=0
	"$@" >"${out}" 2>&1 </dev/null || rc=$?
}

# ---------------------------------------------------------------------------
# The throw-away tree: the tree's files (committed, and new but not
# ignored), beside a link to ../shared (the Buildroot tarball and the
# offline download directory are found there).
tree="${tmp}/tree"
mkdir -p "${tree}"
if git -C "${top}" rev-parse --git-dir >/dev/null 2>&1; then
	(cd "${top}" && git ls-files -z --cached --others --exclude-standard |
		while IFS= read -r -d '' f; do [ ! -e "${f}" ] || printf '%s\0' "${f}"; done |
		xargs -0 cp -a --parents -t "${tree}")
else
	tar -C "${top}" --exclude=./output --exclude=./dl -cf - . | tar -C "${tree}" -xf -
fi
[ ! -d "${top}/../shared" ] || ln -s "$(readlink -f "${top}/../shared")" "${tmp}/shared"

# Reuse what is not per-board: Buildroot unpacked (else the copy unpacks
# its own, a few seconds), and the offline layer's slow parts (host tar,
# toolchains, source trees), made in this tree first if missing. The
# copy's prepare remakes only its dl-site/ and src/debian-tools/.
mkdir -p "${tree}/output"
for d in "${top}"/output/buildroot-*; do
	case "${d}" in *.tmp) continue ;; esac
	[ ! -f "${d}/.br2-external-commit" ] || ln -s "${d}" "${tree}/output/"
done
if offline; then
	if [ ! -x "${top}/output/offline/host-tar/bin/tar" ] ||
		[ ! -f "${top}/output/offline/toolchain-riscv64-linux-gnu/.done" ]; then
		echo "# making ${top}/output/offline (support/offline/prepare)"
		"${top}/support/offline/prepare" >"${tmp}/prepare.log" 2>&1 ||
			sed 's/^/# /' "${tmp}/prepare.log"
	fi
	mkdir -p "${tree}/output/offline/src"
	for d in "${top}"/output/offline/*; do
		case "${d##*/}" in dl-site|src|tar-build.*) continue ;; esac
		[ ! -e "${d}" ] || ln -s "${d}" "${tree}/output/offline/"
	done
	for d in "${top}"/output/offline/src/*; do
		[ ! -f "${d}/.done" ] || ln -s "${d}" "${tree}/output/offline/src/"
	done
fi

br2="${tree}/br2-external"
defconfig=qemu_riscv64_rust_defconfig
O="${tree}/output/${defconfig}"
linux_dir="${O}/build/linux-custom"
# The throw-away tree's builds do not wait for (nor hold up) real ones.
export RUST_FOR_LINUX_LOCK="${tmp}/lock"
# run as root would first install the host packages (br2-external deps).
export RUST_FOR_LINUX_NO_AUTO_DEPS=1
# Where a check of br2-external were missing, the command given is still
# cheap: a make target that does not exist, not a whole build.
cheap=no-such-target

# ---------------------------------------------------------------------------
# br2-external's own checks.

list=()
for f in "${tree}"/configs/*_defconfig; do
	list+=("^  ${f##*/}\$")
done
for cmd in build run; do
	run "${tmp}/out" "${br2}" "${cmd}" nope_defconfig
	expect "${cmd} with an unknown defconfig lists the defconfigs" fail "${tmp}/out" "${rc}" \
		'^br2-external: ERROR: unknown defconfig "nope_defconfig"; the defconfigs in configs/ are:$' \
		"${list[@]}"
done

# A PATH without rsync (and nothing from /usr/sbin or /sbin to find it in).
mkdir -p "${tmp}/bin"
for f in /usr/local/bin/* /usr/bin/*; do
	[ "$(basename "${f}")" = rsync ] || ln -sf "${f}" "${tmp}/bin/"
done
run "${tmp}/out" env PATH="${tmp}/bin" "${br2}" build "${defconfig}" "${cheap}"
expect "missing tool names the package and the install command" fail "${tmp}/out" "${rc}" \
	'^br2-external: ERROR: rsync is missing \(required by Buildroot\): Debian package rsync$' \
	'^br2-external: ERROR: install with: sudo \./br2-external deps \(or: apt-get install rsync\)$'

rm -f "${tmp}/bin/apt-get"
run "${tmp}/out" env PATH="${tmp}/bin" "${br2}" deps
expect_line "deps without apt-get says so" "${tmp}/out" "${rc}" \
	'^br2-external: ERROR: deps needs apt-get \(Debian bookworm\)$'
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
	expect_line "deps as a user says to run it as root" "${tmp}/out" "${rc}" \
		'^br2-external: ERROR: deps installs packages: run it as root \(sudo \./br2-external deps\)$'
fi

# Arguments after the defconfig are make targets, and an option there is an
# error, not a target.
run "${tmp}/out" "${br2}" build --until x
expect_line "build --until x is rejected" "${tmp}/out" "${rc}" \
	'^br2-external: ERROR: build: unknown option --until \(arguments after the defconfig are Buildroot make targets\)$'
run "${tmp}/out" "${br2}" build "${defconfig}" --until linux-patch
expect_line "build DEFCONFIG --until linux-patch is rejected" "${tmp}/out" "${rc}" \
	'^br2-external: ERROR: build: unknown option --until '

run "${tmp}/out" env RUST_FOR_LINUX_OFFLINE=bogus "${br2}" build "${defconfig}" "${cheap}"
expect_line "RUST_FOR_LINUX_OFFLINE=bogus is rejected" "${tmp}/out" "${rc}" \
	'^br2-external: ERROR: RUST_FOR_LINUX_OFFLINE=bogus: use 1 \(offline\) or 0 \(downloads\)$'

run "${tmp}/out" env RUST_FOR_LINUX_VARIANT=bogus "${br2}" build "${defconfig}" "${cheap}"
expect_line "RUST_FOR_LINUX_VARIANT=bogus is rejected, the variants named" "${tmp}/out" "${rc}" \
	'^br2-external: ERROR: RUST_FOR_LINUX_VARIANT=bogus: no support/variants/bogus/; the variants: norust $'

# A check run by itself: a usage line, or the defconfigs, for bad input.
run "${tmp}/out" "${tree}/tests/boot.sh"
expect_line "a check without its argument prints its usage" "${tmp}/out" "${rc}" \
	'^boot\.sh: ERROR: usage: boot\.sh DEFCONFIG \[SUITE\]$'
run "${tmp}/out" "${tree}/tests/build-warnings.sh" "${defconfig}"
expect_line "a check of a board not built says to build it" "${tmp}/out" "${rc}" \
	"^build-warnings\.sh: ERROR: no .*/br\.log: build first \(\./br2-external build\)\$"

# ./bench --rust-vs-c: options and defconfigs are checked before any build.
run "${tmp}/out" "${tree}/bench" --rust-vs-c --rounds 0
expect_line "bench --rust-vs-c --rounds 0 is rejected" "${tmp}/out" "${rc}" \
	'^--rounds needs a positive number\. Usage: \./bench --rust-vs-c '
run "${tmp}/out" "${tree}/bench" --rust-vs-c qemu_riscv64_rust_debug_defconfig
expect_line "bench --rust-vs-c refuses a debug board" "${tmp}/out" "${rc}" \
	'^qemu_riscv64_rust_debug_defconfig: a debug board; the comparison is made on the plain boards\.'

# ---------------------------------------------------------------------------
# Buildroot, in the throw-away tree's output/<defconfig>/.

# Configures output/<defconfig>/ (and unpacks Buildroot, offline: makes
# the copy's dl-site) for the cases after it.
run "${tmp}/out" "${br2}" build "${defconfig}" no-such-target
expect "a failing Buildroot make shows the error lines and the log" fail "${tmp}/out" "${rc}" \
	"^br2-external: ERROR: make no-such-target failed; last error lines:\$" \
	"^  make: \*\*\* No rule to make target 'no-such-target'" \
	"^br2-external: ERROR: make no-such-target failed after [0-9]+ s \(full log: ${O}/br\.log\)\$"

# with_ext_var VAR VALUE TARGET: the kernel extension's VAR set to VALUE
# in the throw-away tree, make TARGET there (output in ${tmp}/out, status
# in ${rc}), then the extension as it was.
with_ext_var() {
	local mk="${tree}/linux/linux-ext-kernel-rust.mk"
	cp "${mk}" "${tmp}/linux-ext-kernel-rust.mk"
	sed -i "s|^\($1[[:space:]]*[:?]*=\).*|\1 $2|" "${mk}"
	if grep -qxF "$1 = $2" "${mk}"; then
		run "${tmp}/out" "${br2}" build "${defconfig}" "$3"
	else
		run "${tmp}/out" echo "test setup: no $1 line in linux/linux-ext-kernel-rust.mk"
	fi
	cp "${tmp}/linux-ext-kernel-rust.mk" "${mk}"
}

# Another Debian release of linux-source-6.1 than the series is made for
# (the series' version changed instead): the kernel extension's
# pre-download hook stops the build, naming both versions.
with_ext_var KERNEL_RUST_SERIES_BASE 6.1.999 linux-source
expect "another kernel version than the series' stops the download, naming both" fail "${tmp}/out" "${rc}" \
	'^  kernel-rust: /usr/src/linux-source-6\.1\.tar\.xz is Linux 6\.1\.[0-9]+, the series in patches/linux/ is made for 6\.1\.999: install linux-source-6\.1 6\.1\.999, or move the series ' \
	"^br2-external: ERROR: make linux-source failed after [0-9]+ s \(full log: ${O}/br\.log\)\$"

# A wrong rustc: the kernel extension's pre-patch hook stops the build
# after extracting and patching the kernel.
mkdir -p "${tmp}/fake-rust"
printf '#!/bin/sh\necho "rustc 1.62.0 (fake)"\n' >"${tmp}/fake-rust/rustc"
chmod +x "${tmp}/fake-rust/rustc"
with_ext_var KERNEL_RUST_BINDIR "${tmp}/fake-rust" linux-patch
expect "a wrong Rust tool stops at the kernel's pre-patch hook, naming the package" fail "${tmp}/out" "${rc}" \
	'^  kernel-rust: need .*/fake-rust/rustc 1\.63, found rustc 1\.62\.0 \(fake\): apt-get install rustc$' \
	"^br2-external: ERROR: make linux-patch failed after [0-9]+ s \(full log: ${O}/br\.log\)\$"

# A patch that does not apply, on a fresh extraction (linux-dirclean).
rm -rf "${linux_dir}"
cat >"${tree}/patches/linux/9999-broken.patch" <<'EOF2'
--- a/Makefile
+++ b/Makefile
@@ -1,2 +1,2 @@
-# this line is not in the kernel's Makefile
+# nor is this one
 VERSION = 6
EOF2
run "${tmp}/out" "${br2}" build "${defconfig}" linux-patch
expect "a kernel patch that does not apply is named, with the log" fail "${tmp}/out" "${rc}" \
	'^  .*9999-broken\.patch' \
	"^br2-external: ERROR: make linux-patch failed after [0-9]+ s \(full log: ${O}/br\.log\)\$"
rm "${tree}/patches/linux/9999-broken.patch"

# ---------------------------------------------------------------------------
# post-image.sh and run-qemu.sh --test, with a fake board and a fake
# start-qemu.sh printing the console given in ${tmp}/console.
images="${tmp}/images"
mkdir -p "${images}" "${tree}/board/fake"
cat >"${tree}/board/fake/readme.txt" <<'EOF2'
Run the emulation with:

  qemu-system-riscv64 -M virt -kernel output/images/Image -append "root=/dev/vda" -nographic # fake_defconfig
EOF2

run "${tmp}/out" "${tree}/board/common/post-image.sh" "${images}" "${defconfig}"
expect_line "post-image.sh given a defconfig, not a board, says so" "${tmp}/out" "${rc}" \
	"^post-image\.sh: BR2_ROOTFS_POST_SCRIPT_ARGS must name a board of .* with a readme\.txt \(got '${defconfig}'\)\$"

HOST_DIR="${tmp}/host" BUILD_DIR="${tmp}/build" "${tree}/board/common/post-image.sh" "${images}" fake
cat >"${images}/start-qemu.sh" <<'SH'
#!/bin/sh
cat "${0%/*}/../console"
case " $* " in *" rust_samples.test=samples "*) ;; *) echo "no rust_samples.test=samples"; exit 3 ;; esac
[ ! -f "${0%/*}/../hang" ] || exec sleep 100
SH
chmod +x "${images}/start-qemu.sh"
# kunit.py and its helpers: from the kernel extracted above, else from the
# kernel source tarball.
if [ ! -f "${linux_dir}/tools/testing/kunit/kunit.py" ]; then
	linux_dir="${tmp}/linux-source-6.1"
	tar -C "${tmp}" -xJf /usr/src/linux-source-6.1.tar.xz linux-source-6.1/tools/testing/kunit
fi
export KUNIT_PY="${linux_dir}/tools/testing/kunit/kunit.py"

ktap() { printf 'KTAP version 1\n1..%s\n' "$1"; shift; printf '%s\n' "$@"; }

{ echo "[    0.000000] Linux version 6.1"; ktap 2 "ok 1 rust_printing" "ok 2 rust_errors"; } >"${tmp}/console"
run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 20
expect "boot test passes on a clean KTAP console" pass "${tmp}/out" "${rc}" '^run-qemu\.sh: PASS'

{ ktap 2 "ok 1 rust_printing" "not ok 2 rust_errors"; } >"${tmp}/console"
run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 20
expect "boot test fails on not ok" fail "${tmp}/out" "${rc}" 'FAILED.*rust_errors|rust_errors.*FAILED' \
	'^run-qemu\.sh: FAIL: kunit\.py parse reports failed or missing tests'

{ ktap 3 "ok 1 rust_printing" "ok 2 rust_errors"; } >"${tmp}/console"
run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 20
expect "boot test fails on missing results" fail "${tmp}/out" "${rc}" 'missing|Expected' \
	'^run-qemu\.sh: FAIL: kunit\.py parse reports failed or missing tests'

for bad in "Oops: 0000 [#1] SMP" "kernel BUG at mm/slub.c:42!" \
	"WARNING: CPU: 0 PID: 1 at lib/foo.c:1 foo+0x1/0x2" "Kernel panic - not syncing: VFS"; do
	{ echo "[    1.000000] ${bad}"; ktap 1 "ok 1 rust_printing"; } >"${tmp}/console"
	run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 20
	expect "boot test fails on '${bad%%:*}' in the console" fail "${tmp}/out" "${rc}" "${bad:0:10}" \
		'^run-qemu\.sh: FAIL: the kernel.* reported the lines above$'
done
# An init script's FAIL, as Buildroot's init scripts print it.
{ echo "Starting network: FAIL"; ktap 1 "ok 1 rust_printing"; } >"${tmp}/console"
run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 20
expect "boot test fails on an init script's FAIL" fail "${tmp}/out" "${rc}" 'Starting network: FAIL' \
	'^run-qemu\.sh: FAIL: .*init script reported the lines above$'

seq -f 'console line %g' 1 60 >"${tmp}/console"
touch "${tmp}/hang"
run "${tmp}/out" "${images}/run-qemu.sh" --test --timeout 3
expect "a hanging QEMU is killed at the timeout with the last 50 lines" fail "${tmp}/out" "${rc}" \
	'no power-off within 3s' 'last 50 console lines' '^console line 11$' '^console line 60$'
if grep -q '^console line 10$' <(sed -n '/last 50 console lines/,$p' "${tmp}/out"); then
	failed=$((failed + 1))
	echo "not ok - only the last 50 lines are shown"
else
	passed=$((passed + 1))
	echo "ok - only the last 50 lines are shown"
fi

rm -f "${tmp}/hang"

# A board that boots from its SD card: no -append, the test ends at the
# login prompt (QEMU cannot power the board off), --sd boots another card.
mkdir -p "${tree}/board/fake-card" "${tmp}/card-images"
cat >"${tree}/board/fake-card/readme.txt" <<'EOF2'
Run the emulation with:

  qemu-system-arm -M orangepi-pc -drive file=output/images/sdcard.img,if=sd,format=raw -nographic # fake_card_defconfig
EOF2
run "${tmp}/out" env HOST_DIR="${tmp}/host" BUILD_DIR="${tmp}/build" \
	"${tree}/board/common/post-image.sh" "${tmp}/card-images" fake-card -c "${tree}/board/fake-card/genimage.cfg"
expect "post-image.sh lets a card board's genimage.sh -c FILE through" pass "${tmp}/out" "${rc}"
run "${tmp}/out" "${tmp}/card-images/start-qemu.sh" --kernel-arg x=1
expect_line "a card board's start-qemu.sh refuses --kernel-arg" "${tmp}/out" "${rc}" \
	"^start-qemu\.sh: --kernel-arg: this board's kernel command line is on its SD card \(extlinux\.conf\)\$"
cat >"${tmp}/card-images/start-qemu.sh" <<'SH'
#!/bin/sh
cat "${0%/*}/../console"
case " $* " in *" --sd "*) echo "card: $*" ;; esac
[ -f "${0%/*}/../nologin" ] || echo "buildroot login: "
exec sleep 100
SH
chmod +x "${tmp}/card-images/start-qemu.sh"
{ ktap 1 "ok 1 rust_printing"; } >"${tmp}/console"
run "${tmp}/out" "${tmp}/card-images/run-qemu.sh" --test --timeout 20
expect "a card board's boot test ends at the login prompt and passes" pass "${tmp}/out" "${rc}" \
	'^run-qemu\.sh: booting from the SD card' '^run-qemu\.sh: PASS'
run "${tmp}/out" "${tmp}/card-images/run-qemu.sh" --test --timeout 20 --sd "${tmp}/console"
expect "a card board's boot test boots the card given with --sd" pass "${tmp}/out" "${rc}" \
	"^card: .*--sd ${tmp}/console"
run "${tmp}/out" "${tmp}/card-images/run-qemu.sh" --test --suite stress
expect_line "a card board's boot test refuses another suite" "${tmp}/out" "${rc}" \
	"^run-qemu\.sh: FAIL: suite 'stress': this board's kernel command line is on its SD card"
touch "${tmp}/nologin"
run "${tmp}/out" "${tmp}/card-images/run-qemu.sh" --test --timeout 3
expect "a card board without a login prompt fails at the timeout" fail "${tmp}/out" "${rc}" \
	'no login prompt within 3s \(killed\)'
run "${tmp}/out" "${tmp}/card-images/run-qemu.sh" --test --sd "${tmp}/no-such-card.img"
expect_line "run-qemu.sh --sd with a missing file says so" "${tmp}/out" "${rc}" \
	'^run-qemu\.sh: --sd .*/no-such-card\.img: no such file$'

# A board whose test boots end from the host (post-image.sh's
# end-from-host): the suite's end line ends QEMU; an alarm before it fails.
run "${tmp}/out" "${tree}/board/common/post-image.sh" "${images}" fake end-from-hosts
expect_line "post-image.sh refuses an unknown argument after the board" "${tmp}/out" "${rc}" \
	"^post-image\.sh: BR2_ROOTFS_POST_SCRIPT_ARGS: after the board, only end-from-host and genimage\.sh's -c FILE \(got 'end-from-hosts'\)\$"
run "${tmp}/out" "${tree}/board/common/post-image.sh" "${images}" fake end-from-host -c
expect_line "post-image.sh refuses a -c without genimage.sh's config" "${tmp}/out" "${rc}" \
	"^post-image\.sh: BR2_ROOTFS_POST_SCRIPT_ARGS: -c needs genimage\.sh's config file\$"
mkdir -p "${tmp}/host-end-images"
HOST_DIR="${tmp}/host" BUILD_DIR="${tmp}/build" "${tree}/board/common/post-image.sh" "${tmp}/host-end-images" fake end-from-host
cat >"${tmp}/host-end-images/start-qemu.sh" <<'SH'
#!/bin/sh
cat "${0%/*}/../console"
case " $* " in *" rust_samples.end=host "*) ;; *) echo "no rust_samples.end=host"; exit 3 ;; esac
[ -f "${0%/*}/../noend" ] || echo "rust-samples: rust_samples.test=samples done, QEMU left to the host"
exec sleep 100
SH
chmod +x "${tmp}/host-end-images/start-qemu.sh"
{ ktap 1 "ok 1 rust_printing"; } >"${tmp}/console"
run "${tmp}/out" "${tmp}/host-end-images/run-qemu.sh" --test --timeout 20
expect "an end-from-host board's test ends QEMU after the suite and passes" pass "${tmp}/out" "${rc}" \
	'the test ends QEMU after the suite' '^run-qemu\.sh: PASS'
{ echo "[    1.000000] BUG: Invalid wait context"; ktap 1 "ok 1 rust_printing"; } >"${tmp}/console"
run "${tmp}/out" "${tmp}/host-end-images/run-qemu.sh" --test --timeout 20
expect "an end-from-host board's test fails on a report before the end" fail "${tmp}/out" "${rc}" \
	'BUG: Invalid wait context' '^run-qemu\.sh: FAIL: the kernel.* reported the lines above$'
{ ktap 1 "ok 1 rust_printing"; } >"${tmp}/console"
touch "${tmp}/noend"
run "${tmp}/out" "${tmp}/host-end-images/run-qemu.sh" --test --timeout 3
expect "an end-from-host board without the end line fails at the timeout" fail "${tmp}/out" "${rc}" \
	'no end of the suite within 3s \(killed\)'
rm -f "${tmp}/noend"

# Every defconfig's BR2_ROOTFS_POST_SCRIPT_ARGS, as Buildroot passes them
# (the same arguments to each post-image script), are taken by
# post-image.sh with the board's own readme.txt.
for cfg in "${tree}"/configs/*_defconfig; do
	args="$(sed -n 's/^BR2_ROOTFS_POST_SCRIPT_ARGS="\(.*\)"$/\1/p' "${cfg}")"
	args="${args//\$(BR2_EXTERNAL_RUST_FOR_LINUX_PATH)/${tree}}"
	rm -rf "${tmp}/cfg-images"
	mkdir -p "${tmp}/cfg-images"
	# shellcheck disable=SC2086 # split as Buildroot splits them
	run "${tmp}/out" env HOST_DIR="${tmp}/host" BUILD_DIR="${tmp}/build" BR2_CONFIG="${cfg}" \
		"${tree}/board/common/post-image.sh" "${tmp}/cfg-images" ${args}
	[ "${rc}" -ne 0 ] || [ -x "${tmp}/cfg-images/run-qemu.sh" ] || rc=1
	expect "${cfg##*/}: post-image.sh takes its BR2_ROOTFS_POST_SCRIPT_ARGS" pass "${tmp}/out" "${rc}"
done

echo "${passed} passed, ${failed} failed ($((SECONDS - start))s)"
[ "${failed}" -eq 0 ]
