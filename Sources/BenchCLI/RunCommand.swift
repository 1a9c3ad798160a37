import ArgumentParser
import Foundation
import InkBenchKit
import InkFigures
import InkOutput
import InkReplay
import InkSession

/// `bench run` (the default): runs the suite (and any recordings) through the strategies,
/// prints the table, and writes the CSV files, charts, report and manifest to `--out`.
///
/// ```
/// bench run --strategies none,kalman-chromium --preset ipad-promotion --seeds 5 --out results
/// ```
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the suite through the strategies; write summary.csv, frames.csv, charts, report and manifest.json.",
        discussion: """
            Prints one row per trace and strategy and the suite means: perceived latency (ms, closer \
            to 0 is better), latency removed against `none` (ms), overshoot p95 and end overshoot (mm, \
            lower is better). A strategy is better than another only if it is no worse on both latency \
            and overshoot. Exit status: 0, or 2 for a usage or input error.

            Examples:
              bench run
              bench run --strategies none,linear,kalman:sigma_p=0.02,cap_ms=16
              bench run --preset ipad-promotion --input-latency-ms 12
              bench run --seeds 10 --out results/seeds
              bench run --traces recordings/ --scale '*.svc=200' --with-default-suite
            """)

    @OptionGroup var strategyOptions: StrategyOptions
    @OptionGroup(title: "Timing") var timingOptions: TimingOptions
    @OptionGroup(title: "Traces") var suiteOptions: SuiteOptions
    @OptionGroup(title: "Recordings") var recordings: RecordingOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Budget") var budgetOptions: BudgetOptions

    @Option(help: ArgumentHelp("Trace shown by the stroke-replay and error charts. (default: 's-curve fast', else the trace with the most moving frames)", valueName: "name"))
    var chartTrace: String?

    @Flag(help: "Write no per-frame data (frames.csv and the per-frame charts' data) and keep none in memory: for very long recordings.")
    var noFrames = false

    @Option(help: ArgumentHelp("Run only shard K of N: the (trace, strategy) units i, in trace-then-strategy order, with i % N == K-1; the folder holds that part of the files, and bench merge joins the N folders into exactly one run's.", valueName: "K/N"), transform: Shard.argument)
    var shard: Shard?

    init() {}

    func run() async throws {
        let clock = ContinuousClock()
        let start = BenchMain.startedAt ?? clock.now  // the final line counts argument parsing too
        GitInfo.prefetch()
        let budget = try budgetOptions.parsed()
        let inputs = try ResolvedInputs(strategies: strategyOptions, timing: timingOptions, suite: suiteOptions, recordings: recordings, hashingInputs: true)
        for line in SkipSummary.lines(inputs.skipped) { Console.note(line) }
        for trace in inputs.recordings { for notice in trace.notices { Console.note("\(trace.name): \(notice)") } }
        for line in inputs.recordedNotices { Console.note(line) }
        let asked = try inputs.chartTrace(self.chartTrace)
        let run = try RunFolder(path: output.out, startFrom: .empty)
        PhaseTimes.shared.mark("inputs and run folder")
        do {
            try await write(inputs, asked: asked, into: run, start: start, clock: clock, budget: budget)
        } catch {
            run.abandon()
            throw error
        }
    }

    /// Runs the plan and writes every output into the run's staging folder, then swaps it in.
    func write(_ inputs: ResolvedInputs, asked: String?, into run: RunFolder, start: ContinuousClock.Instant, clock: ContinuousClock, budget: Budget? = nil) async throws {
        let planned = try await plan(inputs, asked: asked, shard: shard)
        let plan = planned.plan
        var chartTrace = planned.chartTrace
        var outcome = try await replay(plan)
        PhaseTimes.shared.mark("session wrap-up")
        let rows = SummaryRow.rows(outcome, frameRateHz: inputs.timing.frameRateHz, minMovingFrames: suiteOptions.minMovingFrames)
        try RunOutputs.refuseNonFinite(rows)
        if planned.chosenLater && shard == nil, let busiest = RunCommand.busiestTrace(rows) {
            // The chart trace is the one with the most moving frames: its frames and tails are
            // replayed again for the charts.
            chartTrace = busiest.trace
            await BenchSession.keepTails(of: busiest.traceIndex, in: &outcome, plan: plan)
        }
        PhaseTimes.shared.mark("summary rows")
        let files = dataFiles(outcome, rows: rows, chartTrace: chartTrace, shard: shard)
        PhaseTimes.shared.mark("CSV files")
        var manifest = baseManifest(inputs, outcome: outcome, chartTrace: chartTrace, shard: shard, start: start, clock: clock)
        PhaseTimes.shared.mark("manifest record")
        if let shard {
            try RunOutputs.writeShard(files, manifest: &manifest, into: run)
            if !output.quiet {
                print("shard \(shard.text): \(outcome.groups.count) of the run's (trace, strategy) units; wrote \(run.path)/: " + files.map(\.name).joined(separator: ", ") + ", manifest.json")
                print("join the \(shard.count) shard folders with: bench merge DIR...")
            }
            print(FinalLine.text(elapsedSeconds: seconds(clock.now - start), replaySeconds: outcome.replaySeconds, samples: outcome.samplesReplayed))
            return
        }
        let status = try RunOutputs.write(files, rows: rows, manifest: &manifest, output: output, into: run) {
            seconds(clock.now - start)
        }
        if !output.quiet {
            RunOutputs.printTables(
                rows: rows, timingSummary: manifest.timingSummary, suiteName: inputs.suiteName, traceCount: outcome.traceNames.count,
                seeds: inputs.seeds.count, recordings: !inputs.recordings.isEmpty, minMovingFrames: suiteOptions.minMovingFrames,
                budget: budget)
            print("wrote \(run.path)/: " + files.map(\.name).joined(separator: ", ") + (status.rendered ? ", charts" : "") + ", report.md, report.html, manifest.json")
        }
        PhaseTimes.shared.mark("terminal tables")
        print(FinalLine.text(elapsedSeconds: seconds(clock.now - start), replaySeconds: outcome.replaySeconds, samples: outcome.samplesReplayed))
        print(try RunOutputs.answerLine(rows: rows, options: manifest.options))
    }

    /// The session's plan and the chart trace: `--chart-trace`, else the fast S-curve, else
    /// (`chosenLater`) the trace with the most moving frames, known only after the run. A shard
    /// cannot see every trace's runs, so it learns that trace first from a replay of `none`
    /// alone (moving frames depend on the trace and timing, not the strategy).
    func plan(_ inputs: ResolvedInputs, asked: String?, shard: Shard?) async throws -> (plan: BenchPlan, chartTrace: String?, chosenLater: Bool) {
        // With --no-frames no per-frame data is kept or written: no frames.csv, and no per-frame charts.
        let chosenLater = !noFrames && self.chartTrace == nil && !inputs.specs.contains { $0.name == ChartDefaults.syntheticTrace }
        var chartTrace = noFrames ? nil : asked
        if chosenLater, shard != nil {
            let probe = BenchPlan(specs: inputs.specs, recordings: inputs.recordings, seeds: Array(inputs.seeds.prefix(1)), strategies: [.none], timing: inputs.timing)
            let rows = SummaryRow.rows(try await replay(probe, label: "bench: finding the chart trace"), frameRateHz: inputs.timing.frameRateHz)
            chartTrace = RunCommand.busiestTrace(rows)?.trace
        }
        var plan = BenchPlan(
            specs: inputs.specs, recordings: inputs.recordings, seeds: inputs.seeds, strategies: inputs.strategies,
            timing: inputs.timing, keepFrames: !noFrames,
            tailsForTraces: (chosenLater && shard == nil) || noFrames ? [] : chartTrace.map { [$0] } ?? [])
        if let jobs = recordings.jobs { plan.jobs = jobs.count }
        if let shard {
            let strategyCount = inputs.strategies.count
            plan.owns = { t, s in shard.owns(t * strategyCount + s) }
        }
        return (plan, chartTrace, chosenLater)
    }

    /// The trace row with the most moving frames (the first such trace on a tie).
    static func busiestTrace(_ rows: [SummaryRow]) -> SummaryRow? {
        rows.filter { !$0.isSuiteMean }.max(by: { ($0.movingFrames, $1.traceIndex) < ($1.movingFrames, $0.traceIndex) })
    }

    /// Replays the plan with a progress line.
    func replay(_ plan: BenchPlan, label: String = "bench: replaying traces") async throws -> BenchOutcome {
        let progress = ProgressLine(label: label)
        defer { progress.finish() }
        do {
            return try await BenchSession.run(plan) { done, total in progress.update(done: done, total: total) }
        } catch {
            throw BenchInputError(error.description)
        }
    }

    /// The data files of the run (a shard: its part of them, and the figures in full precision
    /// instead of `summary.csv`), in the order they are written.
    func dataFiles(_ outcome: BenchOutcome, rows: [SummaryRow], chartTrace: String?, shard: Shard?) -> [RunOutputs.File] {
        var files: [RunOutputs.File] = []
        if shard != nil {
            files.append((RunShardCSV.figuresFile, RunShardCSV.figures(outcome).bytes))
            files.append((RunShardCSV.tracesFile, RunShardCSV.traces(outcome).bytes))
        } else {
            files.append(("summary.csv", SummaryCSV.write(rows).bytes))
        }
        if !noFrames { files.append(("frames.csv", FramesCSV.write(outcome).bytes)) }
        if let chartIndex = outcome.traceNames.firstIndex(where: { $0 == chartTrace }) {
            files.append(("chart-frames.csv", FramesCSV.write(outcome, traceIndex: chartIndex).bytes))
            files.append(("tails.csv", TailsCSV.write(outcome).bytes))
            files.append(("paths.csv", PathsCSV.write(traces: [(chartIndex, outcome.traces[chartIndex])]).bytes))
        }
        return files
    }

    /// The manifest before the outputs are listed.
    func baseManifest(
        _ inputs: ResolvedInputs, outcome: BenchOutcome, chartTrace: String?, shard: Shard?, start: ContinuousClock.Instant, clock: ContinuousClock
    ) -> Manifest {
        var options = recordedOptions(inputs)
        if let shard { options["shard"] = shard.text }
        var manifest = Manifest(
            command: "run", arguments: BenchMain.arguments, options: options,
            timing: Manifest.TimingRecord(inputs.timing, preset: inputs.preset), timingSummary: outcome.timingSummary(inputs.timing),
            suite: inputs.suiteName, seeds: inputs.seeds, strategies: inputs.strategyRecords,
            traces: outcome.traces.map { t in
                Manifest.TraceRecord(
                    name: t.name, source: t.source, strokes: t.strokes.count, samples: t.sampleCount,
                    seedDependent: inputs.specs.first { $0.name == t.name }?.isNoisy ?? false)
            },
            chartTrace: chartTrace, charts: "", inputs: inputs.inputRecords,
            outputs: [], samplesReplayed: outcome.samplesReplayed, replaySeconds: outcome.replaySeconds,
            elapsedSeconds: seconds(clock.now - start))
        manifest.chartWindow = outcome.traceNames.firstIndex { $0 == chartTrace }.map { ChartWindow(trace: outcome.traces[$0]).note }
        return manifest
    }

    func recordedOptions(_ inputs: ResolvedInputs) -> [String: String] {
        var o = timingOptions.recorded
        o["strategies"] = inputs.strategies.map(\.name).joined(separator: ",")
        o["suite"] = suiteOptions.suite
        o["seed"] = String(suiteOptions.seed)
        o["seeds"] = String(suiteOptions.seeds)
        o["out"] = output.out
        o["quiet"] = String(output.quiet)
        o["no-charts"] = String(output.noCharts)
        o["require-charts"] = String(output.requireCharts)
        o["no-frames"] = String(noFrames)
        if let chartTrace { o["chart-trace"] = chartTrace }
        if !recordings.traces.isEmpty { o["traces"] = recordings.traces.joined(separator: ",") }
        o["with-default-suite"] = String(recordings.withDefaultSuite)
        o["min-moving-frames"] = String(suiteOptions.minMovingFrames)
        if recordings.hover { o["hover"] = "true" }
        o.merge(budgetOptions.recorded) { a, _ in a }
        return o
    }
}

/// Seconds in a duration.
func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}
