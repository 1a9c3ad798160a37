import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkBaseline
import InkBenchKit
import InkFigures
import InkOutput
import InkReplay
import InkSession

/// `bench check`: runs the configured suite (or reads a results folder) and compares every
/// figure with a committed baseline, so CI fails when a predictor change makes ink worse.
///
/// Exit status: 0 every figure within its tolerance (improvements are reported, not failures),
/// 1 a figure regressed, 2 a usage or input error (a missing or malformed baseline, or one made
/// with a different timing, suite, seed or strategy set: the message says what differs).
/// When `$GITHUB_STEP_SUMMARY` is set, the table is also appended there as Markdown.
///
/// ```
/// swift run bench check --baseline Benchmarks/baseline/default-ipad-60.csv
/// swift run bench check --baseline Benchmarks/baseline/default-ipad-60.csv --update-baseline
/// swift run bench check --baseline base.csv --results bench-results --tolerance overshoot_p95_mm=0.02
/// ```
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare every figure with a baseline; exit 1 if one regressed beyond its tolerance.",
        discussion: """
            Runs the suite as the run options below configure it (the same options as `bench run`; \
            strategies default to the baseline's) or reads --results DIR, then compares each figure of \
            each trace, strategy and suite mean with the baseline.

            A change counts (as regressed or improved) when |now - baseline| > max(abs, rel x |baseline|, \
            1.25 x spread): abs and rel are the figure's tolerance (defaults: 0.5 ms, 0.05 mm, 0.01 for \
            ratios and rates; --tolerance overrides), spread the row's own seed-to-seed spread stored in \
            the baseline (0 on clean traces). Horizons and the predicted share are reported as changed, \
            never as a regression. --show-tolerances prints every figure's direction and tolerance.

            Exit status: 0 within tolerance (improvements are listed, never a failure), 1 a figure \
            regressed, 2 a usage or input error (including a baseline made with a different timing, suite, \
            seed or strategy set). With $GITHUB_STEP_SUMMARY set, the table is appended there as Markdown.

            Examples:
              bench check --baseline Benchmarks/baseline/default-ipad-60.csv
              bench check --baseline base.csv --results bench-results
              bench check --baseline base.csv --tolerance overshoot_p95_mm=0.02,2%
              bench check --baseline base.csv --update-baseline
            """)

    @Option(help: ArgumentHelp("The baseline file to compare with (or to write, with --update-baseline); a bench-results summary.csv also works.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Compare the figures of this results folder (its summary.csv and manifest.json) instead of running.", valueName: "dir"))
    var results: String?

    @Flag(help: "Rewrite the baseline from this run on purpose (shows what moved first); exits 0.")
    var updateBaseline = false

    @Option(name: .customLong("tolerance"), help: ArgumentHelp("Override a figure's tolerance: abs in the figure's unit (ms, mm), rel a fraction or N%. Repeatable.", valueName: "figure=abs[,rel]"))
    var toleranceOverrides: [String] = []

    @Option(name: .customLong("tolerance-file"), help: ArgumentHelp("A file of tolerances, one figure=abs[,rel] per line ('#' comments); --tolerance wins over it.", valueName: "file"))
    var toleranceFile: String?

    @Option(help: ArgumentHelp("With --update-baseline: measure each row's seed-to-seed spread over this many seeds (the run's seed and the next ones); 0 to skip.", valueName: "n"))
    var spreadSeeds = 10

    @Flag(help: "Print the default tolerances and the seed-to-seed spreads they were set from, then exit.")
    var showTolerances = false

    @OptionGroup var strategyOptions: StrategyOptions
    @OptionGroup(title: "Timing (as bench run; ignored with --results)") var timingOptions: TimingOptions
    @OptionGroup(title: "Traces (as bench run; ignored with --results)") var suiteOptions: SuiteOptions
    @OptionGroup(title: "Recordings (as bench run; ignored with --results)") var recordingOptions: RecordingOptions

    func validate() throws {
        guard baseline != nil || showTolerances else {
            throw ValidationError("--baseline FILE is required: the baseline to compare with (or to write, with --update-baseline)")
        }
        guard spreadSeeds >= 0 && spreadSeeds <= 1000 else {
            throw ValidationError("--spread-seeds \(spreadSeeds): expected a whole number from 0 to 1000")
        }
    }

    init() {}

    func run() async throws {
        let tolerances = try CheckCommand.tolerances(file: toleranceFile, options: toleranceOverrides)
        guard let baseline, !showTolerances else {
            print(CheckCommand.toleranceTable(tolerances))
            return
        }
        var old: BenchRecord? = nil
        do { old = try BaselineFile.read(path: baseline) } catch {
            if updateBaseline {
                if FileManager.default.fileExists(atPath: baseline) { Console.note("note: replacing an unreadable baseline: \(error.description)") }
            } else {
                try CheckCommand.summarize("### InkBench check: error\n\n```\n\(error.description)\n```\n")
                throw BenchInputError(error.description)
            }
        }
        let now = try await currentRecord(baseline: old)

        if updateBaseline {
            if let old {
                do {
                    let report = try BaselineCheck.compare(baseline: old, now: now, tolerances: tolerances)
                    if !report.changes.isEmpty { print("changes from the old baseline:\n" + report.terminalText() + "\n") }
                } catch {
                    print("the old baseline was made differently; replacing it:\n" + error.differences.map { "  " + $0 }.joined(separator: "\n"))
                }
            }
            do { try BaselineFile.write(now, to: baseline) } catch { throw BenchInputError(error.description) }
            print("baseline written: \(baseline) (\(now.rows.count) rows: \(now.traces.count) traces x \(now.strategies.count) strategies and suite means; "
                + "\(now.figures.count) figures each)")
            return
        }
        guard let old else { throw BenchInputError("\(baseline): no such file; make one with --update-baseline") }
        let report: CheckReport
        do {
            var r = try BaselineCheck.compare(baseline: old, now: now, tolerances: tolerances)
            r.context = CheckCommand.context(old)
            report = r
        } catch {
            try CheckCommand.summarize("### InkBench check: error\n\n```\n\(error.description)\n```\n")
            throw BenchInputError(error.description)
        }
        print(report.terminalText())
        try CheckCommand.summarize(report.markdown())
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }

    /// The figures to compare: the results folder's, or a fresh run's.
    func currentRecord(baseline old: BenchRecord?) async throws -> BenchRecord {
        let baseline = self.baseline ?? "the baseline"
        if let results {
            if !FileManager.default.fileExists(atPath: PathText.appending(results, "manifest.json")) {
                Console.note("\(results): no manifest.json, so the timing, suite, seeds and strategies' parameters cannot be verified; only the frame and input rates of summary.csv are compared with the baseline")
            }
            do { return try ResultsFolder.read(results) } catch { throw BenchInputError(error.description) }
        }
        var strategies = strategyOptions
        let inputs: RunRequest
        do {
            if strategies.strategies == nil, let old, !old.strategies.isEmpty {
                strategies.strategies = try StrategyList(old.strategySpecs.joined(separator: ","))
            }
            inputs = try RunRequest(strategies: strategies, timing: timingOptions, suite: suiteOptions, recordings: recordingOptions)
        } catch let error as BenchInputError {
            if strategyOptions.strategies == nil, error.message.hasPrefix("--strategies") {
                throw BenchInputError("\(baseline): its strategies cannot be run again (\(error.message)); pass --strategies or --results DIR")
            }
            throw error
        }
        for line in SkipSummary.lines(inputs.skipped) { Console.note(line) }
        // Writing a baseline of one seed also measures each row's seed-to-seed spread: one session
        // over the seeds seed ... seed + N - 1, whose first seed is exactly the run itself.
        let measure = updateBaseline && spreadSeeds > 1 && inputs.seeds.count == 1 && inputs.specs.contains { $0.isNoisy }
        let seeds = measure ? (0..<UInt64(spreadSeeds)).map { inputs.seeds[0] &+ $0 } : inputs.seeds
        let plan = inputs.plan(seeds: seeds)
        var outcome: BenchOutcome
        do { outcome = try await BenchSession.run(plan) } catch { throw BenchInputError(error.description) }
        let all = outcome
        if measure { outcome.groups = outcome.groups.map { g in var g = g; g.perSeed = Array(g.perSeed.prefix(1)); return g } }
        var record = BenchRecord(
            outcome: outcome, strategies: inputs.strategies, suite: inputs.suiteName, seeds: inputs.seeds, timing: inputs.timing,
            minMovingFrames: suiteOptions.minMovingFrames)
        if measure { record.attachSpreads(from: all, seeds: seeds, minMovingFrames: suiteOptions.minMovingFrames) }
        return record
    }

    /// The tolerances: defaults, then the file, then each option.
    static func tolerances(file: String?, options: [String]) throws -> ToleranceTable {
        var table = ToleranceTable()
        do {
            if let file { try table.apply(file: file) }
            for o in options { try table.apply(option: o) }
        } catch { throw BenchInputError("--tolerance: \(error.message)") }
        return table
    }

    /// Lines describing what the baseline was made with.
    static func context(_ record: BenchRecord) -> [String] {
        var lines: [String] = []
        var made: [String] = []
        if let s = record.suite { made.append("suite \(s)") }
        if let seeds = record.seeds { made.append("seed\(seeds.count == 1 ? "" : "s") \(seeds.map(String.init).joined(separator: " "))") }
        if !record.timing.isEmpty { made.append(record.timing.map { "\($0.key) \($0.value)" }.joined(separator: ", ")) }
        if !made.isEmpty { lines.append("made with: " + made.joined(separator: "; ")) }
        return lines
    }

    /// Every figure's tolerance, direction and default.
    static func toleranceTable(_ table: ToleranceTable) -> String {
        var rows = [["figure", "judged", "tolerance", "default"]]
        for (figure, tolerance) in ToleranceTable.defaults {
            rows.append([figure, Figure.named(figure)?.direction.phrase ?? "-", table[figure].description, tolerance.description])
        }
        return TextTable.render(rows, leftAligned: [0, 1]) + "\n\n" + ToleranceTable.measurementNote
    }

    /// Appends Markdown to `$GITHUB_STEP_SUMMARY` when it is set.
    static func summarize(_ markdown: String) throws {
        guard let path = StepSummary.path else { return }
        do { try StepSummary.append(markdown, to: path) } catch { throw BenchInputError(error.description) }
    }
}
