#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkBaseline
import InkFigures
import InkOutput

/// The design-review report of a results folder: `report.md` and a self-contained
/// `report.html` (SVG charts embedded), built from the run's ``SummaryRow`` rows (in memory
/// after `bench run`; read back from `summary.csv` by `SummaryCSV.read(_:path:)` for
/// `bench report`), `manifest.json` and the charts.
///
/// Sections, the answer first: the pick and its reason in one sentence (``Answer``, against the
/// run's budget or the default one), the trade-off chart, the suite-mean table (best value of
/// each column in bold), the verdict and the budget; then the details: timing, suite and
/// strategy parameters, per-trace tables, the reading of each strategy's trade-off, the other
/// charts, provenance. Strategies carry the colour and glyph of their charts' style
/// (``StrategyStyle``) in the HTML tables.
///
/// ```swift
/// let report = try Report(rows: rows, manifest: manifest, charts: scripts, rendered: true)
/// try out.write("report.md", text: report.markdown())
/// try out.write("report.html", text: report.html(svg: { name in try? out.read(name + ".svg") }))
/// ```
package struct Report: Sendable {
    /// The suite-mean table's figures: the registry's shown in ``/InkFigures/Figure/Views/reportSuite``.
    static let suiteColumns = Figure.shown(in: .reportSuite)

    /// The per-trace table's figures: the headline figures.
    static let traceColumns = Figure.headlines

    /// A table cell: its text and whether it holds the best value of its column.
    package struct Cell: Sendable, Equatable {
        package var text: String
        package var best: Bool
    }

    /// The rows of `summary.csv`: per trace and strategy, then the suite means.
    package var rows: [SummaryRow]
    /// The same rows as a record, for the verdict and the readings (`TradeoffReading`): made
    /// from `rows` here, so a fresh run and `bench report` judge the same model.
    package var record: BenchRecord
    /// The reading of the trade-off (and the front the answer names), computed once from
    /// ``record`` for both `report.md` and `report.html`.
    package var reading: TradeoffReading
    package var manifest: Manifest?
    package var charts: [ChartScript]
    /// Whether the charts were rendered (SVG and PNG exist).
    package var rendered: Bool
    /// Why not, when they were not.
    package var chartsNote: String?
    /// The budget the run was judged against (the manifest's `budget` and `budget-per-trace`,
    /// else ``Budget/defaultText``; `nil` with `--budget none`) and where it came from: parsed
    /// once, here.
    package var budget: (budget: Budget?, origin: Answer.Origin)

    /// - Throws: `BudgetError` when the manifest records a `budget` that is not one.
    package init(
        rows: [SummaryRow], manifest: Manifest?, charts: [ChartScript], rendered: Bool, chartsNote: String? = nil
    ) throws(BudgetError) {
        self.rows = rows
        self.record = BenchRecord(summaryRows: rows, source: "summary.csv")
        self.reading = TradeoffReading(record: record)
        self.manifest = manifest
        self.charts = charts
        self.rendered = rendered
        self.chartsNote = chartsNote
        self.budget = try Budget.recorded(manifest?.options ?? [:])
    }

    /// A table of rows (indices into ``rows``) with the best value of each column marked.
    package func table(rows: [Int], columns: [Figure], leading: [(String, (Int) -> String)]) -> (header: [String], cells: [[Cell]]) {
        let summary = self.rows
        var header = leading.map(\.0)
        header += columns.map(\.heading)
        // Only rows over the same traces compete for "best": a strategy that ran on fewer traces
        // (recorded) has means over other strokes.
        let traceCounts = rows.map { summary[$0].traces }
        let usual = Dictionary(traceCounts.map { ($0, 1) }, uniquingKeysWith: +).max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        var bestRows: [Set<Int>] = []
        for column in columns {
            func score(_ k: Int) -> Double? {
                // The cost as printed (rounded to the column's digits), so ties show as ties.
                var values: [String: Double] = [:]
                for name in [column.name, column.judgedFigure.name] {
                    if let v = summary[rows[k]].values[name] {
                        values[name] = Double(NumberText.fixed(v, Figure.digits(of: name))) ?? v
                    }
                }
                return column.cost(in: values)
            }
            // `none` is the baseline: it always wins on overshoot, so it is not marked.
            let candidates = Set(rows.indices.filter {
                (rows.count == 1 || summary[rows[$0]].strategy != "none") && traceCounts[$0] == usual
            })
            let scores = rows.indices.map { candidates.contains($0) ? score($0) : nil }
            let bestScore = scores.compactMap { $0 }.min()
            bestRows.append(Set(rows.indices.filter { bestScore != nil && scores[$0] == bestScore && rows.count > 1 }))
        }
        let cells = rows.enumerated().map { k, row in
            leading.map { Cell(text: $0.1(row), best: false) }
                + columns.enumerated().map { c, column in
                    var text = summary[row].values[column.name].map { NumberText.fixed($0, column.digits) } ?? "–"
                    if let sd = summary[row].spreads[column.name] { text += " ± " + NumberText.fixed(sd, column.digits) }
                    if column.name == "perceived_latency_ms" && summary[row].perceivedLatencyAtEdge { text += " (edge)" }
                    return Cell(text: text, best: bestRows[c].contains(k))
                }
        }
        return (header, cells)
    }

    /// The suite table's first columns: the strategy, and the traces it ran on.
    var suiteLeading: [(String, (Int) -> String)] {
        [("strategy", { rows[$0].strategy }), ("traces", { String(rows[$0].traces) })]
    }

    /// A warning when strategies ran on different sets of traces (`recorded` runs only on recordings that carry predictions).
    var mixedTraceSets: String? {
        let counts = Set(suiteRows.map { rows[$0].traces })
        return counts.count > 1 ? "Strategies ran on different numbers of traces (the `traces` column): compare their suite means with care, or the per-trace tables." : nil
    }

    var suiteRows: [Int] { rows.indices.filter { rows[$0].isSuiteMean } }
    var traceNames: [String] {
        var seen: [String] = []
        for r in rows where !r.isSuiteMean && !seen.contains(r.trace) { seen.append(r.trace) }
        return seen
    }

    /// The per-trace table of one trace.
    func traceTable(_ trace: String) -> (header: [String], cells: [[Cell]]) {
        table(
            rows: rows.indices.filter { rows[$0].trace == trace }, columns: Report.traceColumns,
            leading: [("strategy", { rows[$0].strategy })])
    }

    /// The verdict the report opens with: the strategies no other is better than.
    package func verdict(_ reading: TradeoffReading) -> String {
        let front = reading.front.filter { $0 != "none" }
        guard !front.isEmpty else { return "**Verdict:** no predicting strategy is on the trade-off front: `none` is better than each of them." }
        return "**Verdict:** on these traces, no strategy is better than " + front.map { "`\($0)`" }.joined(separator: ", ")
            + " (no worse on both |perceived latency| and overshoot p95 within tolerance, and better on one); every other strategy is dominated. Choose among them by how much overshoot you accept: see the readings below."
            + (budgetVerdict.map { " **Within the budget** (" + $0.budget.bounds.map(\.text).joined(separator: ", ") + ", \($0.budget.scope.rawValue)): " + BudgetTable.bestLine($0, markdown: true) + "." } ?? "")
    }

    /// The run's budget (`--budget` in the manifest's options, else ``Budget/defaultText``;
    /// none with `--budget none`) judged on the summary's strategies, or `nil`.
    var budgetVerdict: Budget.Verdict? {
        budget.budget?.judge(Budget.candidates(record))
    }

    /// The answer the report opens with and the terminal ends with.
    package var answer: Answer { Report.answer(record: record, front: reading.front, budget: budget) }

    /// The answer for summary rows and a run's recorded options: the one rule the report and
    /// the terminal both use, so they print the same sentence.
    ///
    /// - Throws: `BudgetError` when `options` record a `budget` that is not one.
    package static func answer(rows: [SummaryRow], options: [String: String]) throws(BudgetError) -> Answer {
        let record = BenchRecord(summaryRows: rows, source: "summary.csv")
        return answer(record: record, front: TradeoffReading(record: record).front, budget: try Budget.recorded(options))
    }

    /// The answer for a record whose trade-off front is known, against a budget parsed once.
    static func answer(record: BenchRecord, front: [String], budget: (budget: Budget?, origin: Answer.Origin)) -> Answer {
        Answer(verdict: budget.budget?.judge(Budget.candidates(record)), origin: budget.origin, front: front)
    }

    /// The strategies' chart styles by name, in run order.
    var styles: [String: StrategyStyle] {
        let names = rows.filter(\.isSuiteMean).sorted { $0.strategyIndex < $1.strategyIndex }.map(\.strategy)
        return Dictionary(zip(names, StrategyStyle.styles(for: names)), uniquingKeysWith: { a, _ in a })
    }

    /// The budget section's paragraphs (markdown), or none without a budget.
    var budgetSection: (intro: String, table: String, best: String)? {
        guard let v = budgetVerdict else { return nil }
        let origin = budget.origin
        let intro = (origin == .defaultBudget ? "**Budget (the default; give `--budget` for your own, `--budget none` for none):** " : "**Budget:** ") + v.budget.bounds.map { "`\($0.text)`" }.joined(separator: ", ") + ", applied to "
            + (v.budget.scope == .suiteMean ? "each strategy's suite mean" : "every trace counted in the suite mean (the worst trace is named)")
            + ". A bound on a closer-to-zero figure bounds its magnitude; values are compared as printed. Each cell: the value, and how far it is inside or outside the bound. The best within the budget has the smallest |perceived latency| (the most latency removed without running ahead of the pen), ties broken by overshoot p95."
        return (intro, BudgetTable.markdown(v), BudgetTable.bestLine(v, markdown: true) + ".")
    }

    var heading: [String] {
        var lines: [String] = []
        let timing = manifest?.timingSummary ?? "(manifest.json missing: timing unknown)"
        lines.append("**Timing:** \(timing).")
        if let m = manifest {
            let seeds = m.seeds.map(String.init).joined(separator: ", ")
            lines.append("**Suite:** `\(m.suite)`, \(m.traces.count) traces (\(m.traces.map { "`\($0.name)`" }.joined(separator: ", "))); seeds for noisy traces: \(seeds)\(m.seeds.count > 1 ? " (figures are means over seeds, ± the sample standard deviation)" : "").")
            lines.append("**Strategies:** \(m.strategies.map { s in "`\(s.name)`" + (s.parameters.isEmpty ? "" : " (" + s.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + ")") }.joined(separator: ", ")).")
            let carrying = m.strategies.filter { $0.carriesAcrossStrokes == true }.map { "`\($0.name)`" }
            if !carrying.isEmpty {
                lines.append("**State across strokes:** \(carrying.joined(separator: ", ")) keep\(carrying.count == 1 ? "s" : "") state from one stroke to the next of each trace (benchmark model, section 4a); every other strategy starts each stroke afresh.")
            }
        }
        return lines
    }

    var provenance: [String] {
        guard let m = manifest else { return ["InkBench \(InkBenchVersion.current); no manifest.json in the folder."] }
        return [
            "Tool: InkBench \(m.version), git commit \(m.gitCommit.map { "`\($0)`" } ?? "unknown")\(m.gitDirty == true ? " with uncommitted changes" : "").",
            "Command: `bench \((m.arguments.first == m.command || m.arguments.first == "merge" ? m.arguments : [m.command] + m.arguments).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " "))`; every option, the seeds and a SHA-256 of each input and output file are in `manifest.json`.",
            "Replay: \(m.samplesReplayed) input samples in \(NumberText.fixed(m.replaySeconds, 2)) s; whole run \(NumberText.fixed(m.elapsedSeconds, 2)) s.",
        ]
    }

    static let bestNote = "The best value of each column among the predicting strategies is in bold (`none` is the baseline): lowest, except latency and lead (closest to zero: ink ahead of the pen is not better than ink behind it; overshoot counts it) and latency removed (the row with the latency closest to zero)."

    // MARK: - Markdown

    /// `report.md`; the charts are linked as `<name>.svg` beside it.
    package func markdown() -> String {
        var md = "# InkBench report\n\n"
        md += "**\(answer.text(markdown: true))**\n\n"
        let tradeoff = charts.first { $0.name == "tradeoff" }
        if let c = tradeoff {
            md += rendered ? "![\(c.title)](\(c.name).svg)\n\n" : "_Trade-off chart not rendered: \(chartsNote ?? "gnuplot was not run")._ Script: `\(c.name).gp`.\n\n"
        }
        md += "## Summary: suite means\n\n"
        let suite = table(rows: suiteRows, columns: Report.suiteColumns, leading: suiteLeading)
        md += markdownTable(suite) + "\n" + Report.bestNote + (mixedTraceSets.map { " " + $0 } ?? "") + "\n\n"
        md += verdict(reading) + "\n\n"
        if let b = budgetSection { md += "## Budget\n\n" + b.intro + "\n\n" + b.table + "\n" + b.best + "\n\n" }
        if let section = breakdown { md += section.markdown }
        md += "## Details\n\n" + heading.joined(separator: "\n") + "\n\n"
        md += "## Per trace\n\n"
        for trace in traceNames {
            md += "### \(trace)\n\n" + markdownTable(traceTable(trace)) + "\n"
        }
        md += "## Reading the trade-off\n\n"
        for r in reading.sentences { md += "- \(r.text)\n" }
        md += "\n## Charts\n\n"
        if !rendered { md += "_Charts not rendered: \(chartsNote ?? "gnuplot was not run")._ The `.gp` scripts are in the folder: run `gnuplot NAME.gp` there.\n\n" }
        for c in charts {
            md += "### \(c.title)\n\n"
            if rendered && c.name != "tradeoff" { md += "![\(c.title)](\(c.name).svg)\n\n" }
            md += "\(c.about)\(c.name == "tradeoff" && rendered ? " (The chart is at the top of the report.)" : "") Script: `\(c.name).gp`.\n\n"
        }
        md += "## Provenance\n\n" + provenance.map { "- " + $0 }.joined(separator: "\n") + "\n"
        return md
    }

    func markdownTable(_ t: (header: [String], cells: [[Cell]])) -> String {
        func escape(_ s: String) -> String { s.replacingText("|", with: "\\|") }
        var s = "| " + t.header.map(escape).joined(separator: " | ") + " |\n"
        s += "|" + t.header.enumerated().map { $0.offset == 0 ? "---" : "---:" }.joined(separator: "|") + "|\n"
        for row in t.cells {
            s += "| " + row.map { $0.best ? "**\(escape($0.text))**" : escape($0.text) }.joined(separator: " | ") + " |\n"
        }
        return s
    }

    // MARK: - HTML

    /// `report.html`, self-contained: `svg` gives each chart's SVG text (`nil`: not embedded).
    package func html(svg: (String) -> String?) -> String {
        let inline = Report.htmlInline, esc = Report.htmlEscape, styles = self.styles
        var h = Report.htmlHead
        h += "<p class=\"answer\" id=\"answer\"><strong>\(inline(answer.text(markdown: true)))</strong></p>\n"
        if let c = charts.first(where: { $0.name == "tradeoff" }) {
            h += "<figure id=\"top-tradeoff\">" + (svgText(c.name, svg).map { $0 + "\n" } ?? "<p><em>Trade-off chart not rendered: \(esc(chartsNote ?? "gnuplot was not run")).</em> Script: <code>\(c.name).gp</code>.</p>\n")
            h += "<figcaption>\(inline(c.about)) Script: <code>\(c.name).gp</code>.</figcaption></figure>\n"
        }
        h += "<h2 id=\"summary\">Summary: suite means</h2>\n"
        h += htmlTable(self.table(rows: suiteRows, columns: Report.suiteColumns, leading: suiteLeading), styles: styles)
        h += "<p>\(inline(Report.bestNote + (mixedTraceSets.map { " " + $0 } ?? "")))</p>\n"
        h += "<p class=\"verdict\">\(inline(verdict(reading)))</p>\n"
        h += htmlBudget()
        if let section = breakdown { h += section.html(inline: inline, esc: esc) }
        h += "<h2 id=\"details\">Details</h2>\n" + heading.map { "<p>\(inline($0))</p>\n" }.joined()
        h += "<h2>Per trace</h2>\n"
        for trace in traceNames {
            h += "<h3>\(esc(trace))</h3>\n" + htmlTable(traceTable(trace), styles: styles)
        }
        h += "<h2>Reading the trade-off</h2>\n<ul>\n" + reading.sentences.map { "<li>\(inline($0.text))</li>\n" }.joined() + "</ul>\n<h2>Charts</h2>\n"
        h += htmlCharts(svg: svg)
        h += "<h2>Provenance</h2>\n<ul>\n" + provenance.map { "<li>\(inline($0))</li>\n" }.joined() + "</ul>\n</body></html>\n"
        return h
    }

    /// Text escaped for HTML (`&`, `<`, `>`, `"`), byte by byte (every other byte is kept).
    static func htmlEscape(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        for byte in s.utf8 { appendEscaped(byte, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The shared text's `code` and **bold** as HTML, the rest escaped (``htmlEscape(_:)``), in
    /// one pass over the bytes.
    static func htmlInline(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 32)
        var code = false, bold = false
        let bytes = Array(s.utf8)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "`") {
                out += Array((code ? "</code>" : "<code>").utf8)
                code.toggle()
            } else if byte == UInt8(ascii: "*"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                out += Array((bold ? "</strong>" : "<strong>").utf8)
                bold.toggle()
                i += 1
            } else {
                appendEscaped(byte, to: &out)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `byte`, or its entity for `&`, `<`, `>` and `"`.
    private static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "&"): out += [0x26, 0x61, 0x6D, 0x70, 0x3B]  // &amp;
        case UInt8(ascii: "<"): out += [0x26, 0x6C, 0x74, 0x3B]  // &lt;
        case UInt8(ascii: ">"): out += [0x26, 0x67, 0x74, 0x3B]  // &gt;
        case UInt8(ascii: "\""): out += [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B]  // &quot;
        default: out.append(byte)
        }
    }

    /// The page's head (title, styles) and heading, up to the answer.
    static let htmlHead = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>InkBench report</title>
        <style>
        body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; max-width: 1250px; margin: 1em auto; padding: 0 1em; color: #222; line-height: 1.45; }
        h1 { font-size: 1.4em; margin: 0.2em 0; }
        p.answer { font-size: 1.1em; background: #eef4fb; border-left: 4px solid #0072B2; padding: 0.4em 0.8em; margin: 0.4em 0; }
        figure#top-tradeoff { margin: 0.3em 0 1em; } figure#top-tradeoff svg { max-height: calc(100vh - 11em); width: auto; max-width: 100%; }
        .sw { font-size: 1.1em; }
        .scroll { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }
        p.verdict { background: #eef4fb; border-left: 4px solid #3a7bd5; padding: 0.5em 0.8em; }
        @media print { body { max-width: none; margin: 0; font-size: 10pt; } .scroll { overflow: visible; }
          table { font-size: 8pt; } figure { break-inside: avoid; } h2, h3 { break-after: avoid; } p.verdict { border: 1px solid #888; } }
        th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.5em; text-align: right; white-space: nowrap; }
        th { white-space: normal; vertical-align: bottom; min-width: 3.5em; }
        th.l, td.l { text-align: left; }
        td.best { background: #e6f4e6; }
        code { background: #f3f3f3; padding: 0 0.2em; }
        figure { margin: 1em 0 2em; } figure svg { max-width: 100%; height: auto; }
        figcaption { color: #555; font-size: 0.9em; }
        </style></head><body>
        <h1>InkBench report</h1>

        """

    /// A table of cells as HTML, each row led by its strategy's swatch (its charts' colour and
    /// glyph), best values bold.
    func htmlTable(_ t: (header: [String], cells: [[Cell]]), styles: [String: StrategyStyle]) -> String {
        let esc = Report.htmlEscape
        var s = "<div class=\"scroll\"><table>\n<tr>" + t.header.enumerated().map { "<th\($0.offset == 0 ? " class=\"l\"" : "")>\(esc($0.element))</th>" }.joined() + "</tr>\n"
        for row in t.cells {
            s += "<tr>" + row.enumerated().map { k, c in
                // The strategy's swatch: its charts' colour and glyph.
                let swatch = k == 0 ? styles[c.text].map { "<span class=\"sw\" style=\"color:\($0.colour)\">\($0.glyph)</span> " } ?? "" : ""
                return "<td class=\"\(k == 0 ? "l" : "")\(c.best ? " best" : "")\">\(swatch)\(c.best ? "<strong>\(esc(c.text))</strong>" : esc(c.text))</td>"
            }.joined() + "</tr>\n"
        }
        return s + "</table></div>\n"
    }

    /// A chart's SVG text from its first `<svg` on, or `nil` when charts were not rendered or
    /// `svg` has none for it.
    func svgText(_ name: String, _ svg: (String) -> String?) -> String? {
        guard rendered, var text = svg(name) else { return nil }
        if let start = text.firstRange(of: "<svg") { text = String(text[start.lowerBound...]) }
        return text
    }

    /// The budget section (its table of verdicts and best strategy), or nothing without a budget.
    func htmlBudget() -> String {
        guard let b = budgetSection, let v = budgetVerdict else { return "" }
        let inline = Report.htmlInline, esc = Report.htmlEscape
        let rows = BudgetTable.cells(v)
        var h = "<h2>Budget</h2>\n<p>\(inline(b.intro))</p>\n<div class=\"scroll\"><table>\n"
        h += rows.enumerated().map { r in "<tr>" + r.element.map { r.offset == 0 ? "<th>\(esc($0))</th>" : "<td>\(esc($0))</td>" }.joined() + "</tr>\n" }.joined()
        h += "</table></div>\n<p>\(inline(b.best))</p>\n"
        return h
    }

    /// Every chart but the trade-off (shown at the top), each with its title, SVG and caption,
    /// or the note saying why charts were not rendered.
    func htmlCharts(svg: (String) -> String?) -> String {
        let inline = Report.htmlInline, esc = Report.htmlEscape
        var h = ""
        if !rendered { h += "<p><em>Charts not rendered: \(esc(chartsNote ?? "gnuplot was not run")).</em> The <code>.gp</code> scripts are in the folder.</p>\n" }
        for c in charts where c.name != "tradeoff" {
            h += "<figure id=\"\(c.name)\"><h3>\(esc(c.title))</h3>\n"
            if let text = svgText(c.name, svg) { h += text + "\n" }
            h += "<figcaption>\(inline(c.about)) Script: <code>\(c.name).gp</code>.</figcaption></figure>\n"
        }
        return h
    }
}
