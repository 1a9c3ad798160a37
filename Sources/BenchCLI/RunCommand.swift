import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkBenchKit
import InkFigures
import InkOutput
import InkSession
import InkTraces

/// `bench run` (the default): runs the suite (and any recordings) through the strategies,
/// prints the table, and writes the CSV files, charts, report and manifest to `--out`.
///
/// ```
/// bench run --strategies none,kalman-chromium --preset ipad-promotion --seeds 5 --out results
/// ```
struct RunCommand: AsyncParsableCommand {
    /// `_superCommandName` names the root for the one case where this type is parsed as a
    /// root itself: `BenchMain.parseLeaf`, which sends help, version and completion requests
    /// to `BenchCommand` first. swift-argument-parser skips its completion-script check (two
    /// extra reflective parses, about 1.5 M instructions per process) for a command with a
    /// super-command; under `BenchCommand`, which has none, help, usage and completion
    /// scripts are unchanged.
    static let configuration = CommandConfiguration(
        commandName: "run",
        _superCommandName: "bench",
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
        let start = BenchMain.startedAt ?? ContinuousClock.now  // the final line counts argument parsing too
        GitInfo.prefetch()
        let budget = try budgetOptions.parsed()
        // The files given by path are hashed for the manifest from the bytes the reader read,
        // while it parses them: each file is read once, and its record is what the figures
        // were made from (a file over HandedOverHashes.defaultHoldLimit, 8 MiB, is hashed from
        // disk just after it is parsed instead).
        let early = HandedOverHashes(paths: recordings.givenFiles)
        let read = Result {
            try WorkSpans.shared.span("inputs read and checked") {
                try RunRequest(
                    strategies: strategyOptions, timing: timingOptions, suite: suiteOptions, recordings: recordings,
                    bytesRead: { early.handOver($0, bytes: $1) })
            }
        }
        early.finishHandingOver()
        let inputs = try read.get()
        for line in SkipSummary.lines(inputs.skipped) { Console.note(line) }
        for trace in inputs.recordings { for notice in trace.notices { Console.note("\(trace.name): \(notice)") } }
        for line in inputs.recordedNotices { Console.note(line) }
        var request = try self.request(inputs)
        request.startHashingInputs(reusing: early)
        let written = try await RunOutputs.run(request, to: output.out, startedAt: start)
        if let shard {
            if !output.quiet {
                print("shard \(shard.text): \(written.units) of the run's (trace, strategy) units; wrote \(output.out)/: " + written.files.joined(separator: ", ") + ", manifest.json")
                print("join the \(shard.count) shard folders with: bench merge DIR...")
            }
            print(FinalLine.text(elapsedSeconds: seconds(.now - start), replaySeconds: written.replaySeconds, samples: written.samplesReplayed))
            return
        }
        if !output.quiet {
            RunTables.print(
                rows: written.rows, timingSummary: written.manifest.timingSummary, suiteName: request.suiteName, traceCount: written.traceCount,
                seeds: request.seeds.count, recordings: !request.recordings.isEmpty, minMovingFrames: request.minMovingFrames,
                budget: budget)
            print("wrote \(output.out)/: " + written.files.joined(separator: ", ") + (written.chartsRendered ? ", charts" : "") + ", report.md, report.html, manifest.json")
        }
        PhaseTimes.shared.mark("terminal tables")
        print(FinalLine.text(elapsedSeconds: seconds(.now - start), replaySeconds: written.replaySeconds, samples: written.samplesReplayed))
        // The report's answer; judged here only if there was no report.
        print(try written.answer?.text() ?? RunTables.answerLine(rows: written.rows, options: written.manifest.options))
    }

    /// The run request: the inputs with every option of the command, and the options as
    /// `manifest.json` records them.
    ///
    /// - Throws: ``BenchInputError`` for a `--chart-trace` that is not one of the run's traces.
    func request(_ inputs: RunRequest) throws -> RunRequest {
        var request = inputs
        request.chartTrace = try request.checkedChartTrace(chartTrace)
        request.keepFrames = !noFrames
        request.shard = shard
        request.noCharts = output.noCharts
        request.requireCharts = output.requireCharts
        request.recordedOptions = recordedOptions
        request.arguments = BenchMain.arguments
        return request
    }

    /// The options as `manifest.json` records them (the request adds `strategies` and `shard`).
    var recordedOptions: [String: String] {
        var o = timingOptions.recorded
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
