import InkMetrics

/// `summary.csv`: one row per trace and strategy, then one `suite mean` row per strategy.
///
/// The first columns are fixed (tools read them by position):
/// `trace,strategy,frame_rate_hz,input_rate_hz,frames,perceived_latency_ms,latency_removed_ms,`
/// `overshoot_p95_mm,overshoot_max_mm,end_overshoot_mean_mm,end_overshoot_max_mm`, then the
/// secondary figures, counts, spreads over seeds, the chart indices, and what is known of each
/// trace: strokes, device, tool, and whether the row counts toward its suite mean (see ``header``).
/// The figure columns come from the registry (``Figure/all``).
///
/// ```swift
/// let bytes = SummaryCSV.write(rows).bytes
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
                case Figure.perceivedLatency.name: tenths(r.perceivedLatency, into: &csv)
                case Figure.latencyRemoved.name: tenths(r.latencyRemoved, into: &csv)
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

    static func tenths(_ m: TenthsMean?, into csv: inout CSVWriter) {
        guard let m else { return csv.empty() }
        if let exact = m.exactTenths { csv.tenths(exact) } else { csv.number(m.value) }
    }
}
