import InkTraces
import InkOutput
/// How a `Budget.Verdict` reads: the terminal table, the report's section and its verdict
/// sentence, from one set of cells.
///
/// ```
/// budget (suite means): overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1
/// candidate  fits  overshoot p95 mm       end overshoot max mm   latency ms  removed ms
/// linear     no    0.912 (0.412 outside)  1.310 (0.310 outside)        23.7        11.7
/// best within the budget: kalman[cap_ms=11]: |latency| 26.0 ms, 9.5 ms removed, overshoot p95 0.412 mm
/// ```
package enum BudgetTable {
    /// The header and one row per candidate: name, fits, each bound's value and margin, `Λ`, removed.
    package static func cells(_ verdict: Budget.Verdict) -> [[String]] {
        var rows: [[String]] = [
            ["candidate", "fits"] + verdict.budget.bounds.map { b in
                (Figure.named(b.figure)?.heading ?? b.figure) + (b.atLeast ? " (>=" : " (<=") + NumberText.exact(b.limit) + ")"
            } + ["|latency| ms", "removed ms"]
        ]
        for j in verdict.judgements {
            var row = [j.name, j.fits ? "yes" : "no"]
            for m in j.margins { row.append(marginText(m)) }
            row.append(j.latencyMagnitudeMs.map { NumberText.fixed($0, 1) } ?? "-")
            row.append(j.latencyRemovedMs.map { NumberText.fixed($0, 1) } ?? "-")
            rows.append(row)
        }
        return rows
    }

    /// `0.412 (0.088 inside)`, `1.310 (0.310 outside at s-curve fast)`, or `- (missing)`.
    package static func marginText(_ m: Budget.Margin) -> String {
        let digits = Figure.digits(of: m.bound.figure)
        guard let v = m.value, let margin = m.margin else { return "- (missing)" }
        let side = margin >= -1e-12 ? "inside" : "outside"
        return NumberText.fixed(v, digits) + " (" + NumberText.fixed(abs(margin), digits) + " " + side
            + (m.worstTrace.map { " at " + $0 } ?? "") + ")"
    }

    /// The line naming what the budget is and what it applies to.
    package static func title(_ verdict: Budget.Verdict) -> String {
        "budget (\(verdict.budget.scope.rawValue)): \(verdict.budget.bounds.map(\.text).joined(separator: ", "))"
    }

    /// The best within the budget, or that nothing fits (plain text; `code` marks in markdown).
    package static func bestLine(_ verdict: Budget.Verdict, markdown: Bool = false) -> String {
        let q = markdown ? "`" : ""
        guard let best = verdict.best else {
            return "no candidate fits the budget (\(verdict.judgements.count) judged): loosen a bound or shorten the horizon (see how far each is outside)"
        }
        var parts: [String] = []
        if let l = best.latencyMagnitudeMs { parts.append("|latency| \(NumberText.fixed(l, 1)) ms") }
        if let r = best.latencyRemovedMs { parts.append("\(NumberText.fixed(r, 1)) ms removed") }
        if let o = best.overshootP95MM { parts.append("overshoot p95 \(NumberText.fixed(o, 3)) mm") }
        return "best within the budget: \(q)\(best.name)\(q) (\(parts.joined(separator: ", "))); \(verdict.fitting.count) of \(verdict.judgements.count) fit"
    }

    /// The terminal text: title, table, best line.
    package static func render(_ verdict: Budget.Verdict) -> String {
        let rows = cells(verdict)
        return title(verdict) + "\n" + TextTable.render(rows, leftAligned: [0, 1]) + "\n" + bestLine(verdict)
    }

    /// A markdown table of the cells.
    package static func markdown(_ verdict: Budget.Verdict) -> String {
        let rows = cells(verdict)
        guard let header = rows.first else { return "" }
        func line(_ r: [String]) -> String { "| " + r.map { $0.replacingText("|", with: "\\|") }.joined(separator: " | ") + " |\n" }
        return line(header) + "|" + header.map { _ in " --- |" }.joined() + "\n" + rows.dropFirst().map(line).joined()
    }
}
