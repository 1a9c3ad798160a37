#!/usr/bin/env python3
"""Checks that every target of a Swift package declares exactly the modules it imports.

    python3 scripts/check-imports.py              # the package in the current folder
    python3 scripts/check-imports.py Benchmarks   # another package (a folder with Package.swift)
    python3 scripts/check-imports.py --self-test  # proves the check fails on both kinds of error

Reads the manifest through `swift package dump-package` (so it sees what SwiftPM sees), then
every `.swift` file under each target's folder, and reports:

  - an undeclared import: `import X` where X is a module of this package, or a product of a
    package dependency, that the target does not list in its dependencies (Swift lets a target
    import what its dependencies depend on; this check does not, so the manifest states the
    module graph);
  - a declared-but-unused dependency: a target dependency that no file of the target imports.

System modules (Foundation, Glibc, Testing, ...) need no declaration and are ignored: a name
counts as a project module only if it is a target of this package or a product of one of its
package dependencies. A product dependency counts as used when any module it provides is
imported; for a product of another package that is not a library of the same name, list the
modules in PRODUCT_MODULES below. Plugins are not imported and are not checked.

Exit status: 0 when every target is clean, 1 with one line per problem (file-free: target,
module, what is wrong), 2 when the manifest cannot be read.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

# Products whose modules are not just the product's own name.
PRODUCT_MODULES = {
    # The root package's library products (used by the Benchmarks package).
    "InkBench": [
        "InkTraces", "InkSynthesis", "InkImport", "InkModels", "InkReplay", "InkStrategies", "InkMetrics",
        "InkOutput", "InkSession", "InkFigures", "InkBaseline", "InkReport", "InkTuning", "InkBenchKit",
    ],
}

# `import X`, `@testable import X`, `public import X`, `import struct X.Y`, `@_spi(S) import X`.
IMPORT_RE = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)


def dump_package(folder):
    """The manifest as JSON, from SwiftPM itself."""
    try:
        out = subprocess.run(
            ["swift", "package", "--package-path", folder, "dump-package"],
            check=True, capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", "") or str(error)
        sys.stderr.write(f"check-imports: cannot read {folder}/Package.swift: {detail}\n")
        sys.exit(2)
    return json.loads(out.stdout)


def target_folder(target):
    if target.get("path"):
        return target["path"]
    if target["type"] == "test":
        return os.path.join("Tests", target["name"])
    return os.path.join("Sources", target["name"])


def declared_dependencies(target):
    """(name, kind, modules it provides) for each dependency of a target."""
    result = []
    for dependency in target.get("dependencies", []):
        if "byName" in dependency:
            name = dependency["byName"][0]
            result.append((name, "target", [name]))
        elif "target" in dependency:
            name = dependency["target"][0]
            result.append((name, "target", [name]))
        elif "product" in dependency:
            name = dependency["product"][0]
            result.append((name, "product", PRODUCT_MODULES.get(name, [name])))
    return result


def imports_in(folder):
    """{module: first file that imports it} for every .swift file under folder."""
    found = {}
    for directory, _, files in sorted(os.walk(folder)):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            # Imports inside block comments and strings are rare enough to ignore; line
            # comments are removed so `// import X` in prose does not count.
            text = re.sub(r"//[^\n]*", "", text)
            for module in IMPORT_RE.findall(text):
                found.setdefault(module, path)
    return found


def check(folder, manifest):
    """Problem lines for one package."""
    targets = manifest["targets"]
    local_modules = {t["name"] for t in targets}
    known_products = set()
    for dependency in targets:
        for name, kind, modules in declared_dependencies(dependency):
            if kind == "product":
                known_products.update(modules)
    project_modules = local_modules | known_products
    problems = []
    for target in targets:
        if target["type"] in ("plugin", "binary", "system"):
            continue
        source = os.path.join(folder, target_folder(target))
        imported = imports_in(source)
        declared = declared_dependencies(target)
        declared_modules = {m for _, _, modules in declared for m in modules}
        for module, path in sorted(imported.items()):
            if module == target["name"] or module not in project_modules:
                continue
            if module not in declared_modules:
                problems.append(
                    f"{target['name']}: imports {module} ({os.path.relpath(path, folder)}) "
                    f"but does not declare it in Package.swift")
        for name, kind, modules in declared:
            if not any(m in imported for m in modules):
                problems.append(
                    f"{target['name']}: declares {name} in Package.swift but no file under "
                    f"{target_folder(target)}/ imports it")
    return problems


def self_test():
    """Builds a two-target package with one undeclared import and one unused dependency and
    checks that both are reported (so the check cannot pass vacuously)."""
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "Package.swift"), "w") as handle:
            handle.write(
                "// swift-tools-version: 6.0\nimport PackageDescription\n"
                "let package = Package(name: \"P\", targets: [\n"
                "  .target(name: \"A\"), .target(name: \"B\"),\n"
                "  .target(name: \"C\", dependencies: [\"B\"]),\n"
                "])\n")
        for name, body in [("A", "public let a = 1\n"), ("B", "public let b = 1\n"),
                           ("C", "import Foundation\n@testable import A\n// import B\n")]:
            os.makedirs(os.path.join(folder, "Sources", name))
            with open(os.path.join(folder, "Sources", name, f"{name}.swift"), "w") as handle:
                handle.write(body)
        problems = check(folder, dump_package(folder))
    expected = ["C: imports A", "C: declares B"]
    missing = [e for e in expected if not any(p.startswith(e) for p in problems)]
    if missing or len(problems) != len(expected):
        print("self-test failed: expected", expected, "got", problems)
        return 1
    print("self-test passed: an undeclared import and an unused dependency are both reported")
    return 0


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return self_test()
    folder = args[0] if args else "."
    problems = check(folder, dump_package(folder))
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-imports: {len(problems)} problem(s) in {os.path.abspath(folder)}/Package.swift")
        return 1
    print(f"check-imports: every target of {os.path.abspath(folder)} declares exactly what it imports")
    return 0


if __name__ == "__main__":
    sys.exit(main())
