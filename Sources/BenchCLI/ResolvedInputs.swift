import ArgumentParser
import InkBenchKit
import InkOutput
import InkReplay
import InkSynthesis
import InkTraces

/// Chart defaults shared by the commands.
enum ChartDefaults {
    /// The synthetic trace the replay and error charts show by default.
    static let syntheticTrace = "s-curve fast"
}

/// The inputs of a `run` or `sweep` once every option is checked: timing, strategies, the
/// synthetic specs, recordings and seeds.
///
/// ```swift
/// let inputs = try ResolvedInputs(strategies: s, timing: t, suite: u, recordings: r)
/// ```
struct ResolvedInputs {
    var timing: Timing
    var preset: String
    var strategies: [Strategy]
    var suiteName: String
    var suiteFile: String?
    var specs: [SyntheticSpec]
    var recordings: [Trace]
    var skipped: [String]
    var seeds: [UInt64]
    /// ``inputFiles``' records for the manifest, hashed on a thread of their own from the end of
    /// `init` when it was asked to (``/InkOutput/FileHashes``).
    private var inputHashes: FileHashes?

    /// Checks and loads everything; with `hashingInputs`, starts hashing ``inputFiles`` for the
    /// manifest on a thread of its own (``inputRecords``), to overlap the replay.
    init(strategies: StrategyOptions, timing: TimingOptions, suite: SuiteOptions, recordings: RecordingOptions, hashingInputs: Bool = false) throws {
        self.timing = try timing.timing()
        preset = timing.preset.name
        let loaded = try recordings.load()
        self.recordings = loaded.traces
        skipped = loaded.skipped
        let withRecorded = loaded.traces.contains { $0.hasRecordedPredictions }
        self.strategies = try strategies.parsed(withRecorded: withRecorded)
        seeds = suite.seedList
        // The suite runs without --traces, or with --with-default-suite; recordings given and
        // all skipped are an error below, not a quiet run of the suite instead.
        if recordings.traces.isEmpty || recordings.withDefaultSuite {
            let resolved: (suite: SyntheticSuite, file: String?)
            do { resolved = try SuiteFile.resolve(suite.suite, defaultInputRateHz: self.timing.inputRateHz) } catch {
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
        guard !specs.isEmpty || !self.recordings.isEmpty else {
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
        if hashingInputs { inputHashes = FileHashes(paths: inputFiles) }
    }

    /// The manifest's records of ``inputFiles``: those hashed since `init` (waiting for them),
    /// else hashed now.
    var inputRecords: [Manifest.FileRecord] {
        inputHashes?.records ?? inputFiles.compactMap { Manifest.FileRecord(hashing: $0) }
    }

    /// Every trace name in run order (first seed).
    var traceNames: [String] { specs.map(\.name) + recordings.map(\.name) }

    /// The files read, for the manifest's hashes.
    var inputFiles: [String] {
        var files: [String] = []
        if let suiteFile { files.append(suiteFile) }
        for r in recordings where r.source != "synthetic" && !files.contains(r.source) { files.append(r.source) }
        // A strategy's model file (android's model=): shards run with different files at one path
        // must not merge, and a run's figures must be traceable to the weights that made them.
        for s in strategies {
            for p in s.parameters where p.name == "model" && !files.contains(p.value) { files.append(p.value) }
        }
        return files
    }

    /// The trace the replay and error charts show: `--chart-trace`, else the fast clean S-curve, else the first.
    func chartTrace(_ asked: String?) throws -> String? {
        let names = traceNames
        if let asked {
            guard names.contains(asked) else {
                throw BenchInputError("--chart-trace '\(asked)': no such trace; traces: \(names.joined(separator: ", "))")
            }
            return asked
        }
        return names.first { $0 == ChartDefaults.syntheticTrace } ?? names.first
    }

    /// Notices for `recorded` on traces that carry no recorded predictions (it cannot run there,
    /// so those traces have no `recorded` row).
    var recordedNotices: [String] {
        guard strategies.contains(where: \.needsRecordedPredictions) else { return [] }
        let without = (recordings.filter { !$0.hasRecordedPredictions }.map(\.name)) + specs.map(\.name)
        guard !without.isEmpty else { return [] }
        let shown = without.prefix(8).joined(separator: ", ") + (without.count > 8 ? ", ... (\(without.count) in all)" : "")
        return ["recorded: not run on \(without.count) trace\(without.count == 1 ? "" : "s") without recorded predictions (\(shown)); its suite mean covers only the traces that carry them"]
    }

    /// The manifest's strategy records; a strategy whose predictor keeps state across the
    /// strokes of a trace (asked of one made for a one-sample stroke) is marked so.
    var strategyRecords: [Manifest.StrategyRecord] {
        let probe = try? Stroke(t: [0], x: [0], y: [0])
        return strategies.map { s in
            let carries = !s.needsRecordedPredictions && probe.map { s.makePredictor($0).carriesAcrossStrokes } == true
            return Manifest.StrategyRecord(
                name: s.name, parameters: Dictionary(s.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a }),
                carriesAcrossStrokes: carries ? true : nil)
        }
    }
}
