#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces

/// A recipe for a synthetic trace: a shape drawn one or more times, sampled at an input rate
/// with optional position noise, timestamp jitter and quantisation, all seeded.
///
/// ```swift
/// var spec = SyntheticSpec.sCurve(name: "s-curve medium", duration: 0.8)
/// spec.noiseMM = 0.05
/// let trace = try spec.generate(seed: 1)
/// ```
public struct SyntheticSpec: Sendable, Equatable {
    /// The drawn shape.
    public enum Shape: Sendable, Equatable {
        /// The benchmark model's S-curve of height and amplitude in mm.
        case sCurve(heightMM: Double, amplitudeMM: Double)
        /// A straight line at a constant speed (mm/s) in a direction (rad from +x, y down).
        case line(speedMMPerS: Double, directionRad: Double)
        /// A circle of a radius (mm) drawn `turns` times at constant speed.
        case circle(radiusMM: Double, turns: Double)
    }

    /// The trace's name in outputs.
    public var name: String
    /// The shape of every stroke.
    public var shape: Shape
    /// How long one stroke lasts (s).
    public var duration: Double
    /// Digitizer sample rate (Hz).
    public var inputRateHz: Double = 240
    /// Standard deviation of Gaussian position noise (mm) on each axis; 0 for clean.
    public var noiseMM: Double = 0
    /// Standard deviation of Gaussian timestamp jitter (ms), truncated at ±45 % of the input
    /// interval so time still increases; the position is the one at the true sampling time.
    public var jitterMs: Double = 0
    /// Positions are rounded to multiples of this (mm); 0 for none.
    public var quantumMM: Double = 0
    /// How many strokes (the shape drawn again after each pause).
    public var strokes: Int = 1
    /// Pause between strokes (s).
    public var pause: Double = 0.2

    public init(name: String, shape: Shape, duration: Double) {
        self.name = name
        self.shape = shape
        self.duration = duration
    }

    /// The benchmark model's S-curve: H = 40 mm, A = 15 mm unless given.
    public static func sCurve(
        name: String, duration: Double, heightMM: Double = 40, amplitudeMM: Double = 15
    ) -> SyntheticSpec {
        SyntheticSpec(name: name, shape: .sCurve(heightMM: heightMM, amplitudeMM: amplitudeMM), duration: duration)
    }

    /// Whether the trace depends on the seed (it has noise or jitter).
    public var isNoisy: Bool { noiseMM > 0 || jitterMs > 0 }

    /// Throws a ``/InkTraces/TraceError`` naming the first parameter that is out of range.
    public func validate() throws(TraceError) {
        func check(_ ok: Bool, _ what: String) throws(TraceError) {
            if !ok { throw TraceError(trace: name, what) }
        }
        let lengths = InputLimits.syntheticLengthMM, speeds = InputLimits.syntheticSpeedMMPerS
        try check(
            duration > 0 && duration <= InputLimits.strokeDurationS,
            "duration \(duration) s: expected a number above 0 up to \(InputLimits.strokeDurationS)")
        try check(
            InputLimits.inputRateHz.contains(inputRateHz),
            "input rate \(inputRateHz) Hz: expected a number \(InputLimits.describe(InputLimits.inputRateHz))")
        try check(lengths.contains(noiseMM), "noise \(noiseMM) mm: expected a number \(InputLimits.describe(lengths))")
        try check(
            jitterMs >= 0 && jitterMs <= InputLimits.latencyMs.upperBound,
            "jitter \(jitterMs) ms: expected a number \(InputLimits.describe(InputLimits.latencyMs))")
        try check(lengths.contains(quantumMM), "quantisation \(quantumMM) mm: expected a number \(InputLimits.describe(lengths))")
        try check(strokes >= 1, "strokes \(strokes): expected at least 1")
        try check(
            pause > 0 && pause <= InputLimits.syntheticPauseS.upperBound,
            "pause \(pause) s: expected a number above 0 up to \(InputLimits.syntheticPauseS.upperBound)")
        // Sized from the checked values above, so neither can overflow.
        let samples = (duration * inputRateHz + 1) * Double(strokes)
        try check(
            samples <= Double(InputLimits.syntheticSamples),
            "\(strokes) stroke(s) of \(duration) s at \(inputRateHz) Hz make \(samples) samples: expected at most \(InputLimits.syntheticSamples)")
        try check(
            (duration + pause) * Double(strokes) <= InputLimits.timestampS.upperBound,
            "\(strokes) stroke(s) of \(duration) s with \(pause) s pauses end past \(InputLimits.timestampS.upperBound) s")
        switch shape {
        case .sCurve(let h, let a):
            try check(h > 0 && h <= lengths.upperBound, "height \(h) mm: expected a number above 0 up to \(lengths.upperBound)")
            try check(lengths.contains(a), "amplitude \(a) mm: expected a number \(InputLimits.describe(lengths))")
        case .line(let v, let dir):
            try check(v > 0 && v <= speeds.upperBound, "speed \(v) mm/s: expected a number above 0 up to \(speeds.upperBound)")
            try check(dir.isFinite && abs(dir) <= 1e6, "direction \(dir) rad: expected a finite number")
            try check(
                v * duration <= InputLimits.positionMM.upperBound,
                "a line at \(v) mm/s for \(duration) s is \(v * duration) mm long: expected at most \(InputLimits.positionMM.upperBound)")
        case .circle(let r, let turns):
            try check(r > 0 && r <= lengths.upperBound, "radius \(r) mm: expected a number above 0 up to \(lengths.upperBound)")
            try check(
                turns > 0 && turns <= InputLimits.syntheticTurns.upperBound,
                "turns \(turns): expected a number above 0 up to \(InputLimits.syntheticTurns.upperBound)")
        }
    }

    /// The analytic motion of one stroke.
    public var path: any AnalyticPath {
        switch shape {
        case .sCurve(let h, let a): SCurve(heightMM: h, amplitudeMM: a, duration: duration)
        case .line(let v, let dir): StraightLine(speedMMPerS: v, duration: duration, directionRad: dir)
        case .circle(let r, let turns): Circle(radiusMM: r, duration: duration, turns: turns)
        }
    }

    /// Samples the trace. The same spec and seed always give the same trace, to the bit.
    ///
    /// Stroke `k` starts at `k (duration + pause)` seconds; its samples fall at `i / inputRate`
    /// from its start, `i = 0 ... ⌊duration · inputRate⌋`. The ground truth of every stroke is
    /// the noiseless analytic curve.
    public func generate(seed: UInt64) throws(TraceError) -> Trace {
        try validate()
        let path = self.path
        let table = TruthTables.table(for: path)
        var rng = SeededRandom(seed: SeededRandom.derivedSeed(seed, name))
        let n = Int((duration * inputRateHz + 1e-9).rounded(.down))
        let interval = 1 / inputRateHz
        let maxJitter = 0.45 * interval
        // Every stroke samples the same path at the same local times: compute those positions
        // once (the same calls with the same arguments, so the same bits) and add each
        // stroke's noise to them.
        let clean = (0...n).map { i in path.position(at: Double(i) / inputRateHz) }
        var strokes: [Stroke] = []
        strokes.reserveCapacity(self.strokes)
        for k in 0..<self.strokes {
            let start = Double(k) * (duration + pause)
            var t = [Double](), x = [Double](), y = [Double]()
            t.reserveCapacity(n + 1); x.reserveCapacity(n + 1); y.reserveCapacity(n + 1)
            for i in 0...n {
                let local = Double(i) / inputRateHz
                var p = clean[i]
                if noiseMM > 0 {
                    p.x += noiseMM * rng.nextGaussian()
                    p.y += noiseMM * rng.nextGaussian()
                }
                if quantumMM > 0 {
                    p.x = (p.x / quantumMM).rounded() * quantumMM
                    p.y = (p.y / quantumMM).rounded() * quantumMM
                }
                var stamp = start + local
                if jitterMs > 0 {
                    stamp += min(max(jitterMs / 1000 * rng.nextGaussian(), -maxJitter), maxJitter)
                }
                t.append(stamp); x.append(p.x); y.append(p.y)
            }
            let truth = GroundTruth(path: table, timeOffset: start, velocityMode: .derivative)
            strokes.append(try Stroke(t: t, x: x, y: y, tool: .pen, analyticTruth: truth))
        }
        return try Trace(name: name, strokes: strokes, nominalInterval: interval, source: "synthetic")
    }
}
