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
import InkSession
import InkStrategies
import InkTuning

/// `bench tune`: searches a strategy's parameters for the most latency removed within a budget,
/// with held-out figures from folds it was not tuned on.
///
/// ```
/// bench tune kalman --param 'cap_ms=4...33' --budget 'overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0' \
///   --traces Datasets/recordings --manifest Datasets/recordings.manifest
/// ```
struct TuneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Search a strategy's parameters for the most latency removed within a budget; write tune.csv, tune.md and the chart.",
        discussion: """
            A coarse grid over each --param range, then a coordinate search from the best grid point \
            (steps halve when no neighbour is better). Best: within the budget, the smallest \
            |perceived latency|, ties by overshoot p95. The search runs on all traces (in-sample) and, \
            for honest figures, once per fold on the other folds' traces, judged on the fold's own: one \
            fold per device when every trace names a device (a manifest's device key) and there are \
            two or more, else k folds by recording (--folds; a notice says why). --test scores the \
            chosen configuration once on recordings that took no part in the search; --transfer tunes \
            on each device alone and scores every device; --evaluate scores the strategy as given \
            (no --param, no search) device by device. Deterministic: the same options give \
            byte-identical files.

            Examples:
              bench tune kalman --param 'cap_ms=4...33' --budget 'overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0'
              bench tune kalman --param 'cap_ms=4...33' --param 'sigma_p=0.0005...0.05:log' --budget 'overshoot_p95_mm<=0.5' --traces recordings/
              bench tune kalman --param 'cap_ms=4...33' --budget 'overshoot_p95_mm<=0.5' --traces train/ --test held-out/ --transfer
              bench tune braking --evaluate --budget 'overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0' --traces Datasets/recordings --manifest Datasets/recordings.manifest
            """)

    @Argument(help: ArgumentHelp("The strategy to tune, optionally with fixed parameters: kalman, or kalman:sigma_m=2 (see bench list).", valueName: "strategy"))
    var strategy: String

    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter and its range, name=low...high, ':log' to search its logarithm. Repeatable (1-4).", valueName: "name=low...high[:log]"))
    var params: [String] = []

    @OptionGroup(title: "Budget") var budgetOptions: BudgetOptions

    @Option(help: ArgumentHelp("Folds by recording for the held-out figures (>= 2).", valueName: "k"))
    var folds = 3

    @Option(help: ArgumentHelp("How to split: 'recording' (k folds, --folds) or 'device' (one fold per device: a manifest's device key, else the device the reader reports). (default: device when every trace names a device and there are 2 or more, else recording, with a notice)", valueName: "recording|device"))
    var split: Split?

    /// `--split`: folds by recording, or one fold per device.
    enum Split: String, ExpressibleByArgument, CaseIterable {
        case recording, device
    }

    @Option(help: ArgumentHelp("Seed of the fold assignment.", valueName: "n"))
    var splitSeed: UInt64 = 1

    @Option(
        name: .customLong("test"), parsing: .upToNextOption,
        help: ArgumentHelp("Test recordings (files or folders): the chosen configuration is scored on them once, after the search, which never sees them (tune-test.csv, a test row in tune.md). None may also be a --traces input.", valueName: "path"))
    var testTraces: [String] = []

    @Option(help: ArgumentHelp("A recordings manifest for the --test recordings (repeatable; default: the --manifest files).", valueName: "file"))
    var testManifest: [String] = []

    @Flag(help: "Also tune on each device's traces alone and score the choice on every device: the transfer table (tune-transfer.csv and tune.md). Needs traces from 2 or more devices.")
    var transfer = false

    @Flag(help: "No search: score the strategy as given (no --param) on every trace and device: each device's figures, the worst device's margin against the budget and the mean over devices (tune-devices.csv, tune.md).")
    var evaluate = false

    @Option(help: ArgumentHelp("Grid points per parameter (2-50).", valueName: "n"))
    var grid = 8

    @Option(help: ArgumentHelp("Coordinate-search step halvings after the grid (0-12).", valueName: "n"))
    var refineRounds = 4

    @Option(help: ArgumentHelp("The most configurations a tune may evaluate (the grid, --grid^params, plus the refinement's); above it the tune is refused before it starts.", valueName: "n"))
    var maxEvaluations = TuneCommand.defaultMaxEvaluations

    /// ``maxEvaluations``' default: about an hour of a default tune's evaluations on two cores.
    static let defaultMaxEvaluations = 100_000

    @OptionGroup(title: "Timing") var timingOptions: TimingOptions
    @OptionGroup(title: "Traces") var suiteOptions: SuiteOptions
    @OptionGroup(title: "Recordings") var recordings: RecordingOptions
    @OptionGroup(title: "Output") var output: OutputOptions

    @Option(help: ArgumentHelp("Evaluate only shard K of N of the grid: the grid configurations i with i % N == K-1 (the bulk of a tune); bench merge joins the N folders, runs the refinement and writes exactly one unsharded tune's files (it reads the same traces).", valueName: "K/N"), transform: Shard.argument)
    var shard: Shard?

    init() {}

    func validate() throws {
        if evaluate {
            guard params.isEmpty else { throw ValidationError("--evaluate scores the strategy as given; fix its parameters in the spec (e.g. kalman:cap_ms=11) instead of --param") }
            guard !transfer, testTraces.isEmpty, shard == nil else {
                throw ValidationError("--evaluate searches nothing: --transfer, --test and --shard do not apply (give every recording to --traces)")
            }
        } else {
            guard (1...4).contains(params.count) else { throw ValidationError("--param: give 1 to 4 parameters to tune, e.g. --param 'cap_ms=4...33'") }
        }
        guard folds >= 2 else { throw ValidationError("--folds: expected 2 or more (got \(folds))") }
        if !testManifest.isEmpty && testTraces.isEmpty { throw ValidationError("--test-manifest applies to --test recordings; give them with --test PATH...") }
        guard (2...50).contains(grid) else { throw ValidationError("--grid: expected 2 to 50 points per parameter (got \(grid))") }
        guard (0...12).contains(refineRounds) else { throw ValidationError("--refine-rounds: expected 0 to 12 (got \(refineRounds))") }
        guard maxEvaluations >= 1 else { throw ValidationError("--max-evaluations: expected 1 or more (got \(maxEvaluations))") }
        let planned = plannedEvaluations(parameterCount: params.count, folds: folds)
        guard planned.total <= maxEvaluations else {
            throw ValidationError(
                "tune: --grid \(grid) with \(params.count) parameter\(params.count == 1 ? "" : "s") is \(planned.grid) grid configurations "
                    + "(\(grid)^\(params.count)) and up to \(planned.total - planned.grid) more in the refinement: \(planned.total), over the limit of "
                    + "\(maxEvaluations); expected a coarser --grid or fewer --param (or raise the limit with --max-evaluations \(planned.total))")
        }
        guard budgetOptions.budget != nil else {
            throw ValidationError("--budget: tune needs a budget, e.g. --budget 'overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0'")
        }
    }

    /// The configurations a tune evaluates at most: the grid (evaluated once, shared by every
    /// search), and each search's refinement (the in-sample one and one per fold: 2 neighbours
    /// per parameter per step, over the rounds and the steps that do not halve).
    func plannedEvaluations(parameterCount: Int, folds: Int) -> (grid: Int, total: Int) {
        let gridCount = grid.power(parameterCount)
        let refinement = 2 * parameterCount * (refineRounds + 2) * (1 + folds)
        return (gridCount, gridCount + refinement)
    }

    /// The strategy spec of one configuration: `kalman:cap_ms=12.5` (fixed parameters first).
    func spec(_ parameters: [TuneParameter], _ values: [Double]) -> String { Self.spec(strategy, parameters, values) }

    static func spec(_ strategy: String, _ parameters: [TuneParameter], _ values: [Double]) -> String {
        let tuned = zip(parameters, values).map { "\($0.name)=\(NumberText.exact($1))" }.joined(separator: ",")
        if tuned.isEmpty { return strategy }
        return strategy.contains(":") ? strategy + "," + tuned : strategy + ":" + tuned
    }

    /// What every tune (a shard, a merge, a whole one) sets up before evaluating: the budget and
    /// parameters, the traces counted in the suite mean (from one replay of `none`), the split.
    struct Setup {
        var budget: Budget
        var parameters: [TuneParameter]
        var inputs: RunRequest
        var base: BenchPlan
        var first: BenchOutcome
        var traces: [String]
        var split: TuneFolds
        var specFor: @Sendable ([Double]) -> String
        /// How long the replay of `none` over the traces took (s): the estimate's unit.
        var noneSeconds: Double
        /// Each trace of ``traces`` and its device.
        var devices: [(name: String, device: String?)]
        /// The `--test` recordings, read (and checked apart from the search's) before the search.
        var test: RunRequest?
    }

    func prepare() async throws -> Setup {
        guard let budget = try budgetOptions.parsed() else { throw ValidationError("--budget: tune needs a budget") }
        var parameters: [TuneParameter] = []
        for p in params {
            do { parameters.append(try TuneParameter(parsing: p)) } catch { throw ValidationError(error.description) }
        }
        if Set(parameters.map(\.name)).count != parameters.count { throw ValidationError("--param: a parameter is given twice") }
        // The spec must parse at the middle of every range (names and fixed parameters checked up front).
        let middle = parameters.map { $0.value(at: 0.5) }
        do { _ = try StrategySpec.parse(spec(parameters, middle)) } catch {
            // A name or fixed parameter the strategy refuses is reported as is; a range the
            // strategy refuses in part, by its end (below).
            if !parameters.contains(where: { p in error.description.contains("\(p.name) = ") }) {
                throw BenchInputError("tune: \(error.description)")
            }
        }
        // And at both ends of each range: a range the strategy refuses in part (cap_ms=-5...4,
        // cap_ms=4...1e300) is named as given, not by a grid point inside it.
        for (i, p) in parameters.enumerated() {
            for (end, value) in [("low", p.low), ("high", p.high)] {
                var values = middle
                values[i] = value
                do { _ = try StrategySpec.parse(spec(parameters, values)) } catch {
                    throw BenchInputError(
                        "tune: --param \(p.name)=\(NumberText.exact(p.low))...\(NumberText.exact(p.high)): its \(end) end \(NumberText.exact(value)) is refused by \(strategy) (\(error.description)); expected a range the strategy accepts")
                }
            }
        }
        do { _ = try StrategySpec.parse(spec(parameters, middle)) } catch {
            throw BenchInputError("tune: \(error.description)")
        }
        var strategyOptions = StrategyOptions()
        strategyOptions.strategies = try StrategyList("none")
        let inputs = try RunRequest(strategies: strategyOptions, timing: timingOptions, suite: suiteOptions, recordings: recordings)
        for line in SkipSummary.lines(inputs.skipped) { Console.note(line) }
        let minMoving = suiteOptions.minMovingFrames
        let base = inputs.plan()

        // The traces counted in the suite mean, and their devices.
        let first: BenchOutcome
        let clock = ContinuousClock()
        let started = clock.now
        do { first = try await BenchSession.run(base) } catch { throw BenchInputError(error.description) }
        let noneSeconds = seconds(clock.now - started)
        let traceRows = SummaryRow.rows(first, frameRateHz: inputs.timing.frameRateHz, minMovingFrames: minMoving).filter { !$0.isSuiteMean && $0.inSuiteMean }
        let traces = traceRows.map(\.trace)
        guard !traces.isEmpty else { throw BenchInputError("tune: no trace has the minimum of \(minMoving) moving frames (--min-moving-frames)") }
        let devices = traceRows.map { (name: $0.trace, device: $0.device) }
        let split: TuneFolds
        switch self.split ?? Self.defaultSplit(devices) {
        case .device: split = TuneFolds.byDevice(traces: devices)
        case .recording:
            split = TuneFolds.kFold(traces: traces, k: folds, seed: splitSeed)
            if self.split == nil, !evaluate { Console.note("notice: " + Self.recordingSplitReason(devices, folds: folds)) }
        }
        if transfer, DeviceScores.groups(devices).count < 2 {
            throw BenchInputError("--transfer: needs traces from 2 or more devices (a manifest's device key); found \(DeviceScores.groups(devices).map(\.device).joined(separator: ", "))")
        }
        let name = strategy
        let specFor: @Sendable ([Double]) -> String = { [parameters] v in Self.spec(name, parameters, v) }
        let test = try testInputs(against: inputs)
        return Setup(
            budget: budget, parameters: parameters, inputs: inputs, base: base, first: first, traces: traces, split: split, specFor: specFor,
            noneSeconds: noneSeconds, devices: devices, test: test)
    }

    /// The split when `--split` is not given: `device` when every trace names a device and
    /// there are 2 or more, else `recording`.
    static func defaultSplit(_ devices: [(name: String, device: String?)]) -> Split {
        devices.allSatisfy({ $0.device != nil }) && DeviceScores.groups(devices).count >= 2 ? .device : .recording
    }

    /// Why the default split fell back to folds by recording.
    static func recordingSplitReason(_ devices: [(name: String, device: String?)], folds: Int) -> String {
        let without = devices.filter { $0.device == nil }.count
        let why = without > 0
            ? "\(without) of \(devices.count) traces name no device (a manifest's device key)"
            : "every trace comes from one device (\(DeviceScores.groups(devices).first?.device ?? "-"))"
        return "tune: splitting by recording (\(folds) folds, --split-seed), not by device: \(why); --split recording or --split device silences this"
    }

    /// The `--test` recordings, read like `--traces` (with `--test-manifest`, else `--manifest`)
    /// and refused when a file is also one of the search's inputs (same SHA-256).
    func testInputs(against inputs: RunRequest) throws -> RunRequest? {
        guard !testTraces.isEmpty else { return nil }
        var r = recordings
        r.traces = testTraces
        r.withDefaultSuite = false
        if !testManifest.isEmpty { r.manifest = testManifest }
        var strategyOptions = StrategyOptions()
        strategyOptions.strategies = try StrategyList("none")
        let test: RunRequest
        do { test = try RunRequest(strategies: strategyOptions, timing: timingOptions, suite: suiteOptions, recordings: r) } catch {
            throw BenchInputError("--test: \(error)")
        }
        for line in SkipSummary.lines(test.skipped, context: "--test") { Console.note(line) }
        let searched = Dictionary(inputs.inputFiles.compactMap { Manifest.FileRecord(hashing: $0) }.map { ($0.sha256, $0.path) }, uniquingKeysWith: { a, _ in a })
        for f in test.inputFiles.compactMap({ Manifest.FileRecord(hashing: $0) }) {
            if let same = searched[f.sha256] {
                throw BenchInputError("--test: \(f.path) is also a search input (\(same), same SHA-256); a test set must take no part in the search")
            }
        }
        return test
    }

    /// Each trace's figures (counted in the suite mean) under each strategy spec, replayed with
    /// `plan`'s traces and timing (both cores).
    static func perTrace(_ plan: BenchPlan, specs: [String], minMovingFrames: Int) async throws -> [Tuner.PerTrace] {
        var plan = plan
        for spec in specs { plan.strategies.append(try StrategySpec.parse(spec)) }
        let outcome: BenchOutcome
        do { outcome = try await BenchSession.run(plan) } catch { throw BenchInputError("\(error)") }
        let rows = SummaryRow.rows(outcome, frameRateHz: plan.timing.frameRateHz, minMovingFrames: minMovingFrames)
        return specs.indices.map { i in
            var perTrace: Tuner.PerTrace = [:]
            for r in rows where r.strategyIndex == i + 1 && !r.isSuiteMean && r.inSuiteMean { perTrace[r.trace] = r }
            return perTrace
        }
    }

    /// The tuner, evaluating configurations with `BenchSession` (both cores).
    func tuner(_ setup: Setup, progress: @escaping @Sendable (Int) -> Void) -> Tuner {
        let minMoving = suiteOptions.minMovingFrames
        let base = setup.base, specFor = setup.specFor
        var tuner = Tuner(
            parameters: setup.parameters, budget: setup.budget, gridPoints: grid, refineRounds: refineRounds, progress: progress,
            evaluate: { configs in try await Self.perTrace(base, specs: configs.map(specFor), minMovingFrames: minMoving) })
        tuner.jobs = base.jobs
        return tuner
    }

    func run() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let setup = try await prepare()
        if let warning = setup.split.warning { Console.note("warning: " + warning) }
        if evaluate {
            try await runEvaluation(setup, start: start, clock: clock)
            return
        }
        if let shard {
            try await runShard(setup, shard: shard, start: start, clock: clock)
            return
        }
        // Every search refines on its own (the in-sample one, one per fold, one per device with
        // --transfer); the grid is evaluated once and shared.
        let transferSearches = transfer ? DeviceScores.groups(setup.devices).count : 0
        let expected = plannedEvaluations(parameterCount: setup.parameters.count, folds: setup.split.folds.count + transferSearches).total
        // One configuration costs about what the replay of `none` over the traces took.
        let perConfiguration = setup.noneSeconds
        Console.note(
            "bench tune: up to \(expected) configurations (a grid of \(grid.power(setup.parameters.count)), then the refinement) over \(setup.traces.count) traces; "
                + "estimated \(Self.duration(Double(expected) * perConfiguration)) (\(NumberText.fixed(perConfiguration * 1000, 1)) ms per configuration)")
        let progress = ProgressLine(label: "bench tune: evaluations")
        var tuner = tuner(setup) { done in progress.update(done: min(done, expected - 1), total: expected) }
        let result = try await search(setup, tuner: &tuner)
        progress.finish()
        try write(result, start: start, clock: clock)
    }

    /// A duration for the estimate: `40 s`, `12 min`, `3.5 h`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 120 { return "\(Int(seconds.rounded(.up))) s" }
        if seconds < 7200 { return "\(Int((seconds / 60).rounded(.up))) min" }
        return NumberText.fixed(seconds / 3600, 1) + " h"
    }

    /// The in-sample search on all traces, then one per fold on the other folds' traces.
    func search(_ setup: Setup, tuner: inout Tuner) async throws -> TuneResult {
        let inSample = try await tuner.search(over: setup.traces)
        var chosen: [(fold: TuneFolds.Fold, values: [Double])] = []
        for fold in setup.split.folds { chosen.append((fold, try await tuner.search(over: fold.train))) }
        var transferred: [(device: String, values: [Double])] = []
        if transfer {
            for group in DeviceScores.groups(setup.devices) { transferred.append((group.device, try await tuner.search(over: group.traces))) }
        }
        var result = TuneResult(
            strategy: strategy, parameters: setup.parameters, budget: setup.budget, traces: setup.traces, split: setup.split, tuner: tuner,
            inSample: inSample, perFold: chosen, spec: setup.specFor)
        result.devices = setup.devices
        result.transfer = transferred
        if let test = setup.test {
            // Scored once, after every search: the chosen configuration on traces no search saw.
            var plan = BenchPlan(specs: [], recordings: test.recordings, seeds: test.seeds, strategies: test.strategies, timing: test.timing)
            plan.jobs = setup.base.jobs
            let figures = try await Self.perTrace(plan, specs: [result.chosenSpec], minMovingFrames: suiteOptions.minMovingFrames)[0]
            let rows = test.recordings.map { (name: $0.name, device: $0.device) }
            guard !figures.isEmpty else {
                throw BenchInputError("--test: no test trace has the minimum of \(suiteOptions.minMovingFrames) moving frames (--min-moving-frames)")
            }
            result.test = TuneResult.TestSet(traces: rows, perTrace: figures)
        }
        return result
    }

    /// Writes tune.csv, the chart, tune.md, tune-spec.txt and the report (the folder's run
    /// report with the tune's section, or the tune's alone), and prints the result.
    func write(_ result: TuneResult, start: ContinuousClock.Instant, clock: ContinuousClock) throws {
        let run = try RunFolder(path: output.out, startFrom: .copyOfExisting)
        var committed = false
        defer { if !committed { run.abandon() } }
        let folder = run.files
        // A whole tune over a shard's folder: the shard's files go (else `bench merge` would take
        // the folder for that shard).
        for name in [TuneShardCSV.file, TuneShardCSV.manifestFile] where folder.exists(name) {
            do { try FileManager.default.removeItem(atPath: folder.file(name)) } catch {
                throw BenchInputError("\(folder.file(name)): cannot remove the shard's file (\(ErrorReason.text(error)))")
            }
        }
        try folder.write("tune.csv", bytes: result.csv().bytes)
        var extra: [String] = []
        if let csv = result.testCSV() { try folder.write("tune-test.csv", bytes: csv.bytes); extra.append("tune-test.csv") }
        if let csv = result.transferCSV() { try folder.write("tune-transfer.csv", bytes: csv.bytes); extra.append("tune-transfer.csv") }
        try Self.removeStale(in: folder, keeping: extra)
        try folder.write("tune-chart.csv", bytes: result.chartCSV().bytes)
        try folder.write("tune-front.csv", bytes: result.frontCSV().bytes)
        var written = ["tune.csv", "tune-chart.csv", "tune-front.csv", "tune.md", "tune-spec.txt"] + extra
        let script = result.chartScript()
        let (rendered, chartNote) = try ChartsAndReport.charts([script], in: folder, noCharts: output.noCharts, requireCharts: output.requireCharts)
        written += ["tune.gp"] + (rendered ? ["tune.svg", "tune.png"] : [])
        try folder.write("tune.md", text: result.markdown(chartRendered: rendered, chartNote: chartNote))
        // A chosen spec only when it meets the budget: a tune-spec.txt is pasted into runs and
        // baselines, so one outside the budget must not look like a result.
        let fits = result.chosenFits
        if fits {
            try folder.write("tune-spec.txt", text: result.chosenSpec + "\n")
        } else {
            written.removeAll { $0 == "tune-spec.txt" }
            if folder.exists("tune-spec.txt") { try? FileManager.default.removeItem(atPath: folder.file("tune-spec.txt")) }
        }
        written += try TuneReport.write(in: folder, noCharts: output.noCharts, requireCharts: output.requireCharts)
        try run.commit()
        committed = true
        if !output.quiet {
            print(result.terminal())
            print("wrote \(run.path)/: " + written.joined(separator: ", "))
        }
        print("done in \(NumberText.fixed(seconds(clock.now - start), 2)) s: \(result.tuner.evaluated.count) evaluations over \(result.traces.count) traces")
        if !fits {
            throw BenchInputError(
                "tune: no configuration of \(strategy) meets the budget \(budgetOptions.budget?.text ?? "") on all traces (the closest, \(result.chosenSpec), is in tune.md); "
                    + "no tune-spec.txt was written. Expected a wider --param range or a looser --budget")
        }
    }
}

extension Int {
    func power(_ n: Int) -> Int { (0..<n).reduce(1) { p, _ in p * self } }
}
