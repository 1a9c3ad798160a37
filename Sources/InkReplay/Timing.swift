import InkTraces

/// The timing model's parameters (benchmark model, section 4).
///
/// A digitizer samples at ``inputRateHz`` (synthetic traces only; recordings keep their own
/// timestamps). Samples reach the app ``inputLatencyMs`` after they are taken; the app
/// receives them once per frame at ``frameRateHz``; a frame's photons appear
/// ``displayLatency`` after the frame starts. Each trace is replayed ``phases`` times with
/// the frame clock shifted by a fraction of an input interval, and the frames are pooled.
///
/// ```swift
/// var timing = Timing.preset(named: "ipad-promotion")!   // 240 Hz input, 120 Hz frames
/// timing.inputLatencyMs = 12
/// try timing.validate()
/// ```
public struct Timing: Sendable, Equatable, Hashable {
    /// How long from a frame's start until its photons appear.
    public enum DisplayLatency: Sendable, Equatable, Hashable, CustomStringConvertible {
        /// A number of frame periods (default 1.5: presented at the next vsync, scanned out to mid-screen).
        case frames(Double)
        /// Milliseconds.
        case milliseconds(Double)

        public var description: String {
            switch self {
            case .frames(let f): "\(f) frames"
            case .milliseconds(let ms): "\(ms) ms"
            }
        }
    }

    /// Digitizer rate for synthetic traces (Hz). Default 240.
    public var inputRateHz: Double = 240
    /// Display frame rate (Hz). Default 60.
    public var frameRateHz: Double = 60
    /// Digitizer-to-app latency `Lin` (ms). Default 8.
    public var inputLatencyMs: Double = 8
    /// Frame start to photons `Ldisp`. Default 1.5 frames.
    public var displayLatency: DisplayLatency = .frames(1.5)
    /// Number of frame phases `N`. Default 4.
    public var phases: Int = 4
    /// The run's horizon cap (ms, `--horizon-cap-ms`, or one of `bench sweep`'s `--caps`),
    /// applied to every strategy on top of its own (``Strategy/capMs(under:)``); `nil` for none.
    public var capMs: Double?
    /// How long (ms) after a sample reaches the app its true pressure arrives (UIKit's
    /// `estimatedProperties` updated by `touchesEstimatedPropertiesUpdated`). Default 0: at once.
    ///
    /// With a delay `D > 0`, sample `i`'s own pressure is visible from `t_i + Lin + D`; a
    /// strategy is fed, with sample `i`, the pressure of the newest sample `j <= i` visible by
    /// then (`t_j <= t_i - D`), the estimate standing in for the values still on their way, or the
    /// stroke's first sample's pressure while none is visible. Positions and times are not
    /// delayed; a trace without pressure is unaffected. See `docs/methodology.md`.
    public var pressureDelayMs: Double = 0

    public init() {}

    /// The named presets: `ipad-60` (240 Hz input, 60 Hz frames) and `ipad-promotion`
    /// (240 Hz input, 120 Hz frames), both with the default latencies.
    public static let presets: [(name: String, timing: Timing, about: String)] = {
        let ipad60 = Timing()
        var promotion = Timing()
        promotion.frameRateHz = 120
        return [
            ("ipad-60", ipad60, "Apple Pencil at 240 Hz, 60 Hz display"),
            ("ipad-promotion", promotion, "Apple Pencil at 240 Hz, 120 Hz ProMotion display"),
        ]
    }()

    /// The preset of that name, or `nil`.
    public static func preset(named name: String) -> Timing? {
        presets.first { $0.name == name }?.timing
    }

    /// The display latency in seconds.
    @inlinable public var displayLatencySeconds: Double {
        switch displayLatency {
        case .frames(let f): f / frameRateHz
        case .milliseconds(let ms): ms / 1000
        }
    }

    /// The input latency in seconds.
    @inlinable public var inputLatencySeconds: Double { inputLatencyMs / 1000 }

    /// A one-line description for reports of a run of synthetic traces only, e.g.
    /// `240 Hz input (synthetic), 60 Hz frames, input latency 8 ms, ...`.
    public var summary: String { summary(synthetic: true, recordingRatesHz: []) }

    /// A one-line description that states the input rates the run really had: the synthetic
    /// rate when synthetic traces ran, and the recordings' own rates (1 / median interval) when
    /// recordings ran, e.g. `recordings at their own input rates (62-250 Hz), 60 Hz frames, ...`.
    public func summary(synthetic: Bool, recordingRatesHz: [Double]) -> String {
        var parts: [String] = []
        if synthetic { parts.append("\(Timing.format(inputRateHz)) Hz input (synthetic)") }
        if let lo = recordingRatesHz.min(), let hi = recordingRatesHz.max() {
            let range = lo == hi ? Timing.format(lo.rounded()) : "\(Timing.format(lo.rounded()))-\(Timing.format(hi.rounded()))"
            parts.append("recordings at their own input rates (\(range) Hz)")
        }
        var s = parts.joined(separator: " and ") + ", \(Timing.format(frameRateHz)) Hz frames, "
        s += "input latency \(Timing.format(inputLatencyMs)) ms, display latency "
        switch displayLatency {
        case .frames(let f): s += "\(Timing.format(f)) frames (\(Timing.format(f / frameRateHz * 1000)) ms)"
        case .milliseconds(let ms): s += "\(Timing.format(ms)) ms"
        }
        s += ", \(phases) phases"
        if let cap = capMs { s += ", horizon cap \(Timing.format(cap)) ms" }
        if pressureDelayMs > 0 { s += ", pressure delay \(Timing.format(pressureDelayMs)) ms" }
        return s
    }

    static func format(_ v: Double) -> String {
        let rounded = (v * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Throws a ``TimingError`` naming the first parameter out of range.
    public func validate() throws(TimingError) {
        func check(_ ok: Bool, _ name: String, _ value: Double, _ expected: String) throws(TimingError) {
            if !ok { throw TimingError(parameter: name, value: value, expected: expected) }
        }
        let rates = InputLimits.inputRateHz, frames = InputLimits.frameRateHz, ms = InputLimits.latencyMs
        try check(rates.contains(inputRateHz), "input rate (Hz)", inputRateHz, "a number \(InputLimits.describe(rates))")
        try check(frames.contains(frameRateHz), "frame rate (Hz)", frameRateHz, "a number \(InputLimits.describe(frames))")
        try check(ms.contains(inputLatencyMs), "input latency (ms)", inputLatencyMs, "a number \(InputLimits.describe(ms))")
        switch displayLatency {
        case .frames(let f):
            try check(
                f.isFinite && f >= 0 && f / frameRateHz * 1000 <= ms.upperBound, "display latency (frames)", f,
                "a number >= 0 of at most \(ms.upperBound) ms")
        case .milliseconds(let v):
            try check(ms.contains(v), "display latency (ms)", v, "a number \(InputLimits.describe(ms))")
        }
        try check(phases >= 1 && phases <= 64, "phases", Double(phases), "an integer from 1 to 64")
        if let cap = capMs {
            try check(ms.contains(cap), "horizon cap (ms)", cap, "a number \(InputLimits.describe(ms))")
        }
        try check(ms.contains(pressureDelayMs), "pressure delay (ms)", pressureDelayMs, "a number \(InputLimits.describe(ms))")
    }
}

/// A timing parameter out of range.
public struct TimingError: Error, CustomStringConvertible, Sendable, Equatable {
    public var parameter: String
    public var value: Double
    public var expected: String
    public var description: String { "timing: \(parameter) = \(value) is invalid: expected \(expected)" }
}
