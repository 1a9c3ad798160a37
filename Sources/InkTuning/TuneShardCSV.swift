import InkFigures
import InkOutput
/// The file a `bench tune --shard K/N` writes: its block of the grid (the grid configurations
/// `i` with `i % N == K-1`, in the search's grid order), each with every trace's figures in full
/// precision (`Λ` and latency removed as exact tenths), so that `bench merge` gives the tuner
/// exactly the evaluations one unsharded tune makes and runs the refinement from there.
///
/// ```swift
/// let text = TuneShardCSV.write(units: [0, 3], configs: grid, results: figures, parameters: params).bytes
/// let back = try TuneShardCSV.read(text, file: "s1/tune-shard.csv", parameters: params)
/// ```
package enum TuneShardCSV {
    /// The shard's data file.
    package static let file = "tune-shard.csv"
    /// The shard's manifest (a tune writes no `manifest.json`, so that a run's stays its own).
    package static let manifestFile = "tune-manifest.json"

    /// Columns before the figures.
    static func header(_ parameters: [TuneParameter]) -> [String] {
        ["unit"] + parameters.map(\.name) + ["trace", "perceived_latency_tenths_total", "perceived_latency_count", "latency_removed_tenths_total", "latency_removed_count"]
            + Figure.all.map(\.name)
    }

    /// One row per (grid unit, trace).
    package static func write(units: [Int], configs: [[Double]], results: [Tuner.PerTrace], parameters: [TuneParameter]) -> CSVWriter {
        var w = CSVWriter()
        w.row(header(parameters))
        for (k, unit) in units.enumerated() where k < configs.count && k < results.count {
            for trace in results[k].keys.sorted() {
                guard let row = results[k][trace] else { continue }
                w.integer(unit)
                for v in configs[k] { w.number(v) }
                w.text(trace)
                w.integer(row.perceivedLatency?.total)
                w.integer(row.perceivedLatency?.count)
                w.integer(row.latencyRemoved?.total)
                w.integer(row.latencyRemoved?.count)
                for f in Figure.all { w.number(row.values[f.name]) }
                w.endRow()
            }
        }
        return w
    }

    /// The units of a shard file: each unit's configuration and per-trace figures.
    ///
    /// - Throws: `ShardError` naming `file`, the line and the column.
    package static func read(_ text: String, file: String, parameters: [TuneParameter]) throws(ShardError) -> [Int: (config: [Double], perTrace: Tuner.PerTrace)] {
        let table: CSVTable
        do { table = try CSVTable(parsing: text) } catch { throw ShardError("merge: \(file): \(error)") }
        guard table.header == header(parameters) else {
            throw ShardError("merge: \(file): expected the columns \(header(parameters).joined(separator: ",")); got \(table.header.joined(separator: ","))")
        }
        var units: [Int: (config: [Double], perTrace: Tuner.PerTrace)] = [:]
        for r in table.rows.indices {
            func fail(_ column: String, _ what: String) -> ShardError {
                ShardError("merge: \(file) line \(r + 2): \(column) '\(table.text(row: r, column))' is not \(what)")
            }
            func number(_ c: String) throws(ShardError) -> Double? {
                let t = table.text(row: r, c)
                if t.isEmpty { return nil }
                guard let v = Double(t), v.isFinite else { throw fail(c, "a number") }
                return v
            }
            func tenths(_ total: String, _ count: String) throws(ShardError) -> TenthsMean? {
                if table.text(row: r, total).isEmpty { return nil }
                guard let t = Int(table.text(row: r, total)) else { throw fail(total, "an integer") }
                guard let n = Int(table.text(row: r, count)), n > 0 else { throw fail(count, "a positive integer") }
                return TenthsMean(total: t, count: n)
            }
            guard let unit = Int(table.text(row: r, "unit")), unit >= 0 else { throw fail("unit", "a grid unit number") }
            var config: [Double] = []
            for p in parameters {
                guard let v = try number(p.name) else { throw fail(p.name, "a number") }
                config.append(v)
            }
            var values: [String: Double] = [:]
            for f in Figure.all { values[f.name] = try number(f.name) }
            let trace = table.text(row: r, "trace")
            let row = SummaryRow.figures(
                trace: trace, values: values, latency: try tenths("perceived_latency_tenths_total", "perceived_latency_count"),
                removed: try tenths("latency_removed_tenths_total", "latency_removed_count"))
            var entry = units[unit] ?? (config, [:])
            guard entry.config == config else { throw ShardError("merge: \(file) line \(r + 2): unit \(unit) has two configurations") }
            entry.perTrace[trace] = row
            units[unit] = entry
        }
        return units
    }
}
