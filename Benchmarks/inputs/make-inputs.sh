#!/bin/sh
# Writes the benchmark recordings of issue 28 as InkBench trace CSV, from the suites beside
# this script, with `bench convert --suite` (every sample written exactly, seed 1):
#   hundred.csv   19,300 samples, 100 strokes (1.09 MB)
#   hour.csv      864,001 samples, one stroke (about 50 MB)
#   big.csv       the hundred-stroke trace copied 100 times in time, about 100 MB (reader throughput)
#   hundred.json  hundred.csv as a Pointer Events capture (read with --scale 1), 1 MB
#   hundred.inkml hundred.csv as InkML (mm and s), 1 MB
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
# hundred.json and hundred.inkml: hundred.csv's samples as a Pointer Events capture (column
# arrays; x, y in px = mm, read with --scale 1; time in ms; one buttons-0 event between
# strokes) and as InkML (X, Y in mm, T in s, one <trace> per stroke), for the reader
# throughput of those formats (`inkperf readers`); the numbers are hundred.csv's texts.
awk -F, '/^#/ || /^t_s/ { next }
    { n++; if (n > 1 && $4 != s) { x = x "," $2; y = y "," $3; t = t "," $1 "e3"; b = b ",0" }
      s = $4; x = x (n > 1 ? "," : "") $2; y = y (n > 1 ? "," : "") $3; t = t (n > 1 ? "," : "") $1 "e3"; b = b (n > 1 ? "," : "") "1" }
    END { printf "{\"pointerType\": \"pen\",\n\"x\": [%s],\n\"y\": [%s],\n\"time\": [%s],\n\"buttons\": [%s]}\n", x, y, t, b }' \
    "$out/hundred.csv" > "$out/hundred.json"
awk -F, 'BEGIN { print "<ink xmlns=\"http://www.w3.org/2003/InkML\">"
                 print "<context><traceFormat><channel name=\"X\" type=\"decimal\" units=\"mm\"/><channel name=\"Y\" type=\"decimal\" units=\"mm\"/><channel name=\"T\" type=\"decimal\" units=\"s\"/></traceFormat></context>" }
    /^#/ || /^t_s/ { next }
    { if (open && $4 != s) { print "</trace>"; open = 0 }
      if (!open) { printf "<trace>"; open = 1; sep = "" } else sep = ", "
      s = $4; printf "%s%s %s %s", sep, $2, $3, $1 }
    END { if (open) print "</trace>"; print "</ink>" }' "$out/hundred.csv" > "$out/hundred.inkml"
ls -l "$out"
