import ArgumentParser
import InkBenchKit

/// `bench report`: rebuilds the chart scripts, charts and report of an existing results folder
/// from its files (`summary.csv`, `manifest.json`, `frames.csv`, ...), without re-running.
///
/// ```
/// bench report bench-results
/// ```
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Rebuild the charts and report of a results folder without re-running.")

    @Argument(help: ArgumentHelp("The results folder. (default: --out, bench-results)", valueName: "dir"))
    var folder: String?

    @OptionGroup(title: "Output") var output: OutputOptions

    init() {}

    func run() async throws {
        let path = folder ?? output.out
        let out = try OutputFolder(path: path)
        guard out.exists("summary.csv") else {
            throw BenchInputError("\(path): no summary.csv; expected a folder written by `bench run` (give its path, or --out)")
        }
        let summary: CSVTable
        do { summary = try CSVTable(parsing: try out.read("summary.csv")) } catch {
            throw BenchInputError("\(out.file("summary.csv")): \(error)")
        }
        let manifest = out.exists("manifest.json") ? (try? Manifest.decode(out.read("manifest.json"))) : nil
        if manifest == nil { Console.note("\(path): no readable manifest.json; the report will not state the timing") }
        let status = try ChartsAndReport.build(
            in: out, summary: summary, manifest: manifest, chartTrace: nil, noCharts: output.noCharts,
            requireCharts: output.requireCharts)
        if !output.quiet {
            print("rebuilt \(path)/: \(status.scripts.map { $0.name + ".gp" }.joined(separator: ", ")), report.md, report.html (charts \(status.note))")
        }
    }
}
