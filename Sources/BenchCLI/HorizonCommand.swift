import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkBenchKit
import InkImport
import InkMetrics
import InkOutput
import InkReplay
import InkSession
import InkSynthesis

/// `bench horizon`: next-point evaluation as papers do it, without a frame pipeline: for each
/// window of each stroke, a fresh predictor is fed the history and asked for the position k
/// samples (or X ms) ahead; the Euclidean errors are pooled per task (or file, folder, all).
/// Writes `horizon.csv` and the error-against-horizon chart `horizon.svg`/`.png`.
///
/// ```
/// bench horizon --traces Datasets/recordings/mobilehci17-touch --samples-ahead 2,4,6
/// bench horizon --ms-ahead 4,8,16,33,50 --error-budget 1      # the default suite, in mm
/// ```
struct HorizonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "horizon",
        abstract: "Fixed-horizon next-point errors (papers' protocol); write horizon.csv and the error-against-horizon chart.",
        discussion: """
            The window rules default to the protocol of Henze et al. (MobileHCI 2017): 11 history points, at least 12 \
            real points from a window's start, the lift position padding windows past a stroke's end, windows with an \
            interval under 1 ms dropped, extrapolation counted in samples (a clock of the pool's median interval). MobileHCI 2017 touch logs \
            (mobilehci17 format) are scored in px from their move rows; other recordings and the synthetic suite in mm. \
            See docs/field-metrics.md.
            """)

    @OptionGroup var strategyOptions: StrategyOptions
    @OptionGroup(title: "Traces") var suiteOptions: SuiteOptions
    @OptionGroup(title: "Recordings") var recordings: RecordingOptions
    @OptionGroup(title: "Output") var output: OutputOptions

    @Option(name: .customLong("samples-ahead"), help: "Horizons as sample counts, comma-separated, e.g. 2,4,6.", transform: HorizonList.samples)
    var samplesAhead: HorizonList?
    @Option(name: .customLong("ms-ahead"), help: "Horizons in ms, comma-separated (default without --samples-ahead: 4,8,...,48,50).", transform: HorizonList.milliseconds)
    var msAhead: HorizonList?
    @Option(help: "History points per window (the newest is the current point).")
    var history = 11
    @Option(name: .customLong("min-real"), help: "Real points needed from a window's start (at least history + 1).")
    var minReal: Int?
    @Flag(name: .customLong("no-padding"), help: "Drop windows that run past a stroke's end instead of padding them with the lift point.")
    var noPadding = false
    @Option(name: .customLong("min-interval-ms"), help: "Drop windows with an interval under this (ms); 'off' keeps all. (default: 1)", transform: MinimumInterval.init(parsing:))
    var minIntervalMs = MinimumInterval(ms: 1)
    @Option(help: "How predictors see time for sample-count horizons: samples (a clock of --sample-interval-ms per sample) or time (real timestamps).")
    var extrapolation = Extrapolation.samples
    @Option(name: .customLong("sample-interval-ms"), help: "The sample clock's interval (ms) for --extrapolation samples (default: each pool's median interval).")
    var sampleIntervalMs: Double?
    @Option(help: "What each window's predictor is fed: window (its history points) or stroke (everything since the stroke's start).")
    var feed = Feed.window
    @Option(help: "Pool windows by: task (file name up to its first '-'), file, folder or all. (default: task)", transform: HorizonCommand.pooling)
    var pool = HorizonPooling.task
    @Option(name: .customLong("error-budget"), help: "Draw this error (in the pools' unit) as the budget line on the chart.")
    var errorBudget: Double?

    init() {}

    func validate() throws {
        if let b = errorBudget, !(b.isFinite && b > 0) { throw ValidationError("--error-budget \(b): expected a positive number") }
        _ = try options()
    }

    /// `--samples-ahead` or `--ms-ahead`, parsed once when the command line is.
    struct HorizonList {
        var horizons: [HorizonTarget]

        /// `--samples-ahead`: whole numbers of samples from 1 to 1000.
        static func samples(_ text: String) throws -> HorizonList {
            var out: [HorizonTarget] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let k = Int(item.trimmingWhitespace()), k >= 1, k <= 1000 else {
                    throw ValidationError("--samples-ahead: '\(item)' is not a whole number of samples from 1 to 1000")
                }
                out.append(.samples(k))
            }
            return HorizonList(horizons: out)
        }

        /// `--ms-ahead`: numbers of ms from 0 (exclusive) to 10000.
        static func milliseconds(_ text: String) throws -> HorizonList {
            var out: [HorizonTarget] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let ms = Double(item.trimmingWhitespace()), ms.isFinite, ms > 0, ms <= 10_000 else {
                    throw ValidationError("--ms-ahead: '\(item)' is not a number of ms from 0 (exclusive) to 10000")
                }
                out.append(.milliseconds(ms))
            }
            return HorizonList(horizons: out)
        }
    }

    /// `--min-interval-ms`: a number of ms, or `off` (keep every window).
    struct MinimumInterval: CustomStringConvertible {
        /// The least interval (ms); `nil` for off.
        var ms: Double?

        init(ms: Double?) { self.ms = ms }

        /// - Throws: `ValidationError` for text that is neither a number nor `off`.
        init(parsing text: String) throws {
            if text == "off" {
                ms = nil
            } else {
                guard let v = Double(text) else { throw ValidationError("--min-interval-ms '\(text)': expected a number of ms or 'off'") }
                ms = v
            }
        }

        var description: String { ms.map { NumberText.exact($0) } ?? "off" }
    }

    /// `--extrapolation`: how predictors see time for sample-count horizons.
    enum Extrapolation: String, ExpressibleByArgument, CaseIterable {
        case samples, time
    }

    /// `--feed`: what each window's predictor is fed.
    enum Feed: String, ExpressibleByArgument, CaseIterable {
        case window, stroke
    }

    /// `--pool`, parsed once when the command line is.
    static func pooling(_ text: String) throws -> HorizonPooling {
        guard let p = HorizonPooling(rawValue: text) else { throw ValidationError("--pool '\(text)': expected task, file, folder or all") }
        return p
    }

    /// The horizons asked for, sample counts first.
    func horizons() -> [HorizonTarget] {
        if samplesAhead == nil && msAhead == nil {
            return stride(from: 4.0, through: 48, by: 4).map { .milliseconds($0) } + [.milliseconds(50)]
        }
        return (samplesAhead?.horizons ?? []) + (msAhead?.horizons ?? [])
    }

    /// The window rules.
    func options() throws -> FixedHorizonOptions {
        var o = FixedHorizonOptions()
        o.historyCount = history
        o.minimumRealPoints = minReal ?? history + 1
        o.padWithLift = !noPadding
        o.minimumIntervalMs = minIntervalMs.ms
        o.extrapolation = extrapolation == .time ? .time : .samples(intervalMs: sampleIntervalMs ?? 1000.0 / 60)
        o.feed = feed == .stroke ? .sequence : .window
        do { try o.validate() } catch { throw ValidationError(error.description) }
        return o
    }

    func run() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let horizons = horizons()
        let options = try options()
        let pooling = pool
        var pools: [HorizonPool] = []
        var skipped: [String] = []
        if !recordings.traces.isEmpty {
            let loader = try recordings.makeLoader()
            do {
                let loaded = try HorizonInputs.load(paths: recordings.traces, loader: loader, pooling: pooling)
                pools = loaded.pools
                skipped = loaded.skipped
            } catch { throw BenchInputError(error.description) }
        }
        if recordings.traces.isEmpty || recordings.withDefaultSuite {
            let resolved: (suite: SyntheticSuite, file: String?)
            do { resolved = try SuiteFile.resolve(suiteOptions.suite, defaultInputRateHz: 240) } catch { throw BenchInputError(error.description) }
            var items: [(source: String, unit: String, sequences: [HorizonSequence])] = []
            for spec in resolved.suite.specs {
                let trace = try spec.generate(seed: suiteOptions.seed)
                items.append((trace.name, "mm", HorizonInputs.sequences(trace: trace)))
            }
            let synthetic = HorizonInputs.pool(items, by: pooling == .task ? .all : pooling).map { p in
                var p = p
                if pooling == .task { p.name = "suite " + resolved.suite.name }
                return p
            }
            pools += synthetic
        }
        for line in SkipSummary.lines(skipped) { Console.note(line) }
        guard !pools.isEmpty else {
            throw BenchInputError("no traces to score: every recording given was skipped" + (skipped.isEmpty ? "" : ":\n" + skipped.map { "  " + $0 }.joined(separator: "\n")))
        }
        let withRecorded = pools.contains { $0.sequences.contains { $0.stroke?.recordedPredictions != nil } }
        let strategies: [Strategy]
        do { strategies = try RunRequest.strategies(given: strategyOptions.given, withRecorded: withRecorded) } catch {
            throw BenchInputError((strategyOptions.given == nil ? "the default strategies: " : "--strategies: ") + error.description)
        }
        let rows = HorizonCSV.evaluate(
            pools: pools, strategies: strategies, horizons: horizons, options: options, clockFromPool: sampleIntervalMs == nil,
            jobs: recordings.jobs?.count ?? ParallelMap.defaultJobs)
        // A prediction that is not finite (equal times fed as real timestamps, an overflow) would
        // be an empty cell, which horizon.csv uses for "no window": refuse it, naming the cell.
        if let bad = rows.first(where: { r in
            [r.summary.meanError, r.summary.p50Error, r.summary.p95Error].contains { $0.map { !$0.isFinite } ?? false }
        }) {
            throw BenchInputError(
                "strategy \(bad.strategy) on pool \(bad.pool) at horizon \(NumberText.exact(bad.horizonMs)) ms gave a non-finite error "
                    + "(mean \(bad.summary.meanError.map { "\($0)" } ?? "-")): its predictions overflowed or divided by a zero interval "
                    + "(equal times with --extrapolation time and --min-interval-ms off?); expected finite predictions")
        }
        let folder = try OutputFolder(path: output.out)
        try folder.write("horizon.csv", bytes: HorizonCSV.write(rows).bytes)
        let rules = describe(options)
        let script = HorizonCSV.chart(
            rows: rows, strategies: strategies.map(\.name), pools: pools.map(\.name), budget: errorBudget, caption: "Window rules: " + rules)
        let (rendered, _) = try ChartsAndReport.charts([script], in: folder, noCharts: output.noCharts, requireCharts: output.requireCharts)
        try folder.write("horizon.md", text: FieldReport.horizon(rows, rules: rules, chart: rendered))
        if !output.quiet {
            print("window rules: \(rules)")
            print(HorizonCSV.table(rows))
            print("wrote \(folder.path)/: horizon.csv, horizon.gp" + (rendered ? ", horizon.svg, horizon.png" : "") + ", horizon.md")
        }
        let windows = rows.reduce(0) { $0 + $1.summary.windows }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print("bench horizon: \(rows.count) cells, \(windows) windows scored in \(NumberText.printf(seconds, 2)) s")
    }

    func describe(_ o: FixedHorizonOptions) -> String {
        var parts = ["history \(o.historyCount)", "min real \(o.minimumRealPoints)", o.padWithLift ? "lift padding" : "no padding"]
        parts.append(o.minimumIntervalMs.map { "intervals >= \(NumberText.exact($0)) ms" } ?? "all intervals")
        switch o.extrapolation {
        case .samples(let dt):
            parts.append(sampleIntervalMs == nil
                ? "sample-count horizons on a clock of each pool's median interval"
                : "sample-count horizons on a clock of \(NumberText.printf(dt, 3)) ms per sample")
        case .time: parts.append("real timestamps")
        }
        parts.append(o.feed == .window ? "fed the window" : "fed the stroke")
        return parts.joined(separator: ", ")
    }
}
