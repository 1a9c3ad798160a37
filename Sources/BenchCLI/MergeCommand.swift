import ArgumentParser
import Foundation
import InkBenchKit

/// `bench merge`: joins the folders of `bench sweep --shard K/N` runs into the files one
/// unsharded sweep writes (byte-identical `sweep.csv`), refusing shards of different sweeps.
///
/// ```
/// bench sweep --caps 4,8,12,16,25 --shard 1/3 --out shard1   # on three machines
/// bench merge shard1 shard2 shard3 --out results
/// ```
struct MergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the folders of sharded sweeps (--shard K/N) into one sweep.csv, chart and manifest.",
        discussion: """
            Refuses shards of different sweeps (InkBench version, options, timing or traces), naming \
            what differs, and reports missing or duplicate shards. Exit status: 0, or 2.

            Example:
              bench merge shard1 shard2 shard3 --out results
            """)

    @Argument(help: ArgumentHelp("The shard folders, each written by bench sweep --shard K/N.", valueName: "dir"))
    var folders: [String]

    @OptionGroup(title: "Output") var output: OutputOptions

    init() {}

    func run() async throws {
        var inputs: [SweepMerge.Input] = []
        for dir in folders {
            let folder = (dir as NSString).appendingPathComponent("sweep-manifest.json")
            let csvPath = (dir as NSString).appendingPathComponent("sweep.csv")
            guard let m = FileManager.default.contents(atPath: folder), let c = FileManager.default.contents(atPath: csvPath) else {
                throw BenchInputError("merge: \(dir): no sweep-manifest.json and sweep.csv; expected a folder written by bench sweep --shard K/N")
            }
            let manifest: Manifest
            do { manifest = try Manifest.decode(String(decoding: m, as: UTF8.self)) } catch {
                throw BenchInputError("merge: \(folder): not a readable manifest (\(error))")
            }
            inputs.append((dir, manifest, String(decoding: c, as: UTF8.self)))
        }
        let merged: String
        do { merged = try SweepMerge.merge(inputs) } catch { throw BenchInputError(error.description) }
        guard let first = inputs.first else { return }
        let run = try RunFolder(path: output.out, startFrom: .copyOfExisting)
        var committed = false
        defer { if !committed { run.abandon() } }
        let folder = run.files
        try folder.write("sweep.csv", text: merged)
        var written = ["sweep.csv"]
        let context = ChartContext(
            caption: "Timing: " + first.manifest.timingSummary, strategies: first.manifest.strategies.map(\.name),
            traces: first.manifest.traces.map(\.name), summaryHeader: [], sweepHeader: SweepCSV.header)
        var chartNote = "off"
        if let script = ChartScripts.sweep(context) {
            let (rendered, note) = try ChartsAndReport.charts([script], in: folder, noCharts: output.noCharts, requireCharts: output.requireCharts)
            chartNote = note
            written += ["sweep.gp"] + (rendered ? ["sweep.svg", "sweep.png"] : [])
        }
        var manifest = first.manifest
        manifest.options["shard"] = nil
        manifest.options["out"] = output.out
        manifest.arguments = BenchMain.arguments
        manifest.charts = chartNote
        manifest.samplesReplayed = inputs.reduce(0) { $0 + $1.manifest.samplesReplayed }
        manifest.replaySeconds = inputs.reduce(0) { $0 + $1.manifest.replaySeconds }
        manifest.outputs = written.compactMap { name in
            Manifest.FileRecord(hashing: folder.file(name)).map { Manifest.FileRecord(path: name, sha256: $0.sha256, bytes: $0.bytes) }
        }
        try folder.write("sweep-manifest.json", bytes: manifest.encoded())
        try run.commit()
        committed = true
        if !output.quiet {
            print("merged \(inputs.count) shards into \(run.path)/: " + (written + ["sweep-manifest.json"]).joined(separator: ", "))
        }
    }
}
