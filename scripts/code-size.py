#!/usr/bin/env python3
"""Code size for reviewers: the longest functions, and per target lines and declaration counts.

Usage:
  python3 scripts/code-size.py [ROOT] [--top N]     the N longest functions (default 15)
  python3 scripts/code-size.py [ROOT] --targets     per target under Sources/: files, lines,
                                                    public and package declarations
  --markdown                                        either table as Markdown

A function is a `func`, `init`, `deinit` or `subscript` with a body; its length is the lines
from the declaration's first line to its closing brace, found by matching braces with string
literals (including multi-line and raw ones), character literals and comments skipped. Nested
functions are measured on their own and also count within their parent. A declaration counts
as public or package when that access keyword starts it (after attributes), `public import`
and `package import` excluded; `public(set)` alone does not count. Lines are all lines of the
target's .swift files. Standard library only; exits 1 when ROOT has no Sources folder.
"""

import os
import re
import sys

DECL = re.compile(r"\b(func\s+[^\s(<]+|init[?!]?|deinit|subscript)\s*[(<{]?")
ACCESS = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:nonisolated|final|static|class|override|mutating|convenience|required|indirect|dynamic|lazy|weak|unowned)\s+)*(public|package)\b(?!\s*\(set\))(?!\s+import\b)"
)


def strip_code(text):
    """The text with string and character literals and comments blanked (newlines kept), so
    braces and keywords are only code's."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            m = re.match(r'(#*)("""|")', text[i:])
            hashes, quote = m.group(1), m.group(2)
            close = quote + hashes
            j = i + len(m.group(0))
            while j < n:
                if text.startswith(close, j):
                    j += len(close)
                    break
                if text[j] == "\\" and not hashes:
                    if text.startswith("\\(", j):  # interpolation: skip to the matching paren
                        depth, j = 1, j + 2
                        while j < n and depth:
                            depth += {"(": 1, ")": -1}.get(text[j], 0)
                            j += 1
                        continue
                    j += 2
                    continue
                if quote == '"' and text[j] == "\n":
                    break
                j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    """(name, first line, length in lines) of every function with a body in `path`."""
    with open(path, encoding="utf-8") as f:
        code = strip_code(f.read())
    line_of = []
    line = 1
    for ch in code:
        line_of.append(line)
        if ch == "\n":
            line += 1
    found = []
    for m in DECL.finditer(code):
        # The body's opening brace: the first '{' outside parentheses and brackets; a '}' first
        # (the enclosing scope ends) or another declaration first means a requirement without body.
        depth, j = 0, m.end() - 1
        while j < len(code):
            ch = code[j]
            if ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
            elif ch == "{" and depth <= 0:
                break
            elif ch == "}" and depth <= 0:
                j = -1
                break
            j += 1
        if j < 0 or j >= len(code):
            continue
        between = code[m.end() : j]
        if re.search(r"\n\s*(?:@\w+\s+)*(?:(?:public|package|private|internal|fileprivate|static|mutating|nonisolated)\s+)*(?:func|var|let|init|associatedtype|typealias|subscript|case)\b", between):
            continue
        braces, k = 0, j
        while k < len(code):
            if code[k] == "{":
                braces += 1
            elif code[k] == "}":
                braces -= 1
                if braces == 0:
                    break
            k += 1
        name = m.group(1).split()[-1] if m.group(1).startswith("func") else m.group(1)
        found.append((name, line_of[m.start()], line_of[min(k, len(code) - 1)] - line_of[m.start()] + 1))
    return found


def swift_files(root):
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    root = args[0] if args else "."
    markdown = "--markdown" in argv
    sources = os.path.join(root, "Sources")
    if not os.path.isdir(sources):
        print(f"code-size: {sources} is not a folder (give the package root)", file=sys.stderr)
        return 1
    if "--targets" in argv:
        rows = []
        for target in sorted(os.listdir(sources)):
            path = os.path.join(sources, target)
            if not os.path.isdir(path):
                continue
            files = lines = public = package = 0
            for f in swift_files(path):
                files += 1
                with open(f, encoding="utf-8") as h:
                    text = h.read()
                lines += text.count("\n")
                for line in strip_code(text).splitlines():
                    m = ACCESS.match(line)
                    if m:
                        public += m.group(1) == "public"
                        package += m.group(1) == "package"
            rows.append((target, files, lines, public, package))
        total = ("total", *[sum(r[i] for r in rows) for i in range(1, 5)])
        if markdown:
            print("| target | files | lines | public | package |\n|---|---:|---:|---:|---:|")
            for r in rows + [total]:
                print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} |")
        else:
            print(f"{'target':<16} {'files':>5} {'lines':>6} {'public':>6} {'package':>7}")
            for r in rows + [total]:
                print(f"{r[0]:<16} {r[1]:>5} {r[2]:>6} {r[3]:>6} {r[4]:>7}")
        return 0
    top = 15
    if "--top" in argv:
        top = int(argv[argv.index("--top") + 1])
        args = [a for a in args if a != str(top)]
        root = args[0] if args else "."
        sources = os.path.join(root, "Sources")
    found = []
    for f in swift_files(sources):
        for name, line, length in functions(f):
            found.append((length, os.path.relpath(f, root), line, name))
    found.sort(key=lambda r: (-r[0], r[1], r[2]))
    if markdown:
        print("| lines | function | file:line |\n|---:|---|---|")
        for length, f, line, name in found[:top]:
            print(f"| {length} | `{name}` | {f}:{line} |")
    else:
        for length, f, line, name in found[:top]:
            print(f"{length:5} {name:<28} {f}:{line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
