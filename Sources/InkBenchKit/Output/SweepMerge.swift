/// Joins the `sweep.csv` files of `bench sweep --shard K/N` runs into the bytes one unsharded
/// sweep writes: after checking the shards belong to one sweep (same InkBench version, options
/// and timing; shards 1...N each exactly once), their data lines are ordered as `SweepCSV`
/// orders them (strategy, trace, cap, uncapped last).
///
/// ```swift
/// let bytes = try SweepMerge.merge([(dir1, manifest1, csv1), (dir2, manifest2, csv2)])
/// ```
package enum SweepMerge {
    /// Options that may differ between shards of one sweep.
    static let perShardOptions: Set<String> = ["shard", "out"]

    /// One shard's folder, its `sweep-manifest.json` and its `sweep.csv` text.
    package typealias Input = (folder: String, manifest: Manifest, csv: String)

    /// Checks the shards and returns the merged `sweep.csv` text.
    ///
    /// - Throws: `ShardError` naming the folder and what differs (version, an option, timing,
    ///   the header), a shard given twice, shards missing, or a folder that is not a shard.
    package static func merge(_ inputs: [Input]) throws(ShardError) -> String {
        guard let first = inputs.first else { throw ShardError("merge: no shard folders given") }
        var seen: [Int: String] = [:]
        var count: Int?
        for input in inputs {
            guard input.manifest.command == "sweep" else {
                throw ShardError("merge: \(input.folder): its sweep-manifest.json is of `\(input.manifest.command)`, not of a sweep")
            }
            guard let text = input.manifest.options["shard"], let shard = try? Shard(parsing: text) else {
                throw ShardError("merge: \(input.folder): not a shard (its sweep was run without --shard K/N)")
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
                    "merge: \(input.folder) and \(first.folder) are shards of different sweeps: option \(k) is '\(input.manifest.options[k] ?? "(not set)")' and '\(first.manifest.options[k] ?? "(not set)")'")
            }
            if input.manifest.timingSummary != first.manifest.timingSummary {
                throw ShardError("merge: \(input.folder) and \(first.folder) differ in timing: '\(input.manifest.timingSummary)' and '\(first.manifest.timingSummary)'")
            }
            if input.manifest.traces.map(\.name) != first.manifest.traces.map(\.name) {
                throw ShardError("merge: \(input.folder) and \(first.folder) ran different traces")
            }
        }
        if let n = count {
            let missing = (1...n).filter { seen[$0] == nil }
            if !missing.isEmpty {
                throw ShardError("merge: missing shard\(missing.count > 1 ? "s" : "") \(missing.map { "\($0)/\(n)" }.joined(separator: ", ")) of \(n)")
            }
        }
        var header: String?
        var lines: [(key: (Int, Int, Double), text: Substring)] = []
        for input in inputs {
            let table: CSVTable
            do { table = try CSVTable(parsing: input.csv) } catch { throw ShardError("merge: \(input.folder)/sweep.csv: \(error)") }
            let raw = input.csv.split(separator: "\n", omittingEmptySubsequences: true)
            guard let h = raw.first, raw.count == table.rows.count + 1 else {
                throw ShardError("merge: \(input.folder)/sweep.csv: a field spans lines or the file is empty; expected one row per line")
            }
            if let header, header != String(h) {
                throw ShardError("merge: \(input.folder)/sweep.csv has other columns than \(first.folder)/sweep.csv")
            }
            header = String(h)
            for (i, line) in raw.dropFirst().enumerated() {
                let cap = table.text(row: i, "capped") == "1" ? Double(table.text(row: i, "horizon_cap_ms")) ?? .infinity : .infinity
                guard let s = Int(table.text(row: i, "strategy_index")), let t = Int(table.text(row: i, "trace_index")) else {
                    throw ShardError("merge: \(input.folder)/sweep.csv line \(i + 2): strategy_index or trace_index is not a number")
                }
                lines.append(((s, t, cap), line))
            }
        }
        lines.sort { a, b in (a.key.0, a.key.1, a.key.2) < (b.key.0, b.key.1, b.key.2) }
        return (header ?? "") + "\n" + lines.map { $0.text + "\n" }.joined()
    }
}
