import InkOutput
import InkTraces

/// `paths.csv`: the samples (the real ink) and the true pen position at each sample time of
/// the chart traces (first seed), for the stroke-replay chart: the samples its `ChartWindow` shows.
///
/// ```swift
/// let bytes = PathsCSV.write(traces: [(0, trace)]).bytes
/// ```
package enum PathsCSV {
    /// Every column, in order.
    package static let header = ["trace", "stroke", "sample", "t_s", "x_mm", "y_mm", "true_x_mm", "true_y_mm", "trace_index"]

    /// Writes the given traces (with their index in the trace order).
    package static func write(traces: [(index: Int, trace: Trace)]) -> CSVWriter {
        var csv = CSVWriter()
        csv.row(header)
        for (index, trace) in traces {
            let window = ChartWindow(trace: trace)
            for (s, stroke) in trace.strokes.enumerated() where window.shows(sampleTime: stroke.startTime) {
                let truth = stroke.groundTruth()
                for i in 0..<stroke.count {
                    let p = stroke.point(i)
                    guard window.shows(sampleTime: p.t) else { break }
                    let q = truth.position(at: p.t)
                    csv.text(trace.name)
                    csv.integer(s)
                    csv.integer(i)
                    csv.number(p.t)
                    csv.number(p.x)
                    csv.number(p.y)
                    csv.number(q.x)
                    csv.number(q.y)
                    csv.integer(index)
                    csv.endRow()
                }
            }
        }
        return csv
    }
}
