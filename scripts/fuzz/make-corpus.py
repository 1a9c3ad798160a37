#!/usr/bin/env python3
"""Writes the fuzz seed corpus under scripts/fuzz/corpus/<harness>/: small inputs made here
(none copied from the recordings), each reaching a different part of its reader. Run it again after
changing a seed; scripts/fuzz.sh uses the committed files."""
import os, struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

def put(harness, name, data):
    d = os.path.join(ROOT, harness)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

# Trace CSV
put("csv", "basic.csv", "# inkbench-trace 1\n# nominal_interval_s: 0.004\nt_s,x_mm,y_mm,stroke,pressure,tool,kind\n"
    "0,0,0,0,0.5,pen,sample\n0.01,1,0,0,,pen,predicted\n0.004,1,0,0,0.5,pen,sample\n0.008,2,0.5,0,0.5,pen,sample\n"
    "1,2,2,1,0.1,finger,sample\n1.004,3,2,1,0.2,finger,sample\n1.008,4,2.5,1,0.2,finger,sample\n")
put("csv", "crlf-bom.csv", "\ufefft_s,x_mm,y_mm,stroke\r\n0,0,0,0\r\n0.004,1,0,0\r\n0.008,2,0,0\r\n")
put("csv", "pause.csv", "t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n2.5,1.2,0,0\n2.504,2,0,0\n")
put("csv", "jump.csv", "t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n0.008,90,40,0\n0.012,91,40,0\n")
put("csv", "columns.csv", "x_mm,t_s,stroke,y_mm,tilt_rad,azimuth_rad\n1,0,7,2,0.3,1\n2,0.005,7,2,0.3,1\n3,0.01,7,3,0.3,1\n")

# SVC
put("svc", "basic.svc", "5\n100 200 1000 1 0 900 0.5\n110 200 1008 1 0 900 0.5\n120 205 1016 1 0 900 0.5\n"
    "130 210 1024 0 0 900 0.5\n140 215 1032 1 0 900 0.5\n")
put("svc", "raw-pressure.svc", "3\n1000 2000 0 1 100 450 512\n1010 2005 7 1 100 450 600\n1020 2010 15 1 100 450 700\n")

# MobileHCI 2017 touch logs (time ms; event time; x px; y px; size; action 0 down, 2 move, 1 up)
put("mobilehci17", "basic.txt", "1396861885739;24304462;720.8572;620.5357;0.41935483;0\n"
    "1396861885824;24304542;730.4725;620.5357;0.41935483;2\n1396861885838;24304559;736.922;622.5;0.41935483;2\n"
    "1396861885855;24304576;741.0;625.0;0.41935483;1\n1396861886855;24305576;100.0;100.0;0.4;0\n"
    "1396861886871;24305592;104.0;101.0;0.4;2\n1396861886888;24305609;109.0;103.0;0.4;1\n")
put("mobilehci17", "unfinished.txt", "1000;1;10;10;0.5;0\n1016;17;12;10;0.5;2\n1016;17;12;10;0.5;2\n1033;34;15;11;0.5;0\n")

# evemu
hdr = "# EVEMU 1.3\nN: Test Pen\nI: 0003 056a 00b8 0110\nA: 00 0 44704 4 0 200\nA: 01 0 27940 4 0 200\nA: 18 0 2047 0 0 0\n"
put("evemu", "pen.events", hdr + "E: 0.000000 0001 0140 1\nE: 0.000000 0003 0000 100\nE: 0.000000 0003 0001 100\n"
    "E: 0.000000 0001 014a 1\nE: 0.000000 0000 0000 0\nE: 0.004000 0003 0000 110\nE: 0.004000 0003 0018 900\n"
    "E: 0.004000 0000 0000 0\nE: 0.008000 0003 0000 120\nE: 0.008000 0000 0000 0\nE: 0.012000 0001 014a 0\n"
    "E: 0.012000 0000 0000 0\n")
put("evemu", "evemu11.events", "# EVEMU 1.1\n# Input device name: \"Old Pen\"\n# Supported events:\n#   Event type 3 (EV_ABS)\n"
    "#     Event code 0 (ABS_X)\n#       Value        0\n#       Min          0\n#       Max      44704\n"
    "#       Fuzz         4\n#       Flat         0\n#       Resolution 200\n#     Event code 1 (ABS_Y)\n"
    "#       Min          0\n#       Max      27940\n#       Resolution 200\nN: Old Pen\nA: 00 0 44704 4 0\nA: 01 0 27940 4 0\n"
    "E: 0.000000 0003 0000 100\nE: 0.000000 0003 0001 100\nE: 0.000000 0001 014a 1\nE: 0.000000 0000 0000 0\n"
    "E: 0.005000 0003 0000 140\nE: 0.005000 0000 0000 0\nE: 0.010000 0003 0000 180\nE: 0.010000 0000 0000 0\n")
put("evemu", "multitouch.events", "# EVEMU 1.3\nN: Test Touch\nA: 00 0 4095 0 0 0\nA: 01 0 4095 0 0 0\nA: 2f 0 9 0 0 0\n"
    "A: 35 0 4095 0 0 16\nA: 36 0 4095 0 0 26\nA: 39 0 65535 0 0 0\n"
    "E: 0.000000 0003 002f 0\nE: 0.000000 0003 0039 11\nE: 0.000000 0003 0035 1000\nE: 0.000000 0003 0036 1000\n"
    "E: 0.000000 0001 014a 1\nE: 0.000000 0000 0000 0\nE: 0.010000 0003 002f 1\nE: 0.010000 0003 0039 12\n"
    "E: 0.010000 0003 0035 3000\nE: 0.010000 0003 0036 3000\nE: 0.010000 0000 0000 0\nE: 0.020000 0003 002f 0\n"
    "E: 0.020000 0003 0035 1010\nE: 0.020000 0003 002f 1\nE: 0.020000 0003 0035 3010\nE: 0.020000 0000 0000 0\n"
    "E: 0.030000 0003 002f 0\nE: 0.030000 0003 0039 -1\nE: 0.030000 0003 002f 1\nE: 0.030000 0003 0035 3020\n"
    "E: 0.030000 0000 0000 0\nE: 0.040000 0003 0039 -1\nE: 0.040000 0001 014a 0\nE: 0.040000 0000 0000 0\n")

# Pointer Events
put("pointer-events", "columns.json", '{"x":[1,2,3,4],"y":[1,1,2,2],"time":[0,4,8,12],"buttons":[1,1,1,0],"pointerType":"pen",'
    '"pressure":[0.5,0.5,0.6,0],"tiltX":[10,10,12,0],"tiltY":[0,1,2,0]}')
put("pointer-events", "events.json", '{"events":[\n {"clientX":10,"clientY":5,"timeStamp":100.5,"buttons":1,"pointerType":"touch"},\n'
    ' {"clientX":12,"clientY":5,"timeStamp":116.5,"buttons":1},\n {"clientX":14,"clientY":6,"timeStamp":132.5,"buttons":1}\n]}')
put("pointer-events", "array.json", '[{"x":1,"y":2,"time":0,"pressure":0.5},{"x":2,"y":2,"time":4,"pressure":0.5},{"x":3,"y":2,"time":8,"pressure":0}]')

# Google Ink (IncrementalStrokeInputs)
def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)
def field(n, body): return varint(n << 3 | 2) + varint(len(body)) + body
def run(values, scale=None):
    prev, deltas = 0, b""
    for v in values:
        d = v - prev
        prev = v
        deltas += varint(((d << 1) ^ (d >> 31)) & 0xFFFFFFFF)
    out = field(1, deltas)
    if scale is not None:
        out += b"\x15" + struct.pack("<f", scale)
    return out
def batch(xs, ys, ts): return field(1, run(xs)) + field(2, run(ys)) + field(3, run(ts, 0.001))
ink = b""
for i in range(6):
    ink += field(1, field(1, batch([10 * i], [5 + i], [4 * i])) + field(2, batch([10 * i + 5, 10 * i + 9], [5, 6], [4 * i + 2, 4 * i + 4])))
put("google-ink", "stroke.binarypb", ink)

# Manifest
# MyPaint events, Curious drawings, InkML
put("mypaint-events", "basic.dat", "0 10 20 0\n0.008 11 20 0.25\n0.016 12 21 0.5\n0.024 13 22 0\n")
put("curious-drawing", "basic.csv", '"line_number","x","y","UTC_Timestamp","seconds"\n"0","10","20","1","0"\n"0","11","20","1","0.008"\n"1","50","50","2","0.4"\n"1","51","52","2","0.408"\n')
put("inkml", "basic.inkml", '<ink xmlns="http://www.w3.org/2003/InkML"><inkSource xml:id="s"><traceFormat><channel name="X"/><channel name="Y"/><channel name="F" max="1023"/><channel name="T" units="ms"/></traceFormat><sampleRate value="200"/><channelProperties><channelProperty channel="X" name="resolution" value="1000" units="1/cm"/><channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/></channelProperties></inkSource><context xml:id="c" inkSourceRef="#s"/><trace contextRef="#c" timeOffset="0">1000 2000 100 0, 1100 2000 300 5, 1200 2050 512 10</trace><trace contextRef="#c" type="penUp">1 2 0 20</trace></ink>\n')
put("inkml", "differences.inkml", '<ink><context><inkSource><traceFormat><channel name="X" units="mm"/><channel name="Y" units="mm"/></traceFormat><sampleRate value="100"/></inkSource></context><trace timeOffset="0">10 20,\'2\'1,"1"0,0 0,!20!25</trace><traceGroup><trace timeOffset="100">30 50,\'1\'-1,1-1,</trace></traceGroup></ink>\n')
put("inkml", "names-doctype.inkml", '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE ink PUBLIC "-//W3C//DTD InkML 1.0//EN" "inkml.dtd">\n'
    '<ink xmlns="http://www.w3.org/2003/InkML" \u00e9\u00b7\u0300x="1"><context><inkSource><traceFormat><channel name="X" units="mm"/>'
    '<channel name="Y" units="mm"/></traceFormat><sampleRate value="100"/></inkSource></context><trace timeOffset="0">10 20, 11 21</trace>'
    '<\u00f1\u203f\U00010000/></ink>\n')
put("manifest", "basic.manifest", "# c\n[a/*.svc]\nformat = svc\nscale = 200\ntime_unit = ms\ny_axis = up\nhover = include\n"
    "pressure_max = 1023\nnote = x # y\n[**/x.csv]\nskip = no\n[touch/*.events]\nscale_x = 16\nscale_y = 25.6\n")
put("manifest", "crlf.manifest", "\ufeff[*.events]\r\nformat = evemu\r\nscale = 200\r\n")

# Suite
put("suite", "shapes.suite", 'suite fuzz\ns-curve "s slow" duration_s=0.4 height_mm=40 amplitude_mm=15 noise_mm=0.05\n'
    'line "l" duration_s=0.2 speed_mm_per_s=100 direction_deg=30 jitter_ms=0.5\n'
    'circle "c" duration_s=0.3 radius_mm=20 turns=1 quantum_mm=0.1 strokes=2 pause_s=0.1 input_rate_hz=120\n')
put("suite", "crlf.suite", 'line "a" duration_s=0.1 speed_mm_per_s=50\r\n# comment\r\n')

# Baseline and summary.csv
hdr_cols = "trace,strategy,frame_rate_hz,input_rate_hz,samples,perceived_latency_ms,overshoot_p95_mm"
# baseline.txt (not written here): the header and first six rows of Benchmarks/baseline/default-ipad-60.csv,
# project-generated data, cut from it once.
put("baseline", "summary.csv", hdr_cols + "\r\ns-curve slow,none,60,240,385,41.5,0.000\r\n\"a, b\",linear,60,240,10,20.0,0.5\r\n")

# Tolerances
put("tolerance", "tolerances.txt", "# tolerances\noverall=1\nperceived_latency_ms=0.5\novershoot_p95_mm=0.05,2%\r\nhorizon_p95_ms = 1, 0.1\n")
print("corpus written to", ROOT)
