/// Joins the `sweep.csv` files of `bench sweep --shard K/N` runs into the bytes one unsharded
/// sweep writes: after checking the shards belong to one sweep (same InkBench version, options
/// and timing; shards 1...N each exactly once), their data lines are ordered as `SweepCSV`
/// orders them (strategy, trace, cap, uncapped last).
///
/// ```swift
/// let bytes = try SweepMerge.merge([(dir1, manifest1, csv1), (dir2, manifest2, csv2)])
/// ```
package enum SweepMerge {
    /// One shard's folder, its `sweep-manifest.json` and its `sweep.csv` text.
    package typealias Input = (folder: String, manifest: Manifest, csv: String)

    /// Checks the shards and returns the merged `sweep.csv` text.
    ///
    /// - Throws: `ShardError` naming the folder and what differs (version, an option, timing,
    ///   the header), a shard given twice, shards missing, or a folder that is not a shard.
    package static func merge(_ inputs: [Input]) throws(ShardError) -> String {
        guard let first = inputs.first else { throw ShardError("merge: no shard folders given") }
        try ShardSet.check(inputs.map { ($0.folder, $0.manifest) }, command: "sweep")
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
