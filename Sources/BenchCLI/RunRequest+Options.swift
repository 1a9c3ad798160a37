import InkBenchKit
import InkReplay
import InkSession
import InkSynthesis

/// The run request of `run`, `sweep`, `tune`, `check`, `compare` and `platform-metrics`, built
/// once from their parsed options: timing, strategies (handed on as given; the request chooses
/// the default list when none is given), the synthetic suite, recordings and seeds. Each command
/// then sets the options it has.
///
/// ```swift
/// let request = try RunRequest(strategies: s, timing: t, suite: u, recordings: r)
/// ```
extension RunRequest {
    /// Reads the recordings and the suite file and checks every input.
    ///
    /// - Parameter bytesRead: called with each recording's path and bytes as read
    ///   (``/InkImport/RecordingLoader/bytesRead``).
    /// - Throws: ``BenchInputError`` for a suite that does not load, or no traces to run
    ///   (each skipped recording's reason given).
    init(
        strategies: StrategyOptions, timing: TimingOptions, suite: SuiteOptions, recordings: RecordingOptions,
        bytesRead: (@Sendable (_ path: String, _ bytes: [UInt8]) -> Void)? = nil
    ) throws {
        let checkedTiming = try timing.timing()
        let loaded = try recordings.load(bytesRead: bytesRead)
        let strategyList: [Strategy]
        do {
            strategyList = try RunRequest.strategies(given: strategies.given, withRecorded: loaded.traces.contains { $0.hasRecordedPredictions })
        } catch { throw BenchInputError((strategies.given == nil ? "the default strategies: " : "--strategies: ") + error.description) }
        var suiteName: String
        let suiteFile: String?
        let specs: [SyntheticSpec]
        // The suite runs without --traces, or with --with-default-suite; recordings given and
        // all skipped are an error below, not a quiet run of the suite instead.
        if recordings.traces.isEmpty || recordings.withDefaultSuite {
            let resolved: (suite: SyntheticSuite, file: String?)
            do { resolved = try SuiteFile.resolve(suite.suite, defaultInputRateHz: checkedTiming.inputRateHz) } catch {
                throw BenchInputError(error.description)
            }
            suiteName = resolved.suite.name
            suiteFile = resolved.file
            specs = resolved.suite.specs
        } else {
            suiteName = "recordings"
            suiteFile = nil
            specs = []
        }
        if !loaded.traces.isEmpty && !specs.isEmpty { suiteName += " + recordings" }
        let skipped = loaded.skipped
        guard !specs.isEmpty || !loaded.traces.isEmpty else {
            // (The synthetic suite runs beside recordings only with --with-default-suite.)
            guard !skipped.isEmpty else {
                throw BenchInputError(
                    "no traces to run: no recordings found under \(recordings.traces.joined(separator: ", "))"
                        + " (add --with-default-suite to run the synthetic suite as well)")
            }
            // What is wrong with the files comes first; the way to run the suite anyway last.
            let what = skipped.count == 1 ? "the one file given was skipped: " + skipped[0] : "every recording given was skipped:\n" + skipped.map { "  " + $0 }.joined(separator: "\n")
            throw BenchInputError(
                "no traces to run: " + what
                    + "\n(fix the recording or its options; --with-default-suite runs the synthetic suite beside recordings)")
        }
        self.init(
            timing: checkedTiming, preset: timing.preset.name, strategies: strategyList, suiteName: suiteName, suiteFile: suiteFile,
            specs: specs, recordings: loaded.traces, skipped: skipped, seeds: suite.seedList)
        minMovingFrames = suite.minMovingFrames
        jobs = recordings.jobs?.count
    }

    /// Checks `--chart-trace` against the run's traces.
    ///
    /// - Throws: ``BenchInputError`` naming the traces when `asked` is not one of them.
    func checkedChartTrace(_ asked: String?) throws -> String? {
        var probe = self
        probe.chartTrace = asked
        if let message = probe.checkedChartTrace() { throw BenchInputError(message) }
        return asked
    }
}
