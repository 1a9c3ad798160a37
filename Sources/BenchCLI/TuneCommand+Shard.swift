import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkBenchKit
import InkOutput
import InkReplay
import InkTuning

/// `bench tune --shard K/N` and the merge of its folders.
///
/// The work units are the grid's configurations (the bulk of a tune: 961 of about 1,020
/// evaluations for a 31 x 31 grid), dealt `i % N == K-1` in the search's grid order. A shard
/// evaluates its block over every trace and writes the figures in full precision
/// (`tune-shard.csv`) with a `tune-manifest.json`. `bench merge` checks the shards belong to
/// one tune, reads the same traces (their SHA-256 must match the shards'), gives the tuner the
/// whole grid as if it had evaluated it, and runs the refinement (the coordinate searches,
/// in-sample and per fold, which depend on each other's steps) itself: the files are then
/// byte-identical to one unsharded tune's.
extension TuneCommand {
    /// Evaluates this shard's block of the grid and writes it.
    func runShard(_ setup: Setup, shard: Shard, start: ContinuousClock.Instant, clock: ContinuousClock) async throws {
        let tuner = tuner(setup) { _ in }
        let grid = tuner.gridConfigs()
        let units = grid.indices.filter { shard.owns($0) }
        let progress = ProgressLine(label: "bench tune: shard \(shard.text) of the grid")
        progress.update(done: 0, total: max(1, units.count))
        let results = units.isEmpty ? [] : try await tuner.evaluate(units.map { grid[$0] })
        progress.finish()
        let run = try RunFolder(path: output.out, startFrom: .empty)
        var committed = false
        defer { if !committed { run.abandon() } }
        let folder = run.files
        try folder.write(TuneShardCSV.file, bytes: TuneShardCSV.write(units: units, configs: units.map { grid[$0] }, results: results, parameters: setup.parameters).bytes)
        let inputs = setup.inputs
        var manifest = Manifest(
            command: "tune", arguments: BenchMain.arguments, options: Self.options(BenchMain.arguments),
            timing: Manifest.TimingRecord(inputs.timing, preset: inputs.preset), timingSummary: setup.first.timingSummary(inputs.timing),
            suite: inputs.suiteName, seeds: inputs.seeds, strategies: [Manifest.StrategyRecord(name: strategy, parameters: [:])],
            traces: Self.traceRecords(setup), chartTrace: nil, charts: "off (a shard: bench merge draws them)",
            inputs: inputs.inputFiles.compactMap { Manifest.FileRecord(hashing: $0) }, outputs: [], samplesReplayed: 0, replaySeconds: 0,
            elapsedSeconds: seconds(clock.now - start))
        manifest.outputs = RunOutputs.outputs([TuneShardCSV.file], in: folder)
        try folder.write(TuneShardCSV.manifestFile, bytes: manifest.encoded())
        try run.commit()
        committed = true
        if !output.quiet {
            print("tune shard \(shard.text): \(units.count) of the grid's \(grid.count) configurations over \(setup.traces.count) traces; wrote \(run.path)/: \(TuneShardCSV.file), \(TuneShardCSV.manifestFile)")
            print("join the \(shard.count) shard folders with: bench merge DIR... (it runs the refinement on the same traces)")
        }
        print("done in \(NumberText.fixed(seconds(clock.now - start), 2)) s: \(units.count) evaluations over \(setup.traces.count) traces")
    }

    /// The traces of the setup as the manifest lists them.
    static func traceRecords(_ setup: Setup) -> [Manifest.TraceRecord] {
        setup.first.traces.map { t in
            Manifest.TraceRecord(
                name: t.name, source: t.source, strokes: t.strokes.count, samples: t.sampleCount,
                seedDependent: setup.inputs.specs.first { $0.name == t.name }?.isNoisy ?? false)
        }
    }

    /// The options of a tune, read from its arguments (`--name value`, `--name=value`, flags as
    /// `true`, a repeated option's values joined by `;`, arguments by position), so that
    /// `bench merge` names the option in which two shards differ.
    static func options(_ arguments: [String]) -> [String: String] {
        var out: [String: String] = [:]
        var positional = 0
        var i = arguments.first == "tune" ? 1 : 0
        while i < arguments.count {
            let a = arguments[i]
            if a.hasPrefix("--") {
                let body = a.dropFirst(2)
                var key = String(body), value = "true"
                if let eq = body.firstIndex(of: "=") {
                    key = String(body[..<eq])
                    value = String(body[body.index(after: eq)...])
                } else if i + 1 < arguments.count, !arguments[i + 1].hasPrefix("--") {
                    value = arguments[i + 1]
                    i += 1
                }
                out[key] = out[key].map { $0 + ";" + value } ?? value
            } else {
                out["argument \(positional + 1)"] = a
                positional += 1
            }
            i += 1
        }
        return out
    }

    /// `bench merge` of tune shards: checks them, evaluates nothing of the grid again, runs the
    /// refinement and writes the tune's files.
    static func mergeShards(_ folders: [String], output: OutputOptions) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        var manifests: [Manifest] = []
        for dir in folders { manifests.append(try MergeCommand.manifest(dir, TuneShardCSV.manifestFile)) }
        do { try ShardSet.check(Array(zip(folders, manifests)).map { ($0.0, $0.1) }, command: "tune") } catch { throw BenchInputError(error.description) }
        guard let first = manifests.first, let firstFolder = folders.first else { return }
        var args = first.arguments
        if args.first == "tune" { args.removeFirst() }
        var command: TuneCommand
        do { command = try TuneCommand.parse(MergeCommand.withoutShard(args)) } catch {
            throw BenchInputError("merge: the shards' arguments (\(first.arguments.joined(separator: " "))) do not parse as bench tune: \(TuneCommand.message(for: error))")
        }
        command.output = output
        let setup = try await command.prepare()
        if let warning = setup.split.warning { Console.note("warning: " + warning) }
        // The refinement must see the traces the shards saw.
        let here = traceRecords(setup)
        if here != first.traces {
            let diff = zip(here.map(\.name), first.traces.map(\.name)).first { $0 != $1 }.map { " ('\($0)' here, '\($1)' in the shards)" } ?? ""
            throw BenchInputError("merge: the traces read here differ from those of \(firstFolder)\(diff); run bench merge where the shards' --traces and suite are")
        }
        let hashes = Dictionary(setup.inputs.inputFiles.compactMap { Manifest.FileRecord(hashing: $0) }.map { ($0.path, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        for f in first.inputs where hashes[f.path] != f.sha256 {
            throw BenchInputError("merge: \(f.path) is not the file the shards read (SHA-256 differs or it is missing here)")
        }
        var tuner = command.tuner(setup) { _ in }
        let grid = tuner.gridConfigs()
        var results: [Int: Tuner.PerTrace] = [:]
        for (dir, manifest) in zip(folders, manifests) {
            let path = PathText.appending(dir, TuneShardCSV.file)
            guard let data = FileManager.default.contents(atPath: path) else { throw BenchInputError("merge: \(dir): no \(TuneShardCSV.file)") }
            let units: [Int: (config: [Double], perTrace: Tuner.PerTrace)]
            do { units = try TuneShardCSV.read(String(decoding: data, as: UTF8.self), file: path, parameters: setup.parameters) } catch {
                throw BenchInputError(error.description)
            }
            let shard = try? Shard(parsing: manifest.options["shard"] ?? "")
            for (u, entry) in units.sorted(by: { $0.key < $1.key }) {
                guard u < grid.count, entry.config == grid[u] else {
                    throw BenchInputError("merge: \(path): unit \(u) (\(entry.config.map { NumberText.exact($0) }.joined(separator: ", "))) is not the grid's configuration \(u) here")
                }
                guard shard?.owns(u) == true else { throw BenchInputError("merge: \(path): unit \(u) does not belong to shard \(shard?.text ?? "?")") }
                results[u] = entry.perTrace
            }
        }
        let missing = grid.indices.filter { results[$0] == nil }
        if !missing.isEmpty {
            throw BenchInputError("merge: the shards lack \(missing.count) of the grid's \(grid.count) configurations (first: unit \(missing[0])); was a shard cut short?")
        }
        tuner.preload(grid, grid.indices.map { results[$0] ?? [:] }, phase: "grid")
        let progress = ProgressLine(label: "bench merge: refining")
        progress.update(done: 0, total: 1)
        let result = try await command.search(setup, tuner: &tuner)
        progress.finish()
        try command.write(result, start: start, clock: clock)
    }
}
