#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkFigures
import InkOutput

/// `sweep.csv`: the figures of every strategy over a range of horizon caps, one row per cap,
/// trace (and suite mean) and strategy, ordered by strategy, then trace, then cap (uncapped last).
///
/// ```swift
/// let bytes = SweepCSV.write(runs: [(5, rows5), (nil, rowsOff)], timing: timing.summary).bytes
/// ```
package enum SweepCSV {
    /// The figure columns it keeps (a subset of `summary.csv`'s: the registry's figures shown
    /// in ``/InkFigures/Figure/Views/sweep``).
    package static let figures = Figure.shown(in: .sweep).map(\.name)

    /// Every column, in order.
    package static let header: [String] =
        ["horizon_cap_ms", "capped", "trace", "strategy", "frame_rate_hz", "input_rate_hz", "frames"] + figures
        + ["seeds", "trace_index", "strategy_index", "timing"]

    /// Writes the runs; `timing` is the uncapped timing's summary line (the same on every row).
    package static func write(runs: [(cap: Double?, rows: [SummaryRow])], timing: String) -> CSVWriter {
        var all: [(cap: Double?, row: SummaryRow)] = []
        for run in runs { for r in run.rows { all.append((run.cap, r)) } }
        all.sort { a, b in
            if a.row.strategyIndex != b.row.strategyIndex { return a.row.strategyIndex < b.row.strategyIndex }
            if a.row.traceIndex != b.row.traceIndex { return a.row.traceIndex < b.row.traceIndex }
            return (a.cap ?? .infinity) < (b.cap ?? .infinity)
        }
        var csv = CSVWriter()
        csv.row(header)
        for (cap, r) in all {
            csv.number(cap)
            csv.integer(cap == nil ? 0 : 1)
            csv.text(r.trace)
            csv.text(r.strategy)
            csv.number(r.frameRateHz)
            csv.number(r.inputRateHz)
            csv.integer(r.frames)
            for f in figures {
                switch f {
                case "perceived_latency_ms": SummaryCSV.tenths(r.perceivedLatency, value: r.values[f], into: &csv)
                case "latency_removed_ms": SummaryCSV.tenths(r.latencyRemoved, value: r.values[f], into: &csv)
                default: csv.number(r.values[f])
                }
            }
            csv.integer(r.seeds)
            csv.integer(r.traceIndex)
            csv.integer(r.strategyIndex)
            csv.text(timing)
            csv.endRow()
        }
        return csv
    }

    /// The widest line of ``table(runs:width:)`` by default, in characters.
    static let terminalWidth = 120

    /// A terminal table of the suite means: one line per cap (and `no cap` last), one column
    /// per strategy holding `Λ ms / p95 mm / end max mm`. When the strategies do not fit in
    /// `width` characters they are split into several tables, each within it (every figure of
    /// every cap is in `sweep.csv`).
    package static func table(runs: [(cap: Double?, rows: [SummaryRow])], width: Int = terminalWidth) -> String {
        var strategies: [String] = []
        var order: [String: Int] = [:]
        for run in runs {
            for r in run.rows where r.isSuiteMean && !strategies.contains(r.strategy) {
                strategies.append(r.strategy)
                order[r.strategy] = r.strategyIndex
            }
        }
        strategies.sort { (order[$0] ?? 0, $0) < (order[$1] ?? 0, $1) }
        let capLabels = ["cap ms"] + runs.map { $0.cap.map { NumberText.exact($0) } ?? "no cap" }
        func cells(_ s: String) -> [String] {
            [s] + runs.map { run in
                guard let r = run.rows.first(where: { $0.isSuiteMean && $0.strategy == s }) else { return "-" }
                return NumberText.printf(r.perceivedLatency?.value ?? .nan, 1) + " / "
                    + NumberText.printf(r.values["overshoot_p95_mm"] ?? .nan, 2) + " / " + NumberText.printf(r.values["end_overshoot_max_mm"] ?? .nan, 2)
            }
        }
        let columns = strategies.map(cells)
        let capWidth = capLabels.map(\.count).max() ?? 0
        // Split the strategies into groups whose columns fit the width.
        var groups: [[[String]]] = []
        var current: [[String]] = []
        var used = capWidth
        for column in columns {
            let w = 2 + (column.map(\.count).max() ?? 0)
            if !current.isEmpty && used + w > width {
                groups.append(current)
                current = []
                used = capWidth
            }
            current.append(column)
            used += w
        }
        if !current.isEmpty { groups.append(current) }
        var out = ["suite means per horizon cap: perceived latency ms / overshoot p95 mm / end overshoot max mm (every figure in sweep.csv)"]
        for (g, group) in groups.enumerated() {
            if g > 0 { out.append("") }
            let widths = [capWidth] + group.map { $0.map(\.count).max() ?? 0 }
            for line in capLabels.indices {
                let row = [capLabels[line]] + group.map { $0[line] }
                out.append(row.enumerated().map { i, c in
                    let pad = String(repeating: " ", count: max(0, widths[i] - c.count))
                    return i == 0 ? c + pad : pad + c
                }.joined(separator: "  "))
            }
        }
        return out.joined(separator: "\n")
    }
}
