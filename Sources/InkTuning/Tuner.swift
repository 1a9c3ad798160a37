import InkFigures
import InkImport  // ParallelMap
/// The search of `bench tune`: a coarse grid over the parameters' ranges, then a coordinate
/// search from the best grid point (steps halve when no neighbour is better), judged by a
/// `Budget` on the mean over a set of traces.
///
/// Each configuration is evaluated once over every trace (``evaluate`` returns per-trace
/// figures) and cached, so the in-sample search and each fold's search share evaluations; a
/// set's figures are the mean of its traces' figures. Everything is deterministic: the same
/// parameters, budget and evaluations give the same choices.
///
/// Better, in order: within the budget before outside it; within it, smaller `|Λ|`, then
/// smaller overshoot p95; outside it, the smaller total shortfall (each bound's excess as a
/// share of its limit), then smaller `|Λ|`; then the earlier evaluation.
///
/// ```swift
/// var tuner = Tuner(parameters: [cap], budget: budget, gridPoints: 8) { configs in try await run(configs) }
/// let best = try await tuner.search(over: traceNames)
/// ```
package struct Tuner: Sendable {
    /// Each trace's summary row (its figures by CSV name, and `Λ` in exact tenths) by trace name.
    package typealias PerTrace = [String: SummaryRow]

    package var parameters: [TuneParameter]
    package var budget: Budget
    /// Grid points per parameter (>= 2).
    package var gridPoints: Int
    /// Coordinate-search halvings after the grid.
    package var refineRounds: Int
    /// Evaluates configurations (each a value per parameter, in ``parameters`` order).
    package var evaluate: @Sendable ([[Double]]) async throws -> [PerTrace]
    /// Called after each batch with the evaluations so far.
    package var progress: @Sendable (Int) -> Void
    /// Threads that score the grid's configurations at once (`--jobs`); the choices do not
    /// depend on it (each score is computed by one call alone, and compared in grid order).
    package var jobs = ParallelMap.defaultJobs

    /// Every configuration evaluated, in the order first asked for.
    package private(set) var evaluated: [[Double]] = []
    /// The phase that first asked for each evaluation (`grid` or `refine`).
    package private(set) var phases: [String] = []
    var cache: [[Double]: PerTrace] = [:]
    /// Each configuration's position in ``evaluated`` (the tie-break), looked up in O(1).
    var order: [[Double]: Int] = [:]

    package init(
        parameters: [TuneParameter], budget: Budget, gridPoints: Int = 8, refineRounds: Int = 4,
        progress: @escaping @Sendable (Int) -> Void = { _ in },
        evaluate: @escaping @Sendable ([[Double]]) async throws -> [PerTrace]
    ) {
        self.parameters = parameters
        self.budget = budget
        self.gridPoints = max(2, gridPoints)
        self.refineRounds = refineRounds
        self.progress = progress
        self.evaluate = evaluate
    }

    /// The per-trace figures of an evaluated configuration.
    package func figures(_ config: [Double]) -> PerTrace? { cache[config] }

    /// The mean of each figure over `traces` (those that have it), computed as a run's suite
    /// means are (``SummaryRow/meanValues(of:)``: `Λ` and latency removed as exact tenths).
    package static func mean(_ perTrace: PerTrace, over traces: [String]) -> [String: Double] {
        SummaryRow.meanValues(of: traces.compactMap { perTrace[$0] }).values
    }

    /// The budget's candidate of a set of traces: their mean, and each trace (for `--budget-per-trace`).
    package static func candidate(_ perTrace: PerTrace, over traces: [String]) -> Budget.Candidate {
        Budget.Candidate(
            name: "", suiteMean: mean(perTrace, over: traces),
            traces: traces.compactMap { t in perTrace[t].map { Budget.Candidate.Trace(name: t, values: $0.values) } })
    }

    /// The grid's configurations in search order, each once: the first thing every search
    /// evaluates, and the work units `bench tune --shard K/N` splits.
    package func gridConfigs() -> [[Double]] {
        var out: [[Double]] = []
        for u in gridUnits() where !out.contains(config(at: u)) { out.append(config(at: u)) }
        return out
    }

    /// The grid in unit coordinates, each parameter's `gridPoints` values from 0 to 1.
    func gridUnits() -> [[Double]] {
        let n = gridPoints
        var grid: [[Double]] = [[]]
        for _ in parameters {
            grid = grid.flatMap { prefix in (0..<n).map { prefix + [Double($0) / Double(n - 1)] } }
        }
        return grid
    }

    /// Takes evaluations made elsewhere (the grid blocks of `bench tune --shard K/N`), as if
    /// evaluated here in this order; configurations already cached are left as they are.
    package mutating func preload(_ configs: [[Double]], _ results: [PerTrace], phase: String) {
        for (c, r) in zip(configs, results) where cache[c] == nil {
            cache[c] = r
            order[c] = evaluated.count
            evaluated.append(c)
            phases.append(phase)
        }
    }

    /// Configurations evaluated per call of ``evaluate``: small enough for the progress line to
    /// move during a large grid, large enough to keep both cores busy.
    static let batchSize = 64

    /// Evaluates the configurations not yet cached, in batches of ``batchSize`` (the results
    /// do not depend on the batching: each configuration is replayed on its own).
    mutating func ensure(_ configs: [[Double]], phase: String) async throws {
        var missing: [[Double]] = []
        var seen: Set<[Double]> = []
        for c in configs where cache[c] == nil && seen.insert(c).inserted { missing.append(c) }
        var start = 0
        while start < missing.count {
            let batch = Array(missing[start..<min(start + Self.batchSize, missing.count)])
            let results = try await evaluate(batch)
            for (c, r) in zip(batch, results) {
                cache[c] = r
                order[c] = evaluated.count
                evaluated.append(c)
                phases.append(phase)
            }
            progress(evaluated.count)
            start += batch.count
        }
    }

    /// A sortable score: lower is better.
    func score(_ config: [Double], over traces: [String]) -> (Int, Double, Double, Double, Int) {
        let j = budget.judge([Tuner.candidate(cache[config] ?? [:], over: traces)]).judgements[0]
        let latency = j.latencyMagnitudeMs ?? .infinity
        let order = self.order[config] ?? Int.max
        if j.fits { return (0, latency, j.overshootP95MM ?? .infinity, 0, order) }
        let shortfall = j.margins.reduce(0.0) { s, m in
            guard let margin = m.margin else { return s + 1e6 }
            return s + max(0, -margin) / max(m.bound.limit, 1e-9)
        }
        return (1, shortfall, latency, 0, order)
    }

    /// The scores of one search (one set of traces), each computed once: a score means every
    /// figure over the traces and judges the budget, and the grid's selection alone compares
    /// every grid point with the best so far.
    struct Scores {
        var byConfig: [[Double]: (Int, Double, Double, Double, Int)] = [:]
    }

    func better(_ a: [Double], _ b: [Double], over traces: [String], _ scores: inout Scores) -> Bool {
        func of(_ c: [Double]) -> (Int, Double, Double, Double, Int) {
            if let known = scores.byConfig[c] { return known }
            let s = score(c, over: traces)
            scores.byConfig[c] = s
            return s
        }
        let x = of(a), y = of(b)
        return (x.0, x.1, x.2, x.3, x.4) < (y.0, y.1, y.2, y.3, y.4)
    }

    func config(at u: [Double]) -> [Double] { zip(parameters, u).map { $0.value(at: $1) } }

    /// Searches for the best configuration on the mean over `traces`; returns its values.
    package mutating func search(over traces: [String]) async throws -> [Double] {
        let n = gridPoints
        let grid = gridUnits()
        try await ensure(grid.map(config(at:)), phase: "grid")
        var bestU = grid[0]
        var scores = Scores()
        // Every grid point is compared with the best so far, so each is scored: side by side.
        let gridConfigs = grid.map(config(at:))
        let tuner = self
        let gridScores = ParallelMap.map(gridConfigs.count, jobs: jobs) { i in tuner.score(gridConfigs[i], over: traces) }
        for (c, s) in zip(gridConfigs, gridScores) { scores.byConfig[c] = s }
        for u in grid where better(config(at: u), config(at: bestU), over: traces, &scores) { bestU = u }
        var step = 0.5 / Double(n - 1)
        var rounds = 0
        while rounds < refineRounds {
            var neighbours: [[Double]] = []
            for d in parameters.indices {
                for s in [-step, step] {
                    var u = bestU
                    u[d] = min(max(u[d] + s, 0), 1)
                    if u != bestU { neighbours.append(u) }
                }
            }
            try await ensure(neighbours.map(config(at:)), phase: "refine")
            var moved = false
            for u in neighbours where better(config(at: u), config(at: bestU), over: traces, &scores) {
                bestU = u
                moved = true
            }
            if !moved {
                step /= 2
                rounds += 1
            }
        }
        return config(at: bestU)
    }
}
