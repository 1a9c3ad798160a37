import InkOutput
import InkTraces
/// A budget of artefacts: bounds on figures of the registry, and the rule that picks the best
/// configuration within them.
///
/// Written as the CSV names its figures: `overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0`.
/// A bound `<=` on a lower-is-better figure bounds its value; on a closer-to-zero figure
/// (perceived latency, lead) it bounds its magnitude. `latency_removed_ms>=X` asks for at
/// least X ms removed. Descriptive figures (horizons, predicted share) cannot be bounded.
///
/// A candidate (a strategy, or a strategy at one horizon cap) fits when its suite mean is within
/// every bound (``Scope/suiteMean``, the default) or, with ``Scope/everyTrace``, when every
/// trace counted in the suite mean is. Values are compared as printed (rounded to the figure's
/// digits), so a value the table shows as the bound fits. The best within the budget removes the
/// most latency without running ahead of the pen: the smallest `|perceived latency|`, ties
/// broken by the smaller overshoot p95, then by the given order.
///
/// ```swift
/// let budget = try Budget(parsing: "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0")
/// let verdict = budget.judge(candidates)
/// verdict.best?.name       // "kalman[cap_ms=11]"
/// ```
package struct Budget: Sendable, Equatable {
    /// What the budget applies to.
    package enum Scope: String, Sendable, Equatable {
        /// The suite mean of each figure (the default).
        case suiteMean = "suite means"
        /// Every trace counted in the suite mean.
        case everyTrace = "every trace"
    }

    /// One bound: a figure, `<=` or `>=`, a limit in the figure's unit.
    package struct Bound: Sendable, Equatable {
        /// The figure's CSV name.
        package var figure: String
        /// `true` for `>=` (at least), `false` for `<=` (at most).
        package var atLeast: Bool
        /// The limit, in the figure's unit.
        package var limit: Double

        /// The bound as written: `overshoot_p95_mm<=0.5`.
        package var text: String { figure + (atLeast ? ">=" : "<=") + NumberText.exact(limit) }

        /// What the bound constrains: the value, or its magnitude for a closer-to-zero figure.
        func measured(_ values: [String: Double]) -> Double? {
            guard let f = Figure.named(figure), let v = values[figure] else { return nil }
            let shown = Budget.rounded(v, f.digits)
            return f.direction == .closerToZeroIsBetter ? abs(shown) : shown
        }

        /// How far inside the bound (positive) or outside it (negative), in the figure's unit;
        /// `nil` when the row lacks the figure (which counts as outside).
        package func margin(_ values: [String: Double]) -> Double? {
            guard let m = measured(values) else { return nil }
            return atLeast ? m - limit : limit - m
        }
    }

    /// The budget a run is judged against without `--budget` (the README's and docs' example):
    /// overshoot p95 <= 0.5 mm and end overshoot max <= 1.0 mm on the suite means.
    package static let defaultText = "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0"
    /// The `--budget` value that turns the budget off.
    package static let noneText = "none"

    /// The budget a run's recorded options ask for (`budget`, `budget-per-trace`, as in
    /// `manifest.json`): the given one, ``defaultText`` when none was recorded, or `nil` for
    /// `--budget none`; with where it came from. Parse it once (``Report`` keeps the result).
    ///
    /// - Throws: `BudgetError` when the recorded `budget` is not a budget (a `manifest.json`
    ///   edited by hand or written by another version): the caller names the file.
    package static func recorded(_ options: [String: String]) throws(BudgetError) -> (budget: Budget?, origin: Answer.Origin) {
        let scope: Scope = options["budget-per-trace"] == "true" ? .everyTrace : .suiteMean
        guard let text = options["budget"], !text.isEmpty else {
            return (try Budget(parsing: defaultText, scope: scope), .defaultBudget)
        }
        if text == noneText { return (nil, .none) }
        return (try Budget(parsing: text, scope: scope), .given)
    }

    /// The bounds, in the order given.
    package var bounds: [Bound]
    /// What they apply to.
    package var scope: Scope

    /// The bounds as written, joined by commas.
    package var text: String { bounds.map(\.text).joined(separator: ",") }

    /// Parses `figure<=limit,figure>=limit,...`.
    ///
    /// - Parameters:
    ///   - text: the bounds, comma-separated; spaces are ignored.
    ///   - scope: suite means (default) or every trace.
    /// - Throws: `BudgetError` naming the item and what was expected: an unknown figure (with
    ///   the known ones), a missing or wrong operator, a limit that is not a finite number, a
    ///   negative limit on a magnitude, a figure bounded twice or a descriptive figure.
    package init(parsing text: String, scope: Scope = .suiteMean) throws(BudgetError) {
        self.scope = scope
        var bounds: [Bound] = []
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.filter { $0 != " " } }
        guard !text.filter({ $0 != " " }).isEmpty else {
            throw BudgetError("--budget: empty; expected figure<=limit,..., e.g. overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0")
        }
        for item in items {
            let atLeast: Bool
            let parts: [Substring]
            if item.contains("<=") {
                atLeast = false
                parts = Budget.split(item, "<=")
            } else if item.contains(">=") {
                atLeast = true
                parts = Budget.split(item, ">=")
            } else {
                throw BudgetError("--budget: '\(item)' has no '<=' or '>='; expected figure<=limit, e.g. overshoot_p95_mm<=0.5")
            }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw BudgetError("--budget: '\(item)' is not figure<=limit; expected e.g. overshoot_p95_mm<=0.5")
            }
            let name = String(parts[0])
            guard let figure = Figure.named(name) else {
                let known = Figure.all.filter { $0.direction != .descriptive }.map(\.name)
                throw BudgetError("--budget: unknown figure '\(name)'\(Spelling.didYouMean(name, among: known)); figures with a direction: \(known.joined(separator: ", "))")
            }
            guard let limit = Double(parts[1]), limit.isFinite else {
                throw BudgetError("--budget: \(name): limit '\(parts[1])' is not a finite number")
            }
            switch figure.direction {
            case .descriptive:
                throw BudgetError("--budget: \(name) describes what a strategy does, not how well (neither better nor worse); it cannot be bounded")
            case .byMagnitudeOf:
                guard atLeast else {
                    throw BudgetError("--budget: \(name) is better as more is removed (up to none's latency); bound it from below: \(name)>=\(parts[1])")
                }
            case .lowerIsBetter, .closerToZeroIsBetter:
                guard !atLeast else {
                    throw BudgetError("--budget: \(name) is \(figure.direction.phrase); bound it from above: \(name)<=\(parts[1])")
                }
                guard limit >= 0 else {
                    throw BudgetError("--budget: \(name)<=\(parts[1]): expected a limit >= 0 (a bound on \(figure.direction == .closerToZeroIsBetter ? "its magnitude" : "a value that is never negative"))")
                }
            }
            guard !bounds.contains(where: { $0.figure == name }) else {
                throw BudgetError("--budget: \(name) is bounded twice; give each figure once")
            }
            bounds.append(Bound(figure: name, atLeast: atLeast, limit: limit))
        }
        self.bounds = bounds
    }

    /// A value as printed with `digits` digits, read back.
    static func rounded(_ v: Double, _ digits: Int) -> Double { Double(NumberText.fixed(v, digits)) ?? v }

    static func split(_ item: String, _ op: String) -> [Substring] {
        guard let r = item.firstRange(of: op) else { return [Substring(item)] }
        return [item[..<r.lowerBound], item[r.upperBound...]]
    }

    /// A configuration to judge: its name, its suite mean and its trace rows counted in the mean.
    package struct Candidate: Sendable, Equatable {
        package var name: String
        package var suiteMean: [String: Double]
        /// (trace name, figures) of the traces counted in the suite mean.
        package var traces: [Trace]

        /// One trace's figures.
        package struct Trace: Sendable, Equatable {
            package var name: String
            package var values: [String: Double]
            package init(name: String, values: [String: Double]) {
                self.name = name
                self.values = values
            }
        }

        package init(name: String, suiteMean: [String: Double], traces: [Trace] = []) {
            self.name = name
            self.suiteMean = suiteMean
            self.traces = traces
        }
    }

    /// One bound's outcome for a candidate.
    package struct Margin: Sendable, Equatable {
        package var bound: Bound
        /// The value judged (the suite mean, or the worst trace's), as bounded (magnitude for closer-to-zero).
        package var value: Double?
        /// Inside (positive) or outside (negative), in the figure's unit; `nil` when missing.
        package var margin: Double?
        /// With ``Scope/everyTrace``: the trace that came closest to (or furthest past) the bound.
        package var worstTrace: String?

        package var fits: Bool { (margin ?? -1) >= -1e-12 }
    }

    /// A candidate's outcome.
    package struct Judgement: Sendable, Equatable {
        package var name: String
        package var margins: [Margin]
        /// `|Λ|` of the suite mean (ms), for ranking.
        package var latencyMagnitudeMs: Double?
        /// Overshoot p95 of the suite mean (mm), for ties.
        package var overshootP95MM: Double?
        /// Latency removed of the suite mean (ms).
        package var latencyRemovedMs: Double?
        package var fits: Bool { margins.allSatisfy(\.fits) }
    }

    /// Every candidate's outcome and the best within the budget.
    package struct Verdict: Sendable, Equatable {
        package var budget: Budget
        package var judgements: [Judgement]
        /// The best candidate within the budget, or `nil` when none fits.
        package var best: Judgement?
        /// The candidates that fit, in the given order.
        package var fitting: [Judgement] { judgements.filter(\.fits) }
    }

    /// Judges candidates (in the given order, which breaks remaining ties).
    package func judge(_ candidates: [Candidate]) -> Verdict {
        let judgements = candidates.map(judge)
        var best: Judgement?
        for j in judgements where j.fits {
            guard let b = best else { best = j; continue }
            let jl = j.latencyMagnitudeMs ?? .infinity, bl = b.latencyMagnitudeMs ?? .infinity
            if jl < bl || (jl == bl && (j.overshootP95MM ?? .infinity) < (b.overshootP95MM ?? .infinity)) { best = j }
        }
        return Verdict(budget: self, judgements: judgements, best: best)
    }

    func judge(_ c: Candidate) -> Judgement {
        let margins = bounds.map { bound -> Margin in
            switch scope {
            case .suiteMean:
                return Margin(bound: bound, value: bound.measured(c.suiteMean), margin: bound.margin(c.suiteMean), worstTrace: nil)
            case .everyTrace:
                var worst: Margin?
                for t in c.traces {
                    let m = Margin(bound: bound, value: bound.measured(t.values), margin: bound.margin(t.values), worstTrace: t.name)
                    if worst == nil || (m.margin ?? -.infinity) < (worst?.margin ?? -.infinity) { worst = m }
                }
                return worst ?? Margin(bound: bound, value: nil, margin: nil, worstTrace: nil)
            }
        }
        let latency = Figure.perceivedLatency
        return Judgement(
            name: c.name, margins: margins,
            latencyMagnitudeMs: c.suiteMean[latency.name].map { abs(Budget.rounded($0, latency.digits)) },
            overshootP95MM: c.suiteMean[Figure.overshootP95.name].map { Budget.rounded($0, Figure.overshootP95.digits) },
            latencyRemovedMs: c.suiteMean[Figure.latencyRemoved.name])
    }

    /// The candidates of summary rows: one per strategy, in strategy order.
    package static func candidates(_ rows: [SummaryRow]) -> [Candidate] {
        // Trace rows bucketed by strategy once (a filter per strategy was quadratic).
        var traces: [String: [Candidate.Trace]] = [:]
        for r in rows where !r.isSuiteMean && r.inSuiteMean { traces[r.strategy, default: []].append(Candidate.Trace(name: r.trace, values: r.values)) }
        return rows.filter(\.isSuiteMean).sorted { $0.strategyIndex < $1.strategyIndex }.map { mean in
            Candidate(name: mean.strategy, suiteMean: mean.values, traces: traces[mean.strategy] ?? [])
        }
    }

    /// The candidates of a record's rows (a `summary.csv` read back): one per strategy.
    package static func candidates(_ record: BenchRecord) -> [Candidate] {
        var traces: [String: [Candidate.Trace]] = [:]
        for r in record.rows where !r.isSuiteMean && r.inSuiteMean {
            traces[r.strategy, default: []].append(Candidate.Trace(name: r.trace, values: r.values))
        }
        return record.rows.filter(\.isSuiteMean).map { mean in
            Candidate(name: mean.strategy, suiteMean: mean.values, traces: traces[mean.strategy] ?? [])
        }
    }
}

/// A `--budget` that cannot be used, with the item and what was expected.
package struct BudgetError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
