import InkReplay

extension BenchRecord {
    /// The record of a ``BenchSession`` outcome, with exactly the figures `summary.csv` holds
    /// (means over seeds; suite means as ``SummaryRow`` computes them).
    ///
    /// ```swift
    /// let outcome = try await BenchSession.run(plan)
    /// let record = BenchRecord(outcome: outcome, strategies: plan.strategies, suite: "default", seeds: plan.seeds, timing: plan.timing)
    /// ```
    public init(outcome: BenchOutcome, strategies: [Strategy], suite: String, seeds: [UInt64], timing: Timing) {
        let rows = SummaryRow.rows(outcome, frameRateHz: timing.frameRateHz).map { r in
            var values: [String: Double] = [:]
            for column in FigureColumns.all { if let v = r.value(column.name) { values[column.name] = v } }
            return Row(trace: r.isSuiteMean ? Self.suiteMeanTrace : r.trace, strategy: r.strategy, frames: r.isSuiteMean ? nil : r.frames, values: values)
        }
        self.init(
            source: "this run", toolVersion: InkBenchVersion.current, suite: suite, seeds: seeds, timing: Self.timingFields(timing),
            strategies: strategies.map { s in StrategyEntry(name: s.name, parameters: s.parameters.map { "\($0.name)=\($0.value)" }) },
            traces: outcome.traceNames, figures: FigureColumns.all.map(\.name), rows: rows)
    }

    /// Measures each row's seed-to-seed spread from an outcome run over several seeds (the
    /// record's own seed among them): per (trace, strategy), max - min of each figure over the
    /// seeds; per suite mean, max - min of the per-seed suite means (a seed-independent trace
    /// contributes its one run to every seed). Rows the outcome lacks keep no spread.
    ///
    /// ```swift
    /// let many = try await BenchSession.run(BenchPlan(specs: specs, seeds: Array(1...10), strategies: s, timing: t))
    /// record.attachSpreads(from: many, seeds: Array(1...10))
    /// ```
    public mutating func attachSpreads(from outcome: BenchOutcome, seeds: [UInt64]) {
        func range(_ xs: [Double]) -> Double { (xs.max() ?? 0) - (xs.min() ?? 0) }
        var byKey: [String: [String: Double]] = [:]
        let seedCount = outcome.groups.map(\.perSeed.count).max() ?? 1
        for g in outcome.groups {
            var spreads: [String: Double] = [:]
            for column in FigureColumns.all {
                let xs = g.perSeed.compactMap { column.value($0.figures) }
                if !xs.isEmpty { spreads[column.name] = range(xs) }
            }
            byKey[g.trace + "\u{0}" + g.strategy] = spreads
        }
        for name in outcome.strategyNames {
            let groups = outcome.groups.filter { $0.strategy == name }
            guard !groups.isEmpty else { continue }
            var spreads: [String: Double] = [:]
            for column in FigureColumns.all {
                var perSeed: [Double] = []
                for s in 0..<seedCount {
                    let xs = groups.compactMap { g in g.perSeed.isEmpty ? nil : column.value(g.perSeed[min(s, g.perSeed.count - 1)].figures) }
                    if !xs.isEmpty { perSeed.append(xs.reduce(0, +) / Double(xs.count)) }
                }
                if !perSeed.isEmpty { spreads[column.name] = range(perSeed) }
            }
            byKey[Self.suiteMeanTrace + "\u{0}" + name] = spreads
        }
        for i in rows.indices {
            if let s = byKey[rows[i].trace + "\u{0}" + rows[i].strategy] { rows[i].spreads = s }
        }
        spreadSeeds = seeds
    }
}
