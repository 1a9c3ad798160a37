import InkTraces

/// The built-in synthetic suites.
///
/// ```swift
/// let traces = try SyntheticSuite.default.generate(seed: 1)   // the six S-curves
/// ```
public struct SyntheticSuite: Sendable, Equatable {
    /// The suite's name in outputs and manifests.
    public var name: String
    /// Its traces.
    public var specs: [SyntheticSpec]

    public init(name: String, specs: [SyntheticSpec]) {
        self.name = name
        self.specs = specs
    }

    /// The benchmark model's default suite (section 10): slow, medium and fast S-curves
    /// (H = 40 mm, A = 15 mm, D = 1.6, 0.8, 0.4 s), each clean and with 0.05 mm noise, at 240 Hz.
    public static let `default` = SyntheticSuite.sCurves(inputRateHz: 240)

    /// The default suite's six S-curves at another input rate.
    public static func sCurves(inputRateHz: Double) -> SyntheticSuite {
        var specs: [SyntheticSpec] = []
        for noisy in [false, true] {
            for (speed, duration) in [("slow", 1.6), ("medium", 0.8), ("fast", 0.4)] {
                var spec = SyntheticSpec.sCurve(name: "s-curve \(speed)\(noisy ? " noisy" : "")", duration: duration)
                spec.inputRateHz = inputRateHz
                spec.noiseMM = noisy ? 0.05 : 0
                specs.append(spec)
            }
        }
        return SyntheticSuite(name: "default", specs: specs)
    }

    /// The benchmark model's straight line (section 11): 100 mm/s for 1.0 s, 241 exact samples.
    public static let straightLine: SyntheticSpec = {
        var spec = SyntheticSpec(name: "line 100 mm/s", shape: .line(speedMMPerS: 100, directionRad: 0), duration: 1.0)
        spec.inputRateHz = 240
        return spec
    }()

    /// A long trace for speed and memory tests: the medium S-curve (0.8 s) drawn again and
    /// again with 0.05 mm noise and a one-sample pause, until `hours` of input are covered
    /// (10 hours at 240 Hz: about 8.6 million samples in 44,900 strokes).
    public static func long(hours: Double, inputRateHz: Double = 240) -> SyntheticSpec {
        var spec = SyntheticSpec.sCurve(name: "long \(hours) h", duration: 0.8)
        spec.inputRateHz = inputRateHz
        spec.noiseMM = 0.05
        spec.pause = 1 / inputRateHz
        spec.strokes = max(1, Int((hours * 3600 / (spec.duration + spec.pause)).rounded(.up)))
        return spec
    }

    /// Generates every trace. Noisy traces draw from a seed derived from `seed` and their name.
    public func generate(seed: UInt64) throws(TraceError) -> [Trace] {
        var traces: [Trace] = []
        for spec in specs { traces.append(try spec.generate(seed: seed)) }
        return traces
    }
}
