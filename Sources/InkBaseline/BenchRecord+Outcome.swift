import InkFigures
import InkOutput
import InkReplay
import InkSession

extension BenchRecord {
    /// The record of a ``BenchSession`` outcome, with exactly the figures `summary.csv` holds:
    /// the ``SummaryRow`` rows, means over seeds, each row's range over seeds as its spread.
    ///
    /// ```swift
    /// let outcome = try await BenchSession.run(plan)
    /// let record = BenchRecord(outcome: outcome, strategies: plan.strategies, suite: "default", seeds: plan.seeds, timing: plan.timing)
    /// ```
    package init(
        outcome: BenchOutcome, strategies: [Strategy], suite: String, seeds: [UInt64], timing: Timing, minMovingFrames: Int = 0
    ) {
        let summary = SummaryRow.rows(outcome, frameRateHz: timing.frameRateHz, minMovingFrames: minMovingFrames)
        self.init(rows: summary, strategies: strategies, traces: outcome.traceNames, suite: suite, seeds: seeds, timing: timing)
    }

    /// The record of summary rows.
    package init(rows summary: [SummaryRow], strategies: [Strategy], traces: [String], suite: String, seeds: [UInt64], timing: Timing) {
        self.init(
            source: "this run", toolVersion: InkBenchVersion.current, suite: suite, seeds: seeds, timing: Self.timingFields(timing),
            strategies: strategies.map { s in StrategyEntry(name: s.name, parameters: s.parameters.map { "\($0.name)=\($0.value)" }) },
            traces: traces, figures: Figure.all.map(\.name), rows: Self.rows(summary))
    }

    /// The record of summary rows alone (the report's readings and verdict, whether the rows
    /// are a fresh run's or read back from summary.csv): strategies and traces in the order of
    /// their indices, the timing the rows state (frame and input rate), no provenance.
    package init(summaryRows summary: [SummaryRow], source: String) {
        var traces: [Int: String] = [:], strategies: [Int: String] = [:]
        var frameRates: [Double] = [], inputRates: [Double] = []
        for r in summary {
            if !r.isSuiteMean && traces[r.traceIndex] == nil { traces[r.traceIndex] = r.trace }
            if strategies[r.strategyIndex] == nil { strategies[r.strategyIndex] = r.strategy }
            if !frameRates.contains(r.frameRateHz) { frameRates.append(r.frameRateHz) }
            if let rate = r.inputRateHz, !inputRates.contains(rate) { inputRates.append(rate) }
        }
        var timing: [(key: String, value: String)] = []
        if inputRates.count == 1 { timing.append(("input_rate_hz", NumberText.exact(inputRates[0]))) }
        if frameRates.count == 1 { timing.append(("frame_rate_hz", NumberText.exact(frameRates[0]))) }
        self.init(
            source: source, toolVersion: nil, suite: nil, seeds: nil, timing: timing,
            strategies: strategies.sorted { $0.key < $1.key }.map { StrategyEntry(name: $0.value, parameters: []) },
            traces: traces.sorted { $0.key < $1.key }.map(\.value),
            figures: Figure.all.map(\.name), rows: Self.rows(summary))
    }

    /// The record's rows of summary rows (suite means named `suiteMeanTrace`).
    static func rows(_ summary: [SummaryRow]) -> [Row] {
        summary.map { r in
            Row(
                trace: r.isSuiteMean ? Self.suiteMeanTrace : r.trace, strategy: r.strategy, frames: r.isSuiteMean ? nil : r.frames,
                values: r.values, inSuiteMean: r.inSuiteMean)
        }
    }

    /// Takes each row's seed-to-seed spread from an outcome run over several seeds (the
    /// record's own seed among them): the range (max - min) over the seeds that ``SummaryRow``
    /// computes, per (trace, strategy) and per suite mean (the range of the per-seed suite
    /// means). Rows the outcome lacks keep no spread.
    ///
    /// ```swift
    /// let many = try await BenchSession.run(BenchPlan(specs: specs, seeds: Array(1...10), strategies: s, timing: t))
    /// record.attachSpreads(from: many, seeds: Array(1...10))
    /// ```
    package mutating func attachSpreads(from outcome: BenchOutcome, seeds: [UInt64], minMovingFrames: Int = 0) {
        var byKey: [String: [String: Double]] = [:]
        for r in SummaryRow.rows(outcome, frameRateHz: 0, minMovingFrames: minMovingFrames) {
            byKey[(r.isSuiteMean ? Self.suiteMeanTrace : r.trace) + "\u{0}" + r.strategy] = r.ranges
        }
        for i in rows.indices {
            if let s = byKey[rows[i].trace + "\u{0}" + rows[i].strategy] { rows[i].spreads = s }
        }
        spreadSeeds = seeds
    }
}
