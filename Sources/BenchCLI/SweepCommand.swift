import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkBenchKit
import InkFigures
import InkOutput
import InkReplay
import InkReport
import InkSession

/// `bench sweep`: re-runs the strategies with the prediction horizon capped at each of a range
/// of values (e.g. 0 to 50 ms) and once uncapped, writing `sweep.csv` and the trade-off-curve
/// chart `sweep.svg`/`.png` (and, when the folder holds a matching run, the curves on its
/// trade-off chart).
///
/// ```
/// bench sweep --from-ms 0 --to-ms 50 --step-ms 5
/// ```
struct SweepCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run the strategies over a range of horizon caps; write sweep.csv and the trade-off-curve chart.")

    @OptionGroup var strategyOptions: StrategyOptions
    @OptionGroup(title: "Timing") var timingOptions: TimingOptions
    @OptionGroup(title: "Traces") var suiteOptions: SuiteOptions
    @OptionGroup(title: "Recordings") var recordings: RecordingOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Budget") var budgetOptions: BudgetOptions

    @Option(help: ArgumentHelp("Run only shard K of N: the caps i with i % N == K-1 (every shard also replays the uncapped run it needs, writing its rows only in the shard that owns it); join the folders with bench merge.", valueName: "K/N"), transform: Shard.argument)
    var shard: Shard?

    @Option(name: .customLong("from-ms"), help: ArgumentHelp("Smallest horizon cap (ms).", valueName: "ms"))
    var fromMs: Double = 0
    @Option(name: .customLong("to-ms"), help: ArgumentHelp("Largest horizon cap (ms).", valueName: "ms"))
    var toMs: Double = 50
    @Option(name: .customLong("step-ms"), help: ArgumentHelp("Step between caps (ms).", valueName: "ms"))
    var stepMs: Double = 5
    @Option(
        name: .customLong("caps"),
        help: ArgumentHelp("The caps as a list instead of a range, e.g. 4,8,12,16,25,off ('off': uncapped, always run).", valueName: "ms,ms,..."),
        transform: CapList.init(parsing:))
    var capList: CapList?

    init() {}

    func validate() throws {
        guard fromMs.isFinite, toMs.isFinite, stepMs.isFinite, fromMs >= 0, toMs >= fromMs, stepMs > 0 else {
            throw ValidationError("--from-ms, --to-ms, --step-ms: expected 0 <= from <= to and step > 0 (ms)")
        }
        guard (toMs - fromMs) / stepMs <= 1000 else { throw ValidationError("--step-ms: more than 1000 caps; use a larger step") }
        if timingOptions.capMs != nil {
            throw ValidationError("--horizon-cap-ms: sweep varies the horizon cap itself; give the caps with --caps or --from-ms/--to-ms/--step-ms")
        }
        _ = try budgetOptions.parsed()
    }

    /// The caps of `--caps`, parsed once when the command line is.
    struct CapList {
        /// The runs' caps (ms: each run's `Timing.capMs`), distinct and sorted; `off` dropped
        /// (the uncapped run always runs).
        var capsMs: [Double]
        /// The text as given, for the manifest.
        var text: String

        /// - Throws: `ValidationError` naming the item that is not a number of ms from 0 to
        ///   10000 or `off`, or more than 1000 caps.
        init(parsing text: String) throws {
            capsMs = try SweepCommand.caps(parsing: text)
            self.text = text
        }
    }

    /// The caps (ms) in `--caps` text: distinct, sorted, `off` dropped.
    static func caps(parsing text: String) throws -> [Double] {
        var caps: [Double] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let text = item.trimmingWhitespace()
            if text == "off" { continue }
            guard let v = Double(text), v.isFinite, v >= 0, v <= 10_000 else {
                throw ValidationError("--caps: '\(text)' is not a cap; expected numbers of ms from 0 to 10000 or 'off', e.g. 4,8,12,16,25,off")
            }
            if !caps.contains(v) { caps.append(v) }
        }
        guard caps.count <= 1000 else { throw ValidationError("--caps: more than 1000 caps") }
        return caps.sorted()
    }

    /// The caps, in ms: `--caps`, else the range `--from-ms` ... `--to-ms` by `--step-ms`.
    var caps: [Double] {
        if let capList { return capList.capsMs }
        let n = Int(((toMs - fromMs) / stepMs + 1e-9).rounded(.down))
        return (0...n).map { fromMs + Double($0) * stepMs }
    }

    /// The summary rows of each cap's run (`nil`: uncapped), with the uncapped run's outcome.
    struct Replayed {
        var runs: [(cap: Double?, rows: [SummaryRow])] = []
        /// The uncapped run (every shard replays it: it names the strategies and traces).
        var uncapped: BenchOutcome?
        var samples = 0
        var replaySeconds = 0.0
    }

    func run() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let budget = try budgetOptions.parsed()
        var inputs = try RunRequest(strategies: strategyOptions, timing: timingOptions, suite: suiteOptions, recordings: recordings)
        for line in SkipSummary.lines(inputs.skipped) { Console.note(line) }
        inputs.timing.capMs = nil
        inputs.startHashingInputs()
        // The sweep adds to the run in the folder (if any): it works on a copy and swaps it in whole.
        let run = try RunFolder(path: output.out, startFrom: .copyOfExisting)
        var committed = false
        defer { if !committed { run.abandon() } }
        let folder = run.files
        let uncappedSummary = inputs.timing.summary(
            synthetic: !inputs.specs.isEmpty, recordingRatesHz: inputs.recordings.map { 1 / $0.nominalInterval })

        let replayed = try await replayCaps(inputs, shard: shard)
        guard let outcome = replayed.uncapped else { return }
        let strategyNames = inputs.strategies.map(\.name)
        let runs = Self.remapped(replayed.runs, to: outcome, strategyNames: strategyNames)
        try folder.write("sweep.csv", bytes: SweepCSV.write(runs: runs, timing: uncappedSummary).bytes)
        let (charts, chartNote) = try writeSweepChart(in: folder, outcome: outcome, strategyNames: strategyNames, timing: uncappedSummary)
        try updateRunInFolder(folder, timing: uncappedSummary, path: run.path)
        let written = ["sweep.csv"] + charts
        var manifest = self.manifest(inputs, outcome: outcome, timing: uncappedSummary, shard: shard, replayed: replayed)
        manifest.charts = chartNote
        manifest.outputs = RunOutputs.outputs(written, in: folder)
        manifest.elapsedSeconds = seconds(clock.now - start)
        try folder.write("sweep-manifest.json", bytes: manifest.encoded())
        try run.commit()
        committed = true
        if !output.quiet {
            print("timing: \(uncappedSummary)")
            let capList = caps.map { NumberText.exact($0) }.joined(separator: ", ")
            print("horizon caps: " + (capList.count <= 90 ? capList : "\(caps.count) from \(NumberText.exact(caps.first ?? 0)) to \(NumberText.exact(caps.last ?? 0))") + " ms and none")
            print(SweepCSV.table(runs: runs))
            if let budget { print(BudgetTable.render(budget.judge(SweepCommand.candidates(runs)))) }
            print("wrote \(run.path)/: sweep.csv, sweep.gp" + (chartNote == "rendered" ? ", sweep.svg, sweep.png" : "") + ", sweep-manifest.json")
        }
        print(FinalLine.text(elapsedSeconds: seconds(clock.now - start), replaySeconds: replayed.replaySeconds, samples: replayed.samples))
    }

    /// Runs the strategies at each cap this shard owns (without `none`, which a cap does not
    /// change), then uncapped.
    func replayCaps(_ inputs: RunRequest, shard: Shard?) async throws -> Replayed {
        var replayed = Replayed()
        let progress = ProgressLine(label: "bench sweep: caps")
        let all: [Double?] = caps.map { Optional($0) } + [nil]
        for (i, cap) in all.enumerated() {
            let owned = shard?.owns(i) ?? true
            if cap != nil && !owned { continue }
            var timing = inputs.timing
            timing.capMs = cap
            var plan = inputs.plan(strategies: cap == nil ? inputs.strategies : inputs.strategies.filter { $0.name != "none" })
            plan.timing = timing
            let result: BenchOutcome
            do { result = try await BenchSession.run(plan) } catch { throw BenchInputError(error.description) }
            if cap == nil { replayed.uncapped = result }
            replayed.samples += result.samplesReplayed
            replayed.replaySeconds += result.replaySeconds
            if owned {
                replayed.runs.append(
                    (cap, SummaryRow.rows(result, frameRateHz: timing.frameRateHz, minMovingFrames: suiteOptions.minMovingFrames)))
            }
            progress.update(done: i + 1, total: all.count)
        }
        progress.finish()
        return replayed
    }

    /// The capped runs' rows with the uncapped run's strategy and trace indices (a capped run
    /// leaves `none` out, so its own indices are shifted); `names` are the uncapped run's strategies.
    static func remapped(
        _ runs: [(cap: Double?, rows: [SummaryRow])], to outcome: BenchOutcome, strategyNames names: [String]
    ) -> [(cap: Double?, rows: [SummaryRow])] {
        return runs.map { run in
            (run.cap, run.rows.map { r in
                var r = r
                r.strategyIndex = names.firstIndex(of: r.strategy) ?? r.strategyIndex
                r.traceIndex = r.isSuiteMean ? outcome.traceNames.count : r.traceIndex
                return r
            })
        }
    }

    /// Writes `sweep.gp` and renders it; returns the files written beside sweep.csv and the charts' note.
    func writeSweepChart(
        in folder: OutputFolder, outcome: BenchOutcome, strategyNames: [String], timing: String
    ) throws -> (files: [String], note: String) {
        let context = ChartContext(
            caption: "Timing: " + timing, strategies: strategyNames, traces: outcome.traceNames,
            summaryHeader: [], sweepHeader: SweepCSV.header)
        guard let script = ChartScripts.sweep(context) else { return ([], "off") }
        let (rendered, note) = try ChartsAndReport.charts([script], in: folder, noCharts: output.noCharts, requireCharts: output.requireCharts)
        return (["sweep.gp"] + (rendered ? ["sweep.svg", "sweep.png"] : []), note)
    }

    /// A run in the same folder with the same timing (and so the same strategy indices) gets
    /// the sweep's curves on its trade-off chart: its charts, report and manifest are rebuilt.
    func updateRunInFolder(_ folder: OutputFolder, timing: String, path: String) throws {
        guard folder.exists("summary.csv"), let rows = try? SummaryCSV.read(in: folder),
            let manifest = try? Manifest.decode(folder.read("manifest.json")), manifest.timingSummary == timing,
            (try? manifest.verifyOutputs(in: folder)) != nil
        else { return }
        let status = try ChartsAndReport.rebuild(
            in: folder, rows: rows, manifest: manifest, noCharts: output.noCharts, requireCharts: output.requireCharts
        ).status
        if !output.quiet && status.scripts.contains(where: { $0.name == "sweep" }) {
            print("updated the trade-off chart and report of the run in \(path)/ with the sweep curves")
        }
    }

    /// `sweep-manifest.json` without its outputs, charts note and elapsed time (set when known).
    func manifest(_ inputs: RunRequest, outcome: BenchOutcome, timing: String, shard: Shard?, replayed: Replayed) -> Manifest {
        var options = timingOptions.recorded
        let own = [
            "strategies": inputs.strategies.map(\.name).joined(separator: ","), "suite": suiteOptions.suite, "seed": String(suiteOptions.seed),
            "seeds": String(suiteOptions.seeds), "from-ms": NumberText.exact(fromMs), "to-ms": NumberText.exact(toMs),
            "step-ms": NumberText.exact(stepMs), "out": output.out, "caps": capList?.text ?? "",
            "min-moving-frames": String(suiteOptions.minMovingFrames),
        ].merging(budgetOptions.recorded) { a, _ in a }.merging(shard.map { ["shard": $0.text] } ?? [:]) { a, _ in a }
        options.merge(own) { a, _ in a }
        return Manifest(
            command: "sweep", arguments: BenchMain.arguments, options: options,
            timing: Manifest.TimingRecord(inputs.timing, preset: inputs.preset), timingSummary: timing,
            suite: inputs.suiteName, seeds: inputs.seeds, strategies: inputs.strategyRecords,
            traces: outcome.traces.map { t in
                Manifest.TraceRecord(name: t.name, source: t.source, strokes: t.strokes.count, samples: t.sampleCount,
                                     seedDependent: inputs.specs.first { $0.name == t.name }?.isNoisy ?? false)
            },
            chartTrace: nil, charts: "", inputs: inputs.inputRecords,
            outputs: [], samplesReplayed: replayed.samples, replaySeconds: replayed.replaySeconds, elapsedSeconds: 0)
    }

    /// The budget's candidates of a sweep: each strategy at each cap (`kalman @ cap_ms=12`), then uncapped.
    static func candidates(_ runs: [(cap: Double?, rows: [SummaryRow])]) -> [Budget.Candidate] {
        runs.flatMap { run in
            Budget.candidates(run.rows).map { c in
                var c = c
                c.name += " @ cap_ms=" + (run.cap.map { NumberText.exact($0) } ?? "off")
                return c
            }
        }
    }
}
