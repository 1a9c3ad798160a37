import ArgumentParser
import InkReplay
import InkStrategies

/// The `--strategies` option: names with optional parameters.
///
/// ```
/// bench --strategies none,linear,kalman:sigma_p=0.02,cap_ms=16
/// ```
struct StrategyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Strategies, comma-separated, each with optional parameters, e.g. none,linear,kalman:sigma_p=0.02,cap_ms=16 (see bench list). (default: " + StrategyCatalog.defaultNames.joined(separator: ",") + ", plus recorded when a recording carries predictions; the other built-ins run only when named; check: the baseline's)", valueName: "list"), transform: StrategyList.argument)
    var strategies: StrategyList?

    /// The strategies given, or `nil` for the run's default list (the run request makes that
    /// choice: `RunRequest.strategies(given:withRecorded:)`).
    var given: [Strategy]? { strategies?.strategies }
}

/// A `--strategies` list parsed once: each strategy built (its parameters checked, `cap_ms`
/// set as its `capMs`) when the command line is parsed, and each name given once.
struct StrategyList {
    /// The strategies, in the order given.
    var strategies: [Strategy]

    /// Parses `text` with the `--strategies` grammar.
    ///
    /// - Throws: ``BenchInputError`` starting `--strategies:` for text that does not parse or a
    ///   strategy given twice.
    init(_ text: String) throws(BenchInputError) {
        let list: [Strategy]
        do { list = try StrategySpec.parseList(text) } catch {
            throw BenchInputError("--strategies: \(error.description)")
        }
        var seen: Set<String> = []
        for s in list where !seen.insert(s.name).inserted {
            throw BenchInputError("--strategies: '\(s.name)' is given twice; give each strategy once")
        }
        strategies = list
    }

    /// The option's transform: the same errors, as usage errors.
    static func argument(_ text: String) throws -> StrategyList {
        do { return try StrategyList(text) } catch { throw ValidationError(error.description) }
    }
}
