#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkMetrics
import InkOutput

/// The report sections of the field's metrics, as Markdown: `horizon.md` (fixed-horizon
/// errors) and `platform-metrics.md` (Android and Chromium), written beside their CSV files
/// for the run's report to include.
///
/// ```swift
/// try folder.write("horizon.md", text: FieldReport.horizon(rows, rules: "history 11, ...", chart: rendered))
/// ```
package enum FieldReport {
    static func cell(_ v: Double?, _ digits: Int) -> String { v.map { NumberText.fixed($0, digits) } ?? "–" }

    /// The fixed-horizon section: per pool, the mean error (p95) per strategy and horizon.
    package static func horizon(_ rows: [HorizonRow], rules: String, chart: Bool) -> String {
        var out = ["## Fixed-horizon errors (as papers report them)", "",
                   "Each window of each stroke: a fresh predictor fed the history, asked for the position k samples (or X ms) ahead; "
                   + "the Euclidean error to the real position, mean (p95 in brackets), pooled per pool (task, file, folder or all, as asked). "
                   + "Window rules: \(rules). Definitions: docs/field-metrics.md.", ""]
        var pools: [Int] = []
        for r in rows where !pools.contains(r.poolIndex) { pools.append(r.poolIndex) }
        for p in pools {
            let mine = rows.filter { $0.poolIndex == p }
            guard let first = mine.first else { continue }
            var horizons: [HorizonTarget] = []
            for r in mine where !horizons.contains(r.horizon) { horizons.append(r.horizon) }
            var strategies: [String] = []
            for r in mine where !strategies.contains(r.strategy) { strategies.append(r.strategy) }
            out.append("### \(first.pool) (\(first.unit), \(first.sources) source\(first.sources == 1 ? "" : "s"))")
            out.append("")
            let labels = horizons.map { h -> String in
                let ms = mine.first { $0.horizon == h }?.horizonMs ?? 0
                switch h {
                case .samples(let k): return "\(k) samples (\(NumberText.fixed(ms, 1)) ms)"
                case .milliseconds: return "\(NumberText.exact(ms)) ms"
                }
            }
            out.append("| strategy | " + labels.joined(separator: " | ") + " |")
            out.append("|---|" + String(repeating: "---|", count: horizons.count))
            for s in strategies {
                let cells = horizons.map { h -> String in
                    guard let c = mine.first(where: { $0.strategy == s && $0.horizon == h }) else { return "–" }
                    return "\(cell(c.summary.meanError, 2)) (\(cell(c.summary.p95Error, 2)))"
                }
                out.append("| \(s) | " + cells.joined(separator: " | ") + " |")
            }
            out.append("| windows | " + horizons.map { h in String(mine.first { $0.horizon == h }?.summary.windows ?? 0) }.joined(separator: " | ") + " |")
            out.append("")
        }
        if chart { out += ["![Prediction error against horizon](horizon.svg)", ""] }
        return out.joined(separator: "\n")
    }

    /// The platform section: every trace pooled, one line per strategy for Android and Chromium.
    package static func platform(
        android: [AndroidTraceResult], chromium: [ChromiumTraceResult], strategies: [String], androidPxPerMM: Double,
        timing: String, chart: Bool
    ) -> String {
        var out = ["## Android's and Chromium's prediction metrics", "",
                   "Android: MotionPredictorMetricsManager, in Android px at \(NumberText.exact(androidPxPerMM)) per mm, mean over reported strokes. "
                   + "Chromium: PredictionMetricsHandler on the frames of the timing model (\(timing)), frame time = photon time, in Chromium px (160 per inch). "
                   + "Every trace pooled; per trace in android-metrics.csv and chromium-metrics.csv. Definitions: docs/field-metrics.md.", "",
                   "| strategy | along mean 4 / 8 / 12 / 16 / 20 ms (px) | off RMSE 20 ms (px) | match rate | dropped |", "|---|---|---|---|---|"]
        for s in strategies {
            let rs = android.filter { $0.strategy == s }
            guard !rs.isEmpty else { continue }
            let strokes = rs.flatMap(\.strokes)
            func mean(_ b: Int, _ f: (AndroidPredictionMetrics.Atom) -> Int?) -> Double? {
                let v = strokes.compactMap { $0.indices.contains(b) ? f($0[b]) : nil }
                return v.isEmpty ? nil : Double(v.reduce(0, +)) / Double(v.count) / 1000
            }
            let given = rs.reduce(0) { $0 + $1.predictions }, matched = rs.reduce(0) { $0 + $1.matches }
            let along = (0..<5).map { cell(mean($0) { $0.alongMeanMilliPx }, 2) }.joined(separator: " / ")
            out.append("| \(s) | \(along) | \(cell(mean(4) { $0.offRMSEMilliPx }, 2)) | \(given > 0 ? NumberText.fixed(Double(matched) / Double(given), 3) : "–") | \(rs.reduce(0) { $0 + $1.droppedOutsideBuckets }) |")
        }
        out += ["", "| strategy | points | over (n) | under (n) | score | frame score | prediction jitter | visual jitter |", "|---|---|---|---|---|---|---|---|"]
        for s in strategies {
            let r = chromium.filter { $0.strategy == s }.flatMap(\.records)
            func mean(_ v: [Double]) -> Double? { v.isEmpty ? nil : v.reduce(0, +) / Double(v.count) }
            let over = r.map(\.overUnderPx).filter { $0 >= 0 }, under = r.map(\.overUnderPx).filter { $0 < 0 }.map { -$0 }
            out.append("| \(s) | \(r.count) | \(cell(mean(over), 2)) (\(over.count)) | \(cell(mean(under), 2)) (\(under.count)) | "
                       + "\(cell(mean(r.map { abs($0.overUnderPx) }), 2)) | \(cell(mean(r.map { abs($0.frameOverUnderPx) }), 2)) | "
                       + "\(cell(mean(r.compactMap(\.predictionJitterPx)), 2)) | \(cell(mean(r.compactMap(\.visualJitterPx)), 2)) |")
        }
        out.append("")
        if chart { out += ["![Android metrics against horizon](android-metrics.svg)", ""] }
        return out.joined(separator: "\n")
    }
}
