import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkBenchKit
import InkMetrics
import InkOutput
import InkReplay
import InkSession
import InkTraces

/// `bench platform-metrics`: the prediction metrics Android and Chromium report from the field,
/// computed for every strategy on the same traces as `bench run` (the default suite, or
/// `--traces`): `android-metrics.csv` (MotionPredictorMetricsManager, per 4.17 ms bucket),
/// `chromium-metrics.csv` (PredictionMetricsHandler) and the chart `android-metrics.svg`/`.png`.
///
/// ```
/// bench platform-metrics
/// bench platform-metrics --traces Datasets/recordings --manifest Datasets/recordings.manifest
/// ```
struct PlatformMetricsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "platform-metrics",
        abstract: "Android's and Chromium's prediction metrics for every strategy; write android-metrics.csv, chromium-metrics.csv and a chart.",
        discussion: """
            Android: MotionPredictorMetricsManager (AOSP frameworks/native), in Android device px at --android-px-per-mm. \
            Chromium: PredictionMetricsHandler (ui/base/prediction) on the frames of the timing model, its frame time being \
            the model's photon time, in Chromium px (160 per inch). See docs/field-metrics.md.
            """)

    @OptionGroup var strategyOptions: StrategyOptions
    @OptionGroup(title: "Timing") var timingOptions: TimingOptions
    @OptionGroup(title: "Traces") var suiteOptions: SuiteOptions
    @OptionGroup(title: "Recordings") var recordings: RecordingOptions
    @OptionGroup(title: "Output") var output: OutputOptions

    @Option(name: .customLong("android-px-per-mm"), help: "Android device px per mm for the Android metrics (default 10.8: 274 per inch).")
    var androidPxPerMM = PlatformMetrics.androidPxPerMMDefault
    @Option(name: .customLong("chromium-px-per-mm"), help: "Chromium px per mm for the Chromium metrics (default 160 per inch).")
    var chromiumPxPerMM = PlatformMetrics.chromiumPxPerMMDefault

    init() {}

    func validate() throws {
        guard androidPxPerMM.isFinite, androidPxPerMM > 0 else { throw ValidationError("--android-px-per-mm \(androidPxPerMM): expected a positive number") }
        guard chromiumPxPerMM.isFinite, chromiumPxPerMM > 0 else { throw ValidationError("--chromium-px-per-mm \(chromiumPxPerMM): expected a positive number") }
    }

    func run() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let inputs = try RunRequest(strategies: strategyOptions, timing: timingOptions, suite: suiteOptions, recordings: recordings)
        for line in SkipSummary.lines(inputs.skipped) { Console.note(line) }
        var traces: [Trace] = []
        let seed = inputs.seeds.first ?? suiteOptions.seed
        for spec in inputs.specs { traces.append(try spec.generate(seed: seed)) }
        traces += inputs.recordings
        let names = traces.map(\.name)
        let strategies = inputs.strategies
        var android: [AndroidTraceResult] = []
        var chromium: [ChromiumTraceResult] = []
        let progress = ProgressLine(label: "bench platform-metrics: traces")
        for (i, trace) in traces.enumerated() {
            for s in strategies {
                if s.needsRecordedPredictions && !trace.hasRecordedPredictions { continue }
                android.append(PlatformMetrics.android(trace: trace, strategy: s, pxPerMM: androidPxPerMM))
                chromium.append(PlatformMetrics.chromium(trace: trace, strategy: s, timing: inputs.timing, pxPerMM: chromiumPxPerMM))
            }
            progress.update(done: i + 1, total: traces.count)
        }
        progress.finish()
        let folder = try OutputFolder(path: output.out)
        let strategyNames = strategies.map(\.name)
        try folder.write("android-metrics.csv", bytes: PlatformMetrics.androidCSV(android, traces: names, strategies: strategyNames).bytes)
        try folder.write("chromium-metrics.csv", bytes: PlatformMetrics.chromiumCSV(chromium, traces: names, strategies: strategyNames).bytes)
        let caption = "Android px: \(NumberText.exact(androidPxPerMM)) per mm; traces: \(inputs.suiteName) (\(traces.count))"
        let script = PlatformMetrics.androidChart(strategies: strategyNames, traceCount: names.count, caption: caption)
        let (rendered, _) = try ChartsAndReport.charts([script], in: folder, noCharts: output.noCharts, requireCharts: output.requireCharts)
        try folder.write("platform-metrics.md", text: FieldReport.platform(
            android: android, chromium: chromium, strategies: strategyNames, androidPxPerMM: androidPxPerMM,
            timing: inputs.timing.summary, chart: rendered))
        if !output.quiet {
            print("timing (Chromium metrics): \(inputs.timing.summary)")
            print(table(android: android, chromium: chromium, strategies: strategyNames))
            print("wrote \(folder.path)/: android-metrics.csv, chromium-metrics.csv, android-metrics.gp" + (rendered ? ", android-metrics.svg, android-metrics.png" : "") + ", platform-metrics.md")
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print("bench platform-metrics: \(traces.count) traces x \(strategies.count) strategies in \(NumberText.printf(seconds, 2)) s")
    }

    /// Every trace pooled, one line per strategy.
    func table(android: [AndroidTraceResult], chromium: [ChromiumTraceResult], strategies: [String]) -> String {
        var lines = ["Android (px, every trace pooled): along mean at 4 / 8 / 12 / 16 / 20 ms, off RMSE at 20 ms, match rate"]
        var androidRows: [[String]] = [["strategy", "4 ms", "8 ms", "12 ms", "16 ms", "20 ms", "off 20 ms", "match"]]
        for s in strategies {
            let rs = android.filter { $0.strategy == s }
            guard !rs.isEmpty else { continue }
            let strokes = rs.flatMap(\.strokes)
            func mean(_ b: Int, _ f: (AndroidPredictionMetrics.Atom) -> Int?) -> String {
                let v = strokes.compactMap { $0.indices.contains(b) ? f($0[b]) : nil }
                return v.isEmpty ? "-" : NumberText.fixed(Double(v.reduce(0, +)) / Double(v.count) / 1000, 2)
            }
            let given = rs.reduce(0) { $0 + $1.predictions }, matched = rs.reduce(0) { $0 + $1.matches }
            let rate = given > 0 ? NumberText.fixed(Double(matched) / Double(given), 3) : "-"
            androidRows.append([s] + (0..<5).map { mean($0) { $0.alongMeanMilliPx } } + [mean(4) { $0.offRMSEMilliPx }, rate])
        }
        lines += TextTable.render(androidRows, leftAligned: [0]).split(separator: "\n").map { "  " + $0 }
        lines.append("Chromium (px, every trace pooled): means of the prediction score, frame score, prediction jitter and visual jitter")
        var chromiumRows: [[String]] = [["strategy", "prediction", "frame", "pred. jitter", "visual jitter", "points"]]
        for s in strategies {
            let r = chromium.filter { $0.strategy == s }.flatMap(\.records)
            func mean(_ v: [Double]) -> String { v.isEmpty ? "-" : NumberText.fixed(v.reduce(0, +) / Double(v.count), 2) }
            chromiumRows.append(
                [s, mean(r.map { abs($0.overUnderPx) }), mean(r.map { abs($0.frameOverUnderPx) }), mean(r.compactMap(\.predictionJitterPx)),
                 mean(r.compactMap(\.visualJitterPx)), String(r.count)])
        }
        lines += TextTable.render(chromiumRows, leftAligned: [0]).split(separator: "\n").map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}
