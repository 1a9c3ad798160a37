#!/usr/bin/env bash
# Runs `swift test` (arguments are passed on, e.g. --filter SuiteName) with its output as usual,
# then prints one summary line: how many tests Swift Testing skipped, and why, grouped by reason:
#
#   2 skipped: needs Chromium on the PATH (apt-get install chromium) (2)
#   0 skipped
#
# A test is skipped when a `Requirement` trait (Tests/InkTestSupport/Requirement.swift) is not met
# (gnuplot or Chromium missing); INKBENCH_REQUIRE_ALL=1 makes those tests run and fail instead.
# The exit status is `swift test`'s.
#
# About XCTest's "Executed 0 tests" line: the tests are Swift Testing tests; `swift test` also
# runs XCTest, which finds no XCTest cases in this package and says so. The line is expected;
# the Swift Testing line above it ("Test run with N tests ... passed") is the result.
set -uo pipefail
log=$(mktemp "${TMPDIR:-/tmp}/inkbench-test-summary.XXXXXX")
trap 'rm -f "$log"' EXIT
swift test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# Swift Testing prints a skip as: <symbol> Test name() skipped: "reason"  (or without a reason).
# Only the lines that end with the skip (a test's name may hold the word; "started." lines do not end so).
reasons=$(grep -E '^[^ ]+ Test .* skipped(: ".*")?$' "$log" | sed -E 's/.* skipped(: )?//; s/^"//; s/"$//; s/^$/(no reason given)/' || true)
if [ -z "$reasons" ]; then
  echo "0 skipped"
else
  count=$(printf '%s\n' "$reasons" | wc -l | tr -d ' ')
  summary=$(printf '%s\n' "$reasons" | sort | uniq -c | sort -rn | sed -E 's/^ *([0-9]+) (.*)$/\2 (\1)/' | paste -sd ';' - | sed 's/;/; /g')
  echo "$count skipped: $summary"
fi
exit "$status"
