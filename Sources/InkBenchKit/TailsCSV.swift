import InkOutput
import InkSession
/// `tails.csv`: each frame's predicted tail for the chart trace (first seed), one row per
/// segment, from the newest received sample through the predictor's answers to the target.
///
/// ```swift
/// let bytes = TailsCSV.write(outcome).bytes
/// ```
package enum TailsCSV {
    /// Every column, in order.
    package static let header = [
        "trace", "strategy", "phase", "stroke", "frame", "point", "t_s", "from_x_mm", "from_y_mm", "x_mm", "y_mm",
        "trace_index", "strategy_index",
    ]

    /// Writes the tails the groups kept.
    package static func write(_ outcome: BenchOutcome) -> CSVWriter {
        var csv = CSVWriter()
        csv.row(header)
        for g in outcome.groups {
            guard let run = g.perSeed.first, let frames = run.frames, let tails = run.tails,
                outcome.traces.indices.contains(g.traceIndex)
            else { continue }
            let window = ChartWindow(trace: outcome.traces[g.traceIndex])
            for (d, tail) in zip(frames, tails) where !tail.isEmpty && window.shows(phase: d.frame.phase, photonTime: d.frame.photonTime) {
                var fromX = d.frame.newest.x, fromY = d.frame.newest.y
                for (j, p) in tail.enumerated() {
                    csv.text(g.trace)
                    csv.text(run.strategy)
                    csv.integer(d.frame.phase)
                    csv.integer(d.frame.stroke)
                    csv.integer(d.frame.index)
                    csv.integer(j)
                    csv.number(p.t)
                    csv.number(fromX)
                    csv.number(fromY)
                    csv.number(p.x)
                    csv.number(p.y)
                    csv.integer(g.traceIndex)
                    csv.integer(g.strategyIndex)
                    csv.endRow()
                    fromX = p.x
                    fromY = p.y
                }
            }
        }
        return csv
    }
}
