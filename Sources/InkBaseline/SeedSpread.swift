import InkTraces
import InkFigures
import InkOutput
import InkReplay
import InkSession
import InkStrategies
import InkSynthesis

/// How much each figure moves from one seed of the noisy curves to another: the measurement
/// behind the tolerances (`ToleranceTable` and the per-row spreads of a baseline).
///
/// It runs the suite once per seed and records, per figure, the spread (max - min over the
/// seeds) of each strategy's suite mean, the largest spread of any one trace, and the largest
/// spread on a clean trace (0: clean traces do not depend on the seed).
///
/// ```swift
/// let spreads = try await SeedSpread.measure(seeds: Array(1...10))
/// print(SeedSpread.render(spreads))
/// ```
package struct SeedSpread: Sendable, Equatable {
    /// The figure's column name.
    package var figure: String
    /// Per strategy (in run order), max - min over seeds of its suite mean.
    var suiteMeanRange: [String: Double]
    /// The strategies in run order.
    package var strategies: [String]
    /// Largest max - min over seeds of one (trace, strategy) figure.
    package var traceRange: Double
    /// The (trace, strategy) where ``traceRange`` was found.
    var traceRangeAt: String
    /// Largest max - min over seeds on a trace without noise.
    package var cleanRange: Double

    /// Runs `suite` with `strategies` once per seed and measures every figure's spread.
    package static func measure(
        suite: SyntheticSuite = .default, strategies: [Strategy]? = nil, timing: Timing = Timing(),
        seeds: [UInt64]
    ) async throws -> [SeedSpread] {
        let chosen = try strategies ?? StrategySpec.parseList(StrategyCatalog.defaultNames.joined(separator: ","))
        let noisy = Set(suite.specs.filter(\.isNoisy).map(\.name))
        var perTrace: [String: [String: [Double]]] = [:]   // figure -> "trace / strategy" -> values
        var perMean: [String: [String: [Double]]] = [:]    // figure -> strategy -> values
        for seed in seeds {
            let outcome = try await BenchSession.run(BenchPlan(specs: suite.specs, seeds: [seed], strategies: chosen, timing: timing))
            for r in SummaryRow.rows(outcome, frameRateHz: timing.frameRateHz) {
                for figure in Figure.all {
                    guard let v = r.values[figure.name] else { continue }
                    if r.isSuiteMean {
                        perMean[figure.name, default: [:]][r.strategy, default: []].append(v)
                    } else {
                        perTrace[figure.name, default: [:]]["\(r.trace) / \(r.strategy)", default: []].append(v)
                    }
                }
            }
        }
        func range(_ xs: [Double]) -> Double { (xs.max() ?? 0) - (xs.min() ?? 0) }
        return Figure.all.map { column in
            let traces = perTrace[column.name] ?? [:]
            var worst = (0.0, "-")
            var clean = 0.0
            for key in traces.keys.sorted() {
                let r = range(traces[key] ?? [])
                let trace = String(key.split(separator: "/").first ?? "").trimmingWhitespace()
                if noisy.contains(trace) { if r > worst.0 { worst = (r, key) } } else { clean = max(clean, r) }
            }
            return SeedSpread(
                figure: column.name, suiteMeanRange: (perMean[column.name] ?? [:]).mapValues(range),
                strategies: chosen.map(\.name), traceRange: worst.0, traceRangeAt: worst.1, cleanRange: clean)
        }
    }

    /// A plain-text table: per figure, the suite-mean spread of each strategy, the largest
    /// one-trace spread, the clean traces' spread, and the default tolerance.
    package static func render(_ spreads: [SeedSpread]) -> String {
        let strategies = spreads.first?.strategies ?? []
        var rows = [["figure"] + strategies.map { "mean: \($0)" } + ["one trace (max)", "clean", "default tolerance"]]
        for s in spreads {
            let digits = Figure.digits(of: s.figure) + 1
            rows.append(
                [s.figure] + strategies.map { NumberText.fixed(s.suiteMeanRange[$0] ?? 0, digits) }
                    + [NumberText.fixed(s.traceRange, digits), NumberText.fixed(s.cleanRange, digits), ToleranceTable()[s.figure].description])
        }
        return TextTable.render(rows, leftAligned: [0])
    }
}
