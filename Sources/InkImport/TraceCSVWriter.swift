import InkPrediction
import InkTraces

/// Writes a ``/InkTraces/Trace`` as InkBench trace CSV, the project's interchange format (read back by
/// ``TraceCSVReader`` without loss).
///
/// Numbers are printed as Swift's shortest text that reads back to the same `Double`, with no
/// locale effects, so the output is deterministic and the round trip exact. Columns
/// `pressure`, `tilt_rad`, `azimuth_rad`, `tool` and `kind` appear only when some stroke needs
/// them. A synthetic stroke's analytic ground truth is not written (a recording's truth is its
/// samples).
///
/// ```swift
/// let csv = TraceCSVWriter.write(trace)
/// try Data(csv.utf8).write(to: url, options: .atomic)
/// ```
public enum TraceCSVWriter {
    /// The trace as CSV text, ending with a newline.
    public static func write(_ trace: Trace) -> String {
        let strokes = trace.strokes
        let hasPressure = strokes.contains { $0.pressure != nil }
        let hasTilt = strokes.contains { $0.tilt != nil }
        let hasAzimuth = strokes.contains { $0.azimuth != nil }
        let hasTool = strokes.contains { $0.tool != .pen }
        let hasKind = strokes.contains { $0.recordedPredictions != nil }
        var out = "# inkbench-trace 1\n"
        out += "# nominal_interval_s: \(number(trace.nominalInterval))\n"
        var header = ["t_s", "x_mm", "y_mm", "stroke"]
        if hasPressure { header.append("pressure") }
        if hasTilt { header.append("tilt_rad") }
        if hasAzimuth { header.append("azimuth_rad") }
        if hasTool { header.append("tool") }
        if hasKind { header.append("kind") }
        out += header.joined(separator: ",") + "\n"
        for (k, stroke) in strokes.enumerated() {
            for i in 0..<stroke.count {
                var row = [number(stroke.t[i]), number(stroke.x[i]), number(stroke.y[i]), String(k)]
                if hasPressure { row.append(stroke.pressure.map { number($0[i]) } ?? "") }
                if hasTilt { row.append(stroke.tilt.map { number($0[i]) } ?? "") }
                if hasAzimuth { row.append(stroke.azimuth.map { number($0[i]) } ?? "") }
                if hasTool { row.append(stroke.tool.rawValue) }
                if hasKind { row.append("sample") }
                out += row.joined(separator: ",") + "\n"
                guard let tail = stroke.recordedPredictions?[i] else { continue }
                for p in tail {
                    var prow = [number(p.t), number(p.x), number(p.y), String(k)]
                    if hasPressure { prow.append("") }
                    if hasTilt { prow.append("") }
                    if hasAzimuth { prow.append("") }
                    if hasTool { prow.append(stroke.tool.rawValue) }
                    prow.append("predicted")
                    out += prow.joined(separator: ",") + "\n"
                }
            }
        }
        return out
    }

    /// Shortest round-trip text of a finite number (`0.1`, `1e-05`, `3.0`), locale-independent.
    public static func number(_ v: Double) -> String { v.description }
}
