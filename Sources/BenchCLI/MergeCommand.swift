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
import InkReplay
import InkReport
import InkTuning

/// `bench merge`: joins the folders of `bench run`, `sweep` or `tune` runs with `--shard K/N`
/// into the files one unsharded run writes (byte-identical CSV; the report and charts drawn
/// again), refusing shards of different runs and reporting missing or duplicate shards.
///
/// ```
/// bench sweep --caps 4,8,12,16,25 --shard 1/3 --out shard1   # on three machines
/// bench merge shard1 shard2 shard3 --out results
/// ```
struct MergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the folders of sharded runs, sweeps or tunes (--shard K/N) into the files one unsharded run writes.",
        discussion: """
            Refuses shards of different runs (InkBench version, options, timing or traces), naming \
            what differs, and reports missing or duplicate shards. A run's shards give summary.csv, \
            frames.csv, the charts and the report; a sweep's, sweep.csv and its chart; a tune's grid \
            blocks are joined and the refinement is run here (it needs the traces the shards read). \
            Exit status: 0, or 2.

            Example:
              bench merge shard1 shard2 shard3 --out results
            """)

    @Argument(help: ArgumentHelp("The shard folders, each written by bench run, sweep or tune with --shard K/N.", valueName: "dir"))
    var folders: [String]

    @OptionGroup(title: "Output") var output: OutputOptions

    init() {}

    func run() async throws {
        guard let dir = folders.first else { throw BenchInputError("merge: give the shard folders") }
        let has = { (name: String) in FileManager.default.fileExists(atPath: PathText.appending(dir, name)) }
        try Self.refuseOutOverShard(output.out, folders)
        let manifestName = has("sweep-manifest.json") ? "sweep-manifest.json" : has(TuneShardCSV.manifestFile) ? TuneShardCSV.manifestFile : "manifest.json"
        if has(manifestName) {
            for folder in folders { try Self.verifyShard(folder, manifestName) }
        }
        if has("sweep-manifest.json") {
            try await mergeSweep()
        } else if has(TuneShardCSV.manifestFile) {
            try await TuneCommand.mergeShards(folders, output: output)
        } else if has("manifest.json") {
            try await mergeRun()
        } else {
            throw BenchInputError("merge: \(dir): no manifest.json, sweep-manifest.json or \(TuneShardCSV.manifestFile); expected a folder written with --shard K/N")
        }
    }

    /// Refuses an `--out` that is one of the shard folders or holds one: the merged run replaces
    /// the whole folder, so the shard would be lost.
    static func refuseOutOverShard(_ out: String, _ folders: [String]) throws {
        func resolved(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.resolvingSymlinksInPath().path }
        let target = resolved(out)
        for folder in folders {
            let shard = resolved(folder)
            if shard == target || shard.hasPrefix(target.hasSuffix("/") ? target : target + "/") {
                throw BenchInputError(
                    "merge: --out \(out) \(shard == target ? "is" : "holds") the shard folder \(folder), which the merged run would replace; expected a folder apart from the shards")
            }
        }
    }

    /// Checks a shard's data files against the SHA-256s its manifest recorded: an edited number,
    /// a deleted row or a file cut short is refused before anything is merged.
    static func verifyShard(_ dir: String, _ manifestName: String) throws {
        let manifest = try Self.manifest(dir, manifestName)
        do { try manifest.verifyOutputs(in: OutputFolder(path: dir)) } catch {
            throw BenchInputError("merge: shard \(dir): \(error.message.replacingText("manifest.json", with: manifestName)); expected the files the shard's run wrote")
        }
        if !manifest.outputs.contains(where: { $0.path.hasSuffix(".csv") }) {
            throw BenchInputError("merge: shard \(dir): \(manifestName) lists no data files; expected the files the shard's run wrote (with their SHA-256)")
        }
    }

    /// Reads a shard folder's manifest.
    static func manifest(_ dir: String, _ name: String) throws -> Manifest {
        let path = PathText.appending(dir, name)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchInputError("merge: \(dir): no \(name); expected a folder written with --shard K/N")
        }
        do { return try Manifest.decode(String(decoding: data, as: UTF8.self)) } catch {
            throw BenchInputError("merge: \(path): not a readable manifest (\(error))")
        }
    }

    /// The shards of `bench run`: the rows from every shard's figures, then the run's files.
    func mergeRun() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        var inputs: [RunMerge.Input] = []
        for dir in folders {
            let manifest = try Self.manifest(dir, "manifest.json")
            var files: [String: String] = [:]
            for name in [RunShardCSV.figuresFile, RunShardCSV.tracesFile, "paths.csv"] + RunMerge.blockFiles {
                if let data = FileManager.default.contents(atPath: PathText.appending(dir, name)) {
                    files[name] = String(decoding: data, as: UTF8.self)
                }
            }
            inputs.append(RunMerge.Input(folder: dir, manifest: manifest, files: files))
        }
        guard let first = inputs.first else { return }
        // The run's own options, as one unsharded `bench run` would have parsed them.
        let command = try Self.unshardedRun(first.manifest)
        let timing = try command.timingOptions.timing()
        let merged: RunMerge.Merged
        do { merged = try RunMerge.merge(inputs, timing: timing) } catch { throw BenchInputError(error.description) }
        let minMoving = command.suiteOptions.minMovingFrames
        let rows = SummaryRow.rows(merged.outcome, facts: merged.facts, frameRateHz: timing.frameRateHz, minMovingFrames: minMoving)
        var files: [RunOutputs.File] = []
        for name in ["frames.csv", "chart-frames.csv", "tails.csv", "paths.csv"] {
            if let text = merged.files[name] { files.append((name, Array(text.utf8))) }
        }
        var manifest = first.manifest
        manifest.options["shard"] = nil
        manifest.options["out"] = output.out
        manifest.arguments = BenchMain.arguments
        manifest.samplesReplayed = merged.outcome.samplesReplayed
        manifest.replaySeconds = merged.outcome.replaySeconds
        let run = try RunFolder(path: output.out, startFrom: .empty)
        var committed = false
        defer { if !committed { run.abandon() } }
        let status = try RunOutputs.write(
            files, rows: rows, manifest: &manifest, noCharts: output.noCharts, requireCharts: output.requireCharts, into: run) { seconds(clock.now - start) }
        committed = true
        let budget = try command.budgetOptions.parsed()
        if !output.quiet {
            RunTables.print(
                rows: rows, timingSummary: manifest.timingSummary, suiteName: manifest.suite, traceCount: merged.outcome.traceNames.count,
                seeds: manifest.seeds.count, recordings: manifest.traces.contains { $0.source != "synthetic" }, minMovingFrames: minMoving,
                budget: budget)
            print("merged \(inputs.count) shards into \(run.path)/: " + ([SummaryCSV.file] + files.map(\.name)).joined(separator: ", ") + (status.rendered ? ", charts" : "") + ", report.md, report.html, manifest.json")
        }
        print(try RunTables.answerLine(rows: rows, options: manifest.options))
    }

    /// The `bench run` a shard's manifest records, without `--shard` (for its options).
    static func unshardedRun(_ manifest: Manifest) throws -> RunCommand {
        var args = manifest.arguments
        if args.first == "run" { args.removeFirst() }
        args = withoutShard(args)
        do { return try RunCommand.parse(args) } catch {
            throw BenchInputError("merge: the shards' arguments (\(manifest.arguments.joined(separator: " "))) do not parse as bench run: \(RunCommand.message(for: error))")
        }
    }

    /// Arguments without `--shard K/N` (or `--shard=K/N`).
    static func withoutShard(_ args: [String]) -> [String] {
        var out: [String] = []
        var skip = false
        for a in args {
            if skip { skip = false; continue }
            if a == "--shard" { skip = true; continue }
            if a.hasPrefix("--shard=") { continue }
            out.append(a)
        }
        return out
    }

    /// The shards of `bench sweep`: their `sweep.csv` rows, then the chart and manifest.
    func mergeSweep() async throws {
        var inputs: [SweepMerge.Input] = []
        for dir in folders {
            let folder = PathText.appending(dir, "sweep-manifest.json")
            let csvPath = PathText.appending(dir, "sweep.csv")
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
