#!/usr/bin/env python3
"""Counts the skipped tests in a `swift test` log and prints each with its reason, last, where a
person reads the end of a test run; exits 1 if no test run finished, or if any test was skipped
(unless --allow-skips: scripts/test-summary.sh, for a user's machine).

    swift test 2>&1 | tee test.log; python3 scripts/test-skips.py test.log

Swift Testing prints `➜ Test NAME skipped: "REASON"` for each; XCTest prints
`Test Case '…' skipped`. A clone of the repository carries its data, so the only tests that may
skip on a user's machine are those that need gnuplot or Chromium, and CI (INKBENCH_REQUIRE_ALL=1)
turns those into failures: under CI any skip fails.

It also counts what makes a passing run look broken (issue 29, item 6): `Error:` lines (a test
of an error path that let its expected output reach the terminal) and deprecation warnings
from the build; each is printed, and fails the run as a skip does.
"""
import re
import sys


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--allow-skips"]
    allow_skips = "--allow-skips" in sys.argv[1:]
    if len(args) != 1:
        print("usage: test-skips.py [--allow-skips] SWIFT_TEST_LOG", file=sys.stderr)
        return 2
    text = open(args[0], encoding="utf-8", errors="replace").read()
    skips = re.findall(r"Test (.+?) skipped(?:: (.*))?$", text, flags=re.M)
    skips = [(name.strip(), (reason or "").strip()) for name, reason in skips if not name.startswith("run ")]
    ran = re.findall(r"Test run with (\d+) tests? in \d+ suites? (passed|failed)", text)
    if not ran:
        print("test-skips: no 'Test run with N tests' line: the tests did not run to the end", file=sys.stderr)
        return 1
    total, verdict = ran[-1]
    noise = [line for line in text.splitlines() if line.startswith("Error:") or "deprecated" in line and "warning:" in line]
    print(f"=== tests: {total} {verdict}; {len(skips)} skipped; {len(noise)} stray error or deprecation lines")
    for name, reason in skips:
        print(f"  skipped: {name}: {reason or '(no reason given)'}")
    for line in noise[:20]:
        print(f"  stray: {line}")
    return 1 if ((skips or noise) and not allow_skips) or verdict != "passed" else 0


if __name__ == "__main__":
    sys.exit(main())
