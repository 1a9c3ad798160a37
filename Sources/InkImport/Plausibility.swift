import InkTraces

/// A check every import makes on what it read: pen input outside these bounds is almost always a
/// wrong scale or time unit, not a real recording. Each finding names the numbers and the
/// likely cause; the loader adds them to the trace's notices (printed as warnings), and with
/// `--strict` refuses the file instead.
///
/// - Input rate (1 / the trace's nominal interval) within 30 to 2,000 Hz.
/// - Stroke length (along the samples) within 0.1 mm to 2 m, for strokes of two or more
///   samples (a one-sample stroke is a tap).
/// - Pen speed: the 95th percentile of the speed between successive samples at most 5 m/s.
///
/// ```swift
/// for finding in Plausibility.findings(trace) { print("\(trace.name): warning: \(finding)") }
/// ```
public enum Plausibility {
    /// Accepted input rates (Hz).
    public static let rateHz: ClosedRange<Double> = 30...2_000
    /// Accepted stroke lengths (mm).
    public static let strokeLengthMM: ClosedRange<Double> = 0.1...2_000
    /// The fastest plausible pen (mm/s), judged on the 95th percentile of sample-to-sample speed.
    public static let maxSpeedMMPerS = 5_000.0

    /// What is implausible about `trace` (empty when nothing is), each naming the numbers and
    /// the likely cause. `scale` names where the scale came from, for the message.
    public static func findings(_ trace: Trace, scale: String? = nil) -> [String] {
        var out: [String] = []
        let scaleHint = scale.map { " (the scale came from \($0))" } ?? ""
        let rate = 1 / trace.nominalInterval
        if rate.isFinite, !rateHz.contains(rate) {
            out.append(
                "implausible input rate \(format(rate)) Hz (nominal interval \(format(trace.nominalInterval * 1000)) ms); expected \(format(rateHz.lowerBound)) to \(format(rateHz.upperBound)) Hz: "
                    + (rate > rateHz.upperBound
                        ? "the times are likely in a larger unit than read (give --time-unit ms or s, or time_unit in the manifest)"
                        : "the times are likely in a smaller unit than read (give --time-unit ms or us), or samples are missing"))
        }
        var lengths: [Double] = []
        // The speeds are counted, not kept: the 95th percentile exceeds the limit exactly when
        // at least `count - rank` speeds do (`rank` its index in sorted order), so the speeds
        // are collected and sorted only for the message, or when one is NaN.
        var speedCount = 0, fasterThanLimit = 0, nanSpeeds = 0
        for stroke in trace.strokes where stroke.count >= 2 {
            var length = 0.0
            for i in 1..<stroke.count {
                let (d, speed) = step(stroke, to: i)
                length += d
                if let speed {
                    speedCount += 1
                    if speed > maxSpeedMMPerS { fasterThanLimit += 1 } else if speed.isNaN { nanSpeeds += 1 }
                }
            }
            lengths.append(length)
        }
        let short = lengths.filter { $0 < strokeLengthMM.lowerBound }
        if !short.isEmpty, short.count * 2 > lengths.count {
            out.append(
                "\(short.count) of \(lengths.count) strokes are shorter than \(format(strokeLengthMM.lowerBound)) mm (shortest \(format(short.min() ?? 0)) mm): the scale (file units per mm) is likely too large\(scaleHint)")
        }
        let long = lengths.filter { $0 > strokeLengthMM.upperBound }
        if !long.isEmpty {
            out.append(
                "\(long.count) of \(lengths.count) strokes are longer than \(format(strokeLengthMM.upperBound / 1000)) m (longest \(format((long.max() ?? 0) / 1000)) m): the scale (file units per mm) is likely too small\(scaleHint)")
        }
        let rank = speedCount == 0 ? 0 : min(speedCount - 1, Int((0.95 * Double(speedCount)).rounded(.up)) - 1)
        if speedCount > 0 && (nanSpeeds > 0 || fasterThanLimit >= speedCount - rank) {
            let speeds = sampleSpeeds(trace).sorted()
            let p95 = speeds[rank]
            if p95 > maxSpeedMMPerS {
                out.append(
                    "the pen moves implausibly fast: 95th percentile \(format(p95 / 1000)) m/s between samples; expected at most \(format(maxSpeedMMPerS / 1000)) m/s: the scale (file units per mm) is likely too small\(scaleHint), or the times are in a larger unit than read")
            }
        }
        return out
    }

    /// The speed between successive samples of every stroke (mm/s), where time moves forward.
    static func sampleSpeeds(_ trace: Trace) -> [Double] {
        var speeds: [Double] = []
        for stroke in trace.strokes where stroke.count >= 2 {
            for i in 1..<stroke.count {
                if let speed = step(stroke, to: i).speed { speeds.append(speed) }
            }
        }
        return speeds
    }

    /// The step from sample `i - 1` to sample `i` of `stroke`: its length (mm) and its speed
    /// (mm/s; `nil` unless time moves forward).
    @inline(__always)
    static func step(_ stroke: Stroke, to i: Int) -> (distance: Double, speed: Double?) {
        let a = stroke.point(i - 1), b = stroke.point(i)
        let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        let dt = b.t - a.t
        return (d, dt > 0 ? d / dt : nil)
    }

    /// A number with up to 3 significant digits after the point, without exponent for usual sizes.
    static func format(_ v: Double) -> String {
        if v == 0 { return "0" }
        let magnitude = abs(v)
        if magnitude >= 100 { return String(Int(v.rounded())) }
        var digits = 3
        var m = magnitude
        while m < 1 && digits < 9 { m *= 10; digits += 1 }
        var text = String(v)
        let scale = pow10(digits - 1)
        text = String((v * scale).rounded() / scale)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    static func pow10(_ n: Int) -> Double {
        var r = 1.0
        for _ in 0..<max(0, n) { r *= 10 }
        return r
    }
}
