import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkBaseline
import InkFigures
import InkReplay
import InkSession
import InkStrategies

/// `bench compare A B`: is B better than A? A and B are two results folders (each strategy in
/// both is compared) or two strategies (run now, or read from `--results DIR`). By the
/// benchmark model's rule B is better only if it is no worse on both perceived latency and
/// overshoot p95 (suite means, each within its tolerance); better on one and worse on the other
/// is a trade-off. Prints the verdict and every suite-mean figure's difference B - A.
///
/// ```
/// swift run bench compare linear kalman-chromium
/// swift run bench compare kalman kalman:sigma_p=0.02 --preset ipad-promotion
/// swift run bench compare results-main results-branch
/// ```
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two strategies, or two results folders: B is better only if no worse on both latency and overshoot.",
        discussion: """
            A and B are either two results folders written by `bench` (every strategy found in both is \
            compared) or two strategies, e.g. `linear kalman:sigma_p=0.02`, run now with the run options \
            below or read from --results DIR. The rule compares suite means of perceived latency and \
            overshoot p95; a difference within a figure's tolerance (see `bench check --show-tolerances`) \
            counts as equal. Exit status 0, or 2 for a usage or input error.

            Examples:
              bench compare linear kalman-chromium
              bench compare linear kalman --results bench-results
              bench compare results-main results-branch
            """)

    @Argument(help: ArgumentHelp("A: a results folder, or a strategy (name[:param=value,...]).", valueName: "a"))
    var a: String

    @Argument(help: "B: a results folder, or a strategy.")
    var b: String

    @Option(help: ArgumentHelp("Read the two strategies' figures from this results folder instead of running them.", valueName: "dir"))
    var results: String?

    @Option(name: .customLong("tolerance"), help: ArgumentHelp("Override a figure's tolerance: abs in the figure's unit (ms, mm), rel a fraction or N%. Repeatable.", valueName: "figure=abs[,rel]"))
    var toleranceOverrides: [String] = []

    @OptionGroup(title: "Timing (for two strategies without --results)") var timingOptions: TimingOptions
    @OptionGroup(title: "Traces (for two strategies without --results)") var suiteOptions: SuiteOptions

    init() {}

    func run() async throws {
        let tolerances = try CheckCommand.tolerances(file: nil, options: toleranceOverrides)
        let aIsFolder = PathText.isFolder(a) == true
        let bIsFolder = PathText.isFolder(b) == true
        if aIsFolder && bIsFolder {
            try compareFolders(tolerances)
        } else if aIsFolder || bIsFolder {
            throw BenchInputError("'\(aIsFolder ? a : b)' is a folder but '\(aIsFolder ? b : a)' is not; give two results folders or two strategies")
        } else {
            try await compareStrategies(tolerances)
        }
    }

    func compareFolders(_ tolerances: ToleranceTable) throws {
        let ra: BenchRecord, rb: BenchRecord
        do {
            ra = try ResultsFolder.read(a)
            rb = try ResultsFolder.read(b)
        } catch { throw BenchInputError(error.description) }
        var differences = BaselineCheck.differences(baseline: ra, now: rb).filter { !$0.hasPrefix("strategies:") }
        if differences.isEmpty {
            // Strategy sets may differ; the other checks ran only when they matched.
            var ra2 = ra, rb2 = rb
            let common = ra.strategies.map(\.name).filter { name in rb.strategies.contains { $0.name == name } }
            ra2.strategies = ra.strategies.filter { common.contains($0.name) }
            rb2.strategies = rb.strategies.filter { common.contains($0.name) }
            ra2.rows = ra.rows.filter { common.contains($0.strategy) }
            rb2.rows = rb.rows.filter { common.contains($0.strategy) }
            differences = BaselineCheck.differences(baseline: ra2, now: rb2)
        }
        guard differences.isEmpty else {
            throw BenchInputError("\(a) and \(b) were made differently, so their figures cannot be compared:\n"
                + differences.map { "  " + $0.replacingText("baseline", with: "A").replacingText(", now", with: ", B") }.joined(separator: "\n"))
        }
        let common = ra.strategies.map(\.name).filter { name in rb.strategies.contains { $0.name == name } }
        guard !common.isEmpty else {
            throw BenchInputError("\(a) and \(b) have no strategy in common (A: \(ra.strategies.map(\.name).joined(separator: ", ")); B: \(rb.strategies.map(\.name).joined(separator: ", ")))")
        }
        print("A = \(a)\nB = \(b)")
        let onlyA = ra.strategies.map(\.name).filter { !common.contains($0) }
        let onlyB = rb.strategies.map(\.name).filter { !common.contains($0) }
        if !onlyA.isEmpty { print("only in A (not compared): " + onlyA.joined(separator: ", ")) }
        if !onlyB.isEmpty { print("only in B (not compared): " + onlyB.joined(separator: ", ")) }
        for name in common {
            let c: StrategyComparison
            do { c = try StrategyComparison(a: ra, strategyA: name, labelA: "A", b: rb, strategyB: name, labelB: "B", tolerances: tolerances) } catch {
                throw BenchInputError(error.description)
            }
            print("\n\(name): " + c.sentence)
            print(c.table())
        }
    }

    func compareStrategies(_ tolerances: ToleranceTable) async throws {
        let sa: Strategy, sb: Strategy
        do {
            sa = try StrategySpec.parse(a)
            sb = try StrategySpec.parse(b)
        } catch { throw BenchInputError("compare: \(error.description)") }
        guard sa.name != sb.name else { throw BenchInputError("compare: A and B are the same strategy '\(sa.name)'; give two different ones") }
        let record: BenchRecord
        if let results {
            do { record = try ResultsFolder.read(results) } catch { throw BenchInputError(error.description) }
        } else {
            let timing = try timingOptions.timing()
            let strategyOptions = try StrategyOptions.parse(["--strategies", "\(a),\(b)"])
            let inputs = try RunRequest(strategies: strategyOptions, timing: timingOptions, suite: suiteOptions, recordings: RecordingOptions.parse([]))
            let plan = inputs.plan()  // inputs.timing is `timing`: both from timingOptions
            let outcome: BenchOutcome
            do { outcome = try await BenchSession.run(plan) } catch { throw BenchInputError(error.description) }
            record = BenchRecord(outcome: outcome, strategies: inputs.strategies, suite: inputs.suiteName, seeds: inputs.seeds, timing: timing)
            print("suite \(inputs.suiteName), seed\(inputs.seeds.count == 1 ? "" : "s") \(inputs.seeds.map(String.init).joined(separator: " ")), \(timing.summary)")
        }
        let c: StrategyComparison
        do { c = try StrategyComparison(a: record, strategyA: sa.name, b: record, strategyB: sb.name, tolerances: tolerances) } catch {
            throw BenchInputError(error.description)
        }
        print("A = \(sa.name), B = \(sb.name)")
        print(c.sentence)
        print(c.table())
    }
}
