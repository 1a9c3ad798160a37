import InkMetrics
import InkOutput
import InkSession
import InkTraces

/// One row of the results table: a trace (or the suite mean) and a strategy, with every
/// figure as the mean over seeds and, over several seeds, each headline figure's spread.
///
/// This is the one row model of a run: `summary.csv`, the terminal table, the report, the
/// sweep, baselines and comparisons all read these rows, computed once by ``rows(_:frameRateHz:minMovingFrames:)``.
///
/// A trace with fewer moving frames than the minimum is still reported on its own row, flagged
/// (``inSuiteMean`` false), but leaves every suite mean, so each suite mean of a strategy covers
/// one set of traces for all its figures.
///
/// ```swift
/// let rows = SummaryRow.rows(outcome, frameRateHz: 60, minMovingFrames: 40)
/// rows.last?.trace    // "suite mean"
/// ```
package struct SummaryRow: Sendable {
    /// The trace name in suite-mean rows.
    package static let suiteMeanName = "suite mean"

    package var trace: String
    package var strategy: String
    /// Position in the trace order; the trace count for suite means.
    package var traceIndex: Int
    /// Position in the strategy order.
    package var strategyIndex: Int
    package var frameRateHz: Double
    /// The trace's input rate, `1 / median sample interval` for recordings; `nil` in a
    /// suite-mean row over traces of different rates.
    package var inputRateHz: Double?
    /// Open frames (first seed; summed over traces for suite means).
    package var frames: Int
    package var inStrokeFrames: Int
    package var movingFrames: Int
    /// Input samples of the trace (first seed; summed for suite means).
    package var samples: Int
    /// Strokes of the trace (summed for suite means).
    package var strokes: Int
    /// The recording device, where the source names it.
    package var device: String?
    /// The tools of the trace's strokes (`pen`, `finger`, or both joined by `+`).
    package var tool: String?
    /// Seeds averaged (1 for a seed-independent trace).
    package var seeds: Int
    /// Traces averaged (1 for a trace row).
    package var traces: Int
    /// Whether the row counts toward its strategy's suite mean (trace rows with at least the
    /// minimum of moving frames; suite-mean rows are true).
    package var inSuiteMean: Bool
    /// Whether `Λ` lay on the edge of the searched range (any seed or trace).
    package var perceivedLatencyAtEdge: Bool
    /// `Λ`, exactly, in tenths of a ms.
    package var perceivedLatency: TenthsMean?
    /// Latency removed, exactly, in tenths of a ms.
    package var latencyRemoved: TenthsMean?
    /// The mean of every figure by CSV name (`Λ` and latency removed included, as `Double`).
    package var values: [String: Double]
    /// The sample standard deviation over seeds of each headline figure (`summary.csv`).
    package var spreads: [String: Double]
    /// The range (max - min) over seeds of every figure (baselines' `spread_` columns).
    package var ranges: [String: Double]

    /// Whether this is a suite-mean row.
    package var isSuiteMean: Bool { trace == SummaryRow.suiteMeanName }

    /// The value of a figure (`nil`: an empty cell).
    package func value(_ figure: String) -> Double? { values[figure] }

    /// The rows of an outcome: one per (trace, strategy), then one suite mean per strategy over
    /// the traces it ran on that have at least `minMovingFrames` moving frames.
    package static func rows(_ outcome: BenchOutcome, frameRateHz: Double, minMovingFrames: Int = 0) -> [SummaryRow] {
        rows(outcome, facts: outcome.traces.map(TraceFacts.init), frameRateHz: frameRateHz, minMovingFrames: minMovingFrames)
    }

    /// What a row needs of its trace beyond the figures: kept apart from `Trace` so that
    /// `bench merge` rebuilds the rows of sharded runs from their files alone.
    package struct TraceFacts: Sendable, Equatable {
        package var strokes: Int
        package var device: String?
        package var tool: String?

        package init(strokes: Int, device: String?, tool: String?) {
            self.strokes = strokes
            self.device = device
            self.tool = tool
        }

        package init(_ trace: Trace) { self.init(strokes: trace.strokes.count, device: trace.device, tool: trace.toolText) }
    }

    /// ``rows(_:frameRateHz:minMovingFrames:)`` with each trace's facts given by trace index
    /// (`outcome.traces` is not read).
    package static func rows(_ outcome: BenchOutcome, facts: [TraceFacts], frameRateHz: Double, minMovingFrames: Int = 0) -> [SummaryRow] {
        var moving: [Int: Int] = [:]
        for g in outcome.groups {
            moving[g.traceIndex] = max(moving[g.traceIndex] ?? 0, g.perSeed.first?.figures.movingFrames ?? 0)
        }
        var rows = outcome.groups.map { g in
            row(g, facts: facts.indices.contains(g.traceIndex) ? facts[g.traceIndex] : nil,
                frameRateHz: frameRateHz, inSuiteMean: (moving[g.traceIndex] ?? 0) >= minMovingFrames)
        }
        // Each strategy's groups and rows, bucketed once (in their order): filtering all of
        // them per strategy made the cost grow with the square of the strategy count.
        var groupsOf: [Int: [RunGroup]] = [:], rowsOf: [Int: [SummaryRow]] = [:]
        for g in outcome.groups where (moving[g.traceIndex] ?? 0) >= minMovingFrames { groupsOf[g.strategyIndex, default: []].append(g) }
        for r in rows where r.inSuiteMean { rowsOf[r.strategyIndex, default: []].append(r) }
        // A suite mean per strategy with a trace in it, in strategy order, named as its rows are.
        for s in groupsOf.keys.sorted() {
            guard let groups = groupsOf[s], let name = groups.first?.perSeed.first?.strategy else { continue }
            rows.append(
                suiteMean(groups, rows: rowsOf[s] ?? [], strategy: name, strategyIndex: s,
                          traceCount: outcome.traceNames.count, frameRateHz: frameRateHz))
        }
        return rows
    }

    static func row(_ g: RunGroup, facts trace: TraceFacts?, frameRateHz: Double, inSuiteMean: Bool) -> SummaryRow {
        let figures = g.perSeed.map(\.figures)
        let first = figures.first ?? TraceFigures()
        var values: [String: Double] = [:]
        var spreads: [String: Double] = [:]
        var ranges: [String: Double] = [:]
        for figure in Figure.all {
            let xs = figures.compactMap { figure.value($0) }
            guard !xs.isEmpty else { continue }
            values[figure.name] = Statistics.mean(xs)
            ranges[figure.name] = Statistics.range(xs)
            if figure.headline, let sd = Statistics.sampleSD(xs) { spreads[figure.name] = sd }
        }
        let latency = TenthsMean(figures.compactMap(\.perceivedLatencyTenthsMs))
        let removed = TenthsMean(figures.compactMap(\.latencyRemovedTenthsMs))
        values[Figure.perceivedLatency.name] = latency?.value
        values[Figure.latencyRemoved.name] = removed?.value
        return SummaryRow(
            trace: g.trace, strategy: g.perSeed.first?.strategy ?? "", traceIndex: g.traceIndex, strategyIndex: g.strategyIndex,
            frameRateHz: frameRateHz, inputRateHz: g.inputRateHz, frames: first.frames,
            inStrokeFrames: first.inStrokeFrames, movingFrames: first.movingFrames,
            samples: g.perSeed.first?.samples ?? 0, strokes: trace?.strokes ?? 0, device: trace?.device, tool: trace?.tool,
            seeds: g.perSeed.count, traces: 1, inSuiteMean: inSuiteMean,
            perceivedLatencyAtEdge: figures.contains { $0.perceivedLatencyAtEdge },
            perceivedLatency: latency, latencyRemoved: removed, values: values, spreads: spreads, ranges: ranges)
    }

    /// A trace row holding figures only (no counts): how `bench tune` keeps a trace's figures
    /// for one configuration. `Λ` and latency removed are exact tenths when given, else the
    /// values' nearest tenths.
    package static func figures(
        trace: String, values: [String: Double], latency: TenthsMean? = nil, removed: TenthsMean? = nil
    ) -> SummaryRow {
        func tenths(_ name: String) -> TenthsMean? { values[name].map { TenthsMean(total: Int(($0 * 10).rounded()), count: 1) } }
        var values = values
        let latency = latency ?? tenths(Figure.perceivedLatency.name), removed = removed ?? tenths(Figure.latencyRemoved.name)
        values[Figure.perceivedLatency.name] = latency?.value
        values[Figure.latencyRemoved.name] = removed?.value
        return SummaryRow(
            trace: trace, strategy: "", traceIndex: 0, strategyIndex: 0, frameRateHz: 0, inputRateHz: nil, frames: 0, inStrokeFrames: 0,
            movingFrames: 0, samples: 0, strokes: 0, device: nil, tool: nil, seeds: 1, traces: 1, inSuiteMean: true,
            perceivedLatencyAtEdge: false, perceivedLatency: latency, latencyRemoved: removed, values: values, spreads: [:], ranges: [:])
    }

    /// The suite mean of every figure over trace rows: the plain mean of each figure, except
    /// `Λ` and latency removed, which are exact means of tenths (``TenthsMean``). Used by the
    /// suite-mean rows and by `bench tune` for any set of traces.
    package static func meanValues(of rows: [SummaryRow]) -> (values: [String: Double], latency: TenthsMean?, removed: TenthsMean?) {
        var values: [String: Double] = [:]
        for figure in Figure.all {
            let xs = rows.compactMap { $0.values[figure.name] }
            if !xs.isEmpty { values[figure.name] = Statistics.mean(xs) }
        }
        let latency = TenthsMean.mean(of: rows.compactMap(\.perceivedLatency))
        let removed = TenthsMean.mean(of: rows.compactMap(\.latencyRemoved))
        values[Figure.perceivedLatency.name] = latency?.value
        values[Figure.latencyRemoved.name] = removed?.value
        return (values, latency, removed)
    }

    static func suiteMean(
        _ groups: [RunGroup], rows: [SummaryRow], strategy: String, strategyIndex: Int, traceCount: Int,
        frameRateHz: Double
    ) -> SummaryRow {
        let (values, latency, removed) = meanValues(of: rows)
        // The spread of the suite mean over seeds: the suite mean per seed (a seed-independent
        // trace contributes its one run to every seed), then the SD and the range of those.
        var spreads: [String: Double] = [:]
        var ranges: [String: Double] = [:]
        let seedCount = groups.map(\.perSeed.count).max() ?? 1
        for figure in Figure.all {
            var perSeed: [Double] = []
            for s in 0..<seedCount {
                let xs = groups.compactMap { g in g.perSeed.isEmpty ? nil : figure.value(g.perSeed[min(s, g.perSeed.count - 1)].figures) }
                if !xs.isEmpty { perSeed.append(Statistics.mean(xs)) }
            }
            if !perSeed.isEmpty { ranges[figure.name] = Statistics.range(perSeed) }
            if seedCount > 1, figure.headline, let sd = Statistics.sampleSD(perSeed) { spreads[figure.name] = sd }
        }
        let rates = Set(rows.compactMap(\.inputRateHz))
        let tools = Set(rows.compactMap(\.tool))
        return SummaryRow(
            trace: suiteMeanName, strategy: strategy, traceIndex: traceCount, strategyIndex: strategyIndex,
            frameRateHz: frameRateHz, inputRateHz: rates.count == 1 ? rates.first : nil,
            frames: rows.reduce(0) { $0 + $1.frames }, inStrokeFrames: rows.reduce(0) { $0 + $1.inStrokeFrames },
            movingFrames: rows.reduce(0) { $0 + $1.movingFrames }, samples: rows.reduce(0) { $0 + $1.samples },
            strokes: rows.reduce(0) { $0 + $1.strokes }, device: nil, tool: tools.count == 1 ? tools.first : nil,
            seeds: rows.map(\.seeds).max() ?? 1, traces: rows.count, inSuiteMean: true,
            perceivedLatencyAtEdge: rows.contains { $0.perceivedLatencyAtEdge },
            perceivedLatency: latency, latencyRemoved: removed, values: values, spreads: spreads, ranges: ranges)
    }
}

/// Means, spreads and ranges, in one place.
package enum Statistics {
    package static func mean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }

    /// The sample standard deviation (n - 1); `nil` for fewer than two values.
    static func sampleSD(_ xs: [Double]) -> Double? {
        guard xs.count >= 2 else { return nil }
        let m = mean(xs)
        return (xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(xs.count - 1)).squareRoot()
    }

    /// max - min (0 for one value).
    static func range(_ xs: [Double]) -> Double { (xs.max() ?? 0) - (xs.min() ?? 0) }
}

/// `summary.csv`: one row per trace and strategy, then one `suite mean` row per strategy.
///
/// The first columns are fixed (tools read them by position):
/// `trace,strategy,frame_rate_hz,input_rate_hz,frames,perceived_latency_ms,latency_removed_ms,`
/// `overshoot_p95_mm,overshoot_max_mm,end_overshoot_mean_mm,end_overshoot_max_mm`, then the
/// secondary figures, counts, spreads over seeds, the chart indices, and what is known of each
/// trace: strokes, device, tool, and whether the row counts toward its suite mean (see ``header``).
/// The figure columns come from the registry (``Figure/all``).
///
/// `read(_:path:)` is the inverse of `write(_:)`: `bench report` and `bench sweep` read a
/// folder's summary.csv back into the same ``SummaryRow`` rows `bench run` renders, so the
/// report has one rendering path. ``write(_:into:)`` and ``read(in:)`` do the same with the
/// file of a results folder.
///
/// (The rows and their CSV text share this file: the text is the rows' one serialised form.)
///
/// ```swift
/// let bytes = SummaryCSV.write(rows).bytes
/// let again = try SummaryCSV.read(String(decoding: bytes, as: UTF8.self), path: "summary.csv")
/// try SummaryCSV.write(rows, into: folder)   // folder/summary.csv
/// ```
package enum SummaryCSV {
    /// The file's name in a results folder.
    package static let file = "summary.csv"

    /// Writes `summary.csv` of `rows` into `folder`.
    ///
    /// - Throws: `OutputError` naming the file when it cannot be written.
    package static func write(_ rows: [SummaryRow], into folder: OutputFolder) throws(OutputError) {
        try folder.write(file, bytes: write(rows).bytes)
    }

    /// The folder's `summary.csv` read once, as the rows the report renders and judges.
    ///
    /// - Throws: `BaselineFileError` naming the file and line.
    package static func read(in folder: OutputFolder) throws(BaselineFileError) -> [SummaryRow] {
        let path = folder.file(file)
        let text: String
        do { text = try folder.read(file) } catch { throw BaselineFileError(path: path, line: nil, "cannot read (\(error))") }
        return try read(text, path: path)
    }

    /// Every column, in order.
    package static let header: [String] = {
        var h = ["trace", "strategy", "frame_rate_hz", "input_rate_hz", "frames"]
        h += Figure.all.map(\.name)
        h += ["perceived_latency_at_edge", "in_stroke_frames", "moving_frames", "samples", "seeds", "traces"]
        h += Figure.headlines.map { Figure.spreadColumn($0.name) }
        h += ["trace_index", "strategy_index", "strokes", "device", "tool", "in_suite_mean"]
        return h
    }()

    /// Writes the header and rows.
    package static func write(_ rows: [SummaryRow]) -> CSVWriter {
        var csv = CSVWriter(reservingCapacity: 256 * (rows.count + 1))
        csv.row(header)
        for r in rows {
            csv.text(r.trace)
            csv.text(r.strategy)
            csv.number(r.frameRateHz)
            csv.number(r.inputRateHz)
            csv.integer(r.frames)
            for figure in Figure.all {
                switch figure.name {
                case Figure.perceivedLatency.name: tenths(r.perceivedLatency, value: r.values[figure.name], into: &csv)
                case Figure.latencyRemoved.name: tenths(r.latencyRemoved, value: r.values[figure.name], into: &csv)
                default: csv.number(r.values[figure.name])
                }
            }
            csv.integer(r.perceivedLatencyAtEdge ? 1 : 0)
            csv.integer(r.inStrokeFrames)
            csv.integer(r.movingFrames)
            csv.integer(r.samples)
            csv.integer(r.seeds)
            csv.integer(r.traces)
            for figure in Figure.headlines { csv.number(r.spreads[figure.name]) }
            csv.integer(r.traceIndex)
            csv.integer(r.strategyIndex)
            csv.integer(r.strokes)
            csv.text(r.device ?? "")
            csv.text(r.tool ?? "")
            csv.integer(r.inSuiteMean ? 1 : 0)
            csv.endRow()
        }
        return csv
    }

    /// Reads the rows of a `summary.csv` (columns found by name; columns an older file lacks
    /// take their neutral value: no device or tool, one trace a row, in the suite mean).
    ///
    /// - Throws: `BaselineFileError` naming the file, and the line of a cell that is not what
    ///   its column holds.
    package static func read(_ text: String, path: String) throws(BaselineFileError) -> [SummaryRow] {
        let table: CSVTable
        do { table = try CSVTable(parsing: text) } catch { throw BaselineFileError(path: path, line: nil, error.description) }
        for name in ["trace", "strategy"] where table.column(name) == nil {
            throw BaselineFileError(path: path, line: 1, "no '\(name)' column; expected the header of a bench summary.csv")
        }
        var rows: [SummaryRow] = []
        for r in table.rows.indices {
            let line = r + 2
            func number(_ name: String) throws(BaselineFileError) -> Double? {
                let t = table.text(row: r, name)
                guard !t.isEmpty else { return nil }
                guard let v = Double(t), v.isFinite else {
                    throw BaselineFileError(path: path, line: line, "\(name) = '\(t)': expected a finite number or an empty cell")
                }
                return v
            }
            func count(_ name: String, _ absent: Int) throws(BaselineFileError) -> Int {
                let t = table.text(row: r, name)
                guard !t.isEmpty else { return absent }
                guard let v = Int(t), v >= 0 else {
                    throw BaselineFileError(path: path, line: line, "\(name) = '\(t)': expected a whole number >= 0")
                }
                return v
            }
            var values: [String: Double] = [:]
            for figure in Figure.all { values[figure.name] = try number(figure.name) }
            var spreads: [String: Double] = [:]
            for figure in Figure.headlines { spreads[figure.name] = try number(Figure.spreadColumn(figure.name)) }
            let device = table.text(row: r, "device"), tool = table.text(row: r, "tool")
            rows.append(
                SummaryRow(
                    trace: table.text(row: r, "trace"), strategy: table.text(row: r, "strategy"),
                    traceIndex: try count("trace_index", 0), strategyIndex: try count("strategy_index", 0),
                    frameRateHz: try number("frame_rate_hz") ?? 0, inputRateHz: try number("input_rate_hz"),
                    frames: try count("frames", 0), inStrokeFrames: try count("in_stroke_frames", 0),
                    movingFrames: try count("moving_frames", 0), samples: try count("samples", 0), strokes: try count("strokes", 0),
                    device: device.isEmpty ? nil : device, tool: tool.isEmpty ? nil : tool, seeds: try count("seeds", 1),
                    traces: try count("traces", 1), inSuiteMean: try count("in_suite_mean", 1) != 0,
                    perceivedLatencyAtEdge: try count("perceived_latency_at_edge", 0) != 0,
                    perceivedLatency: tenths(table.text(row: r, Figure.perceivedLatency.name)),
                    latencyRemoved: tenths(table.text(row: r, Figure.latencyRemoved.name)), values: values, spreads: spreads,
                    ranges: [:]))
        }
        return rows
    }

    /// A mean of tenths from its text when the writer wrote it exactly (`35.4`: one digit
    /// after the point); `nil` otherwise (the value alone is then in the row's values).
    static func tenths(_ text: String) -> TenthsMean? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 1, let whole = Int(parts[0]), let digit = Int(parts[1]), digit >= 0 else { return nil }
        let negative = text.hasPrefix("-")
        return TenthsMean(total: whole * 10 + (negative ? -digit : digit), count: 1)
    }

    package static func tenths(_ m: TenthsMean?, value: Double?, into csv: inout CSVWriter) {
        guard let m else { return csv.number(value) }
        if let exact = m.exactTenths { csv.tenths(exact) } else { csv.number(m.value) }
    }
}
