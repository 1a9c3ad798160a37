/// Every figure of the benchmark model for one run (trace, strategy, timing), pooled over the
/// trace's strokes and phases (sections 6 to 8). `nil` is an empty cell: the figure has no
/// frames to be computed from.
public struct TraceFigures: Sendable, Equatable {
    /// Open frames evaluated (in-stroke plus after-lift), over all phases.
    public var frames = 0
    /// In-stroke frames.
    public var inStrokeFrames = 0
    /// Moving frames (in-stroke, pen speed at least 10 mm/s).
    public var movingFrames = 0
    /// Perceived latency `Λ` in units of 0.1 ms.
    public var perceivedLatencyTenthsMs: Int?
    /// Whether `Λ` lies on the edge of the searched range [-50, 200] ms.
    public var perceivedLatencyAtEdge = false
    /// `Λ_none - Λ` in units of 0.1 ms (set when `none` ran on the same trace and timing).
    public var latencyRemovedTenthsMs: Int?
    /// Overshoot (distance from the tip to the pen's last 250 ms of path), 95th percentile by
    /// nearest rank over in-stroke frames (mm).
    public var overshootP95MM: Double?
    /// Overshoot maximum over in-stroke frames (mm).
    public var overshootMaxMM: Double?
    /// End overshoot: mean over (stroke, phase) pairs of the largest after-lift overshoot (mm).
    public var endOvershootMeanMM: Double?
    /// End overshoot: maximum over (stroke, phase) pairs (mm).
    public var endOvershootMaxMM: Double?
    /// Along-track lead `<e, u>` over moving frames: mean (mm); positive is ahead of the pen.
    public var leadMeanMM: Double?
    /// Along-track lead: population standard deviation (mm).
    public var leadSDMM: Double?
    /// Cross-track error `<e, n>` over moving frames: root mean square (mm).
    public var crossTrackRMSMM: Double?
    /// Mean spatial lag `|e|` over moving frames (mm).
    public var spatialLagMeanMM: Double?
    /// Mean spatial lag divided by `none`'s on the same trace and timing (the remaining lag).
    public var remainingLagRatio: Double?
    /// Share of moving frames (with a previous open frame) whose tip moved against the pen's direction.
    public var wrongDirectionRate: Double?
    /// Jitter: RMS of `|e_k - e_{k-1}|` over consecutive in-stroke frames of one stroke and phase (mm).
    public var jitterRMSMM: Double?
    /// Horizon `T_k - t_last` over frames showing a prediction: mean (ms).
    public var horizonMeanMs: Double?
    /// Horizon: 95th percentile, nearest rank (ms).
    public var horizonP95Ms: Double?
    /// Share of open frames that show a prediction.
    public var predictedShare: Double?
    /// Evaluations the perceived-latency search used (a diagnostic; not a figure).
    public var latencyEvaluations = 0
    /// The overshoot figures' work: exact distance searches run (the other in-stroke frames
    /// were settled by their bounds; see `OvershootFrames`).
    public var overshootSearches = 0

    public init() {}

    /// `Λ` in milliseconds.
    public var perceivedLatencyMs: Double? { perceivedLatencyTenthsMs.map { Double($0) / 10 } }
    /// Latency removed in milliseconds.
    public var latencyRemovedMs: Double? { latencyRemovedTenthsMs.map { Double($0) / 10 } }
}

extension TraceFigures {
    /// One stored property of ``TraceFigures``: its column name (as in `shard-figures.csv`) and
    /// where it lives, so that files and dumps that carry every field iterate ``fields`` instead
    /// of naming each property again.
    public struct Field: Sendable {
        /// Where the value lives, by its type.
        public enum Storage: Sendable {
            /// A count (frames, evaluations).
            case count(WritableKeyPath<TraceFigures, Int> & Sendable)
            /// A whole number of tenths that may be empty: a figure kept exact in 0.1 units
            /// (the latencies in 0.1 ms); its figure value is the count / 10.
            case optionalCount(WritableKeyPath<TraceFigures, Int?> & Sendable)
            /// A yes/no fact.
            case flag(WritableKeyPath<TraceFigures, Bool> & Sendable)
            /// A figure in its unit; `nil` is an empty cell.
            case number(WritableKeyPath<TraceFigures, Double?> & Sendable)
        }

        /// The column name: `overshoot_p95_mm`.
        public let name: String
        /// Where the value lives.
        public let storage: Storage
        /// Whether it is a diagnostic of the computation (search effort) rather than a fact or
        /// figure of the run.
        public let diagnostic: Bool

        init(_ name: String, _ storage: Storage, diagnostic: Bool = false) {
            self.name = name
            self.storage = storage
            self.diagnostic = diagnostic
        }

        /// Whether it is a figure of the run (a ``Storage/number(_:)`` or
        /// ``Storage/optionalCount(_:)`` that is not a diagnostic): each has exactly one entry
        /// in the figure registry (InkFigures' `Figure.all`) that reads it, and each entry reads
        /// one of them (a test checks both ways). Counts and flags are facts of the run.
        public var isFigure: Bool {
            switch storage {
            case .number, .optionalCount: !diagnostic
            case .count, .flag: false
            }
        }

        /// Its value as a figure in its unit: a number as stored, a count of tenths / 10;
        /// `nil` for an empty cell, a count or a flag (facts, not figures).
        public func figureValue(in figures: TraceFigures) -> Double? {
            switch storage {
            case .number(let k): figures[keyPath: k]
            case .optionalCount(let k): figures[keyPath: k].map { Double($0) / 10 }
            case .count, .flag: nil
            }
        }
    }

    /// The field of that column name, or `nil`.
    public static func field(named name: String) -> Field? { fields.first { $0.name == name } }

    /// Every stored property, once, in column order: the one list of ``TraceFigures``' fields
    /// (a test checks it against the struct's stored properties).
    public static let fields: [Field] = [
        Field("frames", .count(\.frames)),
        Field("in_stroke_frames", .count(\.inStrokeFrames)),
        Field("moving_frames", .count(\.movingFrames)),
        Field("perceived_latency_tenths_ms", .optionalCount(\.perceivedLatencyTenthsMs)),
        Field("perceived_latency_at_edge", .flag(\.perceivedLatencyAtEdge)),
        Field("latency_removed_tenths_ms", .optionalCount(\.latencyRemovedTenthsMs)),
        Field("overshoot_p95_mm", .number(\.overshootP95MM)),
        Field("overshoot_max_mm", .number(\.overshootMaxMM)),
        Field("end_overshoot_mean_mm", .number(\.endOvershootMeanMM)),
        Field("end_overshoot_max_mm", .number(\.endOvershootMaxMM)),
        Field("lead_mean_mm", .number(\.leadMeanMM)),
        Field("lead_sd_mm", .number(\.leadSDMM)),
        Field("cross_track_rms_mm", .number(\.crossTrackRMSMM)),
        Field("spatial_lag_mean_mm", .number(\.spatialLagMeanMM)),
        Field("remaining_lag_ratio", .number(\.remainingLagRatio)),
        Field("wrong_direction_rate", .number(\.wrongDirectionRate)),
        Field("jitter_rms_mm", .number(\.jitterRMSMM)),
        Field("horizon_mean_ms", .number(\.horizonMeanMs)),
        Field("horizon_p95_ms", .number(\.horizonP95Ms)),
        Field("predicted_share", .number(\.predictedShare)),
        Field("latency_evaluations", .count(\.latencyEvaluations), diagnostic: true),
        Field("overshoot_searches", .count(\.overshootSearches), diagnostic: true),
    ]
}

/// The value at rank `ceil(q · n)` of the sorted values (nearest-rank percentile); `nil` if empty.
public func nearestRankPercentile(_ values: [Double], _ q: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    return values.sorted()[nearestRank(q, count: values.count) - 1]
}

/// ``nearestRankPercentile(_:_:)`` by selection, reordering `values` in place instead of
/// copying and sorting them: the same value, in linear expected time. Quickselect with a
/// median-of-three pivot; a partition budget of about `2 log2 n` falls back to sorting the
/// remaining range, so the worst case stays `O(n log n)`.
public func nearestRankPercentileSelecting(_ values: inout [Double], _ q: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    return selectSmallest(&values, nearestRank(q, count: values.count) - 1)
}

/// The nearest rank (1-based) of quantile `q` among `count` values: `ceil(q count)`, clamped
/// to `1...count`.
@inlinable
public func nearestRank(_ q: Double, count: Int) -> Int {
    min(max(Int((q * Double(count)).rounded(.up)), 1), count)
}

/// The `k`-th smallest of `values` (0-based, `0 <= k < values.count`), by selection: the
/// value `values.sorted()[k]`, with `values` reordered in place.
public func selectSmallest(_ values: inout [Double], _ k: Int) -> Double {
    precondition(k >= 0 && k < values.count)
    return values.withUnsafeMutableBufferPointer { v -> Double in
        var lo = 0, hi = v.count - 1
        var budget = 2 * (Int.bitWidth - v.count.leadingZeroBitCount) + 8
        while hi > lo {
            if budget == 0 {
                v[lo...hi].sort()
                return v[k]
            }
            budget -= 1
            let a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi]
            let pivot = max(min(a, b), min(max(a, b), c))
            // Hoare partition: afterwards v[lo...j] <= pivot <= v[i...hi], and every element
            // strictly between j and i equals the pivot.
            var i = lo, j = hi
            while i <= j {
                while v[i] < pivot { i += 1 }
                while v[j] > pivot { j -= 1 }
                if i <= j {
                    v.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                hi = j
            } else if k >= i {
                lo = i
            } else {
                return v[k]
            }
        }
        return v[k]
    }
}
