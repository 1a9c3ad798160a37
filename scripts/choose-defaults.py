#!/usr/bin/env python3
"""Chooses shipped defaults leaving one pen device out, from `bench run` summaries.

Reads one summary.csv per timing (each from a run of the same candidate strategies over the
same recordings) and, for every pen device (the `device` column of rows whose `tool` is `pen`
and that count in the suite mean, `in_suite_mean` 1):

  1. chooses a candidate WITHOUT that device: among the candidates whose suite mean on every
     other pen device, at every timing, is within the budget, the one whose worst (device,
     timing) latency removed is largest (ties: larger mean latency removed, then smaller mean
     overshoot p95, then the order given); with `--objective mean`, the one whose mean
     latency removed over those (device, timing) cells is largest (ties: larger worst);
  2. scores the choice on the held-out device, at every timing.

Then it makes the shipped choice the same way with every pen device, and prints a Markdown
report: the held-out figures per device and timing, the mean over devices of latency removed,
the worst device and its margin to the budget, and the shipped choice's in-sample figures.

A device's suite mean is the plain mean over its traces of each figure, as `bench run`'s suite
mean is over all traces (latency removed is a mean of tenths of a ms there; here a plain mean
printed to 0.1 ms). Used by scripts/choose-defaults.sh; see docs/own-predictor.md.

    python3 scripts/choose-defaults.py --timing ipad-60=A/summary.csv --timing ipad-promotion=B/summary.csv \
        --budget-p95 0.5 --budget-end 1.0 [--candidates 'braking' 'control+braking']
"""
import argparse
import csv
import sys


def read(path):
    """{strategy: {device: [rows]}} for the pen rows in the suite mean of one summary.csv."""
    out = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["trace"] == "suite mean" or row.get("in_suite_mean") != "1" or row.get("tool") != "pen":
                continue
            out.setdefault(row["strategy"], {}).setdefault(row["device"], []).append(row)
    return out


def device_means(rows):
    def mean(key):
        values = [float(r[key]) for r in rows if r[key] != ""]
        return sum(values) / len(values) if values else float("nan")

    return {
        "removed": mean("latency_removed_ms"),
        "p95": mean("overshoot_p95_mm"),
        "end": mean("end_overshoot_max_mm"),
        "traces": len(rows),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--timing", action="append", required=True, help="NAME=summary.csv (one per timing)")
    ap.add_argument("--budget-p95", type=float, default=0.5, help="overshoot p95 bound (mm)")
    ap.add_argument("--budget-end", type=float, default=1.0, help="end overshoot max bound (mm)")
    ap.add_argument("--margin", type=float, default=0.0,
                    help="choose within the budget tightened by this share (0.2: p95 and end max at most 80 %% of their bounds) on the training devices; the held-out device is judged against the budget itself (default 0)")
    ap.add_argument("--objective", choices=["worst", "mean"], default="worst",
                    help="among the candidates within the budget, maximise the worst (default) or the mean latency removed over the training devices")
    ap.add_argument("--candidates", nargs="+", help="strategy names as summary.csv writes them, in order (default: every strategy of the first summary but none)")
    ap.add_argument("--oracle", action="store_true",
                    help="also print the per-device oracle (hindsight): for each pen device and timing, the candidate with the most latency removed within the budget on that device alone, and the mean over devices, the ceiling any single default can reach with these candidates")
    ap.add_argument("--candidate-table", action="store_true",
                    help="also print every candidate's in-sample figures: mean (worst) latency removed over the devices per timing, and the devices outside the budget")
    args = ap.parse_args()

    if not args.candidates:
        with open(args.timing[0].partition("=")[2], newline="") as f:
            names = [r["strategy"] for r in csv.DictReader(f)]
        args.candidates = [n for i, n in enumerate(names) if n != "none" and n not in names[:i]]
    timings = []
    figures = {}  # (candidate, device, timing) -> means
    devices = None
    for item in args.timing:
        name, _, path = item.partition("=")
        timings.append(name)
        table = read(path)
        for c in args.candidates:
            if c not in table:
                sys.exit(f"choose-defaults: {path}: no rows for candidate '{c}' (strategies there: {', '.join(sorted(table))})")
            for d, rows in table[c].items():
                figures[(c, d, name)] = device_means(rows)
        found = sorted({d for c in args.candidates for d in table[c]})
        if devices is None:
            devices = found
        elif devices != found:
            sys.exit(f"choose-defaults: {path}: pen devices differ from the first timing's")
    if not devices or len(devices) < 2:
        sys.exit("choose-defaults: fewer than two pen devices in the suite mean: nothing to leave out")

    if not 0 <= args.margin < 1:
        sys.exit(f"choose-defaults: --margin {args.margin}: expected a share from 0 to below 1")

    def within(f, scale=1.0):
        return f["p95"] <= args.budget_p95 * scale and f["end"] <= args.budget_end * scale

    def choose(train):
        """The candidate within the budget on every train device and timing with the largest worst removed."""
        best, best_key = None, None
        for i, c in enumerate(args.candidates):
            cells = [figures[(c, d, t)] for d in train for t in timings]
            ok = all(within(f, 1 - args.margin) for f in cells)
            worst = min(f["removed"] for f in cells)
            p95 = sum(f["p95"] for f in cells) / len(cells)
            mean = sum(f["removed"] for f in cells) / len(cells)
            tight_p95, tight_end = args.budget_p95 * (1 - args.margin), args.budget_end * (1 - args.margin)
            shortfall = sum(max(0, f["p95"] / tight_p95 - 1) + max(0, f["end"] / tight_end - 1) for f in cells)
            score = (-worst, -mean) if args.objective == "worst" else (-mean, -worst)
            key = (0, *score, p95, i) if ok else (1, shortfall, -worst, i)
            if best_key is None or key < best_key:
                best, best_key = c, key
        return best, best_key[0] == 0

    print("| held-out device | chosen without it | " + " | ".join(f"{t}: removed ms / p95 mm / end max mm" for t in timings) + " |")
    print("|---|---|" + "---|" * len(timings))
    held = {t: [] for t in timings}
    worst = None  # (margin, device, timing, text)
    all_within = True
    for d in devices:
        train = [e for e in devices if e != d]
        c, feasible = choose(train)
        cells = []
        for t in timings:
            f = figures[(c, d, t)]
            ok = within(f)
            all_within &= ok
            held[t].append(f["removed"])
            margin = min(args.budget_p95 - f["p95"], args.budget_end - f["end"])
            if worst is None or margin < worst[0]:
                worst = (margin, d, t, f)
            cells.append(f"{f['removed']:.1f} / {f['p95']:.3f} / {f['end']:.3f}" + ("" if ok else " **outside**"))
        note = "" if feasible else " (none within the budget on the others: least shortfall)"
        print(f"| {d} | `{c}`{note} | " + " | ".join(cells) + " |")
    print()
    for t in timings:
        values = held[t]
        print(f"- {t}: mean over {len(values)} devices of latency removed held out: {sum(values) / len(values):.1f} ms; "
              f"worst device {min(values):.1f} ms")
    m, d, t, f = worst
    print(f"- every held-out device within the budget: {'yes' if all_within else 'NO'}; smallest margin {m:.3f} mm "
          f"({d}, {t}: p95 {f['p95']:.3f} mm, end max {f['end']:.3f} mm)")
    shipped, feasible = choose(devices)
    print()
    print(f"Shipped choice, the same rule on all {len(devices)} pen devices: `{shipped}`"
          + ("" if feasible else " (none within the budget on every device: least shortfall)") + " (in-sample):")
    print()
    print("| device | " + " | ".join(f"{t}: removed / p95 / end max" for t in timings) + " |")
    print("|---|" + "---|" * len(timings))
    for d in devices:
        print(f"| {d} | " + " | ".join(
            f"{figures[(shipped, d, t)]['removed']:.1f} / {figures[(shipped, d, t)]['p95']:.3f} / {figures[(shipped, d, t)]['end']:.3f}"
            for t in timings) + " |")
    if args.oracle:
        print()
        print(f"Per-device oracle (hindsight, not a held-out figure): for each device and timing, the candidate with the most latency removed within the budget on that device alone; ties: the order given:")
        print()
        print("| device | " + " | ".join(f"{t}: removed ms / p95 mm / end max mm, candidate" for t in timings) + " |")
        print("|---|" + "---|" * len(timings))
        best = {t: [] for t in timings}
        for d in devices:
            cols = []
            for t in timings:
                pick = None
                for c in args.candidates:
                    f = figures[(c, d, t)]
                    if within(f) and (pick is None or f["removed"] > figures[(pick, d, t)]["removed"]):
                        pick = c
                if pick is None:
                    best[t].append(0.0)
                    cols.append("none within the budget")
                    continue
                f = figures[(pick, d, t)]
                best[t].append(f["removed"])
                cols.append(f"{f['removed']:.1f} / {f['p95']:.3f} / {f['end']:.3f}, `{pick}`")
            print(f"| {d} | " + " | ".join(cols) + " |")
        print()
        for t in timings:
            values = best[t]
            print(f"- {t}: oracle mean over {len(values)} devices {sum(values) / len(values):.1f} ms (the ceiling of any single default with these candidates); lowest device {min(values):.1f} ms")
    if args.candidate_table:
        print()
        print(f"Every candidate in-sample, over all {len(devices)} pen devices (mean over devices of latency removed, worst in brackets):")
        print()
        print("| candidate | " + " | ".join(f"{t}: mean (worst) ms" for t in timings) + " | outside the budget (timing: removed ms / p95 mm / end max mm) |")
        print("|---|" + "---|" * len(timings) + "---|")
        for c in args.candidates:
            cols = []
            for t in timings:
                values = [figures[(c, d, t)]["removed"] for d in devices]
                cols.append(f"{sum(values) / len(values):.1f} ({min(values):.1f})")
            outside = []
            for d in devices:
                for t in timings:
                    f = figures[(c, d, t)]
                    if not within(f):
                        outside.append(f"{d} ({t}: {f['removed']:.1f} / {f['p95']:.3f} / {f['end']:.3f})")
            print(f"| `{c}` | " + " | ".join(cols) + " | " + ("; ".join(outside) or "none") + " |")


if __name__ == "__main__":
    main()
