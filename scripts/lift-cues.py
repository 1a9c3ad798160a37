#!/usr/bin/env python3
"""Is there a cue for a pen lift in the samples before it? (docs/own-predictor.md, sixth round)

Reads InkBench trace CSVs (`bench convert` output: t_s, x_mm, y_mm, stroke, optional pressure)
labelled by device, and compares, per device, what a predictor sees at the **penultimate**
sample of each stroke (after-lift frames see at most that sample: the last one arrives with the
pen-up) against the same quantity at mid-stroke samples (at least 50 ms from both stroke ends):

  - decel: along-track acceleration over speed (1/s) from the last two intervals (low = slowing);
  - pressure ratio: pressure over the highest of the last 100 ms (low = lifting);
  - pressure slope: last interval's pressure change per s over that peak (low = falling);
  - interval: the last interval over the stroke's median interval (high = a gap).

For each cue it prints the mid-stroke 5 % tail threshold and how many fast lifts (speed at the
penultimate sample >= 50 mm/s: the lifts that overshoot) lie beyond it, i.e. how many lifts a
detector that costs 5 % of mid-stroke frames would see. Then, for the lift detector as braking
implements it (`lift_ratio`, `lift_ahead_ms`), the share of mid-stroke samples it cuts and the
lifts it cuts fully / partly.

    python3 scripts/lift-cues.py --trace 'MyPaint=/tmp/t/mypaint.csv' --trace 'Cintiq=/tmp/t/cintiq.csv' ...
"""
import argparse
import statistics


def load(path):
    strokes, header = {}, None
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if line.startswith("#"):
                continue
            if header is None:
                header = line.strip().split(",")
                continue
            row = dict(zip(header, line.strip().split(",")))
            try:
                p = float(row["pressure"]) if row.get("pressure", "") != "" else None
                strokes.setdefault(int(row["stroke"]), []).append(
                    (float(row["t_s"]) * 1000, float(row["x_mm"]), float(row["y_mm"]), p))
            except (KeyError, ValueError) as e:
                raise SystemExit(f"lift-cues: {path} line {n}: expected t_s,x_mm,y_mm,stroke[,pressure] numbers ({e})")
    return list(strokes.values())


def features(stroke):
    out = []
    gaps = [stroke[i][0] - stroke[i - 1][0] for i in range(1, len(stroke))]
    median = statistics.median(gaps) if gaps else 1
    for i in range(2, len(stroke)):
        (t, x, y, p), (t1, x1, y1, p1), (t2, x2, y2, _) = stroke[i], stroke[i - 1], stroke[i - 2]
        dt, dt1 = max(t - t1, 1e-3), max(t1 - t2, 1e-3)
        v = ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5 / dt * 1000
        v1 = ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 / dt1 * 1000
        accel = (v - v1) / ((dt + dt1) / 2) * 1000
        peak = max((q[3] for q in stroke[: i + 1] if q[0] >= t - 100 and q[3] is not None), default=None) if p is not None else None
        ok = p is not None and peak is not None and peak > 0
        slope = (p - p1) / dt * 1000 / peak if ok and p1 is not None else None
        out.append(dict(v=v, decel=accel / max(v, 1e-6), ratio=p / peak if ok else None, slope=slope,
                        interval=dt / median, from_start=t - stroke[0][0], to_end=stroke[-1][0] - t))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trace", action="append", required=True, help="DEVICE=trace.csv (repeat; files of one device are pooled)")
    ap.add_argument("--lift-ratio", type=float, default=0.8)
    ap.add_argument("--ahead-ms", type=float, nargs="+", default=[0, 10, 25, 40])
    args = ap.parse_args()
    devices = {}
    for item in args.trace:
        name, _, path = item.partition("=")
        d = devices.setdefault(name, dict(mid=[], lift=[]))
        for stroke in load(path):
            if len(stroke) < 5:
                continue
            f = features(stroke)
            d["mid"] += [q for q in f if q["from_start"] >= 50 and q["to_end"] > 50]
            d["lift"].append(f[-2])
    cues = [("decel", -1), ("ratio", -1), ("slope", -1), ("interval", 1)]
    print("| device | lifts | fast lifts | " + " | ".join(f"{k}: mid-stroke 5 % tail; fast lifts beyond" for k, _ in cues) + " |")
    print("|---|---|---|" + "---|" * len(cues))
    for name, d in devices.items():
        fast = [q for q in d["lift"] if q["v"] >= 50]
        cols = []
        for k, sign in cues:
            mids = sorted(q[k] for q in d["mid"] if q[k] is not None)
            vals = [q[k] for q in fast if q[k] is not None]
            if not mids or not vals:
                cols.append("no data")
                continue
            tail = mids[int(0.05 * len(mids))] if sign < 0 else mids[min(len(mids) - 1, int(0.95 * len(mids)))]
            beyond = sum(1 for v in vals if (v < tail if sign < 0 else v > tail))
            cols.append(f"{tail:.2f}; {beyond}/{len(vals)}")
        print(f"| {name} | {len(d['lift'])} | {len(fast)} | " + " | ".join(cols) + " |")
    lr, full = args.lift_ratio, (1 + args.lift_ratio) / 2
    print()
    print(f"Lift detector (lift_ratio {lr}: cuts below ratio {full:.2f}, fully below {lr}), judged ratio (p + slope x ahead) / peak:")
    print()
    print("| device | lift_ahead_ms | mid-stroke samples cut | fast lifts cut fully / partly / with pressure | all lifts fully / partly / with pressure |")
    print("|---|---|---|---|---|")
    for ahead in args.ahead_ms:
        for name, d in devices.items():
            def judged(q):
                return None if q["ratio"] is None else q["ratio"] + min(0, q["slope"] or 0) * ahead / 1000
            mids = [j for j in map(judged, d["mid"]) if j is not None]
            if not mids:
                continue
            fast = [j for j in (judged(q) for q in d["lift"] if q["v"] >= 50) if j is not None]
            lifts = [j for j in map(judged, d["lift"]) if j is not None]
            below = lambda xs, th: sum(1 for x in xs if x < th)
            print(f"| {name} | {ahead:g} | {100 * below(mids, full) / len(mids):.1f} % | {below(fast, lr)} / {below(fast, full)} / {len(fast)} "
                  f"| {below(lifts, lr)} / {below(lifts, full)} / {len(lifts)} |")


if __name__ == "__main__":
    main()
