import InkOutput
/// The outcome of `bench check`: every figure that moved, with its verdict, rendered as a
/// terminal table and as GitHub Markdown for `$GITHUB_STEP_SUMMARY`.
///
/// Rows are ordered regressed, improved, changed, within tolerance, and within each in the
/// baseline's order, so the same comparison always prints the same bytes.
///
/// ```swift
/// let report = try BaselineCheck.compare(baseline: old, now: new, tolerances: ToleranceTable())
/// print(report.terminalText())
/// try report.appendMarkdown(toFile: summaryPath)
/// ```
package struct CheckReport: Sendable, Equatable {
    /// The baseline's path.
    package var baseline: String
    /// Where the run's figures came from (`this run` or a results folder).
    package var now: String
    /// Figure values compared.
    package var compared: Int
    /// Every figure that moved.
    package var changes: [FigureChange]
    /// Remarks that do not fail the check.
    package var notes: [String]
    /// Lines describing the run (suite, timing, seed), printed above the table.
    package var context: [String] = []

    package init(baseline: String, now: String, compared: Int, changes: [FigureChange], notes: [String]) {
        self.baseline = baseline
        self.now = now
        self.compared = compared
        self.changes = changes
        self.notes = notes
    }

    /// The figures that regressed.
    package var regressions: [FigureChange] { changes.filter { $0.verdict == .regressed } }
    /// The figures that improved.
    package var improvements: [FigureChange] { changes.filter { $0.verdict == .improved } }

    /// 1 when a figure regressed, else 0.
    package var exitCode: Int32 { regressions.isEmpty ? 0 : 1 }

    /// The changes in report order.
    var orderedChanges: [FigureChange] {
        let rank: [FigureChange.Verdict: Int] = [.regressed: 0, .improved: 1, .changed: 2, .unchanged: 3]
        return changes.enumerated().sorted { a, b in
            let ra = rank[a.element.verdict] ?? 9, rb = rank[b.element.verdict] ?? 9
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    /// One line: passed or failed, and the counts.
    package var verdictLine: String {
        let r = regressions.count, i = improvements.count
        let moved = changes.count
        if r > 0 {
            let names = orderedChanges.filter { $0.verdict == .regressed }.prefix(3).map { "\($0.figure) of \($0.strategy) on \($0.trace)" }
            return "check FAILED: \(r) figure\(r == 1 ? "" : "s") regressed (\(names.joined(separator: "; "))\(r > 3 ? "; ..." : "")), "
                + "\(i) improved, \(compared) compared"
        }
        if moved == 0 { return "check passed: \(compared) figures compared, none moved" }
        return "check passed: \(compared) figures compared, \(moved) moved, none regressed (\(i) improved)"
    }

    /// The cells of each moved figure: trace, strategy, figure, baseline, now, change, tolerance, verdict.
    package func cells() -> [[String]] {
        orderedChanges.map { c in
            let digits = c.printedDigits
            var change = "-"
            if let d = c.change {
                change = NumberText.signed(d, digits)
                if let b = c.baseline, b != 0 { change += " (" + NumberText.signed(d / abs(b) * 100, 1) + "%)" }
            } else if c.baseline == nil {
                change = "now computed"
            } else {
                change = "now empty"
            }
            return [
                c.trace, c.strategy, c.figure, c.baseline.map { NumberText.fixed($0, digits) } ?? "empty",
                c.now.map { NumberText.fixed($0, digits) } ?? "empty", change, c.toleranceText,
                c.verdict == .regressed ? "REGRESSED" : c.verdict.rawValue,
            ]
        }
    }

    static let header = ["trace", "strategy", "figure", "baseline", "now", "change", "tolerance", "verdict"]

    /// The terminal text: context, notes, the table of moved figures, and the verdict line.
    package func terminalText() -> String {
        var lines: [String] = ["baseline: \(baseline)", "compared with: \(now)"] + context
        for n in notes { lines.append("note: \(n)") }
        let rows = cells()
        if !rows.isEmpty { lines.append(""); lines.append(TextTable.render([Self.header] + rows, leftAligned: [0, 1, 2, 7])) }
        lines.append("")
        lines.append(verdictLine)
        return lines.joined(separator: "\n")
    }

    /// GitHub Markdown: a heading with the verdict, the context, and the table of moved figures.
    package func markdown() -> String {
        var out = "### InkBench check: " + (regressions.isEmpty ? "passed" : "FAILED") + "\n\n"
        out += verdictLine.prefix(1).uppercased() + verdictLine.dropFirst() + ".\n\n"
        out += "- baseline: `\(baseline)`\n- compared with: \(now)\n"
        for c in context { out += "- \(Self.escape(c))\n" }
        for n in notes { out += "- note: \(Self.escape(n))\n" }
        let rows = cells()
        if !rows.isEmpty {
            out += "\n| " + Self.header.joined(separator: " | ") + " |\n"
            out += "|" + Self.header.indices.map { $0 >= 3 && $0 <= 6 ? " ---: |" : " --- |" }.joined() + "\n"
            for row in rows {
                var cells = row.map(Self.escape)
                if cells[7] == "REGRESSED" { cells[7] = "**regressed**" }
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    /// Escapes text for a Markdown table cell or list item.
    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "|": out += "\\|"
            case "\n": out += " "
            case "*", "_", "`", "<", ">", "[", "]": out += "\\" + String(ch)
            default: out.append(ch)
            }
        }
        return out
    }
}
