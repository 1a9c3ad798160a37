import InkFigures
/// The benchmark model's rule for two strategies, in one place: B is better than A only if it
/// is no worse on both perceived latency (judged by `|Λ|`) and overshoot p95, and better on at
/// least one, each within its tolerance, on the same traces.
///
/// `bench compare`, the report's reading and verdict, and the charts' front all call
/// ``judge(a:b:tolerances:)``, so they cannot disagree about a pair.
///
/// ```swift
/// let a = ["perceived_latency_ms": -0.8, "overshoot_p95_mm": 9.044]   // quadratic
/// let b = ["perceived_latency_ms": 0.1, "overshoot_p95_mm": 5.982]    // kalman
/// Dominance.judge(a: a, b: b, tolerances: ToleranceTable())          // .better: kalman dominates
/// ```
package enum Dominance {
    /// B against A.
    package enum Verdict: String, Sendable, Equatable {
        /// No worse on both figures and better on one.
        case better
        /// No better on both figures and worse on one.
        case worse
        /// Equal within tolerance on both.
        case equivalent
        /// Better on one and worse on the other.
        case tradeOff = "trade-off"
    }

    /// The two figures the rule judges.
    package static let figures: [Figure] = [.perceivedLatency, .overshootP95]

    /// The rule's per-figure changes, B against A (A as the baseline).
    ///
    /// - Parameters:
    ///   - a: A's figures by CSV name (means over the same traces as B's).
    ///   - b: B's figures by CSV name.
    ///   - tolerances: the tolerance of each figure: a difference within it counts as equal.
    package static func changes(a: [String: Double], b: [String: Double], tolerances: ToleranceTable) -> [FigureChange] {
        figures.map { f in
            FigureChange(trace: SummaryRow.suiteMeanName, strategy: "B", figure: f.name, baselineRow: a, nowRow: b, tolerance: tolerances[f.name])
        }
    }

    /// B against A; `nil` when either lacks one of the rule's figures.
    package static func judge(a: [String: Double], b: [String: Double], tolerances: ToleranceTable) -> Verdict? {
        guard figures.allSatisfy({ a[$0.name] != nil && b[$0.name] != nil }) else { return nil }
        return verdict(of: changes(a: a, b: b, tolerances: tolerances))
    }

    /// The verdict of the rule's per-figure changes.
    package static func verdict(of changes: [FigureChange]) -> Verdict {
        let worse = changes.contains { $0.verdict == .regressed }, better = changes.contains { $0.verdict == .improved }
        return worse && better ? .tradeOff : worse ? .worse : better ? .better : .equivalent
    }

    /// The strategies no other strategy is better than (the trade-off front), in the given order.
    ///
    /// In O(n log n) (``DominanceSweep``), with the same answer as ``pairwiseFront(_:tolerances:)``,
    /// which it falls back to when the sweep cannot promise it (a non-finite value, a name twice).
    ///
    /// - Parameters:
    ///   - points: each strategy's figures, all over the same traces.
    ///   - tolerances: the tolerance of each figure: a difference within it counts as equal.
    package static func front(_ points: [(strategy: String, values: [String: Double])], tolerances: ToleranceTable) -> [String] {
        // A point without both figures is judged against no other (`judge` is nil): it is on
        // the front and beats none; the others are swept.
        let full = points.indices.filter { k in figures.allSatisfy { points[k].values[$0.name] != nil } }
        guard Set(points.map(\.strategy)).count == points.count,
            let values = DominanceSweep.values(full.map { points[$0].values }, tolerances: tolerances)
        else { return pairwiseFront(points, tolerances: tolerances) }
        let beaten = DominanceSweep.bestBetter(queries: values, candidates: values, candidateIndex: full)
        var dominated = Set<Int>()
        for (i, b) in beaten.enumerated() where b != nil { dominated.insert(full[i]) }
        return points.indices.filter { !dominated.contains($0) }.map { points[$0].strategy }
    }

    /// ``front(_:tolerances:)`` by comparing every pair (O(n²)): the oracle of the sweep.
    package static func pairwiseFront(_ points: [(strategy: String, values: [String: Double])], tolerances: ToleranceTable) -> [String] {
        points.filter { p in
            !points.contains { q in q.strategy != p.strategy && judge(a: p.values, b: q.values, tolerances: tolerances) == .better }
        }.map(\.strategy)
    }
}
