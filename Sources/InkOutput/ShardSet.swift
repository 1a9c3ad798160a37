/// The checks `bench merge` makes before joining shard folders of any command (`run`, `sweep`,
/// `tune`): every folder is a shard of that command, all of one run (the same InkBench
/// version, every option but `--shard` and `--out`, the timing and the traces), and shards
/// `1...N` are each there exactly once.
///
/// ```swift
/// let n = try ShardSet.check([("s1", m1), ("s2", m2)], command: "run")   // 2
/// ```
package enum ShardSet {
    /// Options that may differ between shards of one run.
    static let perShardOptions: Set<String> = ["shard", "out", "quiet", "no-charts", "require-charts"]

    /// Checks the shards; returns N.
    ///
    /// - Throws: `ShardError` naming the folders and what differs, a shard given twice, the
    ///   shards missing, or a folder that is not a shard of `command`.
    @discardableResult
    package static func check(_ inputs: [(folder: String, manifest: Manifest)], command: String) throws(ShardError) -> Int {
        guard let first = inputs.first else { throw ShardError("merge: no shard folders given") }
        var seen: [Int: String] = [:]
        var count: Int?
        for input in inputs {
            guard input.manifest.command == command else {
                throw ShardError("merge: \(input.folder) holds a `\(input.manifest.command)`, but \(first.folder) a `\(command)`")
            }
            guard let text = input.manifest.options["shard"], let shard = try? Shard(parsing: text) else {
                throw ShardError("merge: \(input.folder): not a shard (its \(command) was run without --shard K/N)")
            }
            if let n = count, n != shard.count {
                throw ShardError("merge: \(input.folder) is shard \(shard.text) but \(first.folder) is of \(n) shards")
            }
            count = shard.count
            if let other = seen[shard.index] {
                throw ShardError("merge: shard \(shard.text) given twice: \(other) and \(input.folder)")
            }
            seen[shard.index] = input.folder
            if input.manifest.version != first.manifest.version {
                throw ShardError("merge: \(input.folder) was written by InkBench \(input.manifest.version), \(first.folder) by \(first.manifest.version)")
            }
            let keys = Set(input.manifest.options.keys).union(first.manifest.options.keys).subtracting(perShardOptions).sorted()
            for k in keys where input.manifest.options[k] != first.manifest.options[k] {
                throw ShardError(
                    "merge: \(input.folder) and \(first.folder) are shards of different \(command)s: option \(k) is '\(input.manifest.options[k] ?? "(not set)")' and '\(first.manifest.options[k] ?? "(not set)")'")
            }
            if input.manifest.timingSummary != first.manifest.timingSummary {
                throw ShardError("merge: \(input.folder) and \(first.folder) differ in timing: '\(input.manifest.timingSummary)' and '\(first.manifest.timingSummary)'")
            }
            if input.manifest.traces != first.manifest.traces {
                let names = input.manifest.traces.map(\.name), other = first.manifest.traces.map(\.name)
                let which = zip(names, other).first { $0 != $1 }.map { " ('\($0)' and '\($1)')" } ?? (names == other ? " (same names, different samples or strokes)" : "")
                throw ShardError("merge: \(input.folder) and \(first.folder) ran different traces\(which)")
            }
            let inputs = Dictionary(input.manifest.inputs.map { ($0.path, $0.sha256) }, uniquingKeysWith: { a, _ in a })
            for f in first.manifest.inputs where inputs[f.path] != nil && inputs[f.path] != f.sha256 {
                throw ShardError("merge: \(input.folder) and \(first.folder) read different contents of \(f.path) (SHA-256 differs)")
            }
        }
        let n = count ?? 0
        let missing = (1...max(n, 1)).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw ShardError("merge: missing shard\(missing.count > 1 ? "s" : "") \(missing.map { "\($0)/\(n)" }.joined(separator: ", ")) of \(n)")
        }
        return n
    }
}
