#!/usr/bin/env bash
# Runs `swift test` (arguments are passed on, e.g. --filter SuiteName) with its output as usual,
# then prints the count of skipped tests and each one's reason (scripts/test-skips.py):
#
#   === tests: 386 passed; 2 skipped; 0 stray error or deprecation lines
#     skipped: NAME: "needs Chromium on the PATH (apt-get install chromium)"
#
# A test is skipped when a `Requirement` trait (Tests/InkTestSupport/Requirement.swift) is not met
# (gnuplot or Chromium missing); INKBENCH_REQUIRE_ALL=1 makes those tests run and fail instead.
# The exit status is `swift test`'s (1 as well when no test run finished).
#
# About XCTest's "Executed 0 tests" line: the tests are Swift Testing tests; `swift test` also
# runs XCTest, which finds no XCTest cases in this package and says so. The line is expected;
# the Swift Testing line above it ("Test run with N tests ... passed") is the result.
set -uo pipefail
log=$(mktemp "${TMPDIR:-/tmp}/inkbench-test-summary.XXXXXX")
trap 'rm -f "$log"' EXIT
swift test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# The count of skipped tests and each one's reason (scripts/test-skips.py, which .ci/run uses too).
python3 "$(dirname "$0")/test-skips.py" --allow-skips "$log" || [ "$status" -ne 0 ] || status=1
exit "$status"
