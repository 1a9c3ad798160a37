import Foundation

/// The compact terminal table of a run: per trace and strategy, and the suite means.
///
/// ```
/// trace              strategy         Λ ms  removed ms  overshoot p95 mm  end overshoot mm
/// s-curve slow       none             35.4         0.0             0.000             0.000
/// ```
public enum ResultTable {
    /// Renders the table; `perTrace` false prints only the suite means.
    public static func render(_ results: [RunResult], perTrace: Bool = true) -> String {
        var rows: [[String]] = [["trace", "strategy", "latency ms", "removed ms", "overshoot p95 mm", "end overshoot mm"]]
        func fmt(_ v: Double?, _ digits: Int) -> String {
            guard let v else { return "-" }
            return String(format: "%.\(digits)f", locale: Locale(identifier: "en_US_POSIX"), v)
        }
        if perTrace {
            for r in results {
                let f = r.figures
                rows.append([
                    r.trace, r.strategy, fmt(f.perceivedLatencyMs, 1) + (f.perceivedLatencyAtEdge ? "!" : ""),
                    fmt(f.latencyRemovedMs, 1), fmt(f.overshootP95MM, 3), fmt(f.endOvershootMeanMM, 3),
                ])
            }
        }
        for m in SuiteMean.of(results) {
            rows.append([
                "suite mean (\(m.traces))", m.strategy, fmt(m.perceivedLatencyMs, 1), fmt(m.latencyRemovedMs, 1),
                fmt(m.values["overshoot_p95_mm"], 3), fmt(m.values["end_overshoot_mean_mm"], 3),
            ])
        }
        return layout(rows)
    }

    /// Renders summary rows (per trace, then suite means); with several seeds a figure shows
    /// as `mean±sd`. `perTrace` false prints only the suite means.
    ///
    /// ```swift
    /// print(ResultTable.render(rows: SummaryRow.rows(outcome, frameRateHz: 60)))
    /// ```
    public static func render(rows summary: [SummaryRow], perTrace: Bool = true) -> String {
        var rows: [[String]] = [["trace", "strategy", "latency ms", "removed ms", "overshoot p95 mm", "end overshoot mm"]]
        func fmt(_ v: Double?, _ sd: Double?, _ digits: Int) -> String {
            guard let v else { return "-" }
            let text = String(format: "%.\(digits)f", locale: Locale(identifier: "en_US_POSIX"), v)
            guard let sd else { return text }
            return text + "±" + String(format: "%.\(digits)f", locale: Locale(identifier: "en_US_POSIX"), sd)
        }
        for r in summary where perTrace || r.isSuiteMean {
            rows.append([
                r.isSuiteMean ? "suite mean (\(r.traces))" : r.trace, r.strategy,
                fmt(r.perceivedLatency?.value, r.spreads["perceived_latency_ms"], 1) + (r.perceivedLatencyAtEdge ? "!" : ""),
                fmt(r.latencyRemoved?.value, r.spreads["latency_removed_ms"], 1),
                fmt(r.values["overshoot_p95_mm"], r.spreads["overshoot_p95_mm"], 3),
                fmt(r.values["end_overshoot_mean_mm"], r.spreads["end_overshoot_mean_mm"], 3),
            ])
        }
        return layout(rows)
    }

    /// Pads the cells into columns: the first two (trace, strategy) left-aligned, figures right-aligned.
    static func layout(_ rows: [[String]]) -> String {
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return rows.map { row in
            row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
