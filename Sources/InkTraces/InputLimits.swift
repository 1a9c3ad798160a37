/// The physical ranges every input must lie in before anything is sized from it.
///
/// Readers, the suite parser, manifests, `--scale` rules and the timing model refuse values
/// outside these ranges with a message naming the file, the line and the value, so that every
/// quantity that sizes memory or a loop (frame counts, tail lengths, synthetic sample counts)
/// comes from a bounded input. `docs/input-limits.md` gives the table with the reasons.
///
/// ```swift
/// InputLimits.timestampS.contains(1.7e9)        // true: Unix time in seconds
/// InputLimits.timestampS.contains(1e15)         // false
/// ```
public enum InputLimits {
    /// Sample timestamps after unit conversion (s): ±1e10 s (317 years) holds Unix time in
    /// seconds; a millisecond or microsecond clock read as seconds falls outside.
    public static let timestampS: ClosedRange<Double> = -1e10...1e10
    /// Positions after scaling (mm): ±1e7 mm (10 km), far beyond any surface.
    public static let positionMM: ClosedRange<Double> = -1e7...1e7
    /// A gap between consecutive samples of one stroke longer than this (s) splits the stroke
    /// there: a pen-up, then a new stroke (with its own end overshoot and a fresh predictor).
    /// No recording in `Datasets/recordings` comes near it (its longest in-stroke gap is
    /// under 1 s), so no current figure changes; a pen resting still for seconds stays one stroke.
    public static let strokeSplitGapS = 30.0
    /// The longest stroke (first to last sample, s). Bounds the frames one stroke produces:
    /// `duration · frame rate · phases`.
    public static let strokeDurationS = 3600.0
    /// A step between consecutive samples of one stroke that is longer than ``jumpDistanceMM``
    /// *and* faster than ``jumpSpeedMMPerS`` is one no pen or finger makes (a tracker switching
    /// fingers, a glitch): the stroke is split there, with a notice.
    public static let jumpDistanceMM = 25.0
    /// See ``jumpDistanceMM``: 2.5 m/s. Handwriting peaks near 0.5 m/s and the workspace's
    /// recordings at 0.52 m/s; a finger switch on a 60 Hz panel (43 mm in 16.7 ms) is 2.6 m/s.
    public static let jumpSpeedMMPerS = 2500.0
    /// A trace's nominal input interval (s): 1 µs (1 MHz) to 10 s.
    public static let nominalIntervalS: ClosedRange<Double> = 1e-6...10
    /// A file's units per millimetre (a scale): 0.001 (one unit per metre) to 1e6 (one per nm).
    public static let unitsPerMM: ClosedRange<Double> = 1e-3...1e6
    /// Seconds per unit of a file's time values: 1 ns to 60 s.
    public static let timeUnitS: ClosedRange<Double> = 1e-9...60
    /// Digitizer rate of synthetic traces (Hz).
    public static let inputRateHz: ClosedRange<Double> = 1...10_000
    /// Display frame rate (Hz).
    public static let frameRateHz: ClosedRange<Double> = 1...1000
    /// Input latency, display latency and horizon caps (ms).
    public static let latencyMs: ClosedRange<Double> = 0...10_000
    /// Samples one synthetic trace may have (all strokes): 23 hours at 240 Hz (`inkperf memory`
    /// uses 10 hours), 480 MB of t, x and y.
    public static let syntheticSamples = 20_000_000
    /// Lengths in a synthetic spec (mm): heights, amplitudes, radii, noise, quantum.
    public static let syntheticLengthMM: ClosedRange<Double> = 0...100_000
    /// Speeds in a synthetic spec (mm/s).
    public static let syntheticSpeedMMPerS: ClosedRange<Double> = 0...100_000
    /// Pauses between synthetic strokes (s).
    public static let syntheticPauseS: ClosedRange<Double> = 0...3600
    /// Circle turns in a synthetic spec.
    public static let syntheticTurns: ClosedRange<Double> = 0...10_000

    /// Formats a range for messages: `from -1e+10 to 1e+10`.
    public static func describe(_ range: ClosedRange<Double>) -> String {
        "from \(range.lowerBound) to \(range.upperBound)"
    }
}
