import InkOutput
/// The terminal tables of a run: what each trace is, then its headline figures per strategy
/// and the suite means.
///
/// ```
/// trace              strategy         latency ms  removed ms  overshoot p95 mm  end overshoot mm
/// s-curve slow       none                   35.4         0.0             0.000             0.000
/// ```
package enum ResultTable {
    /// The figures of the compact table: the registry's shown in ``Figure/Views/terminal``.
    static let columns = Figure.shown(in: .terminal)

    /// Renders summary rows (per trace, then suite means); with several seeds a figure shows
    /// as `mean±sd`. A trace row left out of the suite means is marked `*`. `perTrace` false
    /// prints only the suite means.
    ///
    /// ```swift
    /// print(ResultTable.render(rows: SummaryRow.rows(outcome, frameRateHz: 60)))
    /// ```
    package static func render(rows summary: [SummaryRow], perTrace: Bool = true) -> String {
        var rows: [[String]] = [["trace", "strategy"] + columns.map(\.heading)]
        func cell(_ r: SummaryRow, _ f: Figure) -> String {
            guard let v = r.values[f.name] else { return "-" }
            var text = f.text(v)
            if let sd = r.spreads[f.name] { text += "±" + f.text(sd) }
            if f.name == Figure.perceivedLatency.name && r.perceivedLatencyAtEdge { text += "!" }
            return text
        }
        for r in summary where perTrace || r.isSuiteMean {
            let name = r.isSuiteMean ? "suite mean (\(r.traces))" : r.trace + (r.inSuiteMean ? "" : " *")
            rows.append([name, r.strategy] + columns.map { cell(r, $0) })
        }
        return TextTable.render(rows, leftAligned: [0, 1])
    }

    /// What each trace is: input rate (1 / median interval), samples, strokes, moving frames,
    /// tool and device, and whether it counts toward the suite means.
    ///
    /// ```
    /// trace         input Hz  samples  strokes  moving frames  tool  device  in suite mean
    /// s-curve slow       240      385        1            360  pen   -       yes
    /// ```
    package static func traces(rows summary: [SummaryRow]) -> String {
        var out: [[String]] = [["trace", "input Hz", "samples", "strokes", "moving frames", "tool", "device", "in suite mean"]]
        var seen = Set<Int>()
        for r in summary where !r.isSuiteMean && seen.insert(r.traceIndex).inserted {
            out.append([
                r.trace, r.inputRateHz.map { NumberText.fixed($0, $0 == $0.rounded() ? 0 : 1) } ?? "-", String(r.samples),
                String(r.strokes), String(r.movingFrames), r.tool ?? "-", r.device ?? "-", r.inSuiteMean ? "yes" : "no",
            ])
        }
        return TextTable.render(out, leftAligned: [0, 5, 6, 7])
    }

    /// The notice for traces left out of the suite means, or `nil` when none was.
    package static func exclusionNotice(rows summary: [SummaryRow], minMovingFrames: Int) -> String? {
        var names: [String] = []
        var seen: Set<String> = []
        for r in summary where !r.isSuiteMean && !r.inSuiteMean && seen.insert(r.trace).inserted {
            names.append("\(r.trace) (\(r.movingFrames))")
        }
        guard !names.isEmpty else { return nil }
        return "left out of every suite mean, with fewer than \(minMovingFrames) moving frames (--min-moving-frames): "
            + names.joined(separator: ", ") + "; their own rows (marked *) are still reported"
    }
}
