#!/usr/bin/env bash
# The five reference runs whose every CSV and .gp file a change that keeps the figures must leave
# byte-identical (docs/performance.md): the default run; the project's recordings with eight
# strategies; a sweep; a tune; a horizon run. Compare two output roots with
#   for f in $(cd A && find . -name '*.csv' -o -name '*.gp'); do cmp "A/$f" "B/$f"; done
# (manifest.json and the reports' timing lines differ by design).
# Usage: scripts/reference-runs.sh BENCH OUTROOT   (BENCH: a bench binary, e.g. .build/release/bench)
set -u
B=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2"; O=$(cd "$2" && pwd)
cd "$(dirname "$0")/.."
R="--traces Datasets/recordings --manifest Datasets/recordings.manifest"
"$B" --out "$O/default" --quiet > "$O/default.log" 2>&1
"$B" run $R --strategies none,linear,kalman,kalman-chromium,braking,jetpack,ink-modeler,android --out "$O/recordings" --quiet > "$O/recordings.log" 2>&1
"$B" sweep --caps 4,8,16,off --out "$O/sweep" --quiet > "$O/sweep.log" 2>&1
"$B" tune kalman --param 'cap_ms=4...33' --grid 8 --budget 'overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0' $R --out "$O/tune" > "$O/tune.log" 2>&1
"$B" horizon --traces Datasets/recordings/mobilehci17-touch/FittsTasks-participant1.txt --traces Datasets/recordings/mobilehci17-touch/PaintTasks-participant1.txt --manifest Datasets/recordings.manifest --strategies none,linear,kalman,braking,jetpack --out "$O/horizon" > "$O/horizon.log" 2>&1
echo "wrote $O/{default,recordings,sweep,tune,horizon}"
