/// One figure of one (trace, strategy) row that moved between a baseline and a run, with its
/// verdict.
///
/// ```swift
/// let c = FigureChange(trace: "suite mean", strategy: "linear", figure: "overshoot_p95_mm",
///                      baseline: 4.049, now: 4.312, tolerance: FigureTolerance(absolute: 0.05, unit: "mm"))
/// c.verdict   // .regressed
/// ```
public struct FigureChange: Sendable, Equatable {
    /// What a check concludes about one figure.
    public enum Verdict: String, Sendable, Equatable, CaseIterable {
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

    public var trace: String
    public var strategy: String
    public var figure: String
    /// The baseline's value; `nil` for an empty cell.
    public var baseline: Double?
    /// This run's value; `nil` for an empty cell.
    public var now: Double?
    public var tolerance: FigureTolerance
    /// The row's seed-to-seed spread of this figure in the baseline (0 when unknown or clean).
    public var spread: Double
    public var verdict: Verdict

    /// How many times its seed-to-seed spread a row's tolerance is widened to.
    public static let spreadFactor = 1.25

    /// Judges a change of `figure` from `baseline` to `now` under `tolerance`, widened to
    /// ``spreadFactor`` times the row's seed-to-seed `spread`.
    public init(
        trace: String, strategy: String, figure: String, baseline: Double?, now: Double?, tolerance: FigureTolerance,
        spread: Double = 0
    ) {
        self.trace = trace
        self.strategy = strategy
        self.figure = figure
        self.baseline = baseline
        self.now = now
        self.tolerance = tolerance
        self.spread = spread
        self.verdict = .unchanged
        self.verdict = judge()
    }

    /// The largest change that counts as unchanged.
    public var allowed: Double {
        max(tolerance.allowed(baseline: baseline ?? 0), Self.spreadFactor * spread)
    }

    /// Whether the row's seed spread, not the figure's tolerance, sets ``allowed``.
    public var allowedBySpread: Bool { Self.spreadFactor * spread > tolerance.allowed(baseline: baseline ?? 0) }

    /// The tolerance as shown: `±0.05 mm`, or `±0.412 mm (seed spread)` when the spread sets it.
    public var toleranceText: String {
        if allowedBySpread {
            let unit = NumberText.unit(of: figure)
            return "±" + NumberText.fixed(allowed, NumberText.digits(for: figure) + 1) + (unit.isEmpty ? "" : " \(unit)") + " (seed spread)"
        }
        return "±" + tolerance.description
    }

    /// `now - baseline`, when both exist.
    public var change: Double? {
        guard let baseline, let now else { return nil }
        return now - baseline
    }

    /// Whether the figure moved at all (a different value, or a cell that became empty or full).
    public var moved: Bool { baseline != now }

    func judge() -> Verdict {
        let direction = FigureDirection.of(figure)
        switch (baseline, now) {
        case (nil, nil): return .unchanged
        case (nil, .some): return .changed
        case (.some, nil): return direction == .neutral ? .changed : .regressed
        case (.some(let b), .some(let n)):
            let allowed = self.allowed
            if abs(n - b) <= allowed { return .unchanged }
            if direction == .fartherFromZeroIsWorse && abs(abs(n) - abs(b)) <= allowed { return .changed }
            switch direction.verdict(from: b, to: n) {
            case .worse: return .regressed
            case .better: return .improved
            case .same, .different: return .changed
            }
        }
    }
}
