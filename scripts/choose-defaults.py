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

With `--objective margin` step 1 keeps, instead, the candidate whose worst relative margin to
the (tightened) budget over the training cells is largest (safety first; ties: larger worst
removed). With `--margin auto` the tightening is itself chosen without the held-out device, by
a nested leave-one-out on the training devices: the smallest share of the grid (0, 0.05, ...,
0.5) whose inner choices keep every inner held-out training device within the budget at every
timing (the largest share if none does). `--rules` prints every rule of a grid (objective x
margin, and the nested one) side by side, then the per-device table of the rule given.

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
    ap.add_argument("--margin", default="0",
                    help="choose within the budget tightened by this share (0.2: p95 and end max at most 80 %% of their bounds) on the training devices; the held-out device is judged against the budget itself (default 0); 'auto': the share chosen by a nested leave-one-out on the training devices")
    ap.add_argument("--objective", choices=["worst", "mean", "margin"], default="worst",
                    help="among the candidates within the budget, maximise the worst (default) or the mean latency removed over the training devices, or (margin) the worst relative margin to the tightened budget")
    ap.add_argument("--rules", action="store_true",
                    help="also print the held-out summary of every rule of a grid (objective worst/mean x margin 0, 0.1, ..., 0.4, each also with --margin auto, and the margin objective), before the report of the rule given")
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

    auto = args.margin == "auto"
    try:
        fixed_margin = 0.0 if auto else float(args.margin)
    except ValueError:
        sys.exit(f"choose-defaults: --margin {args.margin}: expected a share from 0 to below 1, or 'auto'")
    if not 0 <= fixed_margin < 1:
        sys.exit(f"choose-defaults: --margin {args.margin}: expected a share from 0 to below 1, or 'auto'")
    if (auto or args.rules) and len(devices) < 3:
        sys.exit(f"choose-defaults: --margin auto and --rules leave one device out of the training devices too: they need 3 or more pen devices, found {len(devices)}")
    margin_grid = [i / 20 for i in range(11)]  # 0, 0.05, ..., 0.5: the nested rule's choices

    def within(f, scale=1.0):
        return f["p95"] <= args.budget_p95 * scale and f["end"] <= args.budget_end * scale

    def relative_margin(f, scale=1.0):
        """The smaller of the two bounds' unused shares (negative: outside)."""
        return min(1 - f["p95"] / (args.budget_p95 * scale), 1 - f["end"] / (args.budget_end * scale))

    # Per candidate and device, the cells over the timings (built once: the nested rule calls choose() often).
    cells_of = {(c, d): [figures[(c, d, t)] for t in timings] for c in args.candidates for d in devices}
    memo = {}

    def choose(train, margin=None, objective=None):
        """The candidate the rule picks on the train devices: within the budget tightened by
        `margin` on every train device and timing, best by `objective`; when none is, the least
        shortfall. Returns (candidate, feasible)."""
        margin = fixed_margin if margin is None else margin
        objective = args.objective if objective is None else objective
        key_memo = (tuple(train), margin, objective)
        if key_memo in memo:
            return memo[key_memo]
        scale = 1 - margin
        tight_p95, tight_end = args.budget_p95 * scale, args.budget_end * scale
        best, best_key = None, None
        for i, c in enumerate(args.candidates):
            cells = [f for d in train for f in cells_of[(c, d)]]
            ok = all(within(f, scale) for f in cells)
            worst = min(f["removed"] for f in cells)
            p95 = sum(f["p95"] for f in cells) / len(cells)
            mean = sum(f["removed"] for f in cells) / len(cells)
            shortfall = sum(max(0, f["p95"] / tight_p95 - 1) + max(0, f["end"] / tight_end - 1) for f in cells)
            if objective == "worst":
                score = (-worst, -mean)
            elif objective == "mean":
                score = (-mean, -worst)
            else:
                score = (-min(relative_margin(f, scale) for f in cells), -worst)
            key = (0, *score, p95, i) if ok else (1, shortfall, -worst, 0, i)
            if best_key is None or key < best_key:
                best, best_key = c, key
        memo[key_memo] = (best, best_key[0] == 0)
        return memo[key_memo]

    def nested_margin(train, objective):
        """The smallest margin of the grid whose leave-one-out inside `train` keeps every inner
        held-out device within the budget at every timing (the largest if none does)."""
        for m in margin_grid:
            if all(all(within(f) for f in cells_of[(choose([x for x in train if x != e], m, objective)[0], e)])
                   for e in train):
                return m
        return margin_grid[-1]

    def rule_choice(train, margin_rule, objective):
        """(candidate, feasible, margin used) for a rule: margin_rule a share or 'auto'."""
        m = nested_margin(train, objective) if margin_rule == "auto" else margin_rule
        c, feasible = choose(train, m, objective)
        return c, feasible, m

    def held_out(margin_rule, objective):
        """Leave each device out: {device: (candidate, feasible, margin)} and the summary."""
        picks = {d: rule_choice([e for e in devices if e != d], margin_rule, objective) for d in devices}
        means, worsts, outside, smallest = [], [], [], None
        for t in timings:
            values = [figures[(picks[d][0], d, t)]["removed"] for d in devices]
            means.append(sum(values) / len(values))
            worsts.append(min(values))
        for d in devices:
            for t in timings:
                f = figures[(picks[d][0], d, t)]
                m = min(args.budget_p95 - f["p95"], args.budget_end - f["end"])
                if smallest is None or m < smallest[0]:
                    smallest = (m, d, t)
                if not within(f):
                    outside.append(f"{d} ({t}: {f['p95']:.3f} / {f['end']:.3f})")
        return picks, means, worsts, outside, smallest

    if args.rules:
        print("Selection rules, each judged leaving one pen device out (mean over devices of latency removed on the held-out device, worst in brackets; the held-out device judged against the budget itself):")
        print()
        print("| objective | margin on the training devices | " + " | ".join(f"{t}: mean (worst) ms" for t in timings)
              + " | held-out devices outside (timing: p95 mm / end max mm) | smallest margin |")
        print("|---|---|" + "---|" * len(timings) + "---|---|")
        for objective in ("worst", "mean", "margin"):
            for margin_rule in ([0.0, 0.1, 0.2, 0.3, 0.4, "auto"] if objective != "margin" else [0.0]):
                picks, means, worsts, outside, smallest = held_out(margin_rule, objective)
                label = margin_rule if margin_rule != "auto" else "auto (nested: " + ", ".join(
                    f"{picks[d][2]:g}" for d in devices) + ")"
                infeasible = sum(1 for d in devices if not picks[d][1])
                note = f"; {infeasible} of {len(devices)} choices had none within the tightened budget (least shortfall)" if infeasible else ""
                print(f"| {objective} | {label}{note} | " + " | ".join(f"{m:.1f} ({w:.1f})" for m, w in zip(means, worsts))
                      + f" | {'; '.join(outside) or 'none'} | {smallest[0]:.3f} mm ({smallest[1]}, {smallest[2]}) |")
        print()

    print("| held-out device | chosen without it | " + " | ".join(f"{t}: removed ms / p95 mm / end max mm" for t in timings) + " |")
    print("|---|---|" + "---|" * len(timings))
    held = {t: [] for t in timings}
    worst = None  # (margin, device, timing, text)
    all_within = True
    for d in devices:
        train = [e for e in devices if e != d]
        c, feasible, used = rule_choice(train, "auto" if auto else fixed_margin, args.objective)
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
        note = ("" if feasible else " (none within the budget on the others: least shortfall)") + (f" (margin {used:g})" if auto else "")
        print(f"| {d} | `{c}`{note} | " + " | ".join(cells) + " |")
    print()
    for t in timings:
        values = held[t]
        print(f"- {t}: mean over {len(values)} devices of latency removed held out: {sum(values) / len(values):.1f} ms; "
              f"worst device {min(values):.1f} ms")
    m, d, t, f = worst
    print(f"- every held-out device within the budget: {'yes' if all_within else 'NO'}; smallest margin {m:.3f} mm "
          f"({d}, {t}: p95 {f['p95']:.3f} mm, end max {f['end']:.3f} mm)")
    shipped, feasible, used = rule_choice(devices, "auto" if auto else fixed_margin, args.objective)
    print()
    print(f"Shipped choice, the same rule on all {len(devices)} pen devices: `{shipped}`"
          + ("" if feasible else " (none within the budget on every device: least shortfall)")
          + (f" (nested margin {used:g})" if auto else "") + " (in-sample):")
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
