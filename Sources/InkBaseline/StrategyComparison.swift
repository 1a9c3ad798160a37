import InkFigures
import InkOutput
/// `bench compare`: one strategy's figures against another's (two strategies of one run, or
/// the same strategy in two results folders), judged by the benchmark model's rule
/// (`Dominance`): B is better than A only if it is no worse on both `|Λ|` and overshoot p95,
/// each within its tolerance, and better on at least one, on the same traces.
///
/// The figures compared are means over the traces both sides ran and counted toward their
/// suite means. When that is each side's own suite, they are the suite means as printed;
/// otherwise they are recomputed over the shared traces and ``note`` says so.
///
/// ```swift
/// let c = try StrategyComparison(a: record, strategyA: "linear", b: record, strategyB: "kalman-chromium",
///                                tolerances: ToleranceTable())
/// print(c.sentence)
/// // neither is better (a trade-off): kalman-chromium has more latency (+5.7 ms) and less overshoot p95 (-1.417 mm) than linear
/// ```
package struct StrategyComparison: Sendable, Equatable {
    /// The rule's outcome for B against A.
    package typealias Verdict = Dominance.Verdict

    /// The label of A and of B in output.
    package var labelA: String
    package var labelB: String
    /// Every figure of the means: A's value, B's value, and B's verdict against A.
    package var figures: [FigureChange]
    /// The rule's outcome.
    package var verdict: Verdict
    /// The traces the means are over.
    package var traces: [String]
    /// Set when the two sides ran on different traces: what was compared instead.
    package var note: String?

    /// Compares `strategyA` in `a` with `strategyB` in `b` over the traces both ran (every
    /// figure both have, or only those named in `only`).
    ///
    /// - Throws: `BaselineFileError` when a record lacks the strategy, or the two share no trace.
    package init(
        a: BenchRecord, strategyA: String, labelA: String? = nil, b: BenchRecord, strategyB: String, labelB: String? = nil,
        tolerances: ToleranceTable, only: Set<String>? = nil
    ) throws(BaselineFileError) {
        let rowsA = try Self.traceRows(a, strategyA), rowsB = try Self.traceRows(b, strategyB)
        let tracesB = Set(rowsB.map(\.trace))
        let shared = rowsA.map(\.trace).filter { tracesB.contains($0) }
        guard !shared.isEmpty else {
            throw BaselineFileError(
                path: b.source, line: nil,
                "'\(strategyA)' and '\(strategyB)' share no trace counted in a suite mean (A: \(rowsA.map(\.trace).joined(separator: ", ")); B: \(rowsB.map(\.trace).joined(separator: ", "))); nothing to compare")
        }
        self.labelA = labelA ?? strategyA
        self.labelB = labelB ?? strategyB
        self.traces = shared
        let valuesA: [String: Double], valuesB: [String: Double]
        if shared.count == rowsA.count, shared.count == rowsB.count,
            let ma = a.row(trace: BenchRecord.suiteMeanTrace, strategy: strategyA),
            let mb = b.row(trace: BenchRecord.suiteMeanTrace, strategy: strategyB)
        {
            (valuesA, valuesB) = (ma.values, mb.values)
            note = nil
        } else {
            valuesA = Self.means(rowsA.filter { shared.contains($0.trace) })
            valuesB = Self.means(rowsB.filter { shared.contains($0.trace) })
            note = "compared over the \(shared.count) traces both ran (\(self.labelA) ran on \(rowsA.count), \(self.labelB) on \(rowsB.count)): the means below are over those traces, not the suite means"
        }
        let names = a.figures.filter { (only?.contains($0) ?? true) && b.figures.contains($0) }
        let changes: [FigureChange] = names.compactMap { f in
            if valuesA[f] == nil && valuesB[f] == nil { return nil }
            return FigureChange(
                trace: BenchRecord.suiteMeanTrace, strategy: strategyB, figure: f, baselineRow: valuesA, nowRow: valuesB,
                tolerance: tolerances[f])
        }
        figures = changes
        verdict = Dominance.verdict(of: Dominance.figures.compactMap { f in changes.first { $0.figure == f.name } })
    }

    /// A strategy's trace rows that count toward its suite mean.
    static func traceRows(_ record: BenchRecord, _ strategy: String) throws(BaselineFileError) -> [BenchRecord.Row] {
        let rows = record.rows.filter { !$0.isSuiteMean && $0.strategy == strategy && $0.inSuiteMean }
        guard !rows.isEmpty else {
            throw BaselineFileError(
                path: record.source, line: nil,
                "no results for strategy '\(strategy)'; it has: \(record.strategies.map(\.name).joined(separator: ", "))")
        }
        return rows
    }

    /// The mean of each figure (every figure, or those given) over rows, skipping empty cells.
    static func means(_ rows: [BenchRecord.Row], figures: [Figure] = Figure.all) -> [String: Double] {
        var out: [String: Double] = [:]
        for f in figures {
            let xs = rows.compactMap { $0.values[f.name] }
            if !xs.isEmpty { out[f.name] = Statistics.mean(xs) }
        }
        return out
    }

    /// The verdict as a sentence.
    package var sentence: String {
        func part(_ f: Figure) -> String {
            let what = f.name == Figure.perceivedLatency.name ? "latency" : "overshoot p95"
            guard let c = figures.first(where: { $0.figure == f.name }), let d = c.change else { return "\(what) not computed" }
            var text = NumberText.signed(d, f.digits) + " " + f.unit.rawValue
            if f.direction == .closerToZeroIsBetter, let b = c.baseline, let n = c.now {
                text = "\(f.textWithUnit(b)) -> \(f.textWithUnit(n))"
            }
            switch c.verdict {
            case .regressed: return "more \(what) (\(text))"
            case .improved: return "less \(what) (\(text))"
            default: return "the same \(what) within tolerance (\(text))"
            }
        }
        // "than A" reads only after "more"/"less", so the comparison is named first.
        let detail = "compared with \(labelA), \(labelB) has \(part(.perceivedLatency)) and \(part(.overshootP95))"
        switch verdict {
        case .better: return "\(labelB) is better than \(labelA): \(detail)"
        case .worse: return "\(labelB) is worse than \(labelA): \(detail)"
        case .equivalent: return "neither is better: \(detail)"
        case .tradeOff: return "neither is better (a trade-off): \(detail)"
        }
    }

    /// A table of every figure: A, B, B - A, and whether B is better or worse.
    package func table() -> String {
        var rows = [["figure", labelA, labelB, "B - A", "tolerance", "B is"]]
        for c in figures {
            let digits = c.printedDigits
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
