import InkPrediction

/// The samples of one contact, pen-down to pen-up, with strictly increasing time.
///
/// Stored as columns (one array per field) so that a ten-hour trace stays compact.
///
/// ```swift
/// let stroke = try Stroke(samples: [Sample(t: 0, x: 0, y: 0), Sample(t: 0.004, x: 0.4, y: 0)])
/// stroke.count          // 2
/// stroke.duration       // 0.004 s
/// ```
public struct Stroke: Sendable {
    /// Sample times in seconds, strictly increasing.
    public private(set) var t: [Double]
    /// Sample x positions in millimetres.
    public private(set) var x: [Double]
    /// Sample y positions in millimetres.
    public private(set) var y: [Double]
    /// Pressure (0-1) per sample, if the source has it.
    public private(set) var pressure: [Double]?
    /// Tilt (rad) per sample, if the source has it.
    public private(set) var tilt: [Double]?
    /// Azimuth (rad) per sample, if the source has it.
    public private(set) var azimuth: [Double]?
    /// What made the stroke.
    public var tool: Tool
    /// For each sample, the predicted points the recording platform gave with it (times in s,
    /// positions in mm), if the recording has them. Replayed by the `recorded` strategy.
    public private(set) var recordedPredictions: [[PenPoint]]?
    /// The pen's true path when it is known analytically (synthetic strokes); `nil` means the
    /// linear interpolation of the samples, as for any recording.
    public var analyticTruth: GroundTruth?

    /// Builds a stroke from samples, validating them.
    ///
    /// - Throws: ``TraceError`` if there are no samples, a value is not finite, time does not
    ///   strictly increase, pressure is outside 0...1, or the optional fields are present on
    ///   some samples only, or `recordedPredictions` does not have one entry per sample.
    public init(
        samples: [Sample], tool: Tool = .pen, recordedPredictions: [[PenPoint]]? = nil,
        analyticTruth: GroundTruth? = nil
    ) throws(TraceError) {
        guard let first = samples.first else { throw TraceError("a stroke needs at least one sample") }
        var t = [Double](), x = [Double](), y = [Double]()
        t.reserveCapacity(samples.count); x.reserveCapacity(samples.count); y.reserveCapacity(samples.count)
        var pressure: [Double]? = first.pressure == nil ? nil : []
        var tilt: [Double]? = first.tilt == nil ? nil : []
        var azimuth: [Double]? = first.azimuth == nil ? nil : []
        for (i, s) in samples.enumerated() {
            t.append(s.t); x.append(s.x); y.append(s.y)
            func column(_ value: Double?, _ array: inout [Double]?, _ name: String) throws(TraceError) {
                switch (value, array == nil) {
                case (let v?, false): array?.append(v)
                case (nil, true): break
                default: throw TraceError(sample: i, "\(name) is present on some samples only; expected all or none")
                }
            }
            try column(s.pressure, &pressure, "pressure")
            try column(s.tilt, &tilt, "tilt")
            try column(s.azimuth, &azimuth, "azimuth")
        }
        try self.init(
            t: t, x: x, y: y, pressure: pressure, tilt: tilt, azimuth: azimuth, tool: tool,
            recordedPredictions: recordedPredictions, analyticTruth: analyticTruth)
    }

    /// Builds a stroke from columns, validating them (see ``init(samples:tool:recordedPredictions:analyticTruth:)``).
    public init(
        t: [Double], x: [Double], y: [Double], pressure: [Double]? = nil, tilt: [Double]? = nil,
        azimuth: [Double]? = nil, tool: Tool = .pen, recordedPredictions: [[PenPoint]]? = nil,
        analyticTruth: GroundTruth? = nil
    ) throws(TraceError) {
        guard !t.isEmpty else { throw TraceError("a stroke needs at least one sample") }
        guard x.count == t.count, y.count == t.count else {
            throw TraceError("columns t, x, y have \(t.count), \(x.count), \(y.count) values; expected equal counts")
        }
        for (name, column) in [("pressure", pressure), ("tilt", tilt), ("azimuth", azimuth)] {
            if let column, column.count != t.count {
                throw TraceError("column \(name) has \(column.count) values; expected \(t.count)")
            }
        }
        if let recordedPredictions, recordedPredictions.count != t.count {
            throw TraceError(
                "recorded predictions cover \(recordedPredictions.count) samples; expected one entry per sample (\(t.count))")
        }
        for i in t.indices {
            guard t[i].isFinite else { throw TraceError(sample: i, "time \(t[i]) is not finite") }
            guard x[i].isFinite, y[i].isFinite else {
                throw TraceError(sample: i, "position (\(x[i]), \(y[i])) is not finite")
            }
            if i > 0, !(t[i] > t[i - 1]) {
                throw TraceError(
                    sample: i, "time \(t[i]) s does not increase (previous sample at \(t[i - 1]) s); expected strictly increasing time")
            }
            if let p = pressure?[i], !(p >= 0 && p <= 1) {
                throw TraceError(sample: i, "pressure \(p) is outside 0...1")
            }
            if let v = tilt?[i], !v.isFinite { throw TraceError(sample: i, "tilt \(v) is not finite") }
            if let v = azimuth?[i], !v.isFinite { throw TraceError(sample: i, "azimuth \(v) is not finite") }
        }
        if let recordedPredictions {
            for (i, tail) in recordedPredictions.enumerated() {
                var previous = t[i]
                for (j, p) in tail.enumerated() {
                    guard p.t.isFinite, p.x.isFinite, p.y.isFinite else {
                        throw TraceError(sample: i, "recorded prediction \(j) is not finite")
                    }
                    guard p.t > previous || (j == 0 && p.t >= previous) else {
                        throw TraceError(
                            sample: i,
                            "recorded prediction \(j) at \(p.t) s is not after \(previous) s; expected strictly increasing time after the sample")
                    }
                    previous = p.t
                }
            }
        }
        self.t = t
        self.x = x
        self.y = y
        self.pressure = pressure
        self.tilt = tilt
        self.azimuth = azimuth
        self.tool = tool
        self.recordedPredictions = recordedPredictions
        self.analyticTruth = analyticTruth
    }

    /// The number of samples (at least 1).
    @inlinable public var count: Int { t.count }
    /// The first sample's time (s).
    @inlinable public var startTime: Double { t[0] }
    /// The last sample's time (s).
    @inlinable public var endTime: Double { t[t.count - 1] }
    /// Last time minus first time (s).
    @inlinable public var duration: Double { endTime - startTime }

    /// Sample `i`, with its optional fields.
    public subscript(i: Int) -> Sample {
        Sample(t: t[i], x: x[i], y: y[i], pressure: pressure?[i], tilt: tilt?[i], azimuth: azimuth?[i])
    }

    /// All samples, in order.
    public var samples: [Sample] { t.indices.map { self[$0] } }

    /// Sample `i`'s time and position, as a predictor sees it.
    @inlinable public func point(_ i: Int) -> PenPoint { PenPoint(t: t[i], x: x[i], y: y[i]) }

    /// The ground truth of this stroke: the analytic path if known, else the samples'
    /// linear interpolation (see ``GroundTruth``), its tables built by up to `jobs` threads
    /// (the same truth for any value).
    public func groundTruth(jobs: Int = 1) -> GroundTruth {
        analyticTruth ?? GroundTruth(interpolating: self, jobs: jobs)
    }

    /// Merges samples with equal timestamps, the later one winning, as readers must
    /// (benchmark model, section 3). Returns the merged samples and how many were dropped.
    /// The input must be sorted by time (non-decreasing).
    public static func mergingEqualTimestamps(_ samples: [Sample]) -> (samples: [Sample], merged: Int) {
        var out: [Sample] = []
        out.reserveCapacity(samples.count)
        var merged = 0
        for s in samples {
            if let last = out.last, last.t == s.t {
                out[out.count - 1] = s
                merged += 1
            } else {
                out.append(s)
            }
        }
        return (out, merged)
    }
}
