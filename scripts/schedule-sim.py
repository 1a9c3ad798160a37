#!/usr/bin/env python3
"""The replay-and-score phase of one trace on ideal cores, from its units' CPU times.

Usage: INKBENCH_TIMINGS=spans bench run --traces ONE_TRACE ... 2> spans-N.txt  (several runs)
       scripts/schedule-sim.py spans-*.txt

Reads the span lines (`tN start - end cpu MS unit`), takes each unit's median CPU time (ms)
over the files, and schedules the units on 2 and 4 cores with no other load: the rule before
the sixth stop (the truth on one thread, then each pair as one task, `--jobs` at a time, its
search and selection on two more threads sharing the cores) and `RunSchedule`'s (truth parts,
then replays, searches, selections; replays held back while `--jobs` pairs are open and their
frames are many, `--hold`). Prints each schedule's length and idle core time (ms): what the
phase would take on a quiet host, which a loaded one cannot show by wall time.
"""
import collections
import re
import statistics
import sys

hold = "--hold" in sys.argv
files = [a for a in sys.argv[1:] if not a.startswith("--")]
if not files:
    sys.exit(__doc__)
costs = collections.defaultdict(list)
order = []
for name in files:
    with open(name) as f:
        for line in f:
            m = re.match(r"\s+t\d+ [\d.]+ - [\d.]+ cpu ([\d.]+) (.*)", line)
            if m:
                costs[m.group(2)].append(float(m.group(1)))
                unit = m.group(2)
                if unit.startswith("replay ") and unit[7:] not in order:
                    order.append(unit[7:])
c = {k: statistics.median(v) for k, v in costs.items()}
parts = [c[k] for k in sorted(k for k in c if k.startswith("truth 0 part"))] or [c.get("truth 0", 0.0)]
# Since the seventh stop a truth built as one unit derives its bounds in a unit of its own
# ("bounds 0"), beside the replays; the searches wait for it.
bounds = c.get("bounds 0", 0.0)
R = {s: c["replay " + s] for s in order}
L = {s: c.get("latency " + s, 0.0) for s in order}
O = {s: c.get("overshoot " + s, 0.0) for s in order}
total = sum(parts) + bounds + sum(R.values()) + sum(L.values()) + sum(O.values())


def before(cores, handoff):
    """Truth (its bounds with it) on one thread; pairs `cores` at a time; a pair's two parts on two threads (shared cores)."""
    t = sum(parts) + bounds + handoff
    idle = (cores - 1) * (sum(parts) + bounds)
    pending, active = list(order), []

    def start():
        s = pending.pop(0)
        active.append({"s": s, "stage": "R", "threads": [R[s] + handoff]})

    while pending and len(active) < cores:
        start()
    while active:
        n = sum(len(a["threads"]) for a in active)
        rate = min(1.0, cores / n)
        dt = min(r for a in active for r in a["threads"]) / rate
        idle += max(0, cores - n) * dt
        t += dt
        for a in list(active):
            a["threads"] = [r - dt * rate for r in a["threads"] if r - dt * rate > 1e-9]
            if not a["threads"]:
                if a["stage"] == "R":
                    a["stage"], a["threads"] = "F", [L[a["s"]], O[a["s"]]]
                else:
                    active.remove(a)
                    if pending:
                        start()
    return t, idle


def scheduled(cores, handoff):
    """RunSchedule's rule; with --hold, replays wait while `cores` pairs are open."""
    truths = list(range(len(parts)))
    bounds_queue, replays, latencies, overshoots, running, held = [], [], [], [], [], []
    left, t, idle, open_, done = {}, 0.0, 0.0, 0, 0
    bounds_done = bounds == 0.0
    cost = {("T", i): p for i, p in enumerate(parts)}
    cost[("B", 0)] = bounds
    for s in order:
        cost[("R", s)], cost[("L", s)], cost[("O", s)] = R[s], L[s], O[s]

    def pick():
        nonlocal open_
        if truths:
            return ("T", truths.pop(0))
        if bounds_queue:
            return bounds_queue.pop(0)
        if replays and (not hold or open_ < cores):
            open_ += 1
            return replays.pop(0)
        for q in (latencies, overshoots):
            if q:
                return q.pop(0)
        return None

    while True:
        while len(running) < cores:
            u = pick()
            if u is None:
                break
            running.append([u, cost[u] + handoff])
        if not running:
            return t, idle
        dt = min(r[1] for r in running)
        idle += (cores - len(running)) * dt
        t += dt
        for r in running:
            r[1] -= dt
        for r in [r for r in running if r[1] <= 1e-9]:
            running.remove(r)
            kind, s = r[0]
            if kind == "T":
                done += 1
                if done == len(parts):
                    if not bounds_done:
                        bounds_queue.append(("B", 0))
                    replays.extend(("R", x) for x in order)
            elif kind == "B":
                bounds_done = True
                latencies.extend(held)
                held.clear()
            elif kind == "R":
                (latencies if bounds_done else held).append(("L", s))
                overshoots.append(("O", s))
                left[s] = 2
            else:
                left[s] -= 1
                open_ -= left[s] == 0


print(f"unit CPU, ms, median of {len(files)} files: truth {sum(parts):.2f} ({' + '.join(f'{p:.2f}' for p in parts)})"
      + (f", its bounds {bounds:.2f}" if bounds else ""))
for s in order:
    print(f"  {s}: replay {R[s]:.2f}, latency search {L[s]:.2f}, overshoot selection {O[s]:.2f}")
print(f"  total {total:.1f}")
for handoff in (0.0, 0.05):
    for cores in (2, 4):
        tb, ib = before(cores, handoff)
        ts, is_ = scheduled(cores, handoff)
        print(f"{cores} cores, {handoff * 1000:.0f} us a hand-over: before {tb:.1f} ms (idle {ib:.1f}), "
              f"scheduled {ts:.1f} ms (idle {is_:.1f}); perfect split {total / cores:.1f} ms")
