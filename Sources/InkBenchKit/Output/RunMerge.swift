import InkFigures
import InkOutput
import InkReplay
import InkSession

/// Joins the folders of `bench run --shard K/N` into what one unsharded run computes: the run
/// groups of every shard's `shard-figures.csv` in trace-then-strategy order (the outcome the
/// summary rows, the report and the charts are made from), and the per-frame files
/// (`frames.csv`, `chart-frames.csv`, `tails.csv`) with each (trace, strategy) block put back in
/// that order. `paths.csv` depends on the chart trace only, so every shard writes the same one.
///
/// ```swift
/// let merged = try RunMerge.merge(shards, timing: timing)
/// let rows = SummaryRow.rows(merged.outcome, facts: merged.facts, frameRateHz: 60, minMovingFrames: 20)
/// ```
package enum RunMerge {
    /// The per-frame files a shard may write, merged block by block.
    package static let blockFiles = ["frames.csv", "chart-frames.csv", "tails.csv"]

    /// One shard folder: its manifest and the text of each file it wrote (by name).
    package struct Input: Sendable {
        package var folder: String
        package var manifest: Manifest
        package var files: [String: String]

        package init(folder: String, manifest: Manifest, files: [String: String]) {
            self.folder = folder
            self.manifest = manifest
            self.files = files
        }
    }

    /// What the shards add up to.
    package struct Merged: Sendable {
        /// Every run group (figures only), in the unsharded order.
        package var outcome: BenchOutcome
        /// Each trace's facts, by trace index.
        package var facts: [SummaryRow.TraceFacts]
        /// The merged text of each per-frame file the shards wrote, and `paths.csv`.
        package var files: [String: String]
    }

    /// Checks the shards (``ShardSet``) and merges them.
    ///
    /// - Throws: `ShardError` naming the folder and file: shards of different runs, missing or
    ///   duplicate shards, a (trace, strategy) unit in two shards, or a file some shards lack.
    package static func merge(_ inputs: [Input], timing: Timing) throws(ShardError) -> Merged {
        try ShardSet.check(inputs.map { ($0.folder, $0.manifest) }, command: "run")
        guard let first = inputs.first else { throw ShardError("merge: no shard folders given") }
        var groups: [RunGroup] = []
        var owner: [String: String] = [:]
        var names: [String] = []
        var facts: [SummaryRow.TraceFacts] = []
        for input in inputs {
            let file = "\(input.folder)/\(RunShardCSV.figuresFile)"
            guard let text = input.files[RunShardCSV.figuresFile], let tracesText = input.files[RunShardCSV.tracesFile] else {
                throw ShardError("merge: \(input.folder): no \(RunShardCSV.figuresFile) and \(RunShardCSV.tracesFile); expected a folder written by bench run --shard K/N")
            }
            for g in try RunShardCSV.groups(parsing: text, file: file, timing: timing) {
                let key = "\(g.traceIndex)/\(g.strategyIndex)"
                if let other = owner[key] {
                    throw ShardError("merge: trace \(g.trace) with strategy \(g.perSeed.first?.strategy ?? "?") was run by two shards: \(other) and \(input.folder)")
                }
                owner[key] = input.folder
                groups.append(g)
            }
            let parsed = try RunShardCSV.facts(parsing: tracesText, file: "\(input.folder)/\(RunShardCSV.tracesFile)")
            if input.folder == first.folder {
                (names, facts) = parsed
            } else if parsed.names != names || parsed.facts != facts {
                throw ShardError("merge: \(input.folder) and \(first.folder) list different traces in \(RunShardCSV.tracesFile)")
            }
        }
        groups.sort { ($0.traceIndex, $0.strategyIndex) < ($1.traceIndex, $1.strategyIndex) }
        var files: [String: String] = [:]
        for name in blockFiles {
            let have = inputs.filter { $0.files[name] != nil }
            if have.isEmpty { continue }
            if let lacking = inputs.first(where: { $0.files[name] == nil }) {
                throw ShardError("merge: \(lacking.folder) has no \(name), but \(have[0].folder) has")
            }
            files[name] = try mergeBlocks(inputs.map { ($0.folder, $0.files[name] ?? "") }, name: name)
        }
        if let paths = first.files["paths.csv"] {
            if let other = inputs.first(where: { $0.files["paths.csv"] != paths }) {
                throw ShardError("merge: \(other.folder)/paths.csv differs from \(first.folder)/paths.csv (a different chart trace?)")
            }
            files["paths.csv"] = paths
        }
        let outcome = BenchOutcome(
            traceNames: names, groups: groups, traces: [],
            // The run's input samples as the unsharded run counts them (each trace and seed once);
            // the shards' own counts add up every trace a shard replayed for any of its units.
            samplesReplayed: Dictionary(inputs.flatMap { $0.manifest.traces.map { ($0.name, $0.samples) } }, uniquingKeysWith: max)
                .values.reduce(0, +) * max(1, first.manifest.seeds.count),
            replaySeconds: inputs.reduce(0) { $0 + $1.manifest.replaySeconds })
        return Merged(outcome: outcome, facts: facts, files: files)
    }

    /// Joins CSV texts whose rows end in `trace_index,strategy_index`: each (trace, strategy)
    /// block, with the blank lines inside it, goes in key order after the common header.
    ///
    /// - Throws: `ShardError` when the headers differ, a row lacks the two indices, or a block
    ///   is in two shards.
    package static func mergeBlocks(_ texts: [(folder: String, text: String)], name: String) throws(ShardError) -> String {
        var header: Substring?
        var blocks: [[Int]: (folder: String, lines: [Substring])] = [:]
        for (folder, text) in texts {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last == "" { lines.removeLast() }
            guard let h = lines.first else { throw ShardError("merge: \(folder)/\(name) is empty; expected at least its header") }
            if let header, header != h { throw ShardError("merge: \(folder)/\(name) has other columns than the first shard's") }
            header = h
            var pendingBlanks = 0
            for (i, line) in lines.enumerated().dropFirst() {
                if line.isEmpty { pendingBlanks += 1; continue }
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).suffix(2)
                guard fields.count == 2, let t = Int(fields[fields.startIndex]), let s = Int(fields[fields.startIndex + 1]) else {
                    throw ShardError("merge: \(folder)/\(name) line \(i + 1): expected trace_index and strategy_index as the last columns")
                }
                let key = [t, s]
                if let block = blocks[key], block.folder != folder {
                    throw ShardError("merge: \(name): trace \(t), strategy \(s) is in two shards: \(block.folder) and \(folder)")
                }
                var block = blocks[key] ?? (folder, [])
                block.lines += Array(repeating: "", count: pendingBlanks) + [line]
                pendingBlanks = 0
                blocks[key] = block
            }
        }
        var out = String(header ?? "") + "\n"
        for key in blocks.keys.sorted(by: { ($0[0], $0[1]) < ($1[0], $1[1]) }) {
            for line in blocks[key]?.lines ?? [] { out += line + "\n" }
        }
        return out
    }
}
