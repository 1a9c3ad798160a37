#!/usr/bin/env python3
"""Checks the relative links of README.md and docs/*.md: every linked file exists and every
#anchor names a heading of its page (GitHub's rule: lower case, punctuation dropped, spaces to
hyphens). Prints each broken link as FILE:LINE: LINK and exits 1 if there is one.

    scripts/check-doc-links.py            # from the repository root (scripts/docs.sh runs it)
"""
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pages = ["README.md"] + sorted(
    os.path.join("docs", f) for f in os.listdir(os.path.join(root, "docs")) if f.endswith(".md"))


def anchors(path):
    found, fence = set(), False
    for line in open(os.path.join(root, path), encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        m = None if fence else re.match(r"#{1,6} (.*)", line)
        if m:
            text = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower())
            found.add(text.replace(" ", "-"))
    return found


broken = 0
for page in pages:
    fence = False
    for n, line in enumerate(open(os.path.join(root, page), encoding="utf-8"), 1):
        if line.startswith("```"):
            fence = not fence
        if fence:
            continue
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if re.match(r"[a-z]+://", target):
                continue
            file, _, anchor = target.partition("#")
            path = os.path.normpath(os.path.join(os.path.dirname(page), file)) if file else page
            if not os.path.exists(os.path.join(root, path)):
                print(f"{page}:{n}: {target}: no file {path}")
                broken += 1
            elif anchor and path.endswith(".md") and anchor not in anchors(path):
                print(f"{page}:{n}: {target}: no heading #{anchor} in {path}")
                broken += 1
sys.exit(1 if broken else 0)
