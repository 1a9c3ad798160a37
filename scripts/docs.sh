#!/usr/bin/env bash
# Builds the DocC documentation of every library target as one combined archive, with warnings
# as errors, so a broken or stale ``symbol`` link in a doc comment or catalog fails (CI runs
# this); first checks the relative links of README.md and docs/*.md. Links to another target's symbols need the leading-slash form, for example
# ``/InkPrediction/Predictor``: they resolve only in the combined build, which is why the
# targets are built together. Prints the time taken.
#
#   scripts/docs.sh                 # every library target
#   scripts/docs.sh InkPrediction   # only the targets named (and nothing that links to others)
#   scripts/docs.sh --internal      # also check the doc comments of internal declarations
#                                   # (the archive then documents them too; for checking only)
#
# Output: .build/plugins/Swift-DocC/outputs/InkBench.doccarchive (and one archive per target).
# Preview on a Mac with `swift package --disable-sandbox preview-documentation --target X`.
set -euo pipefail
cd "$(dirname "$0")/.."

level=()
if [ "${1:-}" = "--internal" ]; then
  level=(--symbol-graph-minimum-access-level internal --output-path .build/docs-internal)
  shift
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  # Dependency order; the executables (bench, the example) have no library documentation.
  targets=(InkPrediction InkTraces InkSynthesis InkImport InkModels InkReplay InkStrategies InkMetrics InkOutput InkSession InkFigures InkBaseline InkReport InkTuning InkBenchKit InkBrowser BenchCLI)
fi

args=()
for t in "${targets[@]}"; do args+=(--target "$t"); done

start=$(date +%s.%N)
# The Markdown pages' relative links and anchors first (a second or less).
python3 scripts/check-doc-links.py
swift package --disable-sandbox generate-documentation \
  --enable-experimental-combined-documentation --warnings-as-errors ${level[@]+"${level[@]}"} "${args[@]}"
end=$(date +%s.%N)
awk -v n="${#targets[@]}" -v a="$start" -v b="$end" \
  'BEGIN { printf "docs: %d targets built with warnings as errors in %.1f s\n", n, b - a }'
