import InkMetrics
import InkOutput
import InkReplay
import InkSession

/// `frames.csv`: one row per evaluated (open) frame of the first seed: where the pen was at
/// photon time, what the frame showed, and the errors.
///
/// ```swift
/// let bytes = FramesCSV.write(outcome).bytes
/// ```
package enum FramesCSV {
    /// Every column, in order.
    package static let header = [
        "trace", "strategy", "phase", "stroke", "frame", "kind", "photon_time_s", "target_time_s",
        "true_x_mm", "true_y_mm", "tip_x_mm", "tip_y_mm", "predicted", "newest_t_s", "newest_x_mm",
        "newest_y_mm", "newest_index", "horizon_ms", "speed_mm_per_s", "lead_mm", "cross_track_mm",
        "overshoot_mm", "trace_index", "strategy_index",
    ]

    /// Writes the frames every group's first seed kept; `traceIndex` keeps one trace only
    /// (`chart-frames.csv`, the charts' smaller copy: only what its `ChartWindow` shows), and
    /// there a blank line separates each stroke, so the charts' lines break at every pen-up
    /// (gnuplot ends a line at a blank line; CSV readers skip it).
    package static func write(_ outcome: BenchOutcome, traceIndex: Int? = nil) -> CSVWriter {
        let groups = outcome.groups.filter { traceIndex == nil || $0.traceIndex == traceIndex }
        let window = traceIndex.flatMap { outcome.traces.indices.contains($0) ? ChartWindow(trace: outcome.traces[$0]) : nil }
        let count = groups.reduce(0) { $0 + ($1.perSeed.first?.frames?.count ?? 0) }
        var csv = CSVWriter(reservingCapacity: 200 * (count + 1))
        csv.row(header)
        for g in groups {
            guard let run = g.perSeed.first, let frames = run.frames else { continue }
            var block: (stroke: Int, phase: Int)? = nil
            for d in frames {
                let f = d.frame
                if let window {
                    guard window.shows(phase: f.phase, photonTime: f.photonTime) else { continue }
                    if let b = block, b != (f.stroke, f.phase) { csv.blankLine() }
                    block = (f.stroke, f.phase)
                }
                csv.text(g.trace)
                csv.text(run.strategy)
                csv.integer(f.phase)
                csv.integer(f.stroke)
                csv.integer(f.index)
                csv.text(f.kind == .inStroke ? "in-stroke" : "after-lift")
                csv.number(f.photonTime)
                csv.number(f.targetTime)
                csv.number(d.trueX)
                csv.number(d.trueY)
                csv.number(f.tipX)
                csv.number(f.tipY)
                csv.integer(f.predicted ? 1 : 0)
                csv.number(f.newest.t)
                csv.number(f.newest.x)
                csv.number(f.newest.y)
                csv.integer(f.newestIndex)
                csv.number(f.horizon * 1000)
                csv.number(d.speedMMPerS)
                csv.number(d.leadMM)
                csv.number(d.crossTrackMM)
                csv.number(d.overshootMM)
                csv.integer(g.traceIndex)
                csv.integer(g.strategyIndex)
                csv.endRow()
            }
        }
        return csv
    }
}
