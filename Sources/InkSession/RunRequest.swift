import InkOutput
import InkReplay
import InkStrategies
import InkSynthesis
import InkTraces

/// One benchmark run as asked for, built once from the parsed command line (or by a program):
/// the strategies, the timing, the synthetic suite and recordings, the seeds, and the options
/// that shape what the run keeps and writes. A session's ``BenchPlan`` is derived from it
/// (``plan(strategies:seeds:)``); the run-to-folder step (`RunOutputs.run` in InkBenchKit)
/// reads everything else from it.
///
/// Built by `bench` from the command line, every value is checked before it is stored: the
/// strategies are built (their parameters checked, `cap_ms` set as each strategy's `capMs`),
/// the timing is in range, the suite is loaded, the recordings are read and the chart trace
/// is one of the run's traces. A request built in code holds values of checked types
/// (`Strategy`, `Timing`, `Trace`); its chart trace is checked when it is run
/// (``checkedChartTrace()``; `RunOutputs.run` refuses one that is not a trace of the run).
/// The request holds no file handles.
///
/// ```swift
/// var request = RunRequest(
///     timing: Timing(), preset: "ipad-60", strategies: try StrategyCatalog.strategies(named: ["none", "kalman"]),
///     suiteName: "default", specs: SyntheticSuite.default.specs, seeds: [1])
/// request.keepFrames = false
/// let plan = request.plan()
/// ```
package struct RunRequest: Sendable {
    /// The timing of every replay.
    package var timing: Timing
    /// The timing preset's name, as recorded in `manifest.json`.
    package var preset: String
    /// The strategies, in report order (each name once).
    package var strategies: [Strategy]
    /// The suite's name as shown and recorded (`default`, a file's suite name, `recordings`,
    /// or either with ` + recordings`).
    package var suiteName: String
    /// The suite file read, if the suite came from one (hashed into the manifest).
    package var suiteFile: String?
    /// Synthetic traces to generate (none for a run of recordings alone).
    package var specs: [SyntheticSpec]
    /// Recorded traces, already read.
    package var recordings: [Trace]
    /// Why each recording given was skipped (one line each), for the notices.
    package var skipped: [String]
    /// Seeds for the noisy synthetic traces.
    package var seeds: [UInt64]

    /// The trace the stroke-replay and error charts show, as asked (`--chart-trace`; one of
    /// ``traceNames``), or `nil` for the default (``defaultChartTrace``, else the trace with the
    /// most moving frames).
    package var chartTrace: String?
    /// Whether per-frame data is kept and written (`frames.csv` and the per-frame charts);
    /// `false` is `--no-frames`.
    package var keepFrames = true
    /// The part of the run this process replays and writes (`--shard K/N`), or `nil` for all.
    package var shard: Shard?
    /// The most (trace, strategy) runs at once (`--jobs`), or `nil` for one per core.
    package var jobs: Int?
    /// Traces with fewer moving frames than this stay out of the suite mean (`--min-moving-frames`).
    package var minMovingFrames = 0
    /// Write the chart scripts but do not render them (`--no-charts`).
    package var noCharts = false
    /// Fail the run when the charts cannot be rendered (`--require-charts`).
    package var requireCharts = false
    /// The options as recorded in `manifest.json` (option name without `--`, its text);
    /// `strategies` and `shard` are added from the request itself.
    package var recordedOptions: [String: String] = [:]
    /// The command line as given, recorded in `manifest.json`.
    package var arguments: [String] = []
    /// ``inputFiles``' records for the manifest, hashed on a thread of their own since
    /// ``startHashingInputs(reusing:)`` (`nil`: hashed when ``inputRecords`` is read).
    private var inputHashes: FileHashes?

    /// The synthetic trace the charts show by default.
    package static let defaultChartTrace = "s-curve fast"

    /// A request with the run's inputs; the options keep their defaults (frames kept, no
    /// shard, charts rendered when gnuplot is there).
    package init(
        timing: Timing, preset: String, strategies: [Strategy], suiteName: String, suiteFile: String? = nil,
        specs: [SyntheticSpec], recordings: [Trace] = [], skipped: [String] = [], seeds: [UInt64]
    ) {
        self.timing = timing
        self.preset = preset
        self.strategies = strategies
        self.suiteName = suiteName
        self.suiteFile = suiteFile
        self.specs = specs
        self.recordings = recordings
        self.skipped = skipped
        self.seeds = seeds
    }

    /// The strategies a run uses: those given (`--strategies`, or a program's list) as they are,
    /// else the default list, ``/InkStrategies/StrategyCatalog/defaultRunNames`` with their
    /// defaults, and `recorded` after them when a trace carries recorded predictions. The one
    /// place a run's default strategies are chosen (`bench horizon` uses it too).
    ///
    /// - Parameters:
    ///   - given: the strategies asked for, in report order, or `nil` for the default list.
    ///   - withRecorded: whether a trace of the run carries recorded predictions.
    /// - Throws: ``/InkStrategies/StrategySpecError`` when a default strategy cannot be built
    ///   (an added strategy whose defaults its own check refuses).
    package static func strategies(given: [Strategy]?, withRecorded: Bool) throws(StrategySpecError) -> [Strategy] {
        if let given { return given }
        return try StrategyCatalog.strategies(named: StrategyCatalog.defaultRunNames + (withRecorded ? ["recorded"] : []))
    }

    /// Every trace name in run order (first seed).
    package var traceNames: [String] { specs.map(\.name) + recordings.map(\.name) }

    /// What is wrong with ``chartTrace`` (`--chart-trace`), or `nil` when it is unset or one of
    /// ``traceNames``: the message names the trace asked for and the run's traces.
    package func checkedChartTrace() -> String? {
        guard let asked = chartTrace else { return nil }
        let names = traceNames
        guard !names.contains(asked) else { return nil }
        return "--chart-trace '\(asked)': no such trace; traces: \(names.joined(separator: ", "))"
    }

    /// The session's plan for this request: its traces, seeds and timing with `strategies`
    /// (the request's by default) and `seeds` (the request's by default), and the request's
    /// ``jobs``; frames, tails and the shard's units are set by the caller that knows the chart
    /// trace.
    package func plan(strategies: [Strategy]? = nil, seeds: [UInt64]? = nil) -> BenchPlan {
        var plan = BenchPlan(
            specs: specs, recordings: recordings, seeds: seeds ?? self.seeds, strategies: strategies ?? self.strategies, timing: timing)
        if let jobs { plan.jobs = jobs }
        return plan
    }

    /// The files read, for the manifest's hashes: the suite file, the recordings, and each
    /// strategy's model file (android's `model=`: shards run with different files at one
    /// path must not merge, and a run's figures must be traceable to the weights that made them).
    package var inputFiles: [String] {
        var files: [String] = []
        if let suiteFile { files.append(suiteFile) }
        for r in recordings where r.source != "synthetic" && !files.contains(r.source) { files.append(r.source) }
        for s in strategies {
            for p in s.parameters where p.name == "model" && !files.contains(p.value) { files.append(p.value) }
        }
        return files
    }

    /// Starts hashing ``inputFiles`` for the manifest on a thread of its own
    /// (``/InkOutput/FileHashes``), so that hashing a large recording overlaps the replay.
    /// Call it once the inputs are final.
    ///
    /// - Parameter earlier: hashes started while the inputs were read (of the files given by
    ///   path); the files they hold are not read again.
    package mutating func startHashingInputs(reusing earlier: HandedOverHashes? = nil) {
        inputHashes = FileHashes(paths: inputFiles, reusing: earlier)
    }

    /// The manifest's records of ``inputFiles``: those hashed since ``startHashingInputs(reusing:)``
    /// (waiting for them), else hashed now. A file that cannot be read is left out.
    package var inputRecords: [Manifest.FileRecord] {
        if let inputHashes, inputHashes.paths == inputFiles { return inputHashes.records }
        return inputFiles.compactMap { Manifest.FileRecord(hashing: $0) }
    }

    /// Notices for `recorded` on traces that carry no recorded predictions (it cannot run there,
    /// so those traces have no `recorded` row).
    package var recordedNotices: [String] {
        guard strategies.contains(where: \.needsRecordedPredictions) else { return [] }
        let without = (recordings.filter { !$0.hasRecordedPredictions }.map(\.name)) + specs.map(\.name)
        guard !without.isEmpty else { return [] }
        let shown = without.prefix(8).joined(separator: ", ") + (without.count > 8 ? ", ... (\(without.count) in all)" : "")
        return ["recorded: not run on \(without.count) trace\(without.count == 1 ? "" : "s") without recorded predictions (\(shown)); its suite mean covers only the traces that carry them"]
    }

    /// The manifest's strategy records; a strategy whose predictor keeps state across the
    /// strokes of a trace (asked of one made for a one-sample stroke) is marked so.
    package var strategyRecords: [Manifest.StrategyRecord] {
        let probe = try? Stroke(t: [0], x: [0], y: [0])
        return strategies.map { s in
            let carries = !s.needsRecordedPredictions && probe.map { s.makePredictor($0).carriesAcrossStrokes } == true
            return Manifest.StrategyRecord(
                name: s.name, parameters: Dictionary(s.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }),
                carriesAcrossStrokes: carries ? true : nil)
        }
    }
}
