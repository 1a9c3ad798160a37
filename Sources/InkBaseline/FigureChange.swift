import InkFigures
import InkOutput
/// One figure of one (trace, strategy) row that moved between a baseline and a run, with its
/// verdict.
///
/// ```swift
/// let c = FigureChange(trace: "suite mean", strategy: "linear", figure: "overshoot_p95_mm",
///                      baseline: 4.049, now: 4.312, tolerance: FigureTolerance(absolute: 0.05, unit: "mm"))
/// c.verdict   // .regressed
/// ```
package struct FigureChange: Sendable, Equatable {
    /// What a check concludes about one figure.
    package enum Verdict: String, Sendable, Equatable, CaseIterable {
        /// Worse by more than the tolerance (or no longer computed): the check fails.
        case regressed
        /// Better by more than the tolerance: reported, never a failure.
        case improved
        /// Moved, but within the tolerance.
        case unchanged = "within tolerance"
        /// A figure without a better direction (a horizon, a share) moved beyond its tolerance, or
        /// a figure became computable: reported, never a failure.
        case changed
    }

    package var trace: String
    package var strategy: String
    package var figure: String
    /// The baseline's value; `nil` for an empty cell.
    package var baseline: Double?
    /// This run's value; `nil` for an empty cell.
    package var now: Double?
    package var tolerance: FigureTolerance
    /// What judges the change (``Figure/cost(in:)``: the value, its magnitude, or another
    /// figure's magnitude) in the baseline's row and in this run's; `nil` when the figure has no
    /// better direction or the row lacks the value.
    var costs: (baseline: Double?, now: Double?)
    /// The row's seed-to-seed spread of this figure in the baseline (0 when unknown or clean).
    package var spread: Double
    package var verdict: Verdict

    /// How many times its seed-to-seed spread a row's tolerance is widened to.
    static let spreadFactor = 1.25

    /// Judges a change of `figure` between two rows (each figure by CSV name) under
    /// `tolerance`, widened to ``spreadFactor`` times the baseline row's seed-to-seed `spread`.
    /// The figure's registry entry says which way is better (``Figure/cost(in:)``): latency
    /// removed, for example, is judged by `|Λ|` of the same rows.
    package init(
        trace: String, strategy: String, figure: String, baselineRow: [String: Double], nowRow: [String: Double],
        tolerance: FigureTolerance, spread: Double = 0
    ) {
        self.trace = trace
        self.strategy = strategy
        self.figure = figure
        self.baseline = baselineRow[figure]
        self.now = nowRow[figure]
        self.tolerance = tolerance
        self.spread = spread
        let entry = Figure.named(figure)
        self.costs = (entry?.cost(in: baselineRow), entry?.cost(in: nowRow))
        self.verdict = .unchanged
        self.verdict = judge()
    }

    /// Judges a figure on its own values (a figure whose cost is not another figure's).
    package init(
        trace: String, strategy: String, figure: String, baseline: Double?, now: Double?, tolerance: FigureTolerance,
        spread: Double = 0
    ) {
        var a: [String: Double] = [:], b: [String: Double] = [:]
        a[figure] = baseline
        b[figure] = now
        self.init(trace: trace, strategy: strategy, figure: figure, baselineRow: a, nowRow: b, tolerance: tolerance, spread: spread)
    }

    package static func == (a: FigureChange, b: FigureChange) -> Bool {
        a.trace == b.trace && a.strategy == b.strategy && a.figure == b.figure && a.baseline == b.baseline && a.now == b.now
            && a.tolerance == b.tolerance && a.costs.baseline == b.costs.baseline && a.costs.now == b.costs.now
            && a.spread == b.spread && a.verdict == b.verdict
    }

    /// The largest change that counts as unchanged.
    package var allowed: Double {
        max(tolerance.allowed(baseline: baseline ?? 0), Self.spreadFactor * spread)
    }

    /// Whether the row's seed spread, not the figure's tolerance, sets ``allowed``.
    var allowedBySpread: Bool { Self.spreadFactor * spread > tolerance.allowed(baseline: baseline ?? 0) }

    /// The tolerance as shown: `±0.05 mm`, or `±0.412 mm (seed spread)` when the spread sets it.
    var toleranceText: String {
        if allowedBySpread {
            let unit = Figure.unitText(of: figure)
            return "±" + NumberText.fixed(allowed, Figure.digits(of: figure) + 1) + (unit.isEmpty ? "" : " \(unit)") + " (seed spread)"
        }
        return "±" + tolerance.description
    }

    /// `now - baseline`, when both exist.
    package var change: Double? {
        guard let baseline, let now else { return nil }
        return now - baseline
    }

    /// The digits a change is printed with: one more than the figure's own.
    var printedDigits: Int { Figure.digits(of: figure) + 1 }

    /// Whether the figure moved visibly: a cell that became empty or full, or a value that
    /// prints differently at ``printedDigits`` (a difference that prints as +0.0000 has not moved).
    package var moved: Bool {
        switch (baseline, now) {
        case (nil, nil): false
        case (.some(let b), .some(let n)): NumberText.fixed(b, printedDigits) != NumberText.fixed(n, printedDigits)
        default: true
        }
    }

    func judge() -> Verdict {
        let descriptive = Figure.named(figure).map { $0.direction == .descriptive } ?? true
        switch (baseline, now) {
        case (nil, nil): return .unchanged
        case (nil, .some): return .changed
        case (.some, nil): return descriptive ? .changed : .regressed
        case (.some(let b), .some(let n)):
            let allowed = self.allowed
            if abs(n - b) <= allowed { return .unchanged }
            guard let cb = costs.baseline, let cn = costs.now else { return .changed }
            if abs(cn - cb) <= allowed { return .changed }
            return cn > cb ? .regressed : .improved
        }
    }
}
