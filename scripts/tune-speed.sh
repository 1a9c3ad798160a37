#!/usr/bin/env bash
# The Speed target of `bench tune` (issue 21): a 2-parameter tune over Datasets/recordings
# with about 1,000 evaluations in <= 30 s on the 2-core machine, release build, both cores,
# with output byte-identical to a single-core run and to a 3-shard split merged.
#
#   bash scripts/tune-speed.sh            # 3 timed runs (median), then the two byte checks
#   RUNS=5 bash scripts/tune-speed.sh
#
# A benchmark, not a test: wall times vary with the host's other tenants (docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}

swift build -c release --product bench >/dev/null
BENCH=$(swift build -c release --show-bin-path)/bench
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
ARGS=(tune kalman --param 'cap_ms=4...33' --param 'sigma_p=0.0005...0.05:log' --grid 31
      --budget 'overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0'
      --traces Datasets/recordings --manifest Datasets/recordings.manifest --no-charts --quiet)
FILES=(tune.csv tune-chart.csv tune-front.csv tune.md tune-spec.txt)
times=()
for i in $(seq 1 "$RUNS"); do
    start=$(date +%s.%N)
    "$BENCH" "${ARGS[@]}" --out "$OUT/run$i" 2>/dev/null | tail -1
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc)")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "tune-speed: wall times ${times[*]} s; median $median s (target <= 30 s)"
taskset -c 0 "$BENCH" "${ARGS[@]}" --out "$OUT/one" 2>/dev/null | tail -1
for k in 1 2 3; do "$BENCH" "${ARGS[@]}" --shard "$k/3" --out "$OUT/s$k" 2>/dev/null | tail -1; done
"$BENCH" merge "$OUT/s2" "$OUT/s3" "$OUT/s1" --out "$OUT/merged" --no-charts --quiet 2>/dev/null | tail -1
status=0
for f in "${FILES[@]}"; do
    cmp -s "$OUT/run1/$f" "$OUT/one/$f" || { echo "tune-speed: $f differs between 2 cores and 1"; status=1; }
    cmp -s "$OUT/run1/$f" "$OUT/merged/$f" || { echo "tune-speed: $f differs between one run and 3 shards merged"; status=1; }
done
[ $status = 0 ] && echo "tune-speed: ${FILES[*]} byte-identical on 1 core, 2 cores and 3 shards merged"
exit $status
