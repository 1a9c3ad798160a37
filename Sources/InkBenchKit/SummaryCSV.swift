import InkMetrics

/// `summary.csv`: one row per trace and strategy, then one `suite mean` row per strategy.
///
/// The first columns are fixed (tools read them by position):
/// `trace,strategy,frame_rate_hz,input_rate_hz,frames,perceived_latency_ms,latency_removed_ms,`
/// `overshoot_p95_mm,overshoot_max_mm,end_overshoot_mean_mm,end_overshoot_max_mm`, then the
/// secondary figures, counts, spreads over seeds and the chart indices (see ``header``).
///
/// ```swift
/// let bytes = SummaryCSV.write(rows).bytes
/// ```
public enum SummaryCSV {
    /// Every column, in order.
    public static let header: [String] = {
        var h = ["trace", "strategy", "frame_rate_hz", "input_rate_hz", "frames"]
        h += FigureColumns.all.map(\.name)
        h += ["perceived_latency_at_edge", "in_stroke_frames", "moving_frames", "samples", "seeds", "traces"]
        h += SummaryRow.headline.map(SummaryRow.spreadColumn)
        h += ["trace_index", "strategy_index"]
        return h
    }()

    /// Writes the header and rows.
    public static func write(_ rows: [SummaryRow]) -> CSVWriter {
        var csv = CSVWriter(reservingCapacity: 256 * (rows.count + 1))
        csv.row(header)
        for r in rows {
            csv.text(r.trace)
            csv.text(r.strategy)
            csv.number(r.frameRateHz)
            csv.number(r.inputRateHz)
            csv.integer(r.frames)
            for column in FigureColumns.all {
                switch column.name {
                case "perceived_latency_ms": tenths(r.perceivedLatency, into: &csv)
                case "latency_removed_ms": tenths(r.latencyRemoved, into: &csv)
                default: csv.number(r.values[column.name])
                }
            }
            csv.integer(r.perceivedLatencyAtEdge ? 1 : 0)
            csv.integer(r.inStrokeFrames)
            csv.integer(r.movingFrames)
            csv.integer(r.samples)
            csv.integer(r.seeds)
            csv.integer(r.traces)
            for name in SummaryRow.headline { csv.number(r.spreads[name]) }
            csv.integer(r.traceIndex)
            csv.integer(r.strategyIndex)
            csv.endRow()
        }
        return csv
    }

    static func tenths(_ m: TenthsMean?, into csv: inout CSVWriter) {
        guard let m else { return csv.empty() }
        if let exact = m.exactTenths { csv.tenths(exact) } else { csv.number(m.value) }
    }
}
