#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs shellcheck on every shell script of the tree (by name, or
# by a "#!...sh" first line), from the tree's top, following the files
# they source.
#
# Usage: tests/shellcheck.sh
set -euo pipefail

PROG="shellcheck.sh"
# shellcheck source=support/common.sh
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../support/common.sh"
[ $# -eq 0 ] || die "usage: ${PROG} (no arguments)"
check_deps "shellcheck|shellcheck|checks the shell scripts"

files=()
while IFS= read -r f; do
	[ -f "${TOP}/${f}" ] || continue
	case "${f}" in
	*.sh | *.sh.in | br2-external | bench | .ci/run) files+=("${f}") ;;
	*) head -c 40 "${TOP}/${f}" | grep -q '^#!.*sh' && files+=("${f}") ;;
	esac
done < <(cd "${TOP}" && git ls-files --cached --others --exclude-standard)
(cd "${TOP}" && shellcheck -x "${files[@]}")
echo "shellcheck: ${#files[@]} scripts clean"
