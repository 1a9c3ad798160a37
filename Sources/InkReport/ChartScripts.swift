import InkTraces
import InkFigures
import InkOutput
/// What the chart scripts need to know about a results folder: names in index order, the
/// timing caption, and the headers of the CSV files present (column numbers come from them).
///
/// ```swift
/// let context = ChartContext(caption: timing.summary, strategies: ["none", "linear"], traces: ["s-curve fast"],
///                            summaryHeader: SummaryCSV.header)
/// ```
package struct ChartContext: Sendable {
    /// The timing line printed under every chart.
    package var caption: String
    /// Strategy names by `strategy_index`.
    package var strategies: [String]
    /// Trace names by `trace_index` (suite means use index `traces.count`).
    package var traces: [String]
    /// The trace the stroke-replay and error-over-time charts show.
    package var chartTraceIndex: Int?
    package var summaryHeader: [String]
    /// Headers of the optional files (`chart-frames.csv`, `tails.csv`, `paths.csv`, `sweep.csv`);
    /// `nil` when the file is absent.
    package var framesHeader: [String]?
    package var tailsHeader: [String]?
    package var pathsHeader: [String]?
    package var sweepHeader: [String]?
    /// What the per-frame charts show of the chart trace (`ChartWindow.note`).
    package var chartWindow: String = "frame phase 0"

    package init(
        caption: String, strategies: [String], traces: [String], chartTraceIndex: Int? = nil,
        summaryHeader: [String], framesHeader: [String]? = nil, tailsHeader: [String]? = nil,
        pathsHeader: [String]? = nil, sweepHeader: [String]? = nil
    ) {
        self.caption = caption
        self.strategies = strategies
        self.traces = traces
        self.chartTraceIndex = chartTraceIndex
        self.summaryHeader = summaryHeader
        self.framesHeader = framesHeader
        self.tailsHeader = tailsHeader
        self.pathsHeader = pathsHeader
        self.sweepHeader = sweepHeader
    }
}

/// A gnuplot script for one chart, written as `<name>.gp` beside the CSV files it reads; it
/// renders `<name>.svg` and `<name>.png` (`gnuplot <name>.gp` re-renders by hand).
package struct ChartScript: Sendable, Equatable {
    /// File stem: `tradeoff`, `replay`, `error`, `bars`, `sweep`.
    package var name: String
    /// The chart's title.
    package var title: String
    /// What the chart shows and how to read it (one or two sentences, for the report).
    package var about: String
    /// The script text.
    package var text: String

    /// A chart: its file stem, title, reading note (for the report) and gnuplot text.
    package init(name: String, title: String, about: String, text: String) {
        self.name = name
        self.title = title
        self.about = about
        self.text = text
    }
}

/// Writes the gnuplot scripts of the charts: trade-off, stroke replay, error over time,
/// per-trace bars and (after `bench sweep`) the horizon-cap sweep.
///
/// Scripts read the CSV files by relative path, filter rows by the numeric `trace_index` and
/// `strategy_index` columns (gnuplot's string columns break on quoted commas), turn enhanced
/// text off (names are printed as they are), and quote every path and label.
///
/// ```swift
/// for script in ChartScripts.all(context) { try out.write(script.name + ".gp", text: script.text) }
/// ```
package enum ChartScripts {
    /// Every chart the context has data for, in report order.
    package static func all(_ c: ChartContext) -> [ChartScript] {
        [tradeoff(c), replay(c), errorOverTime(c), bars(c), sweep(c)].compactMap { $0 }
    }

    /// A gnuplot single-quoted string (no escapes are processed; `'` is doubled).
    package static func quote(_ s: String) -> String {
        "'" + oneLine(s).replacingText("'", with: "''") + "'"
    }

    /// The style of strategy `i` of the context (``StrategyStyle``: one per strategy of the run, by position).
    static func style(_ c: ChartContext, _ i: Int) -> StrategyStyle { StrategyStyle.styles(for: c.strategies)[i] }

    /// The latency axis' reading, from the registry: perceived latency is judged by its magnitude.
    static let latencyReading = Figure.perceivedLatency.direction.phrase

    /// Text on one line (a name with a line break would end a gnuplot string or comment).
    static func oneLine(_ s: String) -> String {
        s.replacingText("\r", with: " ").replacingText("\n", with: " ")
    }

    /// A tick label for a trace: a recording's file name without its folders, at most 24
    /// characters (the middle elided); the report's tables carry the full names.
    static func shortLabel(_ name: String) -> String {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        guard base.count > 24 else { return base }
        return String(base.prefix(14)) + "…" + String(base.suffix(9))
    }

    /// A comment line naming the columns a script uses: `summary.csv: $6 perceived_latency_ms, ...`.
    package static func columnsComment(_ file: String, _ header: [String]?, _ names: [String]) -> String {
        guard let header else { return "" }
        return "\(file): " + names.compactMap { n in col(header, n).map { "\($0) \(n)" } }.joined(separator: ", ")
    }

    /// An index column's names for a script's header comment: `strategy_index: 0 none, 1 linear`.
    package static func indexLine(_ column: String, _ names: [String]) -> String {
        column + ": " + names.enumerated().map { "\($0.offset) \(oneLine($0.element))" }.joined(separator: ", ")
    }

    /// Names of the strategies and traces by index, for the scripts' header comment.
    static func indexComment(_ c: ChartContext) -> [String] {
        [indexLine("strategy_index", c.strategies), indexLine("trace_index", c.traces + [SummaryRow.suiteMeanName])]
    }

    /// The 1-based column of `name`, as `$n`; `nil` when missing.
    package static func col(_ header: [String], _ name: String) -> String? {
        header.firstIndex(of: name).map { "$\($0 + 1)" }
    }

    /// The common frame of a script: the header comment, CSV settings, and a loop that renders
    /// the body to SVG and then PNG (pngcairo when available). `out_prefix` (set with
    /// `gnuplot -e "out_prefix='...'"`) lets the tool render to temporary names first.
    package static func script(
        name: String, title: String, reads: [String], width: Int, height: Int, columns: [String] = [], body: String
    ) -> String {
        """
        # InkBench chart: \(title)
        # Made by `bench`; re-render by hand with:  gnuplot \(name).gp
        # Reads \(reads.map { "'\($0)'" }.joined(separator: ", ")) (relative to this folder); rows are chosen by
        # the numeric trace_index and strategy_index columns.
        \(columns.map { "# " + $0 }.joined(separator: "\n"))
        if (!exists("out_prefix")) out_prefix = ''
        set datafile separator comma
        set datafile missing ''
        do for [fmt in "svg png"] {
            if (fmt eq "svg") {
                set terminal svg size \(width),\(height) dynamic noenhanced font 'Helvetica,13' background '#ffffff'
            } else {
                if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
                    set terminal pngcairo size \(width),\(height) noenhanced font 'Sans,10' background '#ffffff'
                } else {
                    set terminal png size \(width),\(height) noenhanced
                }
            }
            set termoption noenhanced
            set output out_prefix.\(quote(name)).'.'.fmt
        \(body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
            unset output
        }

        """
    }

    /// A gnuplot newline (double-quoted, so it is processed).
    static let newline = "\"\\n\""

    static func caption(_ c: ChartContext, extra: String = "") -> String {
        "set label 99 \(quote(c.caption + extra)) at screen 0.01, screen 0.02 left font ',10' textcolor '#444444'"
    }

    // MARK: - Trade-off

    /// Perceived latency against overshoot p95 (suite means), a labelled point per strategy,
    /// `none` marked, and each strategy's curve over horizon caps when `sweep.csv` is present.
    package static func tradeoff(_ c: ChartContext) -> ChartScript? {
        let h = c.summaryHeader
        guard let ti = col(h, "trace_index"), let si = col(h, "strategy_index"), let ov = col(h, "overshoot_p95_mm"),
            let lat = col(h, "perceived_latency_ms")
        else { return nil }
        let mean = c.traces.count
        var plots: [String] = []
        for (i, name) in c.strategies.enumerated() {
            let pick = "(\(ti)==\(mean) && \(si)==\(i) ? \(ov) : NaN)"
            if name == "none" {
                plots.append("'summary.csv' skip 1 using \(pick):(\(lat)) with points pt 4 ps 2.6 lw 2 lc rgb '#000000' title \(quote("none (no prediction, the baseline)"))")
            } else {
                plots.append("'summary.csv' skip 1 using \(pick):(\(lat)) with points ps 1.8 \(style(c, i).gnuplot) title \(quote(name))")
            }
            plots.append("'summary.csv' skip 1 using \(pick):(\(lat)):(\(quote(name))) with labels offset char 1.2,char 0.7 left textcolor rgb '\(style(c, i).colour)' notitle")
        }
        var reads = ["summary.csv"]
        if let sh = c.sweepHeader, let sti = col(sh, "trace_index"), let ssi = col(sh, "strategy_index"),
            let sov = col(sh, "overshoot_p95_mm"), let slat = col(sh, "perceived_latency_ms"), let capped = col(sh, "capped")
        {
            reads.append("sweep.csv")
            for (i, name) in c.strategies.enumerated() where name != "none" {
                plots.append("'sweep.csv' skip 1 using (\(sti)==\(mean) && \(ssi)==\(i) && \(capped)==1 ? \(sov) : NaN):(\(slat)) with lines lw 1.8 \(style(c, i).gnuplotLine) title \(quote(name + " over horizon caps"))")
            }
        }
        let body = """
            set title \(quote("Trade-off: perceived latency against overshoot (suite means; latency \(latencyReading), overshoot lower is better)"))
            set xzeroaxis lt 0 lc rgb '#888888'
            set xlabel 'overshoot p95 (mm)'
            set ylabel 'perceived latency (ms)'
            set grid lc rgb '#dddddd'
            set key inside right top Left reverse box
            set xrange [0:*]
            set offsets graph 0, graph 0.25, graph 0.08, graph 0.08
            set bmargin 6
            \(caption(c))
            plot \(plots.joined(separator: ", \\\n    "))
            unset label 99
            """
        return ChartScript(
            name: "tradeoff", title: "Trade-off: perceived latency against overshoot",
            about: "Each point is a strategy's suite mean: perceived latency (how long ago the pen was where the ink ends; below 0 the ink runs ahead of the pen) against the 95th percentile of overshoot. Latency closer to 0 and less overshoot are better; a strategy is better than another only if it is no worse on both."
                + (reads.count > 1 ? " Thin curves (in the strategy's colour) trace each strategy over the horizon caps of `sweep.csv`." : ""),
            text: script(name: "tradeoff", title: "trade-off", reads: reads, width: 1100, height: 700,
                         columns: [columnsComment("summary.csv", h, ["perceived_latency_ms", "overshoot_p95_mm", "trace_index", "strategy_index"]),
                                   columnsComment("sweep.csv", reads.count > 1 ? c.sweepHeader : nil, ["capped", "perceived_latency_ms", "overshoot_p95_mm", "trace_index", "strategy_index"])].filter { !$0.isEmpty } + indexComment(c),
                         body: body))
    }

    // MARK: - Stroke replay

    /// For the chart trace (phase 0): the true path, the real ink in red, each frame's
    /// predicted tail in blue and the displayed tips; one panel per predicting strategy.
    package static func replay(_ c: ChartContext) -> ChartScript? {
        guard let t = c.chartTraceIndex, let ph = c.pathsHeader, let th = c.tailsHeader, let fh = c.framesHeader,
            let pti = col(ph, "trace_index"), let px = col(ph, "x_mm"), let py = col(ph, "y_mm"),
            let ptx = col(ph, "true_x_mm"), let pty = col(ph, "true_y_mm"),
            let tti = col(th, "trace_index"), let tsi = col(th, "strategy_index"), let tph = col(th, "phase"),
            let fx = col(th, "from_x_mm"), let fy = col(th, "from_y_mm"), let tx = col(th, "x_mm"), let ty = col(th, "y_mm"),
            let fti = col(fh, "trace_index"), let fsi = col(fh, "strategy_index"), let fph = col(fh, "phase"),
            let fpr = col(fh, "predicted"), let qx = col(fh, "tip_x_mm"), let qy = col(fh, "tip_y_mm")
        else { return nil }
        let panels = c.strategies.enumerated().filter { $0.element != "none" }
        guard !panels.isEmpty else { return nil }
        let columns = panels.count == 1 ? 1 : panels.count <= 4 ? 2 : 3
        let rows = (panels.count + columns - 1) / columns
        var body = """
            # Equal scales on both axes; a very flat or very tall path gets room around it so
            # the panel stays readable (tails beyond the frame are clipped).
            stats 'paths.csv' skip 1 using (\(pti)==\(t) ? \(px) : NaN):(\(py)) nooutput
            span = (STATS_max_x - STATS_min_x > STATS_max_y - STATS_min_y) ? STATS_max_x - STATS_min_x : STATS_max_y - STATS_min_y
            span = span > 0 ? span : 1
            halfx = ((STATS_max_x - STATS_min_x > 0.5 * span) ? STATS_max_x - STATS_min_x : 0.5 * span) * 0.75
            halfy = ((STATS_max_y - STATS_min_y > 0.5 * span) ? STATS_max_y - STATS_min_y : 0.5 * span) * 0.75
            cx = (STATS_max_x + STATS_min_x) / 2
            cy = (STATS_max_y + STATS_min_y) / 2
            set multiplot layout \(rows),\(columns) title \(quote("Stroke replay: \(c.traces[t]), \(c.chartWindow)")).\(newline).'true pen path (grey), real ink (red), each frame''s predicted tail (blue) to the displayed tip (circle)'.\(newline).\(quote(c.caption)) font ',13'
            set size ratio -1
            set xrange [cx - halfx : cx + halfx]
            set yrange [cy + halfy : cy - halfy]
            set xlabel 'x (mm)'
            set ylabel 'y (mm, down)'
            set grid lc rgb '#eeeeee'
            unset key
            """
        for (i, name) in panels {
            body += """

                set title \(quote(name))
                plot 'paths.csv' skip 1 using (\(pti)==\(t) ? \(ptx) : NaN):(\(pty)) with lines lw 4 lc rgb '#cccccc' title 'true pen path', \\
                    'paths.csv' skip 1 using (\(pti)==\(t) ? \(px) : NaN):(\(py)) with linespoints lw 1.5 pt 7 ps 0.35 lc rgb '#e00000' title 'real ink (samples)', \\
                    'tails.csv' skip 1 using (\(tti)==\(t) && \(tsi)==\(i) && \(tph)==0 ? \(fx) : NaN):(\(fy)):(\(tx)-\(fx)):(\(ty)-\(fy)) with vectors nohead lw 1.2 lc rgb '#1f4fff' title 'predicted tail per frame', \\
                    'chart-frames.csv' skip 1 using (\(fti)==\(t) && \(fsi)==\(i) && \(fph)==0 && \(fpr)==1 ? \(qx) : NaN):(\(qy)) with points pt 6 ps 0.7 lc rgb '#1f4fff' title 'displayed tip'
                """
        }
        body += "\nunset multiplot\nunset size\nset autoscale"
        return ChartScript(
            name: "replay", title: "Stroke replay: \(c.traces[t])",
            about: "The pen's true path (grey), the ink an app draws from the received samples (red), and at each frame the predicted tail (blue) from the newest sample to the predicted tip, for one frame phase. Tails that leave the grey path at the bends or run past the end are overshoot.",
            text: script(name: "replay", title: "stroke replay", reads: ["paths.csv", "tails.csv", "chart-frames.csv"],
                         width: 1200, height: 560 * rows + 80, columns: indexComment(c), body: body))
    }

    // MARK: - Error over time

    /// The displayed tip's lead and cross-track error per frame for each strategy, on the chart trace (phase 0).
    static func errorOverTime(_ c: ChartContext) -> ChartScript? {
        guard let t = c.chartTraceIndex, let fh = c.framesHeader, let ti = col(fh, "trace_index"),
            let si = col(fh, "strategy_index"), let ph = col(fh, "phase"), let tau = col(fh, "photon_time_s"),
            let lead = col(fh, "lead_mm"), let cross = col(fh, "cross_track_mm")
        else { return nil }
        func plot(_ column: String) -> String {
            "plot " + c.strategies.enumerated().map { i, name in
                "'chart-frames.csv' skip 1 using (\(ti)==\(t) && \(si)==\(i) && \(ph)==0 ? 1000*\(tau) : NaN):(\(column)) with linespoints lw 1.5 ps 0.4 \(style(c, i).gnuplot) title \(quote(name))"
            }.joined(separator: ", \\\n    ")
        }
        let body = """
            set multiplot layout 2,1 title \(quote("Error over time: \(c.traces[t]) (\(c.chartWindow))")).\(newline).\(quote(c.caption)) font ',13'
            set grid lc rgb '#dddddd'
            set key outside right top box width 3
            set xlabel 'photon time (ms)'
            set bmargin 4
            set title 'along-track lead (positive: tip ahead of the pen)'
            set ylabel 'lead (mm)'
            \(plot(lead))
            set title 'cross-track error (positive: tip left of the pen''s direction of motion)'
            set ylabel 'cross-track (mm)'
            \(plot(cross))
            unset multiplot
            """
        return ChartScript(
            name: "error", title: "Error over time: \(c.traces[t])",
            about: "The displayed tip against where the pen really was at photon time, frame by frame: lead along the pen's direction (negative is lag) and cross-track error (cutting corners or swinging out at the bends).",
            text: script(name: "error", title: "error over time", reads: ["chart-frames.csv"], width: 1200, height: 820,
                         columns: [columnsComment("chart-frames.csv", fh, ["photon_time_s", "lead_mm", "cross_track_mm", "phase", "trace_index", "strategy_index"])] + indexComment(c),
                         body: body))
    }

    // MARK: - Per-trace bars

    /// Perceived latency and overshoot p95 for each trace (and the suite mean) and strategy.
    package static func bars(_ c: ChartContext) -> ChartScript? {
        let h = c.summaryHeader
        guard let ti = col(h, "trace_index"), let si = col(h, "strategy_index"), let lat = col(h, "perceived_latency_ms"),
            let ov = col(h, "overshoot_p95_mm")
        else { return nil }
        let n = Double(max(1, c.strategies.count))
        let width = 0.8 / n
        let tics = (c.traces + [SummaryRow.suiteMeanName]).enumerated().map { "\(quote(shortLabel($0.element))) \($0.offset)" }.joined(separator: ", ")
        func plot(_ column: String) -> String {
            "plot " + c.strategies.enumerated().map { i, name in
                let offset = (Double(i) - (n - 1) / 2) * width
                return "'summary.csv' skip 1 using (\(si)==\(i) ? \(ti)+(\(NumberText.exact(offset))) : NaN):(\(column)) with boxes lc rgb '\(style(c, i).colour)' fillstyle \(style(c, i).dashType == 1 ? "solid 0.85" : "pattern \(style(c, i).dashType)") border -1 title \(quote(name))"
            }.joined(separator: ", \\\n    ")
        }
        let body = """
            set multiplot layout 2,1 title 'Per-trace figures'.\(newline).\(quote(c.caption)) font ',13'
            set style fill solid 0.85 border -1
            set boxwidth \(NumberText.exact(width)) absolute
            set xtics (\(tics)) rotate by -15 font ',10'
            set xrange [-0.6:\(c.traces.count).6]
            set grid ytics lc rgb '#dddddd'
            set key outside right top box width 3
            set xzeroaxis lt -1
            set bmargin 6
            set title \(quote("perceived latency (\(latencyReading); negative: ink ahead of the pen)"))
            set ylabel 'perceived latency (ms)'
            \(plot(lat))
            set title 'overshoot p95 (lower is better)'
            set ylabel 'overshoot p95 (mm)'
            \(plot(ov))
            unset multiplot
            """
        return ChartScript(
            name: "bars", title: "Per-trace figures",
            about: "Perceived latency and overshoot p95 for every trace and strategy, with the suite mean last: where a strategy's trade-off comes from.",
            text: script(name: "bars", title: "per-trace bars", reads: ["summary.csv"], width: 1200, height: 860,
                         columns: [columnsComment("summary.csv", h, ["perceived_latency_ms", "overshoot_p95_mm", "trace_index", "strategy_index"])] + indexComment(c),
                         body: body))
    }

    // MARK: - Sweep

    /// Each strategy's curve over horizon caps (suite means); the caps at every 10 ms carry a
    /// grey marker per cap, named in the legend.
    package static func sweep(_ c: ChartContext) -> ChartScript? {
        guard let sh = c.sweepHeader, let ti = col(sh, "trace_index"), let si = col(sh, "strategy_index"),
            let ov = col(sh, "overshoot_p95_mm"), let lat = col(sh, "perceived_latency_ms"), let cap = col(sh, "horizon_cap_ms"),
            let capped = col(sh, "capped")
        else { return nil }
        let mean = c.traces.count
        var plots: [String] = []
        for (i, name) in c.strategies.enumerated() {
            let pick = "\(ti)==\(mean) && \(si)==\(i)"
            if name == "none" {
                plots.append("'sweep.csv' skip 1 using (\(pick) && \(capped)==0 ? \(ov) : NaN):(\(lat)) with points pt 4 ps 2.6 lw 2 lc rgb '#000000' title \(quote("none (no prediction, the baseline)"))")
                continue
            }
            plots.append("'sweep.csv' skip 1 using (\(pick) && \(capped)==1 ? \(ov) : NaN):(\(lat)) with linespoints lw 2 ps 0.9 \(style(c, i).gnuplot) title \(quote(name + " (cap 0 ms at top)"))")
            plots.append("'sweep.csv' skip 1 using (\(pick) && \(capped)==0 ? \(ov) : NaN):(\(lat)) with points pt 12 ps 2.2 lw 2 lc rgb '\(style(c, i).colour)' title \(quote(name + ", no cap"))")
        }
        // The caps that are multiples of 10 ms are marked on every curve by one grey marker
        // each, named once in the legend (text labels beside the points printed over each other
        // where curves run close).
        let predicting = c.strategies.enumerated().filter { $0.element != "none" }.map { "\(si)==\($0.offset)" }
        if !predicting.isEmpty {
            let anyPredicting = "(" + predicting.joined(separator: " || ") + ")"
            plots.append("for [k=1:decades] 'sweep.csv' skip 1 using (\(ti)==\(mean) && \(anyPredicting) && \(capped)==1 && \(cap)==10*k ? \(ov) : NaN):(\(lat)) with points pt int(word(capmarks, 1+(k-1)%words(capmarks))) ps 2.4 lw 1.5 lc rgb '#333333' title sprintf('cap %d ms', 10*k)")
        }
        let body = """
            set title \(quote("Trade-off curves over horizon caps (suite means; latency \(latencyReading), overshoot lower is better)"))
            set xzeroaxis lt 0 lc rgb '#888888'
            set xlabel 'overshoot p95 (mm)'
            set ylabel 'perceived latency (ms)'
            set grid lc rgb '#dddddd'
            set key inside right top Left reverse box
            set xrange [0:*]
            set offsets graph 0, graph 0.1, graph 0.05, graph 0.05
            set bmargin 6
            \(caption(c, extra: "; horizon capped at min(strategy cap, sweep cap)"))
            stats 'sweep.csv' skip 1 using (\(capped)==1 ? \(cap) : NaN) nooutput
            maxcap = STATS_max
            decades = int(floor(maxcap / 10))
            capmarks = "6 8 10 14 1 2"
            plot \(plots.joined(separator: ", \\\n    "))
            unset label 99
            """
        return ChartScript(
            name: "sweep", title: "Trade-off curves over horizon caps",
            about: "Each strategy run with its prediction horizon capped at 0, 5, ... ms (the caps at 10, 20, ... ms marked by the grey markers named in the legend): a short cap gives little latency removed and little overshoot, a long cap the reverse. The curve closest to the lower left offers the best trade-off at every overshoot budget.",
            text: script(name: "sweep", title: "trade-off curves over horizon caps", reads: ["sweep.csv"], width: 1100, height: 700,
                         columns: [columnsComment("sweep.csv", sh, ["horizon_cap_ms", "capped", "perceived_latency_ms", "overshoot_p95_mm", "trace_index", "strategy_index"])] + indexComment(c),
                         body: body))
    }
}
