import InkFigures
import InkOutput
import InkTraces

/// One configuration's figures by recording device, judged by a budget: what `bench tune
/// --evaluate` prints, what `tune --test` writes for the test set, and each column of the
/// transfer table.
///
/// A device's figures are the suite mean over its traces (``Tuner/mean(_:over:)``, as a run's
/// suite means are computed); traces without a device form the group `(device not named)`. The **worst
/// device** is the one whose tightest bound has the smallest margin as a share of its limit
/// (negative: outside the budget).
///
/// ```swift
/// let scores = DeviceScores(perTrace: figures, traces: [("a.svc", "Intuos"), ("b.json", "Pixel")], budget: budget)
/// scores.worst?.device          // "Pixel"
/// scores.meanRemovedMs          // the mean over devices of latency removed, ms
/// ```
package struct DeviceScores: Sendable {
    /// One device: its traces (sorted), their mean figures and the budget's judgement of them.
    package struct Row: Sendable {
        package var device: String
        package var traces: [String]
        package var figures: [String: Double]
        package var judgement: Budget.Judgement
        /// The bound with the smallest margin as a share of its limit, and that share
        /// (negative: outside); `nil` for a budget without bounds or figures missing.
        package var tightest: (margin: Budget.Margin, share: Double)?
    }

    /// The devices, sorted by name.
    package var rows: [Row]
    package var budget: Budget

    /// Groups `traces` (name and device) by device, sorted by device name, each group's names sorted.
    package static func groups(_ traces: [(name: String, device: String?)]) -> [(device: String, traces: [String])] {
        var byDevice: [String: [String]] = [:]
        for t in traces { byDevice[Trace.deviceName(t.device), default: []].append(t.name) }
        return byDevice.keys.sorted().map { ($0, (byDevice[$0] ?? []).sorted()) }
    }

    /// - Parameters:
    ///   - perTrace: each trace's figures under one configuration.
    ///   - traces: the traces to score (name and device); traces `perTrace` lacks are left out.
    ///   - budget: the budget each device is judged by (its scope applies within the device).
    package init(perTrace: Tuner.PerTrace, traces: [(name: String, device: String?)], budget: Budget) {
        self.budget = budget
        rows = Self.groups(traces.filter { perTrace[$0.name] != nil }).map { group in
            let judgement = budget.judge([Tuner.candidate(perTrace, over: group.traces)]).judgements[0]
            return Row(
                device: group.device, traces: group.traces, figures: Tuner.mean(perTrace, over: group.traces),
                judgement: judgement, tightest: Self.tightest(judgement))
        }
    }

    /// A judgement's tightest bound: the smallest margin as a share of its limit (a missing
    /// figure counts as -1, wholly outside).
    package static func tightest(_ j: Budget.Judgement) -> (margin: Budget.Margin, share: Double)? {
        var best: (margin: Budget.Margin, share: Double)?
        for m in j.margins {
            let share = m.margin.map { $0 / max(m.bound.limit, 1e-9) } ?? -1
            if best == nil || share < (best?.share ?? 0) { best = (m, share) }
        }
        return best
    }

    /// The device with the smallest margin (first by name on a tie); `nil` without devices or bounds.
    package var worst: Row? {
        var out: Row?
        for r in rows {
            guard let t = r.tightest else { continue }
            if out == nil || t.share < (out?.tightest?.share ?? 0) { out = r }
        }
        return out
    }

    /// Whether every device is within the budget.
    package var allFit: Bool { rows.allSatisfy(\.judgement.fits) }

    /// The mean over devices (each device once, whatever its number of traces) of latency removed, ms.
    package var meanRemovedMs: Double? {
        let values = rows.compactMap { $0.figures[Figure.latencyRemoved.name] }
        guard !values.isEmpty else { return nil }
        return values.reduce(0, +) / Double(values.count)
    }

    /// `Pixel stylus: end overshoot max mm 1.210 (0.210 outside)`: the worst device and its tightest bound.
    package var worstLine: String? {
        guard let w = worst, let t = w.tightest else { return nil }
        let heading = Figure.named(t.margin.bound.figure)?.heading ?? t.margin.bound.figure
        return "\(w.device): \(heading) \(BudgetTable.marginText(t.margin))"
    }

    /// The headings of ``table()``.
    static let columns = ["latency_removed_ms", "overshoot_p95_mm", "end_overshoot_max_mm"]

    /// A markdown table: one row per device (traces, removed, overshoot p95, end overshoot max,
    /// within the budget, tightest margin), then the worst device and the mean over devices.
    package func markdown() -> String {
        var md = "| device | traces | " + Self.columns.compactMap { Figure.named($0)?.heading }.joined(separator: " | ") + " | within budget | tightest bound (margin) |\n"
        md += "|---|---|" + Self.columns.map { _ in "---|" }.joined() + "---|---|\n"
        for r in rows {
            let cells = Self.columns.map { n in r.figures[n].map { Figure.named(n)?.text($0) ?? "" } ?? "-" }
            let tight = r.tightest.map { (Figure.named($0.margin.bound.figure)?.heading ?? $0.margin.bound.figure) + " " + BudgetTable.marginText($0.margin) } ?? "-"
            md += "| \(r.device) | \(r.traces.count) | " + cells.joined(separator: " | ") + " | \(r.judgement.fits ? "yes" : "no") | \(tight) |\n"
        }
        md += "\n" + summaryLine() + "\n"
        return md
    }

    /// `6 devices, 5 within the budget; worst device: ...; mean over devices: 12.3 ms removed`.
    package func summaryLine() -> String {
        var parts = ["\(rows.count) device\(rows.count == 1 ? "" : "s"), \(rows.filter(\.judgement.fits).count) within the budget"]
        if let w = worstLine { parts.append("worst device: " + w) }
        if let m = meanRemovedMs { parts.append("mean over devices: \(NumberText.fixed(m, 1)) ms removed") }
        return parts.joined(separator: "; ")
    }

    /// Rows of a CSV of one configuration's figures: the mean over all `traces` (`all`), each
    /// device (`device`), each trace (`trace`); columns kind, name, device, traces, within the
    /// budget, every figure of `summary.csv`. `spec` leads each row when given.
    package static func csv(perTrace: Tuner.PerTrace, traces: [(name: String, device: String?)], budget: Budget, spec: String? = nil) -> CSVWriter {
        var w = CSVWriter()
        w.row((spec == nil ? [] : ["strategy"]) + ["kind", "name", "device", "traces", "fits_budget"] + Figure.all.map(\.name))
        let kept = traces.filter { perTrace[$0.name] != nil }
        func line(_ kind: String, _ name: String, _ device: String, _ names: [String]) {
            if let spec { w.text(spec) }
            w.text(kind)
            w.text(name)
            w.text(device)
            w.integer(names.count)
            w.text(budget.judge([Tuner.candidate(perTrace, over: names)]).judgements[0].fits ? "yes" : "no")
            let values = Tuner.mean(perTrace, over: names)
            for f in Figure.all { w.number(values[f.name]) }
            w.endRow()
        }
        line("all", "all traces", "", kept.map(\.name))
        for g in groups(kept) { line("device", g.device, g.device, g.traces) }
        for t in kept.sorted(by: { $0.name < $1.name }) { line("trace", t.name, Trace.deviceName(t.device), [t.name]) }
        return w
    }
}
