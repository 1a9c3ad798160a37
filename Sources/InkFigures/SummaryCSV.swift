import InkMetrics
import InkOutput

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
/// report has one rendering path.
///
/// ```swift
/// let bytes = SummaryCSV.write(rows).bytes
/// let again = try SummaryCSV.read(String(decoding: bytes, as: UTF8.self), path: "summary.csv")
/// ```
package enum SummaryCSV {
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
