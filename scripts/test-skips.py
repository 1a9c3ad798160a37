#!/usr/bin/env python3
"""Counts the skipped tests in a `swift test` log and prints each with its reason, last, where a
person reads the end of a test run; exits 1 if any test was skipped or no test ran.

    swift test 2>&1 | tee test.log; python3 scripts/test-skips.py test.log

Swift Testing prints `➜ Test NAME skipped: "REASON"` for each; XCTest prints
`Test Case '…' skipped`. A clone of the repository carries its data, so the only tests that may
skip on a user's machine are those that need gnuplot or Chromium, and CI (INKBENCH_REQUIRE_ALL=1)
turns those into failures: under CI any skip fails.
"""
import re
import sys


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: test-skips.py SWIFT_TEST_LOG", file=sys.stderr)
        return 2
    text = open(sys.argv[1], encoding="utf-8", errors="replace").read()
    skips = re.findall(r"Test (.+?) skipped(?:: (.*))?$", text, flags=re.M)
    skips = [(name.strip(), (reason or "").strip()) for name, reason in skips if not name.startswith("run ")]
    ran = re.findall(r"Test run with (\d+) tests? in \d+ suites? (passed|failed)", text)
    if not ran:
        print("test-skips: no 'Test run with N tests' line: the tests did not run to the end", file=sys.stderr)
        return 1
    total, verdict = ran[-1]
    print(f"=== tests: {total} {verdict}; {len(skips)} skipped")
    for name, reason in skips:
        print(f"  skipped: {name}: {reason or '(no reason given)'}")
    return 1 if skips or verdict != "passed" else 0


if __name__ == "__main__":
    sys.exit(main())
