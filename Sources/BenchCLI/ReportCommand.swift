import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkBenchKit
import InkFigures
import InkOutput

/// `bench report`: rebuilds the chart scripts, charts and report of an existing results folder
/// from its files (`summary.csv`, `manifest.json`, `frames.csv`, ...), without re-running.
/// With `--out`, the folder is copied there first and the copy is rebuilt; the source folder
/// is left as it is.
///
/// ```
/// bench report bench-results
/// bench report bench-results --out review/bench-results
/// ```
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Rebuild the charts and report of a results folder without re-running.")

    @Argument(help: ArgumentHelp("The results folder. (default: bench-results)", valueName: "dir"))
    var folder: String?

    @OptionGroup(title: "Output") var output: OutputOptions

    init() {}

    func run() async throws {
        let source = folder ?? output.out
        var path = source
        if let folder, output.outGiven, output.out != folder {
            // Rebuild a copy: the source folder stays as it is.
            path = output.out
            try ReportCommand.copyFolder(folder, to: path)
        }
        guard PathText.isFolder(path) == true else {
            throw BenchInputError("\(path): no such results folder; expected a folder written by `bench run` (give its path, or --out)")
        }
        let run = try RunFolder(path: path, startFrom: .copyOfExisting)
        do {
            try rebuild(run)
            try run.commit()
        } catch {
            run.abandon()
            throw error
        }
    }

    /// Verifies the folder's files belong to one run, then rebuilds its charts, report and manifest.
    func rebuild(_ run: RunFolder) throws {
        let path = run.path
        let out = run.files
        guard out.exists("summary.csv") else {
            throw BenchInputError("\(path): no summary.csv; expected a folder written by `bench run` (give its path, or --out)")
        }
        let manifest = out.exists("manifest.json") ? (try? Manifest.decode(out.read("manifest.json"))) : nil
        if manifest == nil { Console.note("\(path): no readable manifest.json; the report will not state the timing") }
        do { try manifest?.verifyOutputs(in: out) } catch { throw BenchInputError(error.description) }
        let rows: [SummaryRow]
        do { rows = try SummaryCSV.read(in: out) } catch { throw BenchInputError(error.description) }
        let status = try ChartsAndReport.rebuild(
            in: out, rows: rows, manifest: manifest, noCharts: output.noCharts, requireCharts: output.requireCharts
        ).status
        if !output.quiet {
            print("rebuilt \(path)/: \(status.scripts.map { $0.name + ".gp" }.joined(separator: ", ")), report.md, report.html (charts \(status.note))")
        }
    }

    /// Copies the files of results folder `from` into `to` (created if needed), so the copy can be rebuilt.
    static func copyFolder(_ from: String, to: String) throws {
        let fm = FileManager.default
        guard PathText.isFolder(from) == true else {
            throw BenchInputError("\(from): no such results folder")
        }
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: from) } catch { throw BenchInputError("\(from): cannot list the folder (\(ErrorReason.text(error)))") }
        let target = try OutputFolder(path: to)
        for name in names.sorted() where !name.hasPrefix(".") {
            let file = PathText.appending(from, name)
            guard PathText.isFolder(file) == false else { continue }
            guard let data = fm.contents(atPath: file) else { throw BenchInputError("\(file): cannot read") }
            try target.write(name, bytes: Array(data))
        }
    }
}
