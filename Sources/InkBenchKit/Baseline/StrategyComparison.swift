/// `bench compare`: one strategy's figures against another's (two strategies of one run, or
/// the same strategy in two results folders), judged by the benchmark model's rule: B is
/// better than A only if it is no worse on both perceived latency and overshoot p95 (suite
/// means, each within its tolerance) and better on at least one.
///
/// ```swift
/// let c = try StrategyComparison(a: record, strategyA: "linear", b: record, strategyB: "kalman-chromium",
///                                tolerances: ToleranceTable())
/// print(c.verdict.sentence(a: "linear", b: "kalman-chromium"))
/// // neither is better: kalman-chromium has more latency (+5.7 ms) and less overshoot (-1.417 mm)
/// ```
public struct StrategyComparison: Sendable, Equatable {
    /// The rule's outcome for B against A.
    public enum Verdict: String, Sendable, Equatable {
        case better, worse, equivalent, tradeOff = "trade-off"
    }

    /// The two figures the rule judges.
    public static let ruleFigures = ["perceived_latency_ms", "overshoot_p95_mm"]

    /// The label of A and of B in output.
    public var labelA: String
    public var labelB: String
    /// Every figure of the suite means: A's value, B's value, and B's verdict against A.
    public var figures: [FigureChange]
    /// The rule's outcome.
    public var verdict: Verdict

    /// Compares the suite-mean rows of `strategyA` in `a` and `strategyB` in `b`.
    ///
    /// - Throws: ``BaselineFileError`` when a record has no suite mean for the strategy.
    public init(
        a: BenchRecord, strategyA: String, labelA: String? = nil, b: BenchRecord, strategyB: String, labelB: String? = nil,
        tolerances: ToleranceTable
    ) throws(BaselineFileError) {
        guard let rowA = a.row(trace: BenchRecord.suiteMeanTrace, strategy: strategyA) else {
            throw BaselineFileError(path: a.source, line: nil, "no suite mean for strategy '\(strategyA)'; it has: \(a.strategies.map(\.name).joined(separator: ", "))")
        }
        guard let rowB = b.row(trace: BenchRecord.suiteMeanTrace, strategy: strategyB) else {
            throw BaselineFileError(path: b.source, line: nil, "no suite mean for strategy '\(strategyB)'; it has: \(b.strategies.map(\.name).joined(separator: ", "))")
        }
        self.labelA = labelA ?? strategyA
        self.labelB = labelB ?? strategyB
        let names = a.figures.filter { b.figures.contains($0) }
        let figures: [FigureChange] = names.compactMap { f in
            let x = rowA.values[f], y = rowB.values[f]
            if x == nil && y == nil { return nil }
            return FigureChange(trace: BenchRecord.suiteMeanTrace, strategy: strategyB, figure: f, baseline: x, now: y, tolerance: tolerances[f])
        }
        self.figures = figures
        let judged = Self.ruleFigures.compactMap { f in figures.first { $0.figure == f }?.verdict }
        let worse = judged.contains(.regressed), better = judged.contains(.improved)
        verdict = worse && better ? .tradeOff : worse ? .worse : better ? .better : .equivalent
    }

    /// The verdict as a sentence.
    public var sentence: String {
        func part(_ f: String) -> String {
            guard let c = figures.first(where: { $0.figure == f }), let d = c.change else { return "\(f) not computed" }
            let what = f == "perceived_latency_ms" ? "latency" : "overshoot p95"
            let text = NumberText.signed(d, NumberText.digits(for: f)) + " " + NumberText.unit(of: f)
            switch c.verdict {
            case .regressed: return "more \(what) (\(text))"
            case .improved: return "less \(what) (\(text))"
            default: return "the same \(what) within tolerance (\(text))"
            }
        }
        let detail = "\(labelB) has \(part("perceived_latency_ms")) and \(part("overshoot_p95_mm")) than \(labelA)"
        switch verdict {
        case .better: return "\(labelB) is better than \(labelA): \(detail)"
        case .worse: return "\(labelB) is worse than \(labelA): \(detail)"
        case .equivalent: return "neither is better: \(detail)"
        case .tradeOff: return "neither is better (a trade-off): \(detail)"
        }
    }

    /// A table of every suite-mean figure: A, B, B - A, and whether B is better or worse.
    public func table() -> String {
        var rows = [["figure", labelA, labelB, "B - A", "tolerance", "B is"]]
        for c in figures {
            let digits = NumberText.digits(for: c.figure) + 1
            let judgement: String
            switch c.verdict {
            case .regressed: judgement = "worse"
            case .improved: judgement = "better"
            case .changed: judgement = "different"
            case .unchanged: judgement = "same"
            }
            rows.append([
                c.figure, c.baseline.map { NumberText.fixed($0, digits) } ?? "empty", c.now.map { NumberText.fixed($0, digits) } ?? "empty",
                c.change.map { NumberText.signed($0, digits) } ?? "-", c.toleranceText, judgement,
            ])
        }
        return TextTable.render(rows, leftAligned: [0, 5])
    }
}
