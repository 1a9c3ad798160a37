import InkMetrics
import InkSession
import InkTraces

/// One row of the results table: a trace (or the suite mean) and a strategy, with every
/// figure as the mean over seeds and, over several seeds, each headline figure's spread.
///
/// This is the one row model of a run: `summary.csv`, the terminal table, the report, the
/// sweep, baselines and comparisons all read these rows, computed once by ``rows(_:frameRateHz:minMovingFrames:)``.
///
/// A trace with fewer moving frames than the minimum is still reported on its own row, flagged
/// (``inSuiteMean`` false), but leaves every suite mean, so each suite mean of a strategy covers
/// one set of traces for all its figures.
///
/// ```swift
/// let rows = SummaryRow.rows(outcome, frameRateHz: 60, minMovingFrames: 40)
/// rows.last?.trace    // "suite mean"
/// ```
package struct SummaryRow: Sendable {
    /// The trace name in suite-mean rows.
    package static let suiteMeanName = "suite mean"

    package var trace: String
    package var strategy: String
    /// Position in the trace order; the trace count for suite means.
    package var traceIndex: Int
    /// Position in the strategy order.
    package var strategyIndex: Int
    package var frameRateHz: Double
    /// The trace's input rate, `1 / median sample interval` for recordings; `nil` in a
    /// suite-mean row over traces of different rates.
    package var inputRateHz: Double?
    /// Open frames (first seed; summed over traces for suite means).
    package var frames: Int
    package var inStrokeFrames: Int
    package var movingFrames: Int
    /// Input samples of the trace (first seed; summed for suite means).
    package var samples: Int
    /// Strokes of the trace (summed for suite means).
    package var strokes: Int
    /// The recording device, where the source names it.
    package var device: String?
    /// The tools of the trace's strokes (`pen`, `finger`, or both joined by `+`).
    package var tool: String?
    /// Seeds averaged (1 for a seed-independent trace).
    package var seeds: Int
    /// Traces averaged (1 for a trace row).
    package var traces: Int
    /// Whether the row counts toward its strategy's suite mean (trace rows with at least the
    /// minimum of moving frames; suite-mean rows are true).
    package var inSuiteMean: Bool
    /// Whether `Λ` lay on the edge of the searched range (any seed or trace).
    package var perceivedLatencyAtEdge: Bool
    /// `Λ`, exactly, in tenths of a ms.
    package var perceivedLatency: TenthsMean?
    /// Latency removed, exactly, in tenths of a ms.
    package var latencyRemoved: TenthsMean?
    /// The mean of every figure by CSV name (`Λ` and latency removed included, as `Double`).
    package var values: [String: Double]
    /// The sample standard deviation over seeds of each headline figure (`summary.csv`).
    package var spreads: [String: Double]
    /// The range (max - min) over seeds of every figure (baselines' `spread_` columns).
    package var ranges: [String: Double]

    /// Whether this is a suite-mean row.
    package var isSuiteMean: Bool { trace == SummaryRow.suiteMeanName }

    /// The value of a figure (`nil`: an empty cell).
    package func value(_ figure: String) -> Double? { values[figure] }

    /// The rows of an outcome: one per (trace, strategy), then one suite mean per strategy over
    /// the traces it ran on that have at least `minMovingFrames` moving frames.
    package static func rows(_ outcome: BenchOutcome, frameRateHz: Double, minMovingFrames: Int = 0) -> [SummaryRow] {
        rows(outcome, facts: outcome.traces.map(TraceFacts.init), frameRateHz: frameRateHz, minMovingFrames: minMovingFrames)
    }

    /// What a row needs of its trace beyond the figures: kept apart from `Trace` so that
    /// `bench merge` rebuilds the rows of sharded runs from their files alone.
    package struct TraceFacts: Sendable, Equatable {
        package var strokes: Int
        package var device: String?
        package var tool: String?

        package init(strokes: Int, device: String?, tool: String?) {
            self.strokes = strokes
            self.device = device
            self.tool = tool
        }

        package init(_ trace: Trace) { self.init(strokes: trace.strokes.count, device: trace.device, tool: trace.toolText) }
    }

    /// ``rows(_:frameRateHz:minMovingFrames:)`` with each trace's facts given by trace index
    /// (`outcome.traces` is not read).
    package static func rows(_ outcome: BenchOutcome, facts: [TraceFacts], frameRateHz: Double, minMovingFrames: Int = 0) -> [SummaryRow] {
        var moving: [Int: Int] = [:]
        for g in outcome.groups {
            moving[g.traceIndex] = max(moving[g.traceIndex] ?? 0, g.perSeed.first?.figures.movingFrames ?? 0)
        }
        var rows = outcome.groups.map { g in
            row(g, facts: facts.indices.contains(g.traceIndex) ? facts[g.traceIndex] : nil,
                frameRateHz: frameRateHz, inSuiteMean: (moving[g.traceIndex] ?? 0) >= minMovingFrames)
        }
        // Each strategy's groups and rows, bucketed once (in their order): filtering all of
        // them per strategy made the cost grow with the square of the strategy count.
        var groupsOf: [Int: [RunGroup]] = [:], rowsOf: [Int: [SummaryRow]] = [:]
        for g in outcome.groups where (moving[g.traceIndex] ?? 0) >= minMovingFrames { groupsOf[g.strategyIndex, default: []].append(g) }
        for r in rows where r.inSuiteMean { rowsOf[r.strategyIndex, default: []].append(r) }
        for (s, name) in outcome.strategyNames.enumerated() {
            guard let groups = groupsOf[s], !groups.isEmpty else { continue }
            rows.append(
                suiteMean(groups, rows: rowsOf[s] ?? [], strategy: name, strategyIndex: s,
                          traceCount: outcome.traceNames.count, frameRateHz: frameRateHz))
        }
        return rows
    }

    static func row(_ g: RunGroup, facts trace: TraceFacts?, frameRateHz: Double, inSuiteMean: Bool) -> SummaryRow {
        let figures = g.perSeed.map(\.figures)
        let first = figures.first ?? TraceFigures()
        var values: [String: Double] = [:]
        var spreads: [String: Double] = [:]
        var ranges: [String: Double] = [:]
        for figure in Figure.all {
            let xs = figures.compactMap { figure.value($0) }
            guard !xs.isEmpty else { continue }
            values[figure.name] = Statistics.mean(xs)
            ranges[figure.name] = Statistics.range(xs)
            if figure.headline, let sd = Statistics.sampleSD(xs) { spreads[figure.name] = sd }
        }
        let latency = TenthsMean(figures.compactMap(\.perceivedLatencyTenthsMs))
        let removed = TenthsMean(figures.compactMap(\.latencyRemovedTenthsMs))
        values[Figure.perceivedLatency.name] = latency?.value
        values[Figure.latencyRemoved.name] = removed?.value
        return SummaryRow(
            trace: g.trace, strategy: g.strategy, traceIndex: g.traceIndex, strategyIndex: g.strategyIndex,
            frameRateHz: frameRateHz, inputRateHz: g.inputRateHz, frames: first.frames,
            inStrokeFrames: first.inStrokeFrames, movingFrames: first.movingFrames,
            samples: g.perSeed.first?.samples ?? 0, strokes: trace?.strokes ?? 0, device: trace?.device, tool: trace?.tool,
            seeds: g.perSeed.count, traces: 1, inSuiteMean: inSuiteMean,
            perceivedLatencyAtEdge: figures.contains { $0.perceivedLatencyAtEdge },
            perceivedLatency: latency, latencyRemoved: removed, values: values, spreads: spreads, ranges: ranges)
    }

    /// A trace row holding figures only (no counts): how `bench tune` keeps a trace's figures
    /// for one configuration. `Λ` and latency removed are exact tenths when given, else the
    /// values' nearest tenths.
    package static func figures(
        trace: String, values: [String: Double], latency: TenthsMean? = nil, removed: TenthsMean? = nil
    ) -> SummaryRow {
        func tenths(_ name: String) -> TenthsMean? { values[name].map { TenthsMean(total: Int(($0 * 10).rounded()), count: 1) } }
        var values = values
        let latency = latency ?? tenths(Figure.perceivedLatency.name), removed = removed ?? tenths(Figure.latencyRemoved.name)
        values[Figure.perceivedLatency.name] = latency?.value
        values[Figure.latencyRemoved.name] = removed?.value
        return SummaryRow(
            trace: trace, strategy: "", traceIndex: 0, strategyIndex: 0, frameRateHz: 0, inputRateHz: nil, frames: 0, inStrokeFrames: 0,
            movingFrames: 0, samples: 0, strokes: 0, device: nil, tool: nil, seeds: 1, traces: 1, inSuiteMean: true,
            perceivedLatencyAtEdge: false, perceivedLatency: latency, latencyRemoved: removed, values: values, spreads: [:], ranges: [:])
    }

    /// The suite mean of every figure over trace rows: the plain mean of each figure, except
    /// `Λ` and latency removed, which are exact means of tenths (``TenthsMean``). Used by the
    /// suite-mean rows and by `bench tune` for any set of traces.
    package static func meanValues(of rows: [SummaryRow]) -> (values: [String: Double], latency: TenthsMean?, removed: TenthsMean?) {
        var values: [String: Double] = [:]
        for figure in Figure.all {
            let xs = rows.compactMap { $0.values[figure.name] }
            if !xs.isEmpty { values[figure.name] = Statistics.mean(xs) }
        }
        let latency = TenthsMean.mean(of: rows.compactMap(\.perceivedLatency))
        let removed = TenthsMean.mean(of: rows.compactMap(\.latencyRemoved))
        values[Figure.perceivedLatency.name] = latency?.value
        values[Figure.latencyRemoved.name] = removed?.value
        return (values, latency, removed)
    }

    static func suiteMean(
        _ groups: [RunGroup], rows: [SummaryRow], strategy: String, strategyIndex: Int, traceCount: Int,
        frameRateHz: Double
    ) -> SummaryRow {
        let (values, latency, removed) = meanValues(of: rows)
        // The spread of the suite mean over seeds: the suite mean per seed (a seed-independent
        // trace contributes its one run to every seed), then the SD and the range of those.
        var spreads: [String: Double] = [:]
        var ranges: [String: Double] = [:]
        let seedCount = groups.map(\.perSeed.count).max() ?? 1
        for figure in Figure.all {
            var perSeed: [Double] = []
            for s in 0..<seedCount {
                let xs = groups.compactMap { g in g.perSeed.isEmpty ? nil : figure.value(g.perSeed[min(s, g.perSeed.count - 1)].figures) }
                if !xs.isEmpty { perSeed.append(Statistics.mean(xs)) }
            }
            if !perSeed.isEmpty { ranges[figure.name] = Statistics.range(perSeed) }
            if seedCount > 1, figure.headline, let sd = Statistics.sampleSD(perSeed) { spreads[figure.name] = sd }
        }
        let rates = Set(rows.compactMap(\.inputRateHz))
        let tools = Set(rows.compactMap(\.tool))
        return SummaryRow(
            trace: suiteMeanName, strategy: strategy, traceIndex: traceCount, strategyIndex: strategyIndex,
            frameRateHz: frameRateHz, inputRateHz: rates.count == 1 ? rates.first : nil,
            frames: rows.reduce(0) { $0 + $1.frames }, inStrokeFrames: rows.reduce(0) { $0 + $1.inStrokeFrames },
            movingFrames: rows.reduce(0) { $0 + $1.movingFrames }, samples: rows.reduce(0) { $0 + $1.samples },
            strokes: rows.reduce(0) { $0 + $1.strokes }, device: nil, tool: tools.count == 1 ? tools.first : nil,
            seeds: rows.map(\.seeds).max() ?? 1, traces: rows.count, inSuiteMean: true,
            perceivedLatencyAtEdge: rows.contains { $0.perceivedLatencyAtEdge },
            perceivedLatency: latency, latencyRemoved: removed, values: values, spreads: spreads, ranges: ranges)
    }
}

/// Means, spreads and ranges, in one place.
package enum Statistics {
    package static func mean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }

    /// The sample standard deviation (n - 1); `nil` for fewer than two values.
    static func sampleSD(_ xs: [Double]) -> Double? {
        guard xs.count >= 2 else { return nil }
        let m = mean(xs)
        return (xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(xs.count - 1)).squareRoot()
    }

    /// max - min (0 for one value).
    static func range(_ xs: [Double]) -> Double { (xs.max() ?? 0) - (xs.min() ?? 0) }
}
