import ArgumentParser
import Foundation
import InkBenchKit
import InkReplay

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

    @Option(help: ArgumentHelp("Trace shown by the stroke-replay and error charts. (default: 's-curve fast', else the first trace)", valueName: "name"))
    var chartTrace: String?

    @Flag(help: "Write no per-frame data (frames.csv and the per-frame charts' data) and keep none in memory: for very long recordings.")
    var noFrames = false

    init() {}

    func run() async throws {
        let clock = ContinuousClock()
        let start = BenchMain.startedAt ?? clock.now  // the final line counts argument parsing too
        GitInfo.prefetch()
        let budget = try budgetOptions.parsed()
        let inputs = try ResolvedInputs(strategies: strategyOptions, timing: timingOptions, suite: suiteOptions, recordings: recordings)
        for line in inputs.skipped { Console.note("skipped: \(line)") }
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
        let folder = run.files

        // Without --chart-trace or the fast S-curve, the chart trace is chosen after the run.
        // With --no-frames no per-frame data is kept or written: no frames.csv, and no per-frame charts.
        let chosenLater = !noFrames && self.chartTrace == nil && !inputs.specs.contains { $0.name == ChartDefaults.syntheticTrace }
        let plan = BenchPlan(
            specs: inputs.specs, recordings: inputs.recordings, seeds: inputs.seeds, strategies: inputs.strategies,
            timing: inputs.timing, keepFrames: !noFrames, tailsForTraces: chosenLater || noFrames ? [] : asked.map { [$0] } ?? [])
        let progress = ProgressLine(label: "bench: replaying traces")
        var outcome: BenchOutcome
        do {
            outcome = try await BenchSession.run(plan) { done, total in progress.update(done: done, total: total) }
        } catch {
            progress.finish()
            throw BenchInputError(error.description)
        }
        progress.finish()
        PhaseTimes.shared.mark("session wrap-up")
        let minMoving = suiteOptions.minMovingFrames
        let rows = SummaryRow.rows(outcome, frameRateHz: inputs.timing.frameRateHz, minMovingFrames: minMoving)
        // Without --chart-trace and without the fast S-curve, the chart shows the trace with the
        // most moving frames: its frames and tails are replayed again for the charts.
        var chartTrace = noFrames ? nil : asked
        if chosenLater,
            let busiest = rows.filter({ !$0.isSuiteMean }).max(by: { ($0.movingFrames, $1.traceIndex) < ($1.movingFrames, $0.traceIndex) })
        {
            chartTrace = busiest.trace
            await BenchSession.keepTails(of: busiest.traceIndex, in: &outcome, plan: plan)
        }
        let timingSummary = outcome.timingSummary(inputs.timing)
        PhaseTimes.shared.mark("summary rows")
        let summaryBytes = SummaryCSV.write(rows).bytes
        var written = ["summary.csv"]
        try folder.write("summary.csv", bytes: summaryBytes)
        if !noFrames {
            try folder.write("frames.csv", bytes: FramesCSV.write(outcome).bytes)
            written.append("frames.csv")
        }
        if let chartIndex = outcome.traceNames.firstIndex(where: { $0 == chartTrace }) {
            try folder.write("chart-frames.csv", bytes: FramesCSV.write(outcome, traceIndex: chartIndex).bytes)
            try folder.write("tails.csv", bytes: TailsCSV.write(outcome).bytes)
            try folder.write("paths.csv", bytes: PathsCSV.write(traces: [(chartIndex, outcome.traces[chartIndex])]).bytes)
            written += ["chart-frames.csv", "tails.csv", "paths.csv"]
        }
        PhaseTimes.shared.mark("CSV files")
        let chartWindow = outcome.traceNames.firstIndex { $0 == chartTrace }.map { ChartWindow(trace: outcome.traces[$0]).note }

        var manifest = Manifest(
            command: "run", arguments: BenchMain.arguments, options: recordedOptions(inputs),
            timing: Manifest.TimingRecord(inputs.timing, preset: inputs.preset), timingSummary: timingSummary,
            suite: inputs.suiteName, seeds: inputs.seeds, strategies: inputs.strategyRecords,
            traces: outcome.traces.map { t in
                Manifest.TraceRecord(
                    name: t.name, source: t.source, strokes: t.strokes.count, samples: t.sampleCount,
                    seedDependent: inputs.specs.first { $0.name == t.name }?.isNoisy ?? false)
            },
            chartTrace: chartTrace, charts: "", inputs: inputs.inputFiles.compactMap { Manifest.FileRecord(hashing: $0) },
            outputs: [], samplesReplayed: outcome.samplesReplayed, replaySeconds: outcome.replaySeconds,
            elapsedSeconds: seconds(clock.now - start))

        manifest.chartWindow = chartWindow
        PhaseTimes.shared.mark("manifest record")
        let summaryTable = try CSVTable(parsing: String(decoding: summaryBytes, as: UTF8.self))
        let record = BenchRecord(
            rows: rows, strategies: inputs.strategies, traces: outcome.traceNames, suite: inputs.suiteName, seeds: inputs.seeds,
            timing: inputs.timing)
        let status = try ChartsAndReport.build(
            in: folder, summary: summaryTable, record: record, manifest: manifest, chartTrace: chartTrace, noCharts: output.noCharts,
            requireCharts: output.requireCharts)
        PhaseTimes.shared.mark("report status")
        written += status.scripts.map { $0.name + ".gp" }
        if status.rendered { written += status.scripts.flatMap { [$0.name + ".svg", $0.name + ".png"] } }
        written += ["report.md", "report.html"]

        manifest.charts = status.note
        manifest.outputs = written.compactMap { name in
            Manifest.FileRecord(hashing: folder.file(name)).map { Manifest.FileRecord(path: name, sha256: $0.sha256, bytes: $0.bytes) }
        }
        manifest.elapsedSeconds = seconds(clock.now - start)
        try folder.write("manifest.json", bytes: manifest.encoded())
        PhaseTimes.shared.mark("output checksums and manifest.json")
        try run.commit()
        PhaseTimes.shared.mark("commit run folder")

        if !output.quiet {
            print("timing: \(timingSummary)")
            print("suite: \(inputs.suiteName) (\(outcome.traceNames.count) traces)" + (inputs.seeds.count > 1 ? ", \(inputs.seeds.count) seeds: mean±sd" : ""))
            if !inputs.recordings.isEmpty { print(ResultTable.traces(rows: rows)) }
            if let notice = ResultTable.exclusionNotice(rows: rows, minMovingFrames: minMoving) { Console.note(notice) }
            print(ResultTable.render(rows: rows))
            if let budget { print(BudgetTable.render(budget.judge(Budget.candidates(rows)))) }
            print("wrote \(run.path)/: summary.csv" + (noFrames ? "" : ", frames.csv") + (status.rendered ? ", charts" : "") + ", report.md, report.html, manifest.json")
        }
        PhaseTimes.shared.mark("terminal tables")
        print(FinalLine.text(elapsedSeconds: seconds(clock.now - start), replaySeconds: outcome.replaySeconds, samples: outcome.samplesReplayed))
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
