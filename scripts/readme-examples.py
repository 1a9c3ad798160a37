#!/usr/bin/env python3
"""Runs every example command in README.md, as a user would type it, and fails if one fails.

Each line of a ```sh block that starts with `swift run` is an example (a trailing backslash joins
the next line; a `# comment` after the command is dropped). It runs from the package's root with
`bash -c`, so globs expand as in a shell, and must exit 0. Examples that cannot run unattended are
listed in SKIP with the reason, which is printed; everything else runs.

    python3 scripts/readme-examples.py            # every example, in README order
    python3 scripts/readme-examples.py --list     # print them, run nothing

Run it from a clone with nothing beside it (.ci/run does): the README's examples must not need
anything outside the repository.
"""
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Examples that cannot run unattended, by a fragment of the command, with the reason.
SKIP = {
    "capture --serve": "serves a page until interrupted (the capture server has its own tests)",
    "--traces captures": "reads the strokes a person saved from the capture page",
}

# Seconds one example may take before it counts as failed (the slowest, tune, takes about a minute
# in a debug build on 2 cores).
TIMEOUT_S = 900


def examples(readme: str) -> list[str]:
    commands, in_sh, pending = [], False, ""
    for line in readme.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            in_sh = (not in_sh) and stripped in ("```sh", "```bash", "```shell")
            pending = ""
            continue
        if not in_sh:
            continue
        text = pending + " " + stripped if pending else stripped
        if text.endswith("\\"):
            pending = text[:-1].rstrip()
            continue
        pending = ""
        if not text.startswith("swift run"):
            continue
        command = re.sub(r"\s+#.*$", "", text).strip()  # a trailing comment (never inside quotes here)
        commands.append(command)
    return commands


def main() -> int:
    commands = examples((ROOT / "README.md").read_text(encoding="utf-8"))
    if not commands:
        print("readme-examples: no `swift run` example found in README.md", file=sys.stderr)
        return 1
    if "--list" in sys.argv:
        print("\n".join(commands))
        return 0
    failed, ran, skipped = [], 0, []
    for command in commands:
        reason = next((why for fragment, why in SKIP.items() if fragment in command), None)
        if reason:
            skipped.append((command, reason))
            continue
        start = time.monotonic()
        try:
            result = subprocess.run(
                ["bash", "-c", command], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                text=True, timeout=TIMEOUT_S)
            status = result.returncode
            output = result.stdout
        except subprocess.TimeoutExpired as e:
            status, output = "timeout", (e.stdout or b"").decode("utf-8", "replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        ran += 1
        took = time.monotonic() - start
        if status == 0:
            print(f"ok   {took:6.1f} s  {command}")
        else:
            print(f"FAIL {took:6.1f} s  {command}  (exit {status})")
            print("\n".join("     | " + l for l in output.splitlines()[-20:]))
            failed.append(command)
    for command, reason in skipped:
        print(f"skip           {command}  ({reason})")
    print(f"readme-examples: {ran - len(failed)} passed, {len(failed)} failed, {len(skipped)} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
