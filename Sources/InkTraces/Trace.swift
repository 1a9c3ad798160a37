/// A recording or synthetic pen input: one or more strokes, under one name.
///
/// ```swift
/// let trace = try Trace(name: "demo", strokes: [stroke])
/// trace.sampleCount
/// ```
public struct Trace: Sendable {
    /// The name used in outputs: a file name for recordings, a generator name for synthetic traces.
    public var name: String
    /// Strokes in time order of their first sample.
    public private(set) var strokes: [Stroke]
    /// The nominal input interval in seconds: `1 / inputRate` for synthetic traces, the
    /// median sample interval for recordings. Sets the spacing of frame phases and of the
    /// predicted tail's points.
    public var nominalInterval: Double
    /// Notices from import (merged timestamps, default scales used), shown to the user.
    public var notices: [String]
    /// Where the trace came from (a file path, or `synthetic`).
    public var source: String
    /// The recording device, where the source names it (an evdev device name, a manifest's
    /// `device` key); `nil` for synthetic traces and sources that do not say.
    public var device: String?

    /// The device name shown for a trace whose source names no device (the report's breakdown,
    /// tune's device folds and scores): one text, which no device reports as its own name.
    public static let unnamedDevice = "(device not named)"

    /// `device`, or ``unnamedDevice`` when it is `nil`.
    public static func deviceName(_ device: String?) -> String { device ?? unnamedDevice }

    /// Builds a trace; `nominalInterval` defaults to the median sample interval.
    ///
    /// - Throws: ``TraceError`` if there are no strokes, or the nominal interval is not a
    ///   finite positive number (a trace of single-sample strokes needs it given) within
    ///   ``InputLimits/nominalIntervalS``.
    public init(
        name: String, strokes: [Stroke], nominalInterval: Double? = nil, notices: [String] = [],
        source: String = "synthetic"
    ) throws(TraceError) {
        guard !strokes.isEmpty else { throw TraceError(trace: name, "a trace needs at least one stroke") }
        let ordered = strokes.enumerated().sorted { ($0.element.startTime, $0.offset) < ($1.element.startTime, $1.offset) }
            .map(\.element)
        let interval = nominalInterval ?? Trace.medianInterval(of: ordered)
        guard let interval, interval.isFinite, interval > 0 else {
            throw TraceError(
                trace: name, "no sample interval: every stroke has one sample; expected a nominal input interval")
        }
        guard InputLimits.nominalIntervalS.contains(interval) else {
            throw TraceError(
                trace: name,
                "nominal input interval \(interval) s is outside the accepted range; expected \(InputLimits.describe(InputLimits.nominalIntervalS)) s")
        }
        self.name = name
        self.strokes = ordered
        self.nominalInterval = interval
        self.notices = notices
        self.source = source
    }

    /// The tools of its strokes as text: `pen`, `finger`, or several joined by `+` in first-use order.
    public var toolText: String {
        var seen: [String] = []
        for s in strokes where !seen.contains(s.tool.rawValue) { seen.append(s.tool.rawValue) }
        return seen.joined(separator: "+")
    }

    /// The total number of samples.
    public var sampleCount: Int { strokes.reduce(0) { $0 + $1.count } }
    /// The first sample's time (s).
    public var startTime: Double { strokes.map(\.startTime).min() ?? 0 }
    /// The last sample's time (s).
    public var endTime: Double { strokes.map(\.endTime).max() ?? 0 }

    /// The median of all within-stroke sample intervals (s); `nil` if there are none.
    /// For an even count, the mean of the two middle values (benchmark model v3, section 4).
    public static func medianInterval(of strokes: [Stroke]) -> Double? {
        var intervals: [Double] = []
        for s in strokes where s.count > 1 {
            for i in 1..<s.count { intervals.append(s.t[i] - s.t[i - 1]) }
        }
        guard !intervals.isEmpty else { return nil }
        intervals.sort()
        let lower = intervals[(intervals.count - 1) / 2], upper = intervals[intervals.count / 2]
        return lower == upper ? lower : (lower + upper) / 2
    }
}
