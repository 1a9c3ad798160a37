#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import InkImport
import InkMetrics
import InkOutput
import InkReplay
import InkReport

/// One row of `horizon.csv`: a strategy's fixed-horizon errors on one pool at one horizon.
package struct HorizonRow: Sendable {
    package var pool: String
    package var unit: String
    package var strategy: String
    package var horizon: HorizonTarget
    /// The horizon in ms: X for time horizons, k times the pool's median sample interval for sample counts.
    package var horizonMs: Double
    package var summary: HorizonErrorSummary
    var poolIndex: Int
    package var strategyIndex: Int
    package var sources: Int
}

/// Runs the fixed-horizon evaluation over pools, strategies and horizons, and writes
/// `horizon.csv`, its terminal table and its chart (error against horizon per strategy).
///
/// ```swift
/// let rows = HorizonCSV.evaluate(pools: pools, strategies: s, horizons: [.samples(2)], options: FixedHorizonOptions())
/// try folder.write("horizon.csv", bytes: HorizonCSV.write(rows).bytes)
/// ```
package enum HorizonCSV {
    package static let header = [
        "pool", "unit", "strategy", "horizon_kind", "horizon", "horizon_ms", "windows", "dropped_short_interval", "declined",
        "error_mean", "error_p50", "error_p95", "sources", "pool_index", "strategy_index",
    ]

    /// Every (pool, strategy, horizon) cell, in that order (a strategy's rows are consecutive,
    /// so the chart draws each as one line). Strategies that replay recorded
    /// predictions are left out of pools without them.
    ///
    /// - Parameter clockFromPool: with sample-count extrapolation, give predictors a clock of each
    ///   pool's own median interval instead of the options' interval.
    package static func evaluate(
        pools: [HorizonPool], strategies: [Strategy], horizons: [HorizonTarget], options: FixedHorizonOptions,
        clockFromPool: Bool = false, jobs: Int = ParallelMap.defaultJobs
    ) -> [HorizonRow] {
        // Each (pool, strategy) pair scores every horizon in one pass over its windows
        // (FixedHorizonEvaluation.tally), its sequences split into parts scored up to `jobs` at
        // once; the parts' tallies are appended in sequence order, so the rows are the same, to
        // the bit, for any `jobs`. One pair at a time: its errors are summarized and let go
        // before the next (a pair holds at most its own windows' errors).
        var rows: [HorizonRow] = []
        for (pi, pool) in pools.enumerated() {
            let realIntervalMs = nominalIntervalMs(pool)
            var options = options
            if clockFromPool, case .samples = options.extrapolation, realIntervalMs > 0 {
                options.extrapolation = .samples(intervalMs: realIntervalMs)
            }
            let parts = self.parts(pool.sequences, jobs: jobs)
            for (si, s) in strategies.enumerated() {
                if s.needsRecordedPredictions && !pool.sequences.contains(where: { $0.stroke?.recordedPredictions != nil }) { continue }
                let sequences = pool.sequences, o = options
                let tallies = ParallelMap.map(parts.count, jobs: jobs) { i in
                    FixedHorizonEvaluation.tally(sequences[parts[i]], strategy: s, horizons: horizons, options: o)
                }
                var tally = HorizonTally(horizons: horizons.count)
                for t in tallies { tally.append(t) }
                let whole = tally
                // Each horizon's summary sorts its errors: side by side too.
                let summaries = ParallelMap.map(horizons.count, jobs: jobs) { whole.summary($0) }
                for (h, summary) in zip(horizons, summaries) {
                    let ms: Double
                    switch h {
                    case .samples(let k): ms = Double(k) * realIntervalMs
                    case .milliseconds(let x): ms = x
                    }
                    rows.append(
                        HorizonRow(
                            pool: pool.name, unit: pool.unit, strategy: s.name, horizon: h, horizonMs: ms, summary: summary,
                            poolIndex: pi, strategyIndex: si, sources: pool.sources.count))
                }
            }
        }
        return rows
    }

    /// Consecutive runs of `sequences` of about equal point counts, for `jobs` cores: one run
    /// for one job, else enough that the cores finish together (about 16 per job).
    static func parts(_ sequences: [HorizonSequence], jobs: Int) -> [Range<Int>] {
        guard jobs > 1, !sequences.isEmpty else { return sequences.isEmpty ? [] : [0..<sequences.count] }
        let total = sequences.reduce(0) { $0 + $1.count }
        let target = max(1, total / (16 * jobs))
        var out: [Range<Int>] = []
        var start = 0, points = 0
        for (i, q) in sequences.enumerated() {
            points += q.count
            if points >= target {
                out.append(start..<(i + 1))
                start = i + 1
                points = 0
            }
        }
        if start < sequences.count { out.append(start..<sequences.count) }
        return out
    }

    /// The median interval (ms) of a pool's sequences (the mean of the two middle ones for an even count).
    static func nominalIntervalMs(_ pool: HorizonPool) -> Double {
        var d: [Double] = []
        for s in pool.sequences where s.count >= 2 {
            for i in 1..<s.count where s.timesMs[i] > s.timesMs[i - 1] { d.append(s.timesMs[i] - s.timesMs[i - 1]) }
        }
        guard !d.isEmpty else { return 0 }
        d.sort()
        return d.count % 2 == 1 ? d[d.count / 2] : (d[d.count / 2 - 1] + d[d.count / 2]) / 2
    }

    /// `horizon.csv`.
    package static func write(_ rows: [HorizonRow]) -> CSVWriter {
        var csv = CSVWriter()
        csv.row(header)
        for r in rows {
            csv.text(r.pool)
            csv.text(r.unit)
            csv.text(r.strategy)
            switch r.horizon {
            case .samples(let k):
                csv.text("samples")
                csv.integer(k)
            case .milliseconds(let ms):
                csv.text("ms")
                csv.number(ms)
            }
            csv.number(rounded(r.horizonMs, 4))
            csv.integer(r.summary.windows)
            csv.integer(r.summary.droppedShortInterval)
            csv.integer(r.summary.declined)
            csv.number(r.summary.meanError.map { rounded($0, 6) })
            csv.number(r.summary.p50Error.map { rounded($0, 6) })
            csv.number(r.summary.p95Error.map { rounded($0, 6) })
            csv.integer(r.sources)
            csv.integer(r.poolIndex)
            csv.integer(r.strategyIndex)
            csv.endRow()
        }
        return csv
    }

    /// A value rounded to `digits` decimals (so the CSV does not carry summation noise).
    static func rounded(_ v: Double, _ digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        return (v * scale).rounded() / scale
    }

    /// The terminal table: per pool, a line per strategy with the mean error (1 decimal) at
    /// each horizon, and the window counts.
    package static func table(_ rows: [HorizonRow]) -> String {
        var out: [String] = []
        var pools: [(Int, String, String, Int)] = []
        for r in rows where !pools.contains(where: { $0.0 == r.poolIndex }) { pools.append((r.poolIndex, r.pool, r.unit, r.sources)) }
        for (pi, name, unit, sources) in pools {
            let mine = rows.filter { $0.poolIndex == pi }
            var horizons: [HorizonTarget] = []
            for r in mine where !horizons.contains(r.horizon) { horizons.append(r.horizon) }
            var strategies: [String] = []
            for r in mine where !strategies.contains(r.strategy) { strategies.append(r.strategy) }
            out.append("\(name): mean error (\(unit)) over \(sources) file\(sources == 1 ? "" : "s")")
            var table: [[String]] = [
                ["horizon"]
                    + horizons.map { h in
                        let ms = mine.first { $0.horizon == h }?.horizonMs ?? 0
                        switch h {
                        case .samples(let k): return "\(k) (\(NumberText.fixed(ms, 1)) ms)"
                        case .milliseconds: return "\(NumberText.exact(ms)) ms"
                        }
                    }
            ]
            for s in strategies {
                table.append(
                    [s] + horizons.map { h in
                        mine.first { $0.strategy == s && $0.horizon == h }?.summary.meanError.map { NumberText.fixed($0, 1) } ?? "-"
                    })
            }
            table.append(["windows"] + horizons.map { h in String(mine.first { $0.horizon == h }?.summary.windows ?? 0) })
            out += TextTable.render(table, leftAligned: [0]).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        return out.joined(separator: "\n")
    }

    /// The chart: mean error against horizon (ms), a line per pool and strategy, and the budget
    /// as a horizontal line when one is given.
    package static func chart(rows: [HorizonRow], strategies: [String], pools: [String], budget: Double?, caption: String) -> ChartScript {
        let h = header
        guard let pi = ChartScripts.col(h, "pool_index"), let si = ChartScripts.col(h, "strategy_index"),
            let x = ChartScripts.col(h, "horizon_ms"), let y = ChartScripts.col(h, "error_mean")
        else { return ChartScript(name: "horizon", title: "", about: "", text: "") }
        let units = Set(rows.map(\.unit)).sorted().joined(separator: " / ")
        var plots: [String] = []
        let dashes = [1, 2, 3, 4, 5]
        let styles = StrategyStyle.styles(for: strategies)
        for (p, pool) in pools.enumerated() {
            for (i, name) in strategies.enumerated() where rows.contains(where: { $0.poolIndex == p && $0.strategyIndex == i }) {
                let title = pools.count > 1 ? "\(name), \(pool)" : name
                plots.append(
                    "'horizon.csv' skip 1 using (\(pi)==\(p) && \(si)==\(i) ? \(x) : NaN):(\(y)) with linespoints lw 2 ps 0.7 dt \(dashes[p % dashes.count]) \(styles[i].gnuplotColourAndPoint) title \(ChartScripts.quote(title))")
            }
        }
        if let budget {
            plots.append("\(budget) with lines lw 2 dt 2 lc rgb '#888888' title \(ChartScripts.quote("budget \(NumberText.exact(budget)) \(units)"))")
        }
        let body = """
            set title \(ChartScripts.quote("Prediction error against horizon (mean over windows; lower is better)"))
            set xlabel 'horizon (ms)'
            set ylabel \(ChartScripts.quote("mean error (\(units))"))
            set grid lc rgb '#dddddd'
            set key outside right top Left reverse
            set xrange [0:*]
            set yrange [0:*]
            set bmargin 6
            set label 99 \(ChartScripts.quote(caption)) at screen 0.01, screen 0.02 left font ',10' textcolor '#444444'
            plot \(plots.joined(separator: ", \\\n    "))
            unset label 99
            """
        let comments = [
            ChartScripts.columnsComment("horizon.csv", h, ["horizon_ms", "error_mean", "pool_index", "strategy_index"]),
            ChartScripts.indexLine("strategy_index", strategies),
            ChartScripts.indexLine("pool_index", pools),
        ]
        return ChartScript(
            name: "horizon", title: "Prediction error against horizon",
            about: "Each strategy's mean fixed-horizon error as the horizon grows: the picture behind 'how far can we predict?'. The dashed grey line is the budget, when given.",
            text: ChartScripts.script(name: "horizon", title: "prediction error against horizon", reads: ["horizon.csv"], width: 1100, height: 700,
                                      columns: comments, body: body))
    }
}
