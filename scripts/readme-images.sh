#!/usr/bin/env bash
# Regenerates the README's chart images from the tool: docs/tradeoff.png is the default run's
# trade-off chart with the default sweep's curves over horizon caps (needs gnuplot).
# Usage: scripts/readme-images.sh   (from anywhere; builds bench in debug if needed)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/inkbench-readme-images.XXXXXX")
trap 'rm -rf "$work"' EXIT
swift run bench --out "$work/run" --quiet --require-charts
swift run bench sweep --out "$work/run" --quiet --require-charts
cp "$work/run/tradeoff.png" docs/tradeoff.png
echo "wrote docs/tradeoff.png"
