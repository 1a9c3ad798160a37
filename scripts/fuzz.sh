#!/usr/bin/env bash
# Fuzzes every InkImport reader with libFuzzer for a bounded time and reports executions and
# crashes.
#
#   scripts/fuzz.sh                 # 60 s per reader
#   FUZZ_SECONDS=10 scripts/fuzz.sh csv svc
#   FUZZ_MAX_LEN=65536 scripts/fuzz.sh google-ink    # longer inputs, fewer executions
#
# Each entry point in scripts/fuzz/ is compiled with plain `swiftc -O -sanitize=fuzzer` together
# with the reader sources (InkPrediction, InkTraces and InkImport compiled as one module, their
# cross-module imports removed), not the whole package: the package's `bench` main would clash
# with libFuzzer's. Work files go to ${FUZZ_WORK:-.build-fuzz}/; crashing inputs are kept there
# as crash-* files. Exits 1 if any reader crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SECONDS_EACH=${FUZZ_SECONDS:-60}
MAX_LEN=${FUZZ_MAX_LEN:-4096}   # bytes per generated input; seeds are cut to this for mutation
WORK=${FUZZ_WORK:-$ROOT/.build-fuzz}
SHARED=${INKBENCH_SHARED:-$ROOT/../shared}/datasets-raw
mkdir -p "$WORK/src"

# name  entry-point-file  seed-glob-under-datasets-raw
TARGETS=(
  "csv FuzzCSV.swift -"
  "evemu FuzzEvemu.swift evemu-sample/*/*.events"
  "svc FuzzSVC.swift bdalab-handwriting-sample/svc_data/*.svc"
  "google-ink FuzzGoogleInk.swift google-ink-stylus/*.binarypb"
  "pointer-events FuzzPointerEvents.swift bdalab-handwriting-sample/*/signal.json"
  "manifest FuzzManifest.swift -"
)
WANTED=("$@")

# The reader sources as one module: drop `import InkPrediction` / `import InkTraces`.
rm -f "$WORK"/src/*.swift
for dir in InkPrediction InkTraces InkImport; do
  for f in "Sources/$dir"/*.swift; do
    sed -e '/^import InkPrediction$/d' -e '/^import InkTraces$/d' "$f" > "$WORK/src/${dir}_$(basename "$f")"
  done
done

seed() {  # seed corpus: small valid files, plus the shared recordings when present
  local name=$1 glob=$2 dir=$WORK/corpus-$name
  mkdir -p "$dir"
  case $name in
    csv) printf '# inkbench-trace 1\nt_s,x_mm,y_mm,stroke,pressure,tool,kind\n0,0,0,0,0.5,pen,sample\n0.01,1,0,0,,pen,predicted\n0.004,1,0,0,0.5,pen,sample\n1,2,2,1,0.1,finger,sample\n1.004,3,2,1,0.2,finger,sample\n' > "$dir/seed.csv" ;;
    svc) printf '3\n100 200 1000 1 0 900 0.5\n110 200 1008 1 0 900 0.5\n120 200 1016 0 0 900 0.5\n' > "$dir/seed.svc" ;;
    evemu) printf '# EVEMU 1.3\nA: 00 0 1000 0 0 10\nA: 01 0 1000 0 0 10\nE: 0.000000 0003 0000 100\nE: 0.000000 0001 014a 1\nE: 0.000000 0000 0000 0\nE: 0.004000 0003 0001 110\nE: 0.004000 0000 0000 0\n' > "$dir/seed.events" ;;
    pointer-events) printf '{"x":[1,2,3],"y":[1,1,1],"time":[0,4,8],"buttons":[1,1,0],"pointerType":"pen"}' > "$dir/seed.json" ;;
    manifest) printf '[a/*.svc]\nformat = svc\nscale = 200\ntime_unit = ms\n[**/x.csv]\nskip = no\n' > "$dir/seed.manifest"
              [ -f "$ROOT/Datasets/datasets-raw.manifest" ] && cp "$ROOT/Datasets/datasets-raw.manifest" "$dir/" ;;
  esac
  if [ "$glob" != "-" ] && [ -d "$SHARED" ]; then
    local i=0
    for f in "$SHARED"/$glob; do [ -f "$f" ] && cp "$f" "$dir/shared-$i" && i=$((i + 1)); done
  fi
  echo "$dir"
}

total_runs=0
total_crashes=0
summary=()
for target in "${TARGETS[@]}"; do
  read -r name entry glob <<< "$target"
  if [ ${#WANTED[@]} -gt 0 ] && [[ ! " ${WANTED[*]} " =~ " $name " ]]; then continue; fi
  bin=$WORK/fuzz-$name
  echo "== $name: compiling $entry with swiftc -sanitize=fuzzer"
  if ! swiftc -O -sanitize=fuzzer -parse-as-library -module-name InkFuzz \
    "$WORK"/src/*.swift "scripts/fuzz/$entry" -o "$bin" > "$WORK/compile-$name.log" 2>&1; then
    grep -v 'Cannot export local symbol' "$WORK/compile-$name.log" >&2
    exit 2
  fi
  corpus=$(seed "$name" "$glob")
  log=$WORK/fuzz-$name.log
  mkdir -p "$WORK/previous"
  mv "$WORK/$name-"crash-* "$WORK/$name-"timeout-* "$WORK/$name-"oom-* "$WORK/previous/" 2>/dev/null || true
  echo "== $name: fuzzing for $SECONDS_EACH s"
  set +e
  (cd "$WORK" && "$bin" "$corpus" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
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
echo "fuzz summary (${SECONDS_EACH} s per reader):"
for line in "${summary[@]}"; do echo "  $line"; done
echo "  total: $total_runs executions, $total_crashes crashes"
[ "$total_crashes" -eq 0 ]
