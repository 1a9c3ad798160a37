#!/usr/bin/env bash
# Fuzzes InkBench from bytes to figures with libFuzzer: every reader (read, validate, replay one
# strategy with the chart tails, score), and the suite, manifest, baseline and tolerance parsers.
#
#   scripts/fuzz.sh --replay                  # CI: build, run every seed and saved crash once (-runs=0)
#   scripts/fuzz.sh                           # random fuzzing, 60 s per harness, one after another
#   FUZZ_SECONDS=600 scripts/fuzz.sh csv svc  # chosen harnesses, 10 minutes each
#   scripts/fuzz.sh --build                   # build only
#   FUZZ_SKIP_BUILD=1 scripts/fuzz.sh evemu   # reuse the harnesses built before (parallel runs)
#
# Harnesses: csv evemu svc google-ink pointer-events mobilehci17 mypaint-events curious-drawing inkml
# manifest suite baseline tolerance tflite capture shard.
# Every reader registered in RecordingReaders has a line in TARGETS below, named as its format
# (RecordingReaderRegistryTests fails otherwise).
#
# Build: the package's library modules (InkPrediction, InkTraces, InkModels, InkImport, InkReplay,
# InkStrategies, InkMetrics, InkSynthesis, InkOutput, InkSession, InkFigures, InkBaseline, InkReport,
# InkTuning, InkBenchKit; the C target CInkSystem with clang) are compiled once with `swiftc -sanitize=fuzzer` into
# objects and module files under ${FUZZ_WORK:-.build-fuzz}/ (with `-package-name`, which
# `package` access needs since Swift 6), then each entry point in scripts/fuzz/Fuzz*.swift
# (with FuzzPipeline.swift) is linked against them. Not the package build: its `bench` main
# would clash with libFuzzer's. Needs libFuzzer from the Swift toolchain (`swiftc
# -sanitize=fuzzer`), which the swift.org Linux toolchains ship.
#
# Corpus: scripts/fuzz/corpus/<harness>/ (made by scripts/fuzz/make-corpus.py; no shared data),
# copied to the work folder for random fuzzing, plus the project's recordings (Datasets/recordings).
# Crashes: random fuzzing saves crashing inputs as $FUZZ_WORK/<harness>-crash-*; copy each into
# scripts/fuzz/crashes/<harness>/ (and add a regression test) once fixed: --replay runs them all.
# Exits 1 if any harness crashed, 2 if a build failed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SECONDS_EACH=${FUZZ_SECONDS:-60}
MAX_LEN=${FUZZ_MAX_LEN:-4096}   # bytes per generated input
WORK=${FUZZ_WORK:-$ROOT/.build-fuzz}
SHARED=$ROOT/Datasets/recordings
PACKAGE_NAME=InkBench
MODE=fuzz
case "${1:-}" in
  --replay) MODE=replay; shift ;;
  --build) MODE=build; shift ;;
esac

# name  entry-point  seed-glob-under-Datasets/recordings (or - for none)  [further sources of the harness]
TARGETS=(
  "csv FuzzCSV.swift -"
  "evemu FuzzEvemu.swift evemu-sample/*/*.events"
  "svc FuzzSVC.swift bdalab-handwriting-sample/svc_data/*.svc"
  "google-ink FuzzGoogleInk.swift google-ink-stylus/*.binarypb"
  "pointer-events FuzzPointerEvents.swift bdalab-handwriting-sample/html_data/*.json"
  "mypaint-events FuzzMyPaintEvents.swift mypaint-painting/*.dat"
  "curious-drawing FuzzCuriousDrawing.swift graphomotor-curious/sample_data/*.csv"
  "inkml FuzzInkML.swift - Tests/InkImportTests/XMLParserOracle.swift"
  "mobilehci17 FuzzMobileHCI17.swift mobilehci17-touch/*.txt"
  "manifest FuzzManifest.swift -"
  "suite FuzzSuite.swift -"
  "baseline FuzzBaseline.swift -"
  "tolerance FuzzTolerance.swift -"
  "tflite FuzzTFLite.swift -"
  "capture FuzzCapture.swift -"
  "shard FuzzShard.swift -"
)
WANTED=("$@")
wanted() { [ ${#WANTED[@]} -eq 0 ] || [[ " ${WANTED[*]} " =~ " $1 " ]]; }

# The Swift runtime's own crash backtracer would take the signal before libFuzzer's handler,
# which then saves no crashing input.
export SWIFT_BACKTRACE=enable=no

SWIFTC=(swiftc -O -sanitize=fuzzer -parse-as-library -swift-version 6 -package-name "$PACKAGE_NAME" -I "$WORK/cmod")

build_modules() {
  mkdir -p "$WORK/mod" "$WORK/obj" "$WORK/cmod"
  local started=$SECONDS
  # CInkSystem, the C target InkOutput and InkBenchKit import: its object, and a module map for
  # its header on the import path (SwiftPM makes that module map itself).
  echo "== module CInkSystem"
  printf 'module CInkSystem {\n  header "%s"\n  export *\n}\n' "$ROOT/Sources/CInkSystem/include/CInkSystem.h" > "$WORK/cmod/module.modulemap"
  if ! clang -O2 -c Sources/CInkSystem/CInkSystem.c -I Sources/CInkSystem/include -o "$WORK/obj/CInkSystem.o" > "$WORK/compile-CInkSystem.log" 2>&1; then
    cat "$WORK/compile-CInkSystem.log" >&2
    exit 2
  fi
  for module in InkPrediction InkTraces InkModels InkImport InkReplay InkStrategies InkMetrics InkSynthesis \
    InkOutput InkSession InkFigures InkBaseline InkReport InkTuning InkBenchKit; do
    echo "== module $module"
    sources=()
    while IFS= read -r f; do sources+=("$f"); done < <(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
    # swift-crypto is built by SwiftPM, not here: InkOutput's SHA-256 (Digest.swift) is
    # replaced by a stand-in with the same interface (scripts/fuzz/DigestForFuzzing.swift).
    if [ "$module" = InkOutput ]; then
      kept=()
      for f in "${sources[@]}"; do [ "$f" = Sources/InkOutput/Digest.swift ] || kept+=("$f"); done
      sources=("${kept[@]}" scripts/fuzz/DigestForFuzzing.swift)
    fi
    if ! "${SWIFTC[@]}" -module-name "$module" -wmo -c "${sources[@]}" \
      -emit-module -emit-module-path "$WORK/mod/$module.swiftmodule" -I "$WORK/mod" \
      -o "$WORK/obj/$module.o" > "$WORK/compile-$module.log" 2>&1; then
      cat "$WORK/compile-$module.log" >&2
      exit 2
    fi
  done
  echo "== modules built in $((SECONDS - started)) s"
}

build_harness() {
  local name=$1 entry=$2
  local extra=()
  [ -n "${3:-}" ] && extra=("$3")
  echo "== harness $name"
  if ! "${SWIFTC[@]}" -module-name InkFuzz -I "$WORK/mod" scripts/fuzz/FuzzPipeline.swift "scripts/fuzz/$entry" ${extra[@]+"${extra[@]}"} \
    "$WORK"/obj/*.o -o "$WORK/fuzz-$name" > "$WORK/compile-$name.log" 2>&1; then
    grep -v 'Cannot export local symbol' "$WORK/compile-$name.log" >&2
    exit 2
  fi
}

if [ "${FUZZ_SKIP_BUILD:-0}" != 1 ]; then
  build_modules
  for target in "${TARGETS[@]}"; do
    read -r name entry _ extra <<< "$target"
    wanted "$name" && build_harness "$name" "$entry" "$extra"
  done
fi
[ "$MODE" = build ] && exit 0

total_runs=0
total_crashes=0
summary=()
for target in "${TARGETS[@]}"; do
  read -r name entry glob _ <<< "$target"
  wanted "$name" || continue
  bin=$WORK/fuzz-$name
  [ -x "$bin" ] || { echo "no harness $bin; build first" >&2; exit 2; }
  if [ "$MODE" = replay ]; then
    # Every committed seed and saved crash, once each, in a fixed order.
    files=()
    while IFS= read -r f; do files+=("$f"); done < <(find "scripts/fuzz/corpus/$name" "scripts/fuzz/crashes/$name" -type f 2>/dev/null | LC_ALL=C sort)
    if [ ${#files[@]} -eq 0 ]; then summary+=("$(printf '%-15s no inputs' "$name")"); continue; fi
    set +e
    "$bin" -runs=0 -timeout=20 -rss_limit_mb=2048 "${files[@]}" > "$WORK/replay-$name.log" 2>&1
    status=$?
    set -e
    crashes=0
    if [ "$status" -ne 0 ]; then crashes=1; tail -20 "$WORK/replay-$name.log" >&2; fi
    total_runs=$((total_runs + ${#files[@]}))
    total_crashes=$((total_crashes + crashes))
    summary+=("$(printf '%-15s %5s inputs replayed  exit %s' "$name" "${#files[@]}" "$status")")
    continue
  fi
  corpus=$WORK/corpus-$name
  mkdir -p "$corpus"
  cp scripts/fuzz/corpus/"$name"/* "$corpus/" 2>/dev/null || true
  cp scripts/fuzz/crashes/"$name"/* "$corpus/" 2>/dev/null || true
  if [ "$glob" != "-" ] && [ -d "$SHARED" ]; then
    i=0
    for f in "$SHARED"/$glob; do [ -f "$f" ] && head -c "$MAX_LEN" "$f" > "$corpus/shared-$i" && i=$((i + 1)); done
  fi
  log=$WORK/fuzz-$name.log
  mkdir -p "$WORK/previous"
  mv "$WORK/$name-"crash-* "$WORK/$name-"timeout-* "$WORK/$name-"oom-* "$WORK/previous/" 2>/dev/null || true
  echo "== $name: fuzzing for $SECONDS_EACH s"
  set +e
  (cd "$WORK" && "$bin" "$corpus" -max_total_time="$SECONDS_EACH" -timeout=20 -rss_limit_mb=2048 \
    -max_len="$MAX_LEN" -print_final_stats=1 -artifact_prefix="$WORK/$name-" > "$log" 2>&1)
  status=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
  runs=${runs:-0}
  crashes=$( (ls "$WORK/$name-"crash-* "$WORK/$name-"timeout-* "$WORK/$name-"oom-* 2>/dev/null || true) | wc -l)
  if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then crashes=1; fi
  total_runs=$((total_runs + runs))
  total_crashes=$((total_crashes + crashes))
  summary+=("$(printf '%-15s %12s executions  %s crashes  (exit %s, log %s)' "$name" "$runs" "$crashes" "$status" "$log")")
done

echo
if [ "$MODE" = replay ]; then
  echo "fuzz replay (every seed and saved crash once):"
else
  echo "fuzz summary (${SECONDS_EACH} s per harness):"
fi
for line in "${summary[@]}"; do echo "  $line"; done
echo "  total: $total_runs $([ "$MODE" = replay ] && echo inputs || echo executions), $total_crashes crashes"
[ "$total_crashes" -eq 0 ]
