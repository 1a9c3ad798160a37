import ArgumentParser
import InkReplay
import InkStrategies

/// The `--strategies` option: names with optional parameters.
///
/// ```
/// bench --strategies none,linear,kalman:sigma_p=0.02,cap_ms=16
/// ```
struct StrategyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Strategies, comma-separated, each with optional parameters, e.g. none,linear,kalman:sigma_p=0.02,cap_ms=16 (see bench list). (default: " + StrategyCatalog.defaultNames.joined(separator: ",") + ", plus recorded when a recording carries predictions; the other built-ins run only when named; check: the baseline's)", valueName: "list"))
    var strategies: String?

    /// The strategies to run; `recorded` is added to the default list when a trace carries recorded predictions.
    func parsed(withRecorded: Bool = false) throws -> [Strategy] {
        var names = StrategyCatalog.defaultRunNames.joined(separator: ",")
        if withRecorded { names += ",recorded" }
        let list: [Strategy]
        do { list = try StrategySpec.parseList(strategies ?? names) } catch {
            throw BenchInputError("--strategies: \(error.description)")
        }
        var seen: Set<String> = []
        for s in list where !seen.insert(s.name).inserted {
            throw BenchInputError("--strategies: '\(s.name)' is given twice; give each strategy once")
        }
        return list
    }
}
