#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import InkBenchKit
import InkReplay
import InkStrategies
import InkTraces

extension BenchMain {
    /// The whole `bench` with strategies of your own added to the built-ins: `list` shows them,
    /// `--strategies name:param=value` parses them, and `run`, `sweep`, `tune`, `check`,
    /// `compare` and the report treat them like the built-ins (a default run includes them).
    /// Exits the process with `bench`'s exit code.
    ///
    /// A five-line executable in a package that depends on InkBench:
    ///
    /// ```swift
    /// import BenchCLI
    /// import InkReplay
    ///
    /// await BenchMain.main(strategies: [
    ///     StrategyDefinition(name: "damped-linear", about: "linear over part of the horizon",
    ///                        parameters: [StrategyParameter(name: "gain", defaultValue: 0.5, about: "share of the horizon")]) { v in
    ///         DampedLinearPredictor(gain: v["gain"] ?? 0.5)
    ///     }
    /// ])
    /// ```
    ///
    /// - Parameter strategies: the strategies to add; a name already taken (by a built-in or
    ///   twice in the list) or with characters other than letters, digits, `-` and `_` is
    ///   refused with exit code 2.
    nonisolated(nonsending) public static func main(strategies: [StrategyDefinition]) async -> Never {
        // Runs on the caller's executor (the top-level code's main thread) up to the `await`,
        // so the descriptors are mended before the concurrency runtime opens its own.
        openClosedStandardStreams()
        exit(await run(nil, strategies: strategies))
    }

    /// Runs `bench` with `arguments` (the process's when `nil`) and strategies of your own
    /// added; returns the exit code (2 for an unusable strategy list, naming the strategy).
    public static func run(_ arguments: [String]?, strategies: [StrategyDefinition]) async -> Int32 {
        var seen = Set(StrategyCatalog.builtIn.map(\.name))
        for s in strategies {
            let allowed = !s.name.isEmpty && s.name.unicodeScalars.allSatisfy { $0.isAlphanumeric || $0 == "-" || $0 == "_" }
            guard allowed, seen.insert(s.name).inserted else {
                let why = allowed ? "the name is already taken (built-in strategies: \(StrategyCatalog.builtIn.map(\.name).joined(separator: ", ")))" : "expected letters, digits, '-' and '_' only"
                Console.note("bench: cannot add strategy '\(s.name)': \(why)")
                return 2
            }
        }
        return await StrategyCatalog.$added.withValue(strategies) { await run(arguments) }
    }
}
