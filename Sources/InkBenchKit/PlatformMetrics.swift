#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkMetrics
import InkOutput
import InkPrediction
import InkReplay
import InkReport
import InkTraces

/// A strategy's Android metrics on one trace: the atoms of every stroke Android would report,
/// and the counts behind them.
package struct AndroidTraceResult: Sendable {
    package var trace: String
    package var strategy: String
    /// One list of atoms (one per bucket) per reported stroke.
    package var strokes: [[AndroidPredictionMetrics.Atom]]
    package var predictions: Int
    package var matches: Int
    package var droppedOutsideBuckets: Int
}

/// A strategy's Chromium metrics on one trace: every scored predicted point.
package struct ChromiumTraceResult: Sendable {
    package var trace: String
    package var strategy: String
    package var records: [ChromiumPredictionMetrics.Record]
    package var ignored: Int
}

/// Drives the platform metric sets (``/InkMetrics/AndroidPredictionMetrics``, ``/InkMetrics/ChromiumPredictionMetrics``)
/// with any strategy, and writes `android-metrics.csv`, `chromium-metrics.csv` and the Android
/// error-against-horizon chart.
///
/// - Android: each stroke is fed sample by sample (a pen-down, moves, a pen-up); after each
///   sample the strategy's predictions are handed over. A strategy whose predictions are a list
///   of points (``/InkPrediction/PointListPredictor``, e.g. `recorded`) hands over its points as they are;
///   any other is sampled at Android's steps, the newest sample's time plus 1 to 5 times
///   4.17 ms (within its horizon cap). Predicted pressure holds the newest sample's. Positions
///   are Android device px at ``androidPxPerMM`` (default 10.8 px/mm, 274 per inch, a 240 Hz
///   stylus tablet's; the 1100 px/s threshold depends on it).
/// - Chromium: the trace is replayed through the timing model; every frame that shows a
///   prediction hands Chromium the displayed tip as a predicted event whose time is the frame's
///   target time and whose frame time is the frame's **photon time** (the model's equivalent of
///   the time Chromium's frame is shown); the stroke's samples are its real events, as they are
///   received. Each stroke and phase is a fresh handler. Positions are Chromium px (160 per
///   inch, 0.15875 mm, as the `kalman` port uses).
package enum PlatformMetrics {
    /// Android device px per mm used for mm traces.
    package static let androidPxPerMMDefault = 10.8
    /// Chromium px per mm (160 per inch).
    package static let chromiumPxPerMMDefault = 1 / 0.15875

    /// The Android metrics of `strategy` on `trace`.
    package static func android(
        trace: Trace, strategy: Strategy, pxPerMM: Double = androidPxPerMMDefault,
        parameters: AndroidPredictionMetrics.Parameters = .init()
    ) -> AndroidTraceResult {
        var m = AndroidPredictionMetrics(parameters: parameters)
        var strokes: [[AndroidPredictionMetrics.Atom]] = []
        let stepNs = parameters.predictionIntervalNs
        func ns(_ t: Double) -> Int64 { Int64((t * 1e9).rounded()) }
        for stroke in trace.strokes {
            m.down()
            var predictor = strategy.makePredictor(stroke)
            for i in 0..<stroke.count {
                if let gap = strategy.gapResetMs, i > 0, (stroke.t[i] - stroke.t[i - 1]) * 1000 > gap { predictor.reset() }
                predictor.update(stroke.point(i))
                let pressure = stroke.pressure?[i] ?? 0
                let originNs = ns(stroke.t[i])
                m.record(.init(timeNs: originNs, xPx: stroke.x[i] * pxPerMM, yPx: stroke.y[i] * pxPerMM, pressure: pressure))
                var points: [AndroidPredictionMetrics.PredictedPoint] = []
                if let list = predictor as? any PointListPredictor {
                    for p in list.predictedPoints() {
                        points.append(.init(targetNs: ns(p.t), xPx: p.x * pxPerMM, yPx: p.y * pxPerMM, pressure: pressure))
                    }
                } else {
                    for j in 1...parameters.maxPredictions {
                        let target = originNs + Int64(j) * stepNs
                        if let cap = strategy.capMs, Double(Int64(j) * stepNs) / 1e6 > cap { break }
                        guard let p = predictor.predict(at: Double(target) / 1e9) else { break }
                        points.append(.init(targetNs: target, xPx: p.x * pxPerMM, yPx: p.y * pxPerMM, pressure: pressure))
                    }
                }
                if !points.isEmpty { m.predict(points) }
            }
            if let atoms = m.up() { strokes.append(atoms) }
        }
        m.down()
        return AndroidTraceResult(
            trace: trace.name, strategy: strategy.name, strokes: strokes, predictions: m.predictionsGiven, matches: m.matches,
            droppedOutsideBuckets: m.droppedOutsideBuckets)
    }

    /// The Chromium metrics of `strategy` on `trace` under `timing`.
    package static func chromium(trace: Trace, strategy: Strategy, timing: Timing, pxPerMM: Double = chromiumPxPerMMDefault) -> ChromiumTraceResult {
        var recorder = FrameRecorder()
        Replay.run(trace: trace, strategy: strategy, timing: timing, into: &recorder)
        // Frames by (stroke, phase), each in frame order.
        var groups: [[Frame]] = []
        var index: [Int: Int] = [:]
        for f in recorder.frames {
            let key = f.stroke * 1_000_003 + f.phase
            if let i = index[key] { groups[i].append(f) } else { index[key] = groups.count; groups.append([f]) }
        }
        var m = ChromiumPredictionMetrics()
        for frames in groups {
            guard let first = frames.first else { continue }
            let stroke = trace.strokes[first.stroke]
            var fed = 0
            func feed(upTo end: Int) {
                while fed < end {
                    m.addReal(x: stroke.x[fed] * pxPerMM, y: stroke.y[fed] * pxPerMM, timeMs: stroke.t[fed] * 1000)
                    fed += 1
                }
            }
            for f in frames.sorted(by: { $0.index < $1.index }) {
                feed(upTo: f.received.upperBound)
                if f.predicted {
                    m.addPredicted(x: f.tipX * pxPerMM, y: f.tipY * pxPerMM, timeMs: f.targetTime * 1000, frameTimeMs: f.photonTime * 1000)
                }
                m.evaluate()
            }
            feed(upTo: stroke.count)
            m.evaluate()
            m.finishStroke()
        }
        return ChromiumTraceResult(trace: trace.name, strategy: strategy.name, records: m.records, ignored: m.ignored)
    }

    // MARK: - CSV

    package static let androidHeader = [
        "trace", "strategy", "bucket", "bucket_ms", "strokes", "predictions", "matches", "match_rate", "dropped_outside_buckets",
        "along_mean_px", "along_sd_px", "off_rmse_px", "pressure_rmse", "high_velocity_along_rmse_px", "high_velocity_off_rmse_px",
        "scale_invariant_along_rmse", "scale_invariant_off_rmse", "trace_index", "strategy_index",
    ]

    /// The name of the rows that pool every trace's strokes.
    static let allTraces = "all traces"

    /// `android-metrics.csv`: per trace and strategy (then every trace pooled, trace index =
    /// the number of traces), a row per bucket with the mean over reported strokes of each
    /// atom field (milli-units back in px), and the counts.
    package static func androidCSV(_ results: [AndroidTraceResult], traces: [String], strategies: [String], buckets: Int = 5) -> CSVWriter {
        var csv = CSVWriter()
        csv.row(androidHeader)
        func rows(_ name: String, _ traceIndex: Int, _ strategyIndex: Int, _ rs: [AndroidTraceResult]) {
            let strokes = rs.flatMap(\.strokes)
            let predictions = rs.reduce(0) { $0 + $1.predictions }, matches = rs.reduce(0) { $0 + $1.matches }
            let dropped = rs.reduce(0) { $0 + $1.droppedOutsideBuckets }
            for b in 0..<buckets {
                let atoms = strokes.compactMap { $0.indices.contains(b) ? $0[b] : nil }
                func mean(_ field: (AndroidPredictionMetrics.Atom) -> Int?) -> Double? {
                    let v = atoms.compactMap(field)
                    guard !v.isEmpty else { return nil }
                    return Double(v.reduce(0, +)) / Double(v.count) / 1000
                }
                csv.text(name)
                csv.text(strategies[strategyIndex])
                csv.integer(b)
                csv.number(HorizonCSV.rounded(Double(AndroidPredictionMetrics.Parameters().predictionIntervalNs) * Double(b + 1) / 1e6, 3))
                csv.integer(atoms.filter { $0.alongMeanMilliPx != nil }.count)
                csv.integer(predictions)
                csv.integer(matches)
                csv.number(predictions > 0 ? HorizonCSV.rounded(Double(matches) / Double(predictions), 6) : nil)
                csv.integer(dropped)
                for f: (AndroidPredictionMetrics.Atom) -> Int? in [
                    { $0.alongMeanMilliPx }, { $0.alongSDMilliPx }, { $0.offRMSEMilliPx }, { $0.pressureRMSEMilli },
                    { $0.highVelocityAlongRMSEMilliPx }, { $0.highVelocityOffRMSEMilliPx }, { $0.scaleInvariantAlongRMSEMilli },
                    { $0.scaleInvariantOffRMSEMilli },
                ] {
                    csv.number(mean(f).map { HorizonCSV.rounded($0, 6) })
                }
                csv.integer(traceIndex)
                csv.integer(strategyIndex)
                csv.endRow()
            }
        }
        for (si, s) in strategies.enumerated() {
            for (ti, t) in traces.enumerated() {
                let rs = results.filter { $0.trace == t && $0.strategy == s }
                if !rs.isEmpty { rows(t, ti, si, rs) }
            }
            let all = results.filter { $0.strategy == s }
            if !all.isEmpty { rows(allTraces, traces.count, si, all) }
        }
        return csv
    }

    package static let chromiumHeader = [
        "trace", "strategy", "scored", "ignored", "over_count", "over_prediction_mean_px", "under_count", "under_prediction_mean_px",
        "prediction_score_mean_px", "prediction_score_p95_px", "frame_over_prediction_mean_px", "frame_under_prediction_mean_px",
        "frame_score_mean_px", "prediction_jitter_mean_px", "visual_jitter_mean_px", "trace_index", "strategy_index",
    ]

    /// `chromium-metrics.csv`: per trace and strategy (then every trace pooled), the count of
    /// scored points and the mean of each of Chromium's histograms' values (px).
    package static func chromiumCSV(_ results: [ChromiumTraceResult], traces: [String], strategies: [String]) -> CSVWriter {
        var csv = CSVWriter()
        csv.row(chromiumHeader)
        func mean(_ v: [Double]) -> Double? { v.isEmpty ? nil : HorizonCSV.rounded(v.reduce(0, +) / Double(v.count), 6) }
        func row(_ name: String, _ ti: Int, _ si: Int, _ rs: [ChromiumTraceResult]) {
            let r = rs.flatMap(\.records)
            let over = r.map(\.overUnderPx).filter { $0 >= 0 }, under = r.map(\.overUnderPx).filter { $0 < 0 }.map { -$0 }
            let frameOver = r.map(\.frameOverUnderPx).filter { $0 >= 0 }, frameUnder = r.map(\.frameOverUnderPx).filter { $0 < 0 }.map { -$0 }
            let scores = r.map { abs($0.overUnderPx) }
            csv.text(name)
            csv.text(strategies[si])
            csv.integer(r.count)
            csv.integer(rs.reduce(0) { $0 + $1.ignored })
            csv.integer(over.count)
            csv.number(mean(over))
            csv.integer(under.count)
            csv.number(mean(under))
            csv.number(mean(scores))
            if scores.isEmpty {
                csv.empty()
            } else {
                let sorted = scores.sorted()
                csv.number(HorizonCSV.rounded(sorted[max(0, Int((0.95 * Double(sorted.count)).rounded(.up)) - 1)], 6))
            }
            csv.number(mean(frameOver))
            csv.number(mean(frameUnder))
            csv.number(mean(r.map { abs($0.frameOverUnderPx) }))
            csv.number(mean(r.compactMap(\.predictionJitterPx)))
            csv.number(mean(r.compactMap(\.visualJitterPx)))
            csv.integer(ti)
            csv.integer(si)
            csv.endRow()
        }
        for (si, s) in strategies.enumerated() {
            for (ti, t) in traces.enumerated() {
                let rs = results.filter { $0.trace == t && $0.strategy == s }
                if !rs.isEmpty { row(t, ti, si, rs) }
            }
            let all = results.filter { $0.strategy == s }
            if !all.isEmpty { row(allTraces, traces.count, si, all) }
        }
        return csv
    }

    /// The Android chart: along-trajectory mean (solid) and off-trajectory RMSE (dashed)
    /// against the bucket's horizon, per strategy, every trace pooled.
    package static func androidChart(strategies: [String], traceCount: Int, caption: String) -> ChartScript {
        let h = androidHeader
        let ti = ChartScripts.col(h, "trace_index") ?? "$0", si = ChartScripts.col(h, "strategy_index") ?? "$0"
        let x = ChartScripts.col(h, "bucket_ms") ?? "$0", along = ChartScripts.col(h, "along_mean_px") ?? "$0"
        let off = ChartScripts.col(h, "off_rmse_px") ?? "$0"
        var plots: [String] = []
        let styles = StrategyStyle.styles(for: strategies)
        for (i, name) in strategies.enumerated() {
            let color = styles[i].colour
            let pick = "\(ti)==\(traceCount) && \(si)==\(i)"
            plots.append("'android-metrics.csv' skip 1 using (\(pick) ? \(x) : NaN):(\(along)) with linespoints lw 2 ps 0.8 \(styles[i].gnuplotColourAndPoint) title \(ChartScripts.quote(name + ": along mean"))")
            plots.append("'android-metrics.csv' skip 1 using (\(pick) ? \(x) : NaN):(\(off)) with linespoints lw 2 pt \(styles[i].pointType == 7 ? 6 : styles[i].pointType - 1) ps 0.8 dt 2 lc rgb '\(color)' title \(ChartScripts.quote(name + ": off RMSE"))")
        }
        let body = """
            set title \(ChartScripts.quote("Android MotionPredictor metrics against horizon (every trace pooled)"))
            set xlabel 'horizon bucket (ms)'
            set ylabel 'error (Android px)'
            set grid lc rgb '#dddddd'
            set key outside right top Left reverse
            set xrange [0:*]
            set bmargin 6
            set label 99 \(ChartScripts.quote(caption)) at screen 0.01, screen 0.02 left font ',10' textcolor '#444444'
            plot \(plots.joined(separator: ", \\\n    "))
            unset label 99
            """
        let comments = [
            ChartScripts.columnsComment("android-metrics.csv", h, ["bucket_ms", "along_mean_px", "off_rmse_px", "trace_index", "strategy_index"]),
            ChartScripts.indexLine("strategy_index", strategies),
        ]
        return ChartScript(
            name: "android-metrics", title: "Android prediction metrics against horizon",
            about: "Android's along-trajectory mean error (positive: ahead) and off-trajectory RMSE per 4.17 ms bucket.",
            text: ChartScripts.script(name: "android-metrics", title: "Android prediction metrics against horizon",
                                      reads: ["android-metrics.csv"], width: 1100, height: 700, columns: comments, body: body))
    }
}
