import InkMetrics

/// A suite's figures for one strategy: the mean over its traces, each trace weighted
/// equally, skipping empty cells (benchmark model, section 8).
public struct SuiteMean: Sendable {
    public var strategy: String
    /// Traces with a result for this strategy.
    public var traces: Int
    /// Mean `Λ` (ms).
    public var perceivedLatencyMs: Double?
    /// Mean latency removed (ms).
    public var latencyRemovedMs: Double?
    /// Mean of each figure, by CSV column name.
    public var values: [String: Double]

    /// Means of every strategy in `results`, in first-appearance order.
    public static func of(_ results: [RunResult]) -> [SuiteMean] {
        var order: [String] = []
        var groups: [String: [RunResult]] = [:]
        for r in results {
            if groups[r.strategy] == nil { order.append(r.strategy) }
            groups[r.strategy, default: []].append(r)
        }
        return order.map { name in
            let rs = groups[name] ?? []
            var values: [String: Double] = [:]
            for column in FigureColumns.all {
                let xs = rs.compactMap { column.value($0.figures) }
                if !xs.isEmpty { values[column.name] = xs.reduce(0, +) / Double(xs.count) }
            }
            return SuiteMean(
                strategy: name, traces: rs.count, perceivedLatencyMs: values["perceived_latency_ms"],
                latencyRemovedMs: values["latency_removed_ms"], values: values)
        }
    }
}

/// The figure columns of `summary.csv`, in order, with how to read each from the figures.
public struct FigureColumns: Sendable {
    public var name: String
    public var value: @Sendable (TraceFigures) -> Double?

    public static let all: [FigureColumns] = [
        FigureColumns(name: "perceived_latency_ms") { $0.perceivedLatencyMs },
        FigureColumns(name: "latency_removed_ms") { $0.latencyRemovedMs },
        FigureColumns(name: "overshoot_p95_mm") { $0.overshootP95MM },
        FigureColumns(name: "overshoot_max_mm") { $0.overshootMaxMM },
        FigureColumns(name: "end_overshoot_mean_mm") { $0.endOvershootMeanMM },
        FigureColumns(name: "end_overshoot_max_mm") { $0.endOvershootMaxMM },
        FigureColumns(name: "lead_mean_mm") { $0.leadMeanMM },
        FigureColumns(name: "lead_sd_mm") { $0.leadSDMM },
        FigureColumns(name: "cross_track_rms_mm") { $0.crossTrackRMSMM },
        FigureColumns(name: "spatial_lag_mean_mm") { $0.spatialLagMeanMM },
        FigureColumns(name: "remaining_lag_ratio") { $0.remainingLagRatio },
        FigureColumns(name: "wrong_direction_rate") { $0.wrongDirectionRate },
        FigureColumns(name: "jitter_rms_mm") { $0.jitterRMSMM },
        FigureColumns(name: "horizon_mean_ms") { $0.horizonMeanMs },
        FigureColumns(name: "horizon_p95_ms") { $0.horizonP95Ms },
        FigureColumns(name: "predicted_share") { $0.predictedShare },
    ]
}
