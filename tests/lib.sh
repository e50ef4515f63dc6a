# SPDX-License-Identifier: GPL-2.0
#
# lib.sh: the result lines of the tree's tests of its own scripts
# (test-*.sh), sourced: one "ok - NAME" or "not ok - NAME" line a case,
# then "N passed, N failed".

# shellcheck shell=bash

passed=0
failed=0

# result NAME true|false [WHY [OUTPUT-FILE]]: one case's line; on a
# failure, WHY and the output as diagnostics.
result() {
	if "$2"; then
		passed=$((passed + 1))
		echo "ok - $1"
	else
		failed=$((failed + 1))
		echo "not ok - $1"
		[ -z "${3:-}" ] || echo "# $3"
		[ -z "${4:-}" ] || sed 's/^/#   /' "$4"
	fi
}

# summary: the closing line; fails if a case did.
summary() {
	echo "${passed} passed, ${failed} failed"
	[ "${failed}" -eq 0 ]
}
