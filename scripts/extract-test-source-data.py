#!/usr/bin/env python3
"""Extract the recorded finger flings held as arrays in two upstream test sources into
Pointer Events JSON files (the column layout InkBench's `pointer-events` reader reads).

Usage:
  scripts/extract-test-source-data.py aosp VelocityTracker_test.cpp OUT_DIR PROVENANCE
  scripts/extract-test-source-data.py flutter velocity_tracker_data.dart OUT_DIR PROVENANCE
  scripts/extract-test-source-data.py google-ink zfold6_wave.cc OUT_DIR PROVENANCE

aosp:    AOSP frameworks/native libs/input/tests/VelocityTracker_test.cpp (Apache-2.0). Every
         TEST_F whose name starts with Sailfish or Swordfish (hand-recorded flings) becomes one file,
         named after the test in kebab case. Rows are `{ TIME, {{X, Y}} }` with TIME in ns or ms;
         the last row, a copy marked `// ACTION_UP`, is the lift and is left out (the lift is
         where the stroke ends). Positions are device px.
flutter: Flutter packages/flutter/test/gestures/velocity_tracker_data.dart (BSD-3). The list
         `velocityEventData` becomes velocityEventData.json (the file's other list,
         `interruptedVelocityEventData`, is its last stroke with a 40 ms gap written in by hand,
         not a recording, and is left out); PointerDownEvent and
         PointerMoveEvent rows are contact samples (buttons 1), a PointerUpEvent is a lift row
         (buttons 0) that ends the stroke. Positions are Flutter logical px.

google-ink: a google/ink `recorded_test_inputs/*.cc` file (Apache-2.0): each `StrokeInput{...}`
         (position, elapsed_time in s, stroke_unit_length in cm, pressure, tilt in rad) becomes a
         row of an InkBench trace CSV named after the file (`zfold6_wave.csv`), x and y converted to
         mm with the file's own stroke_unit_length (exact, not an assumption). Orientation is left
         out (it is not the trace CSV's azimuth). Time is rounded to the microsecond (the source
         holds float32 copies of whole milliseconds).

Only numbers are taken from the sources; no code. Every output carries a `provenance` member
(ignored by the reader) naming the source, its commit and the test or list it came from.
Output is deterministic: same input, same bytes.
"""
import json
import os
import re
import sys


def number_text(v):
    """Shortest text of a float that reads back to the same value."""
    t = repr(float(v))
    return t[:-2] if t.endswith(".0") else t


def write(path, name, provenance, times_ms, xs, ys, buttons):
    cols = {
        "provenance": f"{provenance}; {name}",
        "pointerType": "touch",
    }
    # Written by hand so the numbers keep their shortest text and the file is stable.
    parts = [f'  "provenance": {json.dumps(cols["provenance"])}', '  "pointerType": "touch"']
    for key, values in (("time", times_ms), ("x", xs), ("y", ys), ("buttons", buttons)):
        parts.append(f'  "{key}": [' + ", ".join(number_text(v) if key != "buttons" else str(v) for v in values) + "]")
    with open(path, "w", encoding="utf-8") as f:
        f.write("{\n" + ",\n".join(parts) + "\n}\n")


def aosp(source, out_dir, provenance):
    text = open(source, encoding="utf-8").read()
    tests = re.finditer(r"TEST_F\(VelocityTrackerTest,\s*((?:Sailfish|Swordfish)\w+)\)\s*\{(.*?)\n\}", text, re.S)
    row = re.compile(r"\{\s*(\d+)(ns|ms)\s*,\s*\{\{\s*([-\d.]+)\s*,\s*([-\d.]+)\s*\}\}\s*\}\s*,?\s*(//\s*ACTION_UP)?")
    count = 0
    for m in tests:
        name, body = m.group(1), m.group(2)
        rows = [r for r in row.finditer(body)]
        if not rows:
            sys.exit(f"{source}: test {name} has no motion rows; expected '{{ TIME, {{{{X, Y}}}} }}' entries")
        samples = [r for r in rows if r.group(5) is None]
        t0 = None
        times, xs, ys = [], [], []
        for r in samples:
            t = int(r.group(1)) / (1e6 if r.group(2) == "ns" else 1.0)
            if t0 is None:
                t0 = t
            times.append(round(t - t0, 6))
            xs.append(float(r.group(3)))
            ys.append(float(r.group(4)))
        kebab = re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()
        kebab = re.sub(r"-(\d)", r"-\1", re.sub(r"(\D)(\d)", r"\1-\2", kebab))
        write(os.path.join(out_dir, kebab + ".json"), name, provenance, times, xs, ys, [1] * len(times))
        count += 1
    if count == 0:
        sys.exit(f"{source}: no Sailfish or Swordfish fling tests found")
    print(f"wrote {count} files to {out_dir}")


def flutter(source, out_dir, provenance):
    text = open(source, encoding="utf-8").read()
    lists = re.finditer(r"const List<PointerEvent> (\w+) = <PointerEvent>\[(.*?)\n\];", text, re.S)
    event = re.compile(
        r"Pointer(Down|Move|Up)Event\(\s*timeStamp:\s*Duration\((milliseconds|microseconds):\s*(\d+)\),"
        r"\s*pointer:\s*(\d+),\s*position:\s*Offset\(([-\d.]+),\s*([-\d.]+)\),?\s*\)")
    count = 0
    for m in lists:
        name, body = m.group(1), m.group(2)
        if name != "velocityEventData":
            continue
        events = list(event.finditer(body))
        if len(events) != body.count("Event("):
            sys.exit(f"{source}: list {name}: {body.count('Event(')} events but {len(events)} parsed; expected timeStamp, pointer, position in each")
        t0 = None
        times, xs, ys, buttons = [], [], [], []
        for e in events:
            t = int(e.group(3)) / (1.0 if e.group(2) == "milliseconds" else 1000.0)
            if t0 is None:
                t0 = t
            times.append(round(t - t0, 6))
            xs.append(float(e.group(5)))
            ys.append(float(e.group(6)))
            buttons.append(0 if e.group(1) == "Up" else 1)
        write(os.path.join(out_dir, name + ".json"), name, provenance, times, xs, ys, buttons)
        count += 1
    if count == 0:
        sys.exit(f"{source}: no 'const List<PointerEvent> velocityEventData' list found")
    print(f"wrote {count} files to {out_dir}")


def google_ink(source, out_dir, provenance):
    text = open(source, encoding="utf-8").read()
    item = re.compile(
        r"StrokeInput\{\s*\.tool_type = StrokeInput::ToolType::(\w+),\s*\.position = \{([-\d.e]+),\s*([-\d.e]+)\},"
        r"\s*\.elapsed_time = Duration32::Seconds\(([-\d.e]+)\),"
        r"\s*\.stroke_unit_length = PhysicalDistance::Centimeters\(([-\d.e]+)\),"
        r"\s*\.pressure = ([-\d.e]+),\s*\.tilt = Angle::Radians\(([-\d.e]+)\),"
        r"\s*\.orientation = Angle::Radians\(([-\d.e]+)\),?\s*\}")
    items = list(item.finditer(text))
    if not items or len(items) != text.count("StrokeInput{"):
        sys.exit(f"{source}: {text.count('StrokeInput{')} StrokeInput entries but {len(items)} parsed; expected tool_type, position, elapsed_time, stroke_unit_length, pressure, tilt, orientation in each")
    units = {m.group(5) for m in items}
    tools = {m.group(1) for m in items}
    if len(units) != 1 or tools != {"kStylus"}:
        sys.exit(f"{source}: expected one stroke_unit_length and stylus input only; found {sorted(units)}, {sorted(tools)}")
    mm_per_unit = float(units.pop()) * 10
    name = os.path.splitext(os.path.basename(source))[0]
    lines = [
        "# inkbench-trace 1",
        f"# source: {provenance}",
        f"# x_mm, y_mm = position x {number_text(mm_per_unit)} (the file's stroke_unit_length); tilt_rad as recorded; pressure 0-1",
        "t_s,x_mm,y_mm,stroke,pressure,tilt_rad,tool",
    ]
    for m in items:
        lines.append(",".join([
            number_text(round(float(m.group(4)), 6)), number_text(float(m.group(2)) * mm_per_unit),
            number_text(float(m.group(3)) * mm_per_unit), "0", number_text(float(m.group(6))), number_text(float(m.group(7))), "pen"]))
    with open(os.path.join(out_dir, name + ".csv"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {len(items)} samples to {os.path.join(out_dir, name + '.csv')}")


if __name__ == "__main__":
    modes = {"aosp": aosp, "flutter": flutter, "google-ink": google_ink}
    if len(sys.argv) != 5 or sys.argv[1] not in modes:
        sys.exit(__doc__)
    os.makedirs(sys.argv[3], exist_ok=True)
    modes[sys.argv[1]](sys.argv[2], sys.argv[3], sys.argv[4])
