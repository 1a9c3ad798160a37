import InkMetrics

/// One row of `summary.csv`: a trace (or the suite mean) and a strategy, with every figure as
/// the mean over seeds, and the spread (sample standard deviation over seeds) of the headline
/// figures when there was more than one seed.
///
/// ```swift
/// let rows = SummaryRow.rows(outcome, frameRateHz: 60)
/// rows.last?.trace    // "suite mean"
/// ```
public struct SummaryRow: Sendable {
    /// The trace name in suite-mean rows.
    public static let suiteMeanName = "suite mean"

    public var trace: String
    public var strategy: String
    /// Position in the trace order; the trace count for suite means.
    public var traceIndex: Int
    /// Position in the strategy order.
    public var strategyIndex: Int
    public var frameRateHz: Double
    /// `nil` in a suite-mean row over traces of different rates.
    public var inputRateHz: Double?
    /// Open frames (first seed; summed over traces for suite means).
    public var frames: Int
    public var inStrokeFrames: Int
    public var movingFrames: Int
    /// Input samples of the trace (first seed; summed for suite means).
    public var samples: Int
    /// Seeds averaged (1 for a seed-independent trace).
    public var seeds: Int
    /// Traces averaged (1 for a trace row).
    public var traces: Int
    /// Whether `Λ` lay on the edge of the searched range (any seed or trace).
    public var perceivedLatencyAtEdge: Bool
    /// `Λ`, exactly, in tenths of a ms.
    public var perceivedLatency: TenthsMean?
    /// Latency removed, exactly, in tenths of a ms.
    public var latencyRemoved: TenthsMean?
    /// The mean of every other figure, by `summary.csv` column name.
    public var values: [String: Double]
    /// The spread over seeds of the headline figures, by their figure column name.
    public var spreads: [String: Double]

    /// Whether this is a suite-mean row.
    public var isSuiteMean: Bool { trace == SummaryRow.suiteMeanName }

    /// The value of a figure column (`Λ` and latency removed included).
    public func value(_ column: String) -> Double? {
        switch column {
        case "perceived_latency_ms": perceivedLatency?.value
        case "latency_removed_ms": latencyRemoved?.value
        default: values[column]
        }
    }

    /// The headline figure columns, which also get a spread column.
    public static let headline = Array(FigureColumns.all.prefix(6).map(\.name))

    /// The spread column of a headline column: `overshoot_p95_mm` -> `overshoot_p95_sd_mm`.
    public static func spreadColumn(_ name: String) -> String {
        guard let i = name.lastIndex(of: "_") else { return name + "_sd" }
        return name[..<i] + "_sd" + name[i...]
    }

    /// The rows of an outcome: one per group, then one suite mean per strategy.
    public static func rows(_ outcome: BenchOutcome, frameRateHz: Double) -> [SummaryRow] {
        var rows = outcome.groups.map { row($0, frameRateHz: frameRateHz) }
        for (s, name) in outcome.strategyNames.enumerated() {
            let groups = outcome.groups.filter { $0.strategyIndex == s }
            guard !groups.isEmpty else { continue }
            rows.append(suiteMean(groups, rows: rows.filter { $0.strategyIndex == s }, strategy: name, strategyIndex: s,
                                  traceCount: outcome.traceNames.count, frameRateHz: frameRateHz))
        }
        return rows
    }

    static func row(_ g: RunGroup, frameRateHz: Double) -> SummaryRow {
        let figures = g.perSeed.map(\.figures)
        let first = figures.first ?? TraceFigures()
        var values: [String: Double] = [:]
        var spreads: [String: Double] = [:]
        for column in FigureColumns.all {
            let xs = figures.compactMap { column.value($0) }
            if !xs.isEmpty, column.name != "perceived_latency_ms", column.name != "latency_removed_ms" {
                values[column.name] = mean(xs)
            }
            if headline.contains(column.name), let sd = sampleSD(xs) { spreads[column.name] = sd }
        }
        return SummaryRow(
            trace: g.trace, strategy: g.strategy, traceIndex: g.traceIndex, strategyIndex: g.strategyIndex,
            frameRateHz: frameRateHz, inputRateHz: g.inputRateHz, frames: first.frames,
            inStrokeFrames: first.inStrokeFrames, movingFrames: first.movingFrames,
            samples: g.perSeed.first?.samples ?? 0, seeds: g.perSeed.count, traces: 1,
            perceivedLatencyAtEdge: figures.contains { $0.perceivedLatencyAtEdge },
            perceivedLatency: TenthsMean(figures.compactMap(\.perceivedLatencyTenthsMs)),
            latencyRemoved: TenthsMean(figures.compactMap(\.latencyRemovedTenthsMs)),
            values: values, spreads: spreads)
    }

    static func suiteMean(
        _ groups: [RunGroup], rows: [SummaryRow], strategy: String, strategyIndex: Int, traceCount: Int,
        frameRateHz: Double
    ) -> SummaryRow {
        var values: [String: Double] = [:]
        for column in FigureColumns.all {
            let xs = rows.compactMap { $0.values[column.name] }
            if !xs.isEmpty { values[column.name] = mean(xs) }
        }
        // The spread of the suite mean over seeds: the suite mean per seed (a seed-independent
        // trace contributes its one run to every seed), then the SD of those.
        var spreads: [String: Double] = [:]
        let seedCount = groups.map(\.perSeed.count).max() ?? 1
        if seedCount > 1 {
            for column in FigureColumns.all where headline.contains(column.name) {
                var perSeed: [Double] = []
                for s in 0..<seedCount {
                    let xs = groups.compactMap { g in column.value(g.perSeed[min(s, g.perSeed.count - 1)].figures) }
                    if !xs.isEmpty { perSeed.append(mean(xs)) }
                }
                if let sd = sampleSD(perSeed) { spreads[column.name] = sd }
            }
        }
        let rates = Set(rows.compactMap(\.inputRateHz))
        return SummaryRow(
            trace: suiteMeanName, strategy: strategy, traceIndex: traceCount, strategyIndex: strategyIndex,
            frameRateHz: frameRateHz, inputRateHz: rates.count == 1 ? rates.first : nil,
            frames: rows.reduce(0) { $0 + $1.frames }, inStrokeFrames: rows.reduce(0) { $0 + $1.inStrokeFrames },
            movingFrames: rows.reduce(0) { $0 + $1.movingFrames }, samples: rows.reduce(0) { $0 + $1.samples },
            seeds: rows.map(\.seeds).max() ?? 1, traces: rows.count,
            perceivedLatencyAtEdge: rows.contains { $0.perceivedLatencyAtEdge },
            perceivedLatency: TenthsMean.mean(of: rows.compactMap(\.perceivedLatency)),
            latencyRemoved: TenthsMean.mean(of: rows.compactMap(\.latencyRemoved)),
            values: values, spreads: spreads)
    }

    static func mean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }

    /// The sample standard deviation (n - 1); `nil` for fewer than two values.
    static func sampleSD(_ xs: [Double]) -> Double? {
        guard xs.count >= 2 else { return nil }
        let m = mean(xs)
        return (xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(xs.count - 1)).squareRoot()
    }
}
