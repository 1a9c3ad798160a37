#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkFigures
import InkImport
import InkOutput
import InkReport
import InkSession

/// The charts and the report of a results folder, built from its files: writes every `.gp`
/// script, renders them with gnuplot (unless turned off), then writes `report.md` and
/// `report.html`. Shared by every command that writes a run's charts or report (`run`, `merge`,
/// `report`, `sweep`, `tune`, `horizon`, `platform-metrics`).
///
/// ```swift
/// let status = try ChartsAndReport.build(in: folder, manifest: manifest, output: options)
/// ```
package enum ChartsAndReport {
    /// What happened to the charts.
    package struct Status: Sendable {
        package var scripts: [ChartScript]
        package var rendered: Bool
        /// `rendered`, `off`, or why they were skipped (for the manifest).
        package var note: String
        /// The answer the report opens with (`Report.answer`), for the terminal's
        /// last line without judging the rows again.
        package var answer: Answer
    }

    /// The chart context of a run: strategy and trace names by their chart index from the
    /// rows, the CSV headers from the folder's files.
    package static func context(folder: OutputFolder, rows: [SummaryRow], manifest: Manifest?, chartTrace: String?) -> ChartContext {
        var strategies: [Int: String] = [:]
        var traces: [Int: String] = [:]
        for r in rows {
            strategies[r.strategyIndex] = r.strategy
            if !r.isSuiteMean { traces[r.traceIndex] = r.trace }
        }
        let strategyNames = (0..<(strategies.keys.max().map { $0 + 1 } ?? 0)).map { strategies[$0] ?? "?" }
        let traceNames = (0..<(traces.keys.max().map { $0 + 1 } ?? 0)).map { traces[$0] ?? "?" }
        let wanted = chartTrace ?? manifest?.chartTrace
        let caption = "Timing: " + (manifest?.timingSummary ?? "see manifest.json")
        var context = ChartContext(
            caption: caption, strategies: strategyNames, traces: traceNames,
            chartTraceIndex: wanted.flatMap { traceNames.firstIndex(of: $0) }, summaryHeader: header(folder, "summary.csv") ?? [],
            framesHeader: header(folder, "chart-frames.csv"), tailsHeader: header(folder, "tails.csv"),
            pathsHeader: header(folder, "paths.csv"))
        if let window = manifest?.chartWindow { context.chartWindow = window }
        if let text = folder.readIfPresent("sweep.csv"), let sweep = try? CSVTable(parsing: text),
            sweepMatches(sweep, strategies: strategyNames, traceCount: traceNames.count, timing: manifest?.timingSummary)
        {
            context.sweepHeader = sweep.header
        }
        return context
    }

    /// Whether `sweep.csv` was made with the same timing, strategies and traces (so its
    /// indices mean the same), and so can draw curves on the trade-off chart.
    package static func sweepMatches(_ sweep: CSVTable, strategies: [String], traceCount: Int, timing: String?) -> Bool {
        guard let timing, !sweep.rows.isEmpty else { return false }
        for r in sweep.rows.indices {
            guard sweep.text(row: r, "timing") == timing, let si = Int(sweep.text(row: r, "strategy_index")),
                si < strategies.count, strategies[si] == sweep.text(row: r, "strategy")
            else { return false }
            if sweep.text(row: r, "trace") == SummaryRow.suiteMeanName && Int(sweep.text(row: r, "trace_index")) != traceCount {
                return false
            }
        }
        return true
    }

    /// The header of a CSV file in the folder (its first line), or `nil` when absent.
    package static func header(_ folder: OutputFolder, _ name: String) -> [String]? {
        guard let file = FileInput(path: folder.file(name)) else { return nil }
        var data = [UInt8](repeating: 0, count: 4096)
        let count = data.withUnsafeMutableBytes { file.fill($0) } ?? 0
        let text = String(decoding: data[..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n", maxSplits: 1).first else { return nil }
        return (try? CSVTable(parsing: String(line) + "\n"))?.header
    }

    /// Writes the scripts and renders them; throws when `requireCharts` and they cannot be rendered.
    package static func charts(
        _ scripts: [ChartScript], in folder: OutputFolder, noCharts: Bool, requireCharts: Bool
    ) throws -> (rendered: Bool, note: String) {
        for s in scripts { try folder.write(s.name + ".gp", text: s.text) }
        if noCharts { return (false, "off (--no-charts)") }
        guard let gnuplot = Gnuplot.find() else {
            if requireCharts { throw RunError("--require-charts: gnuplot not found; install gnuplot-nox (apt-get install gnuplot-nox) or put gnuplot on the PATH") }
            Console.note(Gnuplot.missingMessage)
            return (false, "skipped: gnuplot not found")
        }
        let failures = gnuplot.render(scripts.map(\.name), in: folder)
        if !failures.isEmpty {
            let text = failures.map { "\($0.name).gp: \($0.message)" }.joined(separator: "\n")
            if requireCharts { throw RunError("--require-charts: gnuplot failed:\n\(text)") }
            Console.note("charts: gnuplot failed on \(failures.map { $0.name + ".gp" }.joined(separator: ", ")):\n\(text)")
            return (false, "failed: " + failures.map(\.name).joined(separator: ", "))
        }
        return (true, "rendered")
    }

    /// Rebuilds the charts and report of the run in `folder` (after `sweep.csv` or `tune.md`
    /// was added, or for `bench report`), then, when the run has a manifest, lists the new
    /// files among its outputs (every output's checksum refreshed), records the charts' note
    /// and writes `manifest.json`. Shared by `report`, `sweep` and `tune`.
    ///
    /// - Returns: what happened to the charts, and the manifest as written (`nil` without one).
    package static func rebuild(
        in folder: OutputFolder, rows: [SummaryRow], manifest: Manifest?, noCharts: Bool, requireCharts: Bool
    ) throws -> (status: Status, manifest: Manifest?) {
        let status = try build(in: folder, rows: rows, manifest: manifest, chartTrace: nil, noCharts: noCharts, requireCharts: requireCharts)
        guard var manifest else { return (status, nil) }
        let rendered = status.rendered ? status.scripts.flatMap { [$0.name + ".svg", $0.name + ".png"] } : []
        manifest.refreshOutputs(in: folder, adding: status.scripts.map { $0.name + ".gp" } + rendered + ["report.md", "report.html"])
        manifest.charts = status.note
        try folder.write("manifest.json", bytes: manifest.encoded())
        return (status, manifest)
    }

    /// Scripts, charts and report for the folder.
    ///
    /// The chart scripts and the report's reading of the figures are made side by side, then
    /// `report.md` and `report.html` (the report's reading does not depend on the charts, which
    /// it is given afterwards; the files and errors are those of making them one after another).
    package static func build(
        in folder: OutputFolder, rows: [SummaryRow], manifest: Manifest?, chartTrace: String?, noCharts: Bool,
        requireCharts: Bool, only: Set<String>? = nil
    ) throws -> Status {
        let context = context(folder: folder, rows: rows, manifest: manifest, chartTrace: chartTrace)
        // The reading's error is kept, to be thrown after the charts are rendered.
        let (scripts, reading) = ParallelMap.both(jobs: ParallelMap.defaultJobs) {
            ChartScripts.all(context).filter { only?.contains($0.name) ?? true }
        } _: {
            Result { () throws(BudgetError) -> Report in try Report(rows: rows, manifest: manifest, charts: [], rendered: false) }
        }
        PhaseTimes.shared.mark("chart scripts")
        let (rendered, note) = try charts(scripts, in: folder, noCharts: noCharts, requireCharts: requireCharts)
        PhaseTimes.shared.mark("charts rendered")
        var report: Report
        do { report = try reading.get() } catch {
            throw RunError("\(folder.file("manifest.json")): option budget: \(error.description)")
        }
        report.charts = scripts
        report.rendered = rendered
        report.chartsNote = note
        let finished = report
        var (markdown, html) = ParallelMap.both(jobs: ParallelMap.defaultJobs) {
            finished.markdown()
        } _: {
            finished.html { name in folder.readIfPresent(name + ".svg") }
        }
        // A tune written into the folder (tune.md) has its section in the report, before the provenance.
        if let tune = folder.readIfPresent("tune.md") {
            if let at = markdown.firstRange(of: "## Provenance\n") { markdown.insert(contentsOf: tune, at: at.lowerBound) }
            if let at = html.firstRange(of: "<h2>Provenance</h2>") {
                html.insert(contentsOf: TuneReport.html(tune) { name in folder.readIfPresent(name) }, at: at.lowerBound)
            }
        }
        try folder.write("report.md", text: markdown)
        PhaseTimes.shared.mark("report.md")
        try folder.write("report.html", text: html)
        PhaseTimes.shared.mark("report.html")
        return Status(scripts: scripts, rendered: rendered, note: note, answer: report.answer)
    }
}
