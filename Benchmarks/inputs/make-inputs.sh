#!/bin/sh
# Writes the benchmark recordings of issue 28 as InkBench trace CSV, from the suites beside
# this script, with `bench convert --suite` (every sample written exactly, seed 1):
#   hundred.csv   19,300 samples, 100 strokes (1.09 MB)
#   hour.csv      864,001 samples, one stroke (about 50 MB)
#   big.csv       the hundred-stroke trace copied 100 times in time, about 100 MB (reader throughput)
# Usage: Benchmarks/inputs/make-inputs.sh [OUT_FOLDER] [BENCH]   (defaults: /tmp/inkbench-inputs,
# .build/release/bench from the repository root). Nothing here is committed output: remake it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/tmp/inkbench-inputs}
bench=${2:-"$here/../../.build/release/bench"}
mkdir -p "$out"
"$bench" convert --suite "$here/hundred.suite" --to "$out/hundred.csv"
"$bench" convert --suite "$here/hour.suite" --to "$out/hour.csv"
# big.csv: 100 copies of hundred.csv's rows, copy c shifted by 100 c seconds and its strokes
# renumbered, so it is one valid trace of 10,000 strokes.
awk -F, 'BEGIN { OFS = "," }
    FNR == 1 { copy++ }
    /^#/ || /^t_s/ { if (copy == 1) print; next }
    { $1 = sprintf("%.17g", $1 + 100 * (copy - 1)); $4 = $4 + 100 * (copy - 1); print }' \
    $(for i in $(seq 100); do printf '%s ' "$out/hundred.csv"; done) > "$out/big.csv"
ls -l "$out"
