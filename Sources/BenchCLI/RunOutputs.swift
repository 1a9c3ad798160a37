import Foundation
import InkBenchKit
import InkFigures
import InkOutput
import InkReport
import InkSession

/// The last steps of a run, shared by `bench run` and `bench merge` (which rebuilds a run from
/// its shards): write the data files, the charts and the report, list every output in the
/// manifest, swap the folder in, and print the tables.
///
/// ```swift
/// let status = try RunOutputs.write(files, rows: rows, manifest: &manifest, output: output, into: run) { elapsed }
/// ```
enum RunOutputs {
    /// A file of the run folder: its name and bytes.
    typealias File = (name: String, bytes: [UInt8])

    /// Writes the data files, charts, report and manifest, and commits the folder.
    ///
    /// - Parameters:
    ///   - files: the data files, `summary.csv` first.
    ///   - rows: the rows `summary.csv` holds, which the report renders and judges.
    ///   - elapsedSeconds: the run's time so far, read just before the manifest is written.
    static func write(
        _ files: [File], rows: [SummaryRow], manifest: inout Manifest, output: OutputOptions, into run: RunFolder,
        elapsedSeconds: () -> Double
    ) throws -> ChartsAndReport.Status {
        try refuseNonFinite(rows)
        let folder = run.files
        for f in files { try folder.write(f.name, bytes: f.bytes) }
        PhaseTimes.shared.mark("data files written")
        let status = try ChartsAndReport.build(
            in: folder, rows: rows, manifest: manifest, chartTrace: manifest.chartTrace,
            noCharts: output.noCharts, requireCharts: output.requireCharts)
        PhaseTimes.shared.mark("report status")
        var written = files.map(\.name)
        written += status.scripts.map { $0.name + ".gp" }
        if status.rendered { written += status.scripts.flatMap { [$0.name + ".svg", $0.name + ".png"] } }
        written += ["report.md", "report.html"]
        manifest.charts = status.note
        manifest.outputs = outputs(written, in: folder)
        manifest.elapsedSeconds = elapsedSeconds()
        try folder.write("manifest.json", bytes: manifest.encoded())
        PhaseTimes.shared.mark("output checksums and manifest.json")
        try run.commit()
        PhaseTimes.shared.mark("commit run folder")
        return status
    }

    /// Refuses figures that are not finite (a strategy whose predictions overflowed: a huge
    /// parameter, a damaged model). The CSVs' empty cell means "no frames", so an infinite
    /// figure written as empty would read as missing, and a verdict could pick the strategy.
    ///
    /// - Throws: ``BenchInputError`` naming the strategy, the trace and the figure.
    static func refuseNonFinite(_ rows: [SummaryRow]) throws {
        for row in rows {
            guard let (figure, value) = row.values.sorted(by: { $0.key < $1.key }).first(where: { !$0.value.isFinite }) else { continue }
            throw BenchInputError(
                "strategy \(row.strategy) gave \(figure) = \(value) on trace '\(row.trace)': its predictions are not finite "
                    + "(a parameter too large, or a damaged model file?); expected finite predictions. Nothing was written")
        }
    }

    /// A shard's folder: its data files and manifest, no report (`bench merge` makes it).
    static func writeShard(_ files: [File], manifest: inout Manifest, into run: RunFolder) throws {
        let folder = run.files
        for f in files { try folder.write(f.name, bytes: f.bytes) }
        manifest.charts = "off (a shard: bench merge draws them)"
        manifest.outputs = outputs(files.map(\.name), in: folder)
        try folder.write("manifest.json", bytes: manifest.encoded())
        try run.commit()
    }

    /// Each written file's record (name, SHA-256, bytes).
    static func outputs(_ names: [String], in folder: OutputFolder) -> [Manifest.FileRecord] {
        names.compactMap { name in
            Manifest.FileRecord(hashing: folder.file(name)).map { Manifest.FileRecord(path: name, sha256: $0.sha256, bytes: $0.bytes) }
        }
    }

    /// The answer the report opens with (``Report/answer(rows:options:)``), printed as the
    /// terminal's last line: the same sentence, without markdown.
    ///
    /// - Throws: `BenchInputError` when `options` record a `budget` that is not one (the
    ///   options of a run's `manifest.json`, here named `manifest.json`).
    static func answerLine(rows: [SummaryRow], options: [String: String]) throws -> String {
        do { return try Report.answer(rows: rows, options: options).text() } catch {
            throw BenchInputError("manifest.json: option budget: \(error.description)")
        }
    }

    /// The timing line, the traces table (recordings), the results table and the budget.
    static func printTables(
        rows: [SummaryRow], timingSummary: String, suiteName: String, traceCount: Int, seeds: Int, recordings: Bool,
        minMovingFrames: Int, budget: Budget?
    ) {
        print("timing: \(timingSummary)")
        print("suite: \(suiteName) (\(traceCount) traces)" + (seeds > 1 ? ", \(seeds) seeds: mean±sd" : ""))
        if recordings { print(ResultTable.traces(rows: rows)) }
        if let notice = ResultTable.exclusionNotice(rows: rows, minMovingFrames: minMovingFrames) { Console.note(notice) }
        print(ResultTable.render(rows: rows))
        if let budget { print(BudgetTable.render(budget.judge(Budget.candidates(rows)))) }
    }
}
