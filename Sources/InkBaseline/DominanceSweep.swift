import InkFigures

/// The trade-off reading's two searches over all strategies in O(n log n) instead of comparing
/// every pair (which took minutes for 1,000 strategies): for each strategy, the better strategy
/// closest to it (``Dominance``'s rule, the smallest sum of its two costs), and, for strategies
/// on the front, the front strategy with the next smaller overshoot p95.
///
/// It gives exactly what the pairwise search gives (`TradeoffReading`'s oracle, compared on
/// random records by `TradeoffSweepTests`): the rule is applied with the same floating-point
/// expressions as `FigureChange`, and each of them is monotone in the other strategy's cost,
/// so the strategies that pass one test are a prefix of those sorted by that cost, found by
/// binary search. "Better on latency and no worse on overshoot" (or the other way round) is then
/// a two-sided prefix, answered for all strategies at once by a sweep over one cost with a
/// Fenwick tree of prefix minima over the other.
///
/// Strategies are grouped by the traces they ran on (and whether they have a suite-mean row):
/// within a group the figures compared are the suite means; across two groups they are the means
/// over the traces both ran, as `StrategyComparison` computes them. The work is O(g² n log n)
/// for g groups (1 in a usual run, 2 with `recorded`).
///
/// ``init(record:names:tolerances:)`` returns `nil` when the fast search cannot promise the
/// pairwise answer (a figure missing from the record's columns, a non-finite value, a negative
/// tolerance, a strategy named twice, a trace twice in one strategy's rows); the caller then
/// compares pairs.
struct DominanceSweep {
    /// Per strategy (by index into `names`), the index of the better strategy closest to it.
    var bestBetter: [Int?]
    /// The per-pair bases, for ``cheaperNeighbours(front:)``.
    private var groups: [Group]
    private var groupOf: [Int]
    private var bases: [[Basis]]
    private let count: Int

    /// The two judged figures' values of one strategy in one pair's basis, and the tolerances
    /// a comparison against it (as A, the baseline) uses.
    struct Values {
        /// Raw values (latency signed) of ``Dominance/figures``, `nil` for an empty cell.
        var raw: [Double?]
        /// Costs (`Figure.cost(in:)`).
        var cost: [Double?]
        /// `FigureChange.allowed` with this strategy as the baseline.
        var allowed: [Double]
    }

    /// Strategies with the same trace set and suite-mean presence.
    struct Group {
        var members: [Int]
        var traces: Set<String>
        var hasSuiteMeans: Bool
    }

    /// The values of group `p`'s members (by position in the group) compared with group `q`'s,
    /// and `q`'s members compared with `p`'s; `nil` when the groups share no trace.
    struct Basis {
        var ofP: [Values]
        var ofQ: [Values]
    }

    /// - Parameters:
    ///   - record: the run's record; `rowsOf` its trace rows per strategy.
    ///   - names: the strategies compared (each with at least one trace row counted in a mean), in run order.
    ///   - tolerances: the tolerance table of the comparison.
    init?(record: BenchRecord, rowsOf: [String: [BenchRecord.Row]], names: [String], tolerances: ToleranceTable) {
        let figures = Dominance.figures
        guard Set(names).count == names.count, figures.allSatisfy({ record.figures.contains($0.name) }) else { return nil }
        count = names.count
        // Each strategy's counted trace rows, and its group.
        var counted: [[BenchRecord.Row]] = []
        var suite: [[String: Double]?] = []
        var keyIndex: [String: Int] = [:]
        var groups: [Group] = []
        var groupOf: [Int] = []
        var suiteRows: [String: BenchRecord.Row] = [:]
        for r in record.rows where r.isSuiteMean && suiteRows[r.strategy] == nil { suiteRows[r.strategy] = r }
        for (k, name) in names.enumerated() {
            let rows = (rowsOf[name] ?? []).filter { !$0.isSuiteMean && $0.inSuiteMean }
            let traces = Set(rows.map(\.trace))
            guard !rows.isEmpty, traces.count == rows.count else { return nil }
            counted.append(rows)
            let mean = suiteRows[name]?.values
            suite.append(mean)
            let key = (mean == nil ? "0" : "1") + traces.sorted().joined(separator: "\u{0}")
            if let g = keyIndex[key] {
                groups[g].members.append(k)
                groupOf.append(g)
            } else {
                keyIndex[key] = groups.count
                groupOf.append(groups.count)
                groups.append(Group(members: [k], traces: traces, hasSuiteMeans: mean != nil))
            }
        }
        func values(_ row: [String: Double]) -> Values? { Self.values(row, tolerances: tolerances) }
        // The bases of every pair of groups, as StrategyComparison picks them: the suite means
        // when both sides ran the same traces and have them, else the means over the shared traces.
        var bases: [[Basis]] = []
        for gp in groups.indices {
            var row: [Basis] = []
            for gq in groups.indices {
                let p = groups[gp], q = groups[gq]
                let shared = p.traces.intersection(q.traces)
                if shared.isEmpty {
                    row.append(Basis(ofP: [], ofQ: []))
                    continue
                }
                func side(_ g: Group) -> [Values]? {
                    var out: [Values] = []
                    for k in g.members {
                        let row: [String: Double]
                        if p.traces == q.traces, p.hasSuiteMeans, q.hasSuiteMeans, let s = suite[k] {
                            row = s
                        } else {
                            row = StrategyComparison.means(counted[k].filter { shared.contains($0.trace) }, figures: figures)
                        }
                        guard let v = values(row) else { return nil }
                        out.append(v)
                    }
                    return out
                }
                guard let ofP = side(p), let ofQ = side(q) else { return nil }
                row.append(Basis(ofP: ofP, ofQ: ofQ))
            }
            bases.append(row)
        }
        self.groups = groups
        self.groupOf = groupOf
        self.bases = bases
        var best = [Best?](repeating: nil, count: names.count)
        for gp in groups.indices {
            for gq in groups.indices where !bases[gp][gq].ofP.isEmpty {
                let found = Self.bestBetter(
                    queries: bases[gp][gq].ofP, candidates: bases[gp][gq].ofQ, candidateIndex: groups[gq].members)
                for (i, b) in found.enumerated() {
                    let k = groups[gp].members[i]
                    if let b, best[k].map({ b < $0 }) ?? true { best[k] = b }
                }
            }
        }
        bestBetter = best.map { $0?.index }
    }

    /// The judged figures of `row` (``Dominance/figures``), or `nil` when the sweep cannot
    /// promise the pairwise answer: a non-finite value or tolerance, or a negative tolerance.
    static func values(_ row: [String: Double], tolerances: ToleranceTable) -> Values? {
        var v = Values(raw: [], cost: [], allowed: [])
        for f in Dominance.figures {
            let raw = row[f.name]
            if let raw, !raw.isFinite { return nil }
            let change = FigureChange(
                trace: BenchRecord.suiteMeanTrace, strategy: "", figure: f.name, baselineRow: row, nowRow: row, tolerance: tolerances[f.name])
            guard change.allowed >= 0, change.allowed.isFinite else { return nil }
            v.raw.append(raw)
            v.cost.append(f.cost(in: row))
            v.allowed.append(change.allowed)
        }
        return v
    }

    /// The values of each row, or `nil` if any row's are `nil`.
    static func values(_ rows: [[String: Double]], tolerances: ToleranceTable) -> [Values]? {
        var out: [Values] = []
        out.reserveCapacity(rows.count)
        for row in rows {
            guard let v = values(row, tolerances: tolerances) else { return nil }
            out.append(v)
        }
        return out
    }

    /// A candidate's score (the sum of its two costs, `inf` for an empty one) and its run-order
    /// index: the pairwise search takes the smallest score, the first in run order on a tie.
    struct Best: Comparable {
        var score: Double
        var index: Int
        static func < (a: Best, b: Best) -> Bool { a.score < b.score || (a.score == b.score && a.index < b.index) }
    }

    /// The number of leading elements of `sorted` for which `test` holds (`test` must hold on a prefix).
    static func prefix<T>(_ sorted: [T], _ test: (T) -> Bool) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if test(sorted[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// `FigureChange`'s "regressed" for a candidate cost against a baseline cost.
    @inline(__always) static func regressed(_ candidate: Double, _ baseline: Double, _ allowed: Double) -> Bool {
        candidate - baseline > allowed
    }

    /// `FigureChange`'s "improved" for a candidate cost against a baseline cost.
    @inline(__always) static func improved(_ candidate: Double, _ baseline: Double, _ allowed: Double) -> Bool {
        baseline - candidate > allowed
    }

    /// For each query, the best candidate better than it by the rule (see the type's comment).
    static func bestBetter(queries: [Values], candidates: [Values], candidateIndex: [Int]) -> [Best?] {
        func score(_ c: Values) -> Double { (0 + (c.cost[0] ?? .infinity)) + (c.cost[1] ?? .infinity) }
        let scores = candidates.map { Best(score: score($0), index: 0) }
        var out = [Best?](repeating: nil, count: queries.count)
        // One figure empty in the query: only the other can improve; a candidate must have it.
        for (f, other) in [(1, 0), (0, 1)] {
            let byCost = candidates.indices.filter { candidates[$0].cost[f] != nil }.sorted {
                (candidates[$0].cost[f] ?? 0, $0) < (candidates[$1].cost[f] ?? 0, $1)
            }
            var prefixBest: [Best] = []
            for c in byCost {
                let b = Best(score: scores[c].score, index: candidateIndex[c])
                prefixBest.append(prefixBest.last.map { Swift.min($0, b) } ?? b)
            }
            for (i, q) in queries.enumerated() where q.cost[other] == nil {
                guard let base = q.cost[f] else { continue }
                let n = prefix(byCost) { improved(candidates[$0].cost[f] ?? 0, base, q.allowed[f]) }
                if n > 0 { out[i] = prefixBest[n - 1] }
            }
        }
        // Both figures in the query: better on one and no worse on the other, two orthant queries.
        let full = candidates.indices.filter { candidates[$0].cost[0] != nil && candidates[$0].cost[1] != nil }
        func cost(_ c: Int, _ f: Int) -> Double { candidates[c].cost[f] ?? 0 }
        let byL = full.sorted { (cost($0, 0), $0) < (cost($1, 0), $1) }
        let byP = full.sorted { (cost($0, 1), $0) < (cost($1, 1), $1) }
        var rankP = [Int](repeating: 0, count: candidates.count)
        for (r, c) in byP.enumerated() { rankP[c] = r }
        // (prefix of byL, prefix of byP, query)
        var asks: [(l: Int, p: Int, query: Int)] = []
        for (i, q) in queries.enumerated() {
            guard let l = q.cost[0], let p = q.cost[1] else { continue }
            let improvesL = prefix(byL) { improved(cost($0, 0), l, q.allowed[0]) }
            let keepsP = prefix(byP) { !regressed(cost($0, 1), p, q.allowed[1]) }
            let keepsL = prefix(byL) { !regressed(cost($0, 0), l, q.allowed[0]) }
            let improvesP = prefix(byP) { improved(cost($0, 1), p, q.allowed[1]) }
            asks.append((improvesL, keepsP, i))
            asks.append((keepsL, improvesP, i))
        }
        asks.sort { $0.l < $1.l }
        var tree = PrefixMinimum(count: byP.count)
        var inserted = 0
        for ask in asks {
            while inserted < ask.l {
                let c = byL[inserted]
                tree.insert(at: rankP[c], Best(score: scores[c].score, index: candidateIndex[c]))
                inserted += 1
            }
            if let b = tree.minimum(below: ask.p), out[ask.query].map({ b < $0 }) ?? true { out[ask.query] = b }
        }
        return out
    }

    /// For each strategy (by index into `names`), the index of the strategy on `front` with the
    /// largest overshoot p95 below its own (each pair's basis; the first in run order on a tie),
    /// leaving out `none` (`excluded`): the pairwise reading's "next strategy with less overshoot".
    func cheaperNeighbours(front: [Int], excluded: Int?) -> [Int?] {
        let p95 = 1
        var out = [Int?](repeating: nil, count: count)
        var best = [(value: Double, index: Int)?](repeating: nil, count: count)
        let onFront = Set(front)
        for gp in groups.indices {
            for gf in groups.indices where !bases[gp][gf].ofP.isEmpty {
                let basis = bases[gp][gf]
                // Front members of gf with their p95 in this basis, by (p95, run order).
                var sorted: [(value: Double, index: Int)] = []
                for (j, k) in groups[gf].members.enumerated() where onFront.contains(k) && k != excluded {
                    if let v = basis.ofQ[j].raw[p95] { sorted.append((v, k)) }
                }
                sorted.sort { ($0.value, $0.index) < ($1.value, $1.index) }
                for (i, k) in groups[gp].members.enumerated() {
                    guard let a = basis.ofP[i].raw[p95] else { continue }
                    let below = Self.prefix(sorted) { $0.value < a }
                    guard below > 0 else { continue }
                    let top = sorted[below - 1].value
                    let first = sorted[Self.prefix(sorted) { $0.value < top }]
                    if let b = best[k], !(b.value < first.value || (b.value == first.value && first.index < b.index)) { continue }
                    best[k] = first
                    out[k] = first.index
                }
            }
        }
        return out
    }
}

/// Prefix minima under insertion (a Fenwick tree): ``minimum(below:)`` is the least value
/// inserted at a position below the bound, in O(log n).
struct PrefixMinimum {
    private var tree: [DominanceSweep.Best?]

    init(count: Int) { tree = Array(repeating: nil, count: count + 1) }

    mutating func insert(at position: Int, _ value: DominanceSweep.Best) {
        var i = position + 1
        while i < tree.count {
            if tree[i].map({ value < $0 }) ?? true { tree[i] = value }
            i += i & -i
        }
    }

    /// The least value at positions `0..<bound`, or `nil`.
    func minimum(below bound: Int) -> DominanceSweep.Best? {
        var i = Swift.min(bound, tree.count - 1)
        var best: DominanceSweep.Best?
        while i > 0 {
            if let t = tree[i], best.map({ t < $0 }) ?? true { best = t }
            i -= i & -i
        }
        return best
    }
}
