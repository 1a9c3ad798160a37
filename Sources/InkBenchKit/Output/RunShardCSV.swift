import InkFigures
import InkMetrics
import InkOutput
import InkReplay
import InkSession

/// The files a `bench run --shard K/N` writes in place of `summary.csv`, so that `bench merge`
/// rebuilds exactly the rows one unsharded run computes: every run's figures (each seed, every
/// field of `TraceFigures`, numbers in their shortest round-trip text, so nothing is lost), and
/// each trace's facts the rows need (strokes, device, tool).
///
/// ```swift
/// let figures = RunShardCSV.figures(outcome).bytes     // shard-figures.csv
/// let traces = RunShardCSV.traces(outcome).bytes       // shard-traces.csv
/// let back = try RunShardCSV.groups(parsing: text, file: "shard1/shard-figures.csv")
/// ```
package enum RunShardCSV {
    /// `shard-figures.csv`: one row per run (trace, strategy, seed).
    package static let figuresFile = "shard-figures.csv"
    /// `shard-traces.csv`: one row per trace of the run (all of them, in every shard).
    package static let tracesFile = "shard-traces.csv"

    /// The columns of `shard-figures.csv`, in order.
    static let figuresHeader = [
        "trace_index", "strategy_index", "trace", "strategy", "input_rate_hz", "seed", "samples",
    ] + TraceFigures.fields.map(\.name)

    /// The columns of `shard-traces.csv`.
    static let tracesHeader = ["trace_index", "trace", "strokes", "device", "tool"]

    /// Every run of the outcome, group by group, seed by seed.
    package static func figures(_ outcome: BenchOutcome) -> CSVWriter {
        var w = CSVWriter()
        w.row(figuresHeader)
        for g in outcome.groups {
            for (seed, r) in g.perSeed.enumerated() {
                w.integer(g.traceIndex)
                w.integer(g.strategyIndex)
                w.text(g.trace)
                w.text(r.strategy)
                w.number(g.inputRateHz)
                w.integer(seed)
                w.integer(r.samples)
                for field in TraceFigures.fields {
                    switch field.storage {
                    case .count(let k): w.integer(r.figures[keyPath: k])
                    case .optionalCount(let k): w.integer(r.figures[keyPath: k])
                    case .flag(let k): w.integer(r.figures[keyPath: k] ? 1 : 0)
                    case .number(let k): w.number(r.figures[keyPath: k])
                    }
                }
                w.endRow()
            }
        }
        return w
    }

    /// Every trace's facts, in trace order.
    package static func traces(_ outcome: BenchOutcome) -> CSVWriter {
        var w = CSVWriter()
        w.row(tracesHeader)
        for (i, t) in outcome.traces.enumerated() {
            let facts = SummaryRow.TraceFacts(t)
            w.integer(i)
            w.text(t.name)
            w.integer(facts.strokes)
            w.text(facts.device ?? "")
            w.text(facts.tool ?? "")
            w.endRow()
        }
        return w
    }

    /// The run groups of a `shard-figures.csv` text (`timing` is stored in each result).
    ///
    /// - Throws: `ShardError` naming `file`, the line and the column that is not what was expected.
    package static func groups(parsing text: String, file: String, timing: Timing) throws(ShardError) -> [RunGroup] {
        let table: CSVTable
        do { table = try CSVTable(parsing: text) } catch { throw ShardError("merge: \(file): \(error)") }
        guard table.header == figuresHeader else {
            throw ShardError("merge: \(file): expected the columns \(figuresHeader.joined(separator: ",")); got \(table.header.joined(separator: ","))")
        }
        var groups: [RunGroup] = []
        for r in table.rows.indices {
            let line = r + 2
            func int(_ c: String) throws(ShardError) -> Int {
                guard let v = Int(table.text(row: r, c)) else {
                    throw ShardError("merge: \(file) line \(line): \(c) '\(table.text(row: r, c))' is not an integer")
                }
                return v
            }
            func optionalInt(_ c: String) throws(ShardError) -> Int? { table.text(row: r, c).isEmpty ? nil : try int(c) }
            func number(_ c: String) throws(ShardError) -> Double? {
                let t = table.text(row: r, c)
                if t.isEmpty { return nil }
                guard let v = Double(t), v.isFinite else { throw ShardError("merge: \(file) line \(line): \(c) '\(t)' is not a number") }
                return v
            }
            var f = TraceFigures()
            for field in TraceFigures.fields {
                switch field.storage {
                case .count(let k): f[keyPath: k] = try int(field.name)
                case .optionalCount(let k): f[keyPath: k] = try optionalInt(field.name)
                case .flag(let k): f[keyPath: k] = try int(field.name) != 0
                case .number(let k): f[keyPath: k] = try number(field.name)
                }
            }
            let traceIndex = try int("trace_index"), strategyIndex = try int("strategy_index"), seed = try int("seed")
            let trace = table.text(row: r, "trace"), strategy = table.text(row: r, "strategy")
            let result = RunResult(trace: trace, strategy: strategy, timing: timing, samples: try int("samples"), figures: f)
            if let last = groups.last, last.traceIndex == traceIndex, last.strategyIndex == strategyIndex {
                guard seed == last.perSeed.count else { throw ShardError("merge: \(file) line \(line): seed \(seed) out of order; expected \(last.perSeed.count)") }
                groups[groups.count - 1].perSeed.append(result)
            } else {
                guard seed == 0 else { throw ShardError("merge: \(file) line \(line): a run group starts at seed \(seed); expected 0") }
                groups.append(
                    RunGroup(
                        traceIndex: traceIndex, strategyIndex: strategyIndex, trace: trace,
                        inputRateHz: try number("input_rate_hz") ?? 0, perSeed: [result]))
            }
        }
        return groups
    }

    /// The trace facts of a `shard-traces.csv` text, in trace order.
    ///
    /// - Throws: `ShardError` naming `file` and the line.
    package static func facts(parsing text: String, file: String) throws(ShardError) -> (names: [String], facts: [SummaryRow.TraceFacts]) {
        let table: CSVTable
        do { table = try CSVTable(parsing: text) } catch { throw ShardError("merge: \(file): \(error)") }
        guard table.header == tracesHeader else {
            throw ShardError("merge: \(file): expected the columns \(tracesHeader.joined(separator: ",")); got \(table.header.joined(separator: ","))")
        }
        var names: [String] = []
        var facts: [SummaryRow.TraceFacts] = []
        for r in table.rows.indices {
            guard Int(table.text(row: r, "trace_index")) == r, let strokes = Int(table.text(row: r, "strokes")) else {
                throw ShardError("merge: \(file) line \(r + 2): expected trace_index \(r) and a stroke count")
            }
            let device = table.text(row: r, "device"), tool = table.text(row: r, "tool")
            names.append(table.text(row: r, "trace"))
            facts.append(SummaryRow.TraceFacts(strokes: strokes, device: device.isEmpty ? nil : device, tool: tool.isEmpty ? nil : tool))
        }
        return (names, facts)
    }
}
