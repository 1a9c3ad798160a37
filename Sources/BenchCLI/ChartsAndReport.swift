import Foundation
import InkFigures
import InkOutput
import InkReport
import InkSession

/// The charts and the report of a results folder, built from its files: writes every `.gp`
/// script, renders them with gnuplot (unless turned off), then writes `report.md` and
/// `report.html`. Shared by `run` and `report`.
///
/// ```swift
/// let status = try ChartsAndReport.build(in: folder, manifest: manifest, output: options)
/// ```
enum ChartsAndReport {
    /// What happened to the charts.
    struct Status {
        var scripts: [ChartScript]
        var rendered: Bool
        /// `rendered`, `off`, or why they were skipped (for the manifest).
        var note: String
    }

    /// The chart context of a run: strategy and trace names by their chart index from the
    /// rows, the CSV headers from the folder's files.
    static func context(folder: OutputFolder, rows: [SummaryRow], manifest: Manifest?, chartTrace: String?) -> ChartContext {
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
        if let sweep = try? CSVTable(parsing: folder.read("sweep.csv")),
            sweepMatches(sweep, strategies: strategyNames, traceCount: traceNames.count, timing: manifest?.timingSummary)
        {
            context.sweepHeader = sweep.header
        }
        return context
    }

    /// The folder's `summary.csv` read once, as the rows the report renders and judges.
    ///
    /// - Throws: `BaselineFileError` naming the file and line.
    static func readSummary(_ folder: OutputFolder) throws(BaselineFileError) -> [SummaryRow] {
        let path = folder.file("summary.csv")
        let text: String
        do { text = try folder.read("summary.csv") } catch { throw BaselineFileError(path: path, line: nil, "cannot read (\(error))") }
        return try SummaryCSV.read(text, path: path)
    }

    /// Whether `sweep.csv` was made with the same timing, strategies and traces (so its
    /// indices mean the same), and so can draw curves on the trade-off chart.
    static func sweepMatches(_ sweep: CSVTable, strategies: [String], traceCount: Int, timing: String?) -> Bool {
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
    static func header(_ folder: OutputFolder, _ name: String) -> [String]? {
        guard let handle = FileHandle(forReadingAtPath: folder.file(name)) else { return nil }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 4096)) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        guard let line = text.split(separator: "\n", maxSplits: 1).first else { return nil }
        return (try? CSVTable(parsing: String(line) + "\n"))?.header
    }

    /// Writes the scripts and renders them; throws when `requireCharts` and they cannot be rendered.
    static func charts(
        _ scripts: [ChartScript], in folder: OutputFolder, noCharts: Bool, requireCharts: Bool
    ) throws -> (rendered: Bool, note: String) {
        for s in scripts { try folder.write(s.name + ".gp", text: s.text) }
        if noCharts { return (false, "off (--no-charts)") }
        guard let gnuplot = Gnuplot.find() else {
            if requireCharts { throw BenchInputError("--require-charts: gnuplot not found; install gnuplot-nox (apt-get install gnuplot-nox) or put gnuplot on the PATH") }
            Console.note(Gnuplot.missingMessage)
            return (false, "skipped: gnuplot not found")
        }
        let failures = gnuplot.render(scripts.map(\.name), in: folder)
        if !failures.isEmpty {
            let text = failures.map { "\($0.name).gp: \($0.message)" }.joined(separator: "\n")
            if requireCharts { throw BenchInputError("--require-charts: gnuplot failed:\n\(text)") }
            Console.note("charts: gnuplot failed on \(failures.map { $0.name + ".gp" }.joined(separator: ", ")):\n\(text)")
            return (false, "failed: " + failures.map(\.name).joined(separator: ", "))
        }
        return (true, "rendered")
    }

    /// Scripts, charts and report for the folder.
    static func build(
        in folder: OutputFolder, rows: [SummaryRow], manifest: Manifest?, chartTrace: String?, noCharts: Bool,
        requireCharts: Bool, only: Set<String>? = nil
    ) throws -> Status {
        let context = context(folder: folder, rows: rows, manifest: manifest, chartTrace: chartTrace)
        let scripts = ChartScripts.all(context).filter { only?.contains($0.name) ?? true }
        PhaseTimes.shared.mark("chart scripts")
        let (rendered, note) = try charts(scripts, in: folder, noCharts: noCharts, requireCharts: requireCharts)
        PhaseTimes.shared.mark("charts rendered")
        let report: Report
        do { report = try Report(rows: rows, manifest: manifest, charts: scripts, rendered: rendered, chartsNote: note) } catch {
            throw BenchInputError("\(folder.file("manifest.json")): option budget: \(error.description)")
        }
        var markdown = report.markdown(), html = report.html { name in try? folder.read(name + ".svg") }
        // A tune written into the folder (tune.md) has its section in the report, before the provenance.
        if let tune = try? folder.read("tune.md") {
            if let at = markdown.range(of: "## Provenance\n") { markdown.insert(contentsOf: tune, at: at.lowerBound) }
            if let at = html.range(of: "<h2>Provenance</h2>") {
                html.insert(contentsOf: TuneReport.html(tune) { name in try? folder.read(name) }, at: at.lowerBound)
            }
        }
        try folder.write("report.md", text: markdown)
        PhaseTimes.shared.mark("report.md")
        try folder.write("report.html", text: html)
        PhaseTimes.shared.mark("report.html")
        return Status(scripts: scripts, rendered: rendered, note: note)
    }
}
