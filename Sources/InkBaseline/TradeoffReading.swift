import InkFigures
/// The reading of each strategy's trade-off and the run's verdict, from a run's record: how much
/// latency each strategy removes at what overshoot, and whether another strategy is better by
/// the benchmark model's rule.
///
/// Every comparison here is a `StrategyComparison` (the one `Dominance` rule, on the traces
/// both strategies ran, within the default tolerances), exactly what `bench compare` prints, so
/// the report and the command cannot disagree.
///
/// ```swift
/// let reading = TradeoffReading(record: record)
/// reading.front          // ["none", "linear", "kalman", "kalman-chromium"]: no strategy is better
/// reading.sentences      // [("linear", "`linear` removes 30.9 ms of the 35.4 ms ..."), ...]
/// ```
package struct TradeoffReading: Sendable {
    /// The strategies no other is better than, in run order.
    package var front: [String]
    /// Per strategy but `none`, its reading.
    package var sentences: [(strategy: String, text: String)]
    /// The search that was used (``Search/pairwise`` when the sweep was asked for but could
    /// not promise the pairwise answer).
    package var searched: Search

    /// How the two searches over all strategies are done: ``sweep`` (the default, O(n log n),
    /// ``DominanceSweep``) or ``pairwise`` (every pair compared, O(n²): the oracle the sweep is
    /// tested against, and its fallback when it cannot promise the same answer).
    package enum Search: Sendable, Equatable {
        case sweep
        case pairwise
    }

    /// Reads `record`'s strategies (those with trace rows), judging with `tolerances`.
    package init(record: BenchRecord, tolerances: ToleranceTable = ToleranceTable(), search: Search = .sweep) {
        // Each strategy's rows as a record of its own, split once: a comparison then reads a
        // few rows instead of filtering the whole run's (which made the reading grow with the
        // cube of the strategy count). Only the figures the reading uses are compared.
        var rowsOf: [String: [BenchRecord.Row]] = [:]
        for r in record.rows { rowsOf[r.strategy, default: []].append(r) }
        var own: [String: BenchRecord] = [:]
        for (name, rows) in rowsOf {
            var r = record
            r.rows = rows
            own[name] = r
        }
        let names = record.strategies.map(\.name).filter { s in rowsOf[s]?.contains { !$0.isSuiteMean && $0.inSuiteMean } ?? false }
        let used = Set(Dominance.figures.map(\.name) + [Figure.perceivedLatency.name, Figure.overshootP95.name])
        func compare(_ a: String, _ b: String) -> StrategyComparison? {
            guard let ra = own[a], let rb = own[b] else { return nil }
            return try? StrategyComparison(a: ra, strategyA: a, b: rb, strategyB: b, tolerances: tolerances, only: used)
        }
        // Per strategy: the better strategy closest to it, and (on the front) the front
        // strategy with the next smaller overshoot p95; both by index into `names`.
        let found: (better: [Int?], cheaper: [Int?])
        if search == .sweep, let sweep = DominanceSweep(record: record, rowsOf: rowsOf, names: names, tolerances: tolerances) {
            let front = names.indices.filter { sweep.bestBetter[$0] == nil }
            found = (sweep.bestBetter, sweep.cheaperNeighbours(front: front, excluded: names.firstIndex(of: "none")))
            searched = .sweep
        } else {
            found = Self.pairwise(names: names, compare: compare)
            searched = .pairwise
        }
        front = names.indices.filter { found.better[$0] == nil }.map { names[$0] }
        var out: [(String, String)] = []
        for (k, p) in names.enumerated() where p != "none" {
            let best = found.better[k].flatMap { compare(p, names[$0]) }
            let cheaper = found.better[k] == nil ? found.cheaper[k].flatMap { compare(p, names[$0]) } : nil
            out.append((p, Self.sentence(p, record: own[p] ?? record, best: best, cheaper: cheaper, compare: compare)))
        }
        sentences = out
    }

    /// The two searches by comparing every pair (O(n²)): per strategy, the better strategy with
    /// the smallest ``score(_:)`` (the first in run order on a tie), and the front strategy with
    /// the largest overshoot p95 below its own (the first in run order on a tie), leaving out `none`.
    static func pairwise(names: [String], compare: (String, String) -> StrategyComparison?) -> (better: [Int?], cheaper: [Int?]) {
        let p95 = Figure.overshootP95
        func value(_ c: StrategyComparison, b: Bool) -> Double? {
            c.figures.first { $0.figure == p95.name }.flatMap { b ? $0.now : $0.baseline }
        }
        var better: [Int?] = []
        for p in names {
            let all = names.indices.filter { names[$0] != p }.compactMap { q in compare(p, names[q]).map { (q, $0) } }.filter { $0.1.verdict == .better }
            better.append(all.min { score($0.1) < score($1.1) }?.0)
        }
        let front = names.indices.filter { better[$0] == nil }
        var cheaper: [Int?] = []
        for p in names {
            let neighbours = front.filter { names[$0] != p && names[$0] != "none" }.compactMap { f in compare(p, names[f]).map { (f, $0) } }
            let below = neighbours.filter { _, c in
                guard let a = value(c, b: false), let b = value(c, b: true) else { return false }
                return b < a
            }
            cheaper.append(below.max { (value($0.1, b: true) ?? 0) < (value($1.1, b: true) ?? 0) }?.0)
        }
        return (better, cheaper)
    }

    /// The reading of `p`: `best` is its comparison with the better strategy closest to it (if
    /// any), `cheaper` with the front strategy with the next smaller overshoot (if on the front).
    static func sentence(
        _ p: String, record: BenchRecord, best: StrategyComparison?, cheaper: StrategyComparison?,
        compare: (String, String) -> StrategyComparison?
    ) -> String {
        let latency = Figure.perceivedLatency, p95 = Figure.overshootP95
        func value(_ c: StrategyComparison, _ f: Figure, b: Bool) -> Double? {
            c.figures.first { $0.figure == f.name }.flatMap { b ? $0.now : $0.baseline }
        }
        var first = "`\(p)` "
        let own = record.row(trace: BenchRecord.suiteMeanTrace, strategy: p)?.values ?? [:]
        if let vsNone = compare("none", p), let noneLatency = value(vsNone, latency, b: false), let lat = value(vsNone, latency, b: true) {
            let over = vsNone.note == nil ? "" : " on the \(vsNone.traces.count) traces it ran"
            if lat < 0 {
                first += "removes all of the \(latency.text(noneLatency)) ms that `none` shows\(over) and \(latency.text(-lat)) ms more, so the ink runs ahead of the pen (perceived latency \(latency.text(lat)) ms)"
            } else {
                // The table's own figure when both ran on the same traces, so prose and table agree
                // (the mean of per-trace removals can differ in the last digit from the difference of means).
                let removed = (vsNone.note == nil ? own[Figure.latencyRemoved.name] : nil) ?? (noneLatency - lat)
                first += "removes \(latency.text(removed)) ms of the \(latency.text(noneLatency)) ms that `none` shows\(over) (perceived latency \(latency.text(lat)) ms)"
            }
            if let ov = value(vsNone, p95, b: true) { first += " at an overshoot p95 of \(p95.text(ov)) mm" }
        } else if let lat = own[latency.name] {
            first += "shows a perceived latency of \(latency.text(lat)) ms"
            if let ov = own[p95.name] { first += " at an overshoot p95 of \(p95.text(ov)) mm" }
        } else {
            first += "has no perceived latency (no moving frame)"
        }
        if let end = own["end_overshoot_mean_mm"] { first += " and an end overshoot of \(p95.text(end)) mm on average" }
        first += "."
        // The better strategy closest to p: the smallest sum of its two costs.
        if let best {
            let q = best.labelB
            let lq = value(best, latency, b: true).map { latency.text($0) } ?? "-", oq = value(best, p95, b: true).map { p95.text($0) } ?? "-"
            let over = best.note == nil ? "" : " (on the \(best.traces.count) traces both ran)"
            return first + " It is dominated: `\(q)` is no worse on both and better on one\(over) (perceived latency \(lq) ms, overshoot p95 \(oq) mm), so it has no reason to be chosen on these figures."
        }
        // On the front: against the front strategy with the next smaller overshoot.
        var second: String
        if let cheaper, let la = value(cheaper, latency, b: false), let lb = value(cheaper, latency, b: true),
            let oa = value(cheaper, p95, b: false), let ob = value(cheaper, p95, b: true)
        {
            // Differences of the values as printed, so they agree with the tables.
            func shown(_ f: Figure, _ v: Double) -> Double { Double(f.text(v)) ?? v }
            let gain = abs(shown(latency, lb)) - abs(shown(latency, la)), cost = shown(p95, oa) - shown(p95, ob)
            second = " It is on the trade-off front: against `\(cheaper.labelB)`, the next strategy with less overshoot, it removes \(latency.text(gain)) ms more latency (|Λ|) for \(p95.text(cost)) mm more overshoot p95"
            if cost > 0 { second += " (\(latency.text(gain / cost)) ms per mm)" }
            second += "."
        } else {
            second = " It is on the trade-off front with the least overshoot of the predicting strategies."
        }
        return first + second
    }

    /// How far a better strategy is from the one it beats: the sum of its two costs.
    static func score(_ c: StrategyComparison) -> Double {
        Dominance.figures.reduce(0) { sum, f in
            sum + (c.figures.first { $0.figure == f.name }?.costs.now ?? .infinity)
        }
    }
}
