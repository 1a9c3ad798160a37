import InkTraces
import InkBaseline
import InkFigures
import InkOutput
import InkReport
/// What `bench tune` found, and its files: `tune.csv` (every evaluation on every set of
/// traces), `tune-chart.csv` and `tune.gp` (the evaluations on the latency/overshoot plane with
/// the budget box and the front), `tune.md` and the terminal summary.
///
/// The in-sample configuration is tuned and judged on all traces; each fold's is tuned on the
/// other folds' traces and judged on its own, and the held-out figures are the mean over every
/// trace of the figures its fold's configuration reached on it.
package struct TuneResult: Sendable {
    package var strategy: String
    package var parameters: [TuneParameter]
    package var budget: Budget
    /// The traces counted in the suite mean.
    package var traces: [String]
    package var split: TuneFolds
    package var tuner: Tuner
    /// The configuration tuned on all traces.
    package var inSample: [Double]
    /// Each fold's configuration, tuned on its training traces.
    package var perFold: [(fold: TuneFolds.Fold, values: [Double])]
    /// The strategy spec of a configuration.
    package var spec: @Sendable ([Double]) -> String
    /// Each trace of ``traces`` with its device (for the figures by device); empty: not known.
    package var devices: [(name: String, device: String?)] = []
    /// The chosen configuration's figures on a test set that took no part in the search (`--test`).
    package var test: TestSet?
    /// The transfer table's rows (`--transfer`): each device and the configuration tuned on its traces alone.
    package var transfer: [(device: String, values: [Double])] = []

    /// A test set: its traces (with devices) and the chosen configuration's figures on each.
    package struct TestSet: Sendable {
        package var traces: [(name: String, device: String?)]
        package var perTrace: Tuner.PerTrace
        package init(traces: [(name: String, device: String?)], perTrace: Tuner.PerTrace) {
            self.traces = traces
            self.perTrace = perTrace
        }
        var names: [String] { traces.map(\.name).filter { perTrace[$0] != nil } }
    }

    package init(
        strategy: String, parameters: [TuneParameter], budget: Budget, traces: [String], split: TuneFolds, tuner: Tuner,
        inSample: [Double], perFold: [(fold: TuneFolds.Fold, values: [Double])], spec: @escaping @Sendable ([Double]) -> String
    ) {
        self.strategy = strategy
        self.parameters = parameters
        self.budget = budget
        self.traces = traces
        self.split = split
        self.tuner = tuner
        self.inSample = inSample
        self.perFold = perFold
        self.spec = spec
    }

    /// The chosen configuration (tuned on all traces) as a `--strategies` spec.
    package var chosenSpec: String { spec(inSample) }
    /// Whether the chosen configuration meets the budget on all traces (else no configuration does).
    package var chosenFits: Bool { fits(tuner.figures(inSample) ?? [:], over: traces) }

    /// The in-sample figures of the chosen configuration (mean over all traces).
    var inSampleFigures: [String: Double] { Tuner.mean(tuner.figures(inSample) ?? [:], over: traces) }

    /// Each trace's figures under the configuration tuned without its fold; `nil` without folds.
    var heldOutPerTrace: Tuner.PerTrace? {
        guard !perFold.isEmpty else { return nil }
        var combined: Tuner.PerTrace = [:]
        for (fold, values) in perFold {
            let figures = tuner.figures(values) ?? [:]
            for t in fold.test { combined[t] = figures[t] }
        }
        return combined
    }

    /// The held-out figures: the mean over every trace of ``heldOutPerTrace``; `nil` without folds.
    var heldOutFigures: [String: Double]? { heldOutPerTrace.map { Tuner.mean($0, over: traces) } }

    /// The held-out figures by device, when the folds leave one device out; else `nil`.
    var heldOutDevices: DeviceScores? {
        guard split.leavesDeviceOut, !devices.isEmpty, let held = heldOutPerTrace else { return nil }
        return DeviceScores(perTrace: held, traces: devices, budget: budget)
    }

    /// `tune-test.csv`: the chosen configuration on the test set: all, each device, each trace.
    package func testCSV() -> CSVWriter? {
        guard let test else { return nil }
        return DeviceScores.csv(perTrace: test.perTrace, traces: test.traces, budget: budget, spec: chosenSpec)
    }

    /// The configuration tuned on each device's traces alone, scored on every device's:
    /// (tuned on, its values, scored on, that device's traces).
    var transferCells: [(tunedOn: String, values: [Double], scoredOn: String, traces: [String])] {
        let groups = DeviceScores.groups(devices)
        return transfer.flatMap { t in groups.map { g in (t.device, t.values, g.device, g.traces) } }
    }

    /// `tune-transfer.csv`: one row per (tuned on, scored on) device pair: the configuration, its
    /// mean figures on the scored device's traces and whether they are within the budget.
    package func transferCSV() -> CSVWriter? {
        guard !transfer.isEmpty else { return nil }
        var w = CSVWriter()
        w.row(["tuned_on", "strategy"] + parameters.map(\.name) + ["scored_on", "traces", "fits_budget"] + Figure.all.map(\.name))
        for c in transferCells {
            let perTrace = tuner.figures(c.values) ?? [:]
            let values = Tuner.mean(perTrace, over: c.traces)
            w.text(c.tunedOn)
            w.text(spec(c.values))
            for v in c.values { w.number(v) }
            w.text(c.scoredOn)
            w.integer(c.traces.count)
            w.text(fits(perTrace, over: c.traces) ? "yes" : "no")
            for f in Figure.all { w.number(values[f.name]) }
            w.endRow()
        }
        return w
    }

    /// The transfer table in markdown: rows tuned on, columns scored on; each cell the latency
    /// removed (ms) and whether within the budget; the diagonal is in-sample.
    func transferMarkdown() -> String {
        let groups = DeviceScores.groups(devices)
        var md = "**Transfer** (`tune-transfer.csv`): tuned on one device's traces alone (rows), scored on each device's (columns): latency removed, ms, and whether within the budget. The diagonal (in brackets) is in-sample.\n\n"
        md += "| tuned on | chosen | " + groups.map(\.device).joined(separator: " | ") + " | scored within the budget |\n"
        md += "|---|---|" + groups.map { _ in "---|" }.joined() + "---|\n"
        for t in transfer {
            let perTrace = tuner.figures(t.values) ?? [:]
            var within = 0
            let cells = groups.map { g -> String in
                let ok = fits(perTrace, over: g.traces)
                if ok { within += 1 }
                let removed = Tuner.mean(perTrace, over: g.traces)[Figure.latencyRemoved.name].map { Figure.latencyRemoved.text($0) } ?? "-"
                let cell = removed + " " + (ok ? "yes" : "no")
                return g.device == t.device ? "(" + cell + ")" : cell
            }
            md += "| \(t.device) | `\(spec(t.values))` | " + cells.joined(separator: " | ") + " | \(within) of \(groups.count) |\n"
        }
        return md + "\n"
    }

    /// Every set of traces a row of `tune.csv` can describe: all, then each fold's train and test.
    var sets: [(name: String, traces: [String])] {
        [("all", traces)] + split.folds.flatMap { [("train " + $0.name, $0.train), ("test " + $0.name, $0.test)] }
    }

    /// `tune.csv`: one row per evaluation and set of traces, with every figure's mean over the set.
    package func csv() -> CSVWriter {
        var w = CSVWriter()
        w.row(["evaluation", "phase", "strategy"] + parameters.map(\.name) + ["set", "traces", "fits_budget"] + Figure.all.map(\.name))
        for (i, config) in tuner.evaluated.enumerated() {
            let perTrace = tuner.figures(config) ?? [:]
            for set in sets {
                let values = Tuner.mean(perTrace, over: set.traces)
                let within = fits(perTrace, over: set.traces)
                w.integer(i + 1)
                w.text(tuner.phases[i])
                w.text(spec(config))
                for v in config { w.number(v) }
                w.text(set.name)
                w.integer(set.traces.count)
                w.text(within ? "yes" : "no")
                for f in Figure.all { w.number(values[f.name]) }
                w.endRow()
            }
        }
        return w
    }

    /// Whether a configuration's figures over `traces` are within the budget (its mean, or each trace with `--budget-per-trace`).
    func fits(_ perTrace: Tuner.PerTrace, over traces: [String]) -> Bool {
        budget.judge([Tuner.candidate(perTrace, over: traces)]).judgements[0].fits
    }

    /// `tune-chart.csv`: each evaluation on all traces: |Λ|, overshoot p95, end overshoot max, within the budget, on the front, chosen.
    package func chartCSV() -> CSVWriter {
        var w = CSVWriter()
        w.row(["evaluation", "abs_perceived_latency_ms", "overshoot_p95_mm", "end_overshoot_max_mm", "fits_budget", "front", "chosen"])
        let points = tuner.evaluated.enumerated().map { i, c in (strategy: String(i), values: Tuner.mean(tuner.figures(c) ?? [:], over: traces)) }
        let front = Set(Dominance.front(points, tolerances: ToleranceTable()))
        for (i, c) in tuner.evaluated.enumerated() {
            let v = points[i].values
            w.integer(i + 1)
            w.number(v[Figure.perceivedLatency.name].map(abs))
            w.number(v[Figure.overshootP95.name])
            w.number(v["end_overshoot_max_mm"])
            w.integer(fits(tuner.figures(c) ?? [:], over: traces) ? 1 : 0)
            w.integer(front.contains(String(i)) ? 1 : 0)
            w.integer(c == inSample ? 1 : 0)
            w.endRow()
        }
        return w
    }

    /// `tune.gp`: the evaluations on the |Λ| / overshoot p95 plane, the budget's p95 bound, the front and the choice.
    /// The front of non-dominated evaluations (suite means over all traces), sorted by
    /// overshoot p95: `tune-front.csv`, drawn as a line through the front's points.
    package func frontCSV() -> CSVWriter {
        var w = CSVWriter()
        w.row(["evaluation", "overshoot_p95_mm", "abs_perceived_latency_ms"])
        let points = tuner.evaluated.enumerated().map { i, c in (strategy: String(i), values: Tuner.mean(tuner.figures(c) ?? [:], over: traces)) }
        var front: [(i: Int, x: Double, y: Double)] = []
        for name in Dominance.front(points, tolerances: ToleranceTable()) {
            guard let i = Int(name), let x = points[i].values[Figure.overshootP95.name],
                let y = points[i].values[Figure.perceivedLatency.name].map(abs)
            else { continue }
            front.append((i, x, y))
        }
        for p in front.sorted(by: { ($0.x, $0.y, $0.i) < ($1.x, $1.y, $1.i) }) {
            w.integer(p.i + 1)
            w.number(p.x)
            w.number(p.y)
            w.endRow()
        }
        return w
    }

    /// The budget drawn on the chart's plane (x overshoot p95, y |perceived latency|): the box
    /// of the bounds on those axes (a bound on `Λ` bounds its magnitude), and the text of the
    /// bounds on other figures, which the chart cannot draw but colours (grey: outside any).
    func budgetOnAxes() -> (gnuplot: String, others: [String]) {
        var x: Budget.Bound?, y: Budget.Bound?
        var others: [String] = []
        for bound in budget.bounds {
            if bound.figure == Figure.overshootP95.name { x = bound } else if bound.figure == Figure.perceivedLatency.name { y = bound } else { others.append(bound.text) }
        }
        func n(_ v: Double) -> String { NumberText.exact(v) }
        var lines: [String] = []
        let colour = "lc rgb '#c0392b'"
        // The box: from the bounds' lower edges (0, or an at-least limit) to their upper edges.
        let x0 = x.map { $0.atLeast ? "first \(n($0.limit))" : "first 0" } ?? "graph 0"
        let x1 = x.map { $0.atLeast ? "graph 1" : "first \(n($0.limit))" } ?? "graph 1"
        let y0 = y.map { $0.atLeast ? "first \(n($0.limit))" : "first 0" } ?? "graph 0"
        let y1 = y.map { $0.atLeast ? "graph 1" : "first \(n($0.limit))" } ?? "graph 1"
        if x != nil || y != nil {
            lines.append("set object 1 rect from \(x0), \(y0) to \(x1), \(y1) behind fc rgb '#c0392b' fs transparent solid 0.07 noborder")
        }
        if let x {
            lines.append("set arrow 1 from \(n(x.limit)), graph 0 to \(n(x.limit)), graph 1 nohead lw 2 dt 2 \(colour)")
            lines.append("set label 1 \(ChartScripts.quote("budget: " + x.text)) at \(n(x.limit)), graph 0.97 left offset char 0.5,0 textcolor rgb '#c0392b'")
        }
        if let y {
            lines.append("set arrow 2 from graph 0, first \(n(y.limit)) to graph 1, first \(n(y.limit)) nohead lw 2 dt 2 \(colour)")
            lines.append("set label 2 \(ChartScripts.quote("budget: |" + y.text.replacingText("<=", with: "| <=").replacingText(">=", with: "| >="))) at graph 0.02, first \(n(y.limit)) left offset 0,char 0.7 textcolor rgb '#c0392b'")
        }
        if !others.isEmpty {
            lines.append("set label 3 \(ChartScripts.quote("also bounded, not on these axes: " + others.joined(separator: ", ") + " (grey: outside the budget)")) at graph 0.02, graph 0.03 left textcolor rgb '#c0392b'")
        }
        return (lines.joined(separator: "\n"), others)
    }

    package func chartScript() -> ChartScript {
        let drawn = budgetOnAxes()
        let body = """
            set title \(ChartScripts.quote("bench tune \(strategy): every evaluation on all traces (suite means; lower left is better)"))
            set xlabel 'overshoot p95 (mm)'
            set ylabel '|perceived latency| (ms)'
            set grid lc rgb '#dddddd'
            set key inside right top box
            set xrange [0:*]
            set yrange [0:*]
            \(drawn.gnuplot)
            plot 'tune-chart.csv' skip 1 using ($5==0 ? $3 : NaN):2 with points pt 6 ps 1 lc rgb '#999999' title 'outside the budget', \\
                'tune-chart.csv' skip 1 using ($5==1 ? $3 : NaN):2 with points pt 7 ps 1 lc rgb '#3a7bd5' title 'within the budget', \\
                'tune-front.csv' skip 1 using 2:3 with linespoints pt 4 ps 1.8 lw 2 lc rgb '#27ae60' title 'front (no evaluation better)', \\
                'tune-chart.csv' skip 1 using ($7==1 ? $3 : NaN):2 with points pt 3 ps 3 lw 3 lc rgb '#c0392b' title 'chosen'
            unset object 1
            unset arrow 1
            unset arrow 2
            unset label 1
            unset label 2
            unset label 3
            """
        let others = drawn.others.isEmpty ? "" : " Bounds on figures off these axes (\(drawn.others.joined(separator: ", "))) cannot be drawn; evaluations outside them are grey."
        return ChartScript(
            name: "tune", title: "Tuning: evaluations on the latency/overshoot plane",
            about: "Each configuration `bench tune` evaluated, as its suite mean over all traces: |perceived latency| against overshoot p95. The shaded box and dashed lines are the budget's bounds on these axes (overshoot p95; |perceived latency|);\(others) The green line joins the front of non-dominated evaluations; the cross is the chosen configuration.",
            text: ChartScripts.script(name: "tune", title: "tuning evaluations", reads: ["tune-chart.csv", "tune-front.csv"], width: 1000, height: 650, body: body))
    }

    func figureLine(_ perTrace: Tuner.PerTrace, _ traces: [String]) -> String {
        let v = Tuner.mean(perTrace, over: traces)
        let names = ["perceived_latency_ms", "latency_removed_ms", "overshoot_p95_mm", "end_overshoot_max_mm"]
        return names.compactMap { n in
            guard let f = Figure.named(n), let x = v[n] else { return nil }
            return f.heading + " " + f.text(x)
        }.joined(separator: ", ") + (fits(perTrace, over: traces) ? " (within the budget)" : " (outside the budget)")
    }

    /// The terminal summary.
    package func terminal() -> String {
        var lines = [
            "tune \(strategy): \(tuner.evaluated.count) evaluations, \(traces.count) traces; \(BudgetTable.title(budget.judge([])))",
            "chosen (tuned on all traces): \(chosenSpec)",
            "  in-sample:  " + figureLine(tuner.figures(inSample) ?? [:], traces),
        ]
        if let held = heldOutPerTrace {
            lines.append("  held-out:   " + figureLine(held, traces) + " [each trace judged with the configuration tuned on the other folds]")
            for (fold, values) in perFold {
                lines.append("  \(fold.name) (\(fold.test.count) trace\(fold.test.count == 1 ? "" : "s") held out): \(spec(values)): " + figureLine(tuner.figures(values) ?? [:], fold.test))
            }
        } else if let w = split.warning {
            lines.append("  held-out:   none (\(w))")
        }
        if let held = heldOutDevices { lines.append("  held out by device: " + held.summaryLine()) }
        if let test {
            lines.append("  test:       " + figureLine(test.perTrace, test.names) + " [\(test.names.count) traces that took no part in the search]")
            lines.append("  test by device: " + DeviceScores(perTrace: test.perTrace, traces: test.traces, budget: budget).summaryLine())
        }
        for t in transfer {
            let scores = DeviceScores(perTrace: tuner.figures(t.values) ?? [:], traces: devices, budget: budget)
            lines.append("  tuned on \(t.device) alone: \(spec(t.values)): within the budget on \(scores.rows.filter(\.judgement.fits).count) of \(scores.rows.count) devices; " + (scores.worstLine.map { "worst " + $0 } ?? ""))
        }
        return lines.joined(separator: "\n")
    }

    /// `tune.md`: the report section.
    package func markdown(chartRendered: Bool, chartNote: String) -> String {
        var md = "## Tuning `\(strategy)`\n\n"
        md += "**Budget:** " + budget.bounds.map { "`\($0.text)`" }.joined(separator: ", ") + " (\(budget.scope.rawValue)). "
        md += "**Searched:** " + parameters.map { "`\($0.name)` \(NumberText.exact($0.low))...\(NumberText.exact($0.high))\($0.logarithmic ? " (log)" : "")" }.joined(separator: ", ")
        md += "; a grid, then a coordinate search; \(tuner.evaluated.count) evaluations over \(traces.count) traces (every one in `tune.csv`).\n\n"
        md += "**Chosen** (tuned on all traces): `\(chosenSpec)`, paste into `--strategies` or a baseline.\n\n"
        md += "| figures | " + ["latency ms", "removed ms", "overshoot p95 mm", "end overshoot max mm", "within budget"].joined(separator: " | ") + " |\n|---|---|---|---|---|---|\n"
        func row(_ name: String, _ perTrace: Tuner.PerTrace, _ traces: [String]) -> String {
            let v = Tuner.mean(perTrace, over: traces)
            let cells = ["perceived_latency_ms", "latency_removed_ms", "overshoot_p95_mm", "end_overshoot_max_mm"].map { n in
                v[n].map { Figure.named(n)?.text($0) ?? "" } ?? "-"
            }
            return "| \(name) | " + cells.joined(separator: " | ") + " | \(fits(perTrace, over: traces) ? "yes" : "no") |\n"
        }
        md += row("in-sample (tuned and judged on all traces)", tuner.figures(inSample) ?? [:], traces)
        if let held = heldOutPerTrace { md += row("held-out (each trace judged with the configuration tuned without its fold)", held, traces) }
        for (fold, values) in perFold { md += row("\(fold.name): `\(spec(values))` on its \(fold.test.count) held-out trace\(fold.test.count == 1 ? "" : "s")", tuner.figures(values) ?? [:], fold.test) }
        if let test { md += row("**test**: the chosen configuration, once, on \(test.names.count) test trace\(test.names.count == 1 ? "" : "s") that took no part in the search", test.perTrace, test.names) }
        md += "\n"
        if let held = heldOutDevices { md += "**Held out by device** (each device judged with the configuration tuned without it): " + held.summaryLine() + ".\n\n" }
        if let test {
            md += "**Test set by device** (`\(chosenSpec)`, `tune-test.csv`):\n\n" + DeviceScores(perTrace: test.perTrace, traces: test.traces, budget: budget).markdown() + "\n"
        }
        if !transfer.isEmpty { md += transferMarkdown() }
        if let w = split.warning { md += "_Warning: \(w)._\n\n" }
        md += chartRendered ? "![tuning evaluations](tune.svg)\n\n" : "_Chart not rendered: \(chartNote)._ Script: `tune.gp`.\n\n"
        return md
    }
}
