import InkOutput
/// The one-sentence answer a run leads with (the report's first line and the terminal's last):
/// which strategy to pick and why, judged against the run's budget.
///
/// Without `--budget` the run is judged against ``Budget/defaultText`` (overshoot p95 <= 0.5 mm
/// and end overshoot max <= 1.0 mm on the suite means), said as such; `--budget none` turns
/// the budget off, and the sentence then names the trade-off front instead of a pick.
///
/// ```swift
/// let answer = Answer(verdict: budget.judge(Budget.candidates(rows)), origin: .defaultBudget, front: ["linear", "kalman"])
/// print(answer.text())   // "Pick: `none` (no prediction): ..." without the backticks
/// ```
package struct Answer: Sendable, Equatable {
    /// Where the budget came from.
    package enum Origin: Sendable, Equatable {
        /// `--budget` was given.
        case given
        /// No `--budget`: ``Budget/defaultText``.
        case defaultBudget
        /// `--budget none`: no budget.
        case none
    }

    /// The budget's verdict on the run's strategies (`nil` with ``Origin/none``).
    package var verdict: Budget.Verdict?
    package var origin: Origin
    /// The strategies on the trade-off front (no other is better), in run order.
    package var front: [String]

    package init(verdict: Budget.Verdict?, origin: Origin, front: [String]) {
        self.verdict = verdict
        self.origin = origin
        self.front = front
    }

    /// The budget as a reader says it: `overshoot p95 <= 0.5 mm and end overshoot max <= 1 mm (suite means)`.
    static func describe(_ budget: Budget) -> String {
        let bounds = budget.bounds.map { b -> String in
            let figure = Figure.named(b.figure)
            let words = figure.map { f in f.heading.split(separator: " ").dropLast().joined(separator: " ") } ?? b.figure
            let unit = figure.map { f in String(f.heading.split(separator: " ").last ?? "") } ?? ""
            let magnitude = figure?.direction == .closerToZeroIsBetter ? "|\(words)|" : words
            return "\(magnitude) \(b.atLeast ? ">=" : "<=") \(NumberText.exact(b.limit))\(unit.isEmpty ? "" : " " + unit)"
        }
        let list = bounds.count <= 2 ? bounds.joined(separator: " and ") : bounds.dropLast().joined(separator: ", ") + " and " + (bounds.last ?? "")
        return list + " (\(budget.scope.rawValue))"
    }

    /// The predicting candidate nearest to fitting: the smallest excess over the bounds, each
    /// relative to its limit, summed (a missing figure counts as infinitely far).
    static func nearest(_ verdict: Budget.Verdict) -> Budget.Judgement? {
        func cost(_ j: Budget.Judgement) -> Double {
            j.margins.filter { !$0.fits }.reduce(0.0) { sum, m in sum + (m.margin.map { -$0 / max(abs(m.bound.limit), 1e-9) } ?? .infinity) }
        }
        let outside = verdict.judgements.filter { !$0.fits && $0.name != "none" }
        return outside.min { cost($0) < cost($1) }
    }

    /// `overshoot p95 2.631 mm, end overshoot max 1.022 mm`: the bounded figures of a judgement.
    static func figures(_ j: Budget.Judgement) -> String {
        j.margins.map { m in
            let heading = Figure.named(m.bound.figure)?.heading ?? m.bound.figure
            let parts = heading.split(separator: " ")
            let value = m.value.map { NumberText.fixed($0, Figure.digits(of: m.bound.figure)) } ?? "missing"
            return parts.dropLast().joined(separator: " ") + " " + value + (parts.count > 1 ? " " + (parts.last.map(String.init) ?? "") : "")
        }.joined(separator: ", ")
    }

    /// The sentence; `markdown` puts strategy names in backticks.
    package func text(markdown: Bool = false) -> String {
        let q = markdown ? "`" : ""
        func name(_ s: String) -> String { q + s + q }
        guard let verdict, origin != .none else {
            let names = front.filter { $0 != "none" }
            if names.isEmpty { return "No pick (--budget none): no predicting strategy is on the trade-off front; none (no prediction) is better than each of them." }
            return "No pick (--budget none): no strategy is better than " + names.map(name).joined(separator: ", ")
                + " (each is on the trade-off front); pick among them by the overshoot you accept, or give a --budget."
        }
        let which = (origin == .defaultBudget ? "the default budget, " : "the budget, ") + Answer.describe(verdict.budget)
        let fitCount = "\(verdict.fitting.count) of \(verdict.judgements.count) strategies fit"
        if let best = verdict.best, best.name != "none" {
            var parts: [String] = []
            if let l = best.latencyMagnitudeMs { parts.append("|latency| \(NumberText.fixed(l, 1)) ms") }
            if let r = best.latencyRemovedMs { parts.append("\(NumberText.fixed(r, 1)) ms removed") }
            parts.append(Answer.figures(best))
            return "Pick: \(name(best.name)), the ink closest to the pen within \(which): \(parts.joined(separator: ", ")); \(fitCount)."
        }
        let nearest = Answer.nearest(verdict).map { "; the nearest, \(name($0.name)), has \(Answer.figures($0))" } ?? ""
        if verdict.best?.name == "none" {
            return "Pick: \(name("none")) (no prediction): no predicting strategy fits \(which)\(nearest)."
        }
        return "No pick: no strategy fits \(which)\(nearest)."
    }
}
