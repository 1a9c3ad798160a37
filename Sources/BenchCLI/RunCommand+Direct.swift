import ArgumentParser
import InkOutput

/// `bench run`'s plain command lines read without swift-argument-parser's reflection.
///
/// Parsing `run` through swift-argument-parser walks every option group with `Mirror`, decodes
/// each through `Decodable` and builds its help names: about 60 first-time protocol-conformance
/// lookups, each a scan of every conformance record in the binary, which made up most of the
/// "parse arguments" phase (docs/performance.md, "Argument parsing without reflection").
/// `RunCommand.parsedDirectly(_:)` reads the common shape of a command line, `--name` and
/// `--name value` tokens of `run`'s own options, into the same values, calling the same
/// `ExpressibleByArgument` initialisers, transforms and `validate()` methods the declarations
/// name; anything else is left to swift-argument-parser, which stays the definition of every
/// option, of help, completions, `--experimental-dump-help` and every error message.
/// `DirectParseTests` checks that both give the same command for every option and that the
/// table below names each of `run`'s options.
extension RunCommand {
    /// One of `run`'s options as the direct parse reads it.
    struct DirectOption: Sendable {
        /// How many values follow the option's name.
        enum Arity {
            /// None: a flag, set to `true`.
            case flag
            /// One value (the option's `.next` or `.unconditional` parsing).
            case one
            /// One or more values up to the next token starting with `-` (`.upToNextOption`).
            case upToNextOption
        }

        /// The name with its dashes, as typed (`--seed`).
        var name: String
        var arity: Arity
        /// Whether the option may be given more than once (an array option, whose values
        /// collect in order).
        var repeatable: Bool
        /// Stores one value (the flag's `true` for `.flag`); throws as the option's
        /// parsing does.
        var apply: @Sendable (inout RunCommand, String) throws -> Void
    }

    /// A value the option's type did not accept: the direct parse gives up, and
    /// swift-argument-parser reports it.
    struct NotDirect: Error {}

    /// `T(argument:)`, the value swift-argument-parser stores for an option of type `T`.
    static func argument<T: ExpressibleByArgument>(_ text: String, as _: T.Type = T.self) throws -> T {
        guard let value = T(argument: text) else { throw NotDirect() }
        return value
    }

    /// Every option and flag of `run` and its option groups (`--help` aside), with the
    /// parsing its declaration asks for.
    static let directOptions: [DirectOption] = [
        // StrategyOptions
        DirectOption(name: "--strategies", arity: .one, repeatable: false) { $0.strategyOptions.strategies = try StrategyList.argument($1) },
        // TimingOptions
        DirectOption(name: "--preset", arity: .one, repeatable: false) { $0.timingOptions.preset = try TimingOptions.Preset(parsing: $1) },
        DirectOption(name: "--frame-rate", arity: .one, repeatable: false) { $0.timingOptions.frameRateHz = try argument($1) },
        DirectOption(name: "--input-rate", arity: .one, repeatable: false) { $0.timingOptions.inputRateHz = try argument($1) },
        DirectOption(name: "--input-latency-ms", arity: .one, repeatable: false) { $0.timingOptions.inputLatencyMs = try argument($1) },
        DirectOption(name: "--display-latency-frames", arity: .one, repeatable: false) {
            $0.timingOptions.displayLatencyFrames = try argument($1)
        },
        DirectOption(name: "--display-latency-ms", arity: .one, repeatable: false) { $0.timingOptions.displayLatencyMs = try argument($1) },
        DirectOption(name: "--horizon-cap-ms", arity: .one, repeatable: false) { $0.timingOptions.capMs = try argument($1) },
        DirectOption(name: "--pressure-delay-ms", arity: .one, repeatable: false) { $0.timingOptions.pressureDelayMs = try argument($1) },
        DirectOption(name: "--phases", arity: .one, repeatable: false) { $0.timingOptions.phases = try argument($1) },
        // SuiteOptions
        DirectOption(name: "--suite", arity: .one, repeatable: false) { $0.suiteOptions.suite = try argument($1) },
        DirectOption(name: "--seed", arity: .one, repeatable: false) { $0.suiteOptions.seed = try argument($1) },
        DirectOption(name: "--seeds", arity: .one, repeatable: false) { $0.suiteOptions.seeds = try argument($1) },
        DirectOption(name: "--min-moving-frames", arity: .one, repeatable: false) { $0.suiteOptions.minMovingFrames = try argument($1) },
        // RecordingOptions
        DirectOption(name: "--traces", arity: .upToNextOption, repeatable: true) { $0.recordings.traces.append(try argument($1)) },
        DirectOption(name: "--with-default-suite", arity: .flag, repeatable: false) { c, _ in c.recordings.withDefaultSuite = true },
        DirectOption(name: "--scale", arity: .one, repeatable: true) { $0.recordings.scale.append(try RecordingOptions.scaleRule($1)) },
        DirectOption(name: "--manifest", arity: .one, repeatable: true) { $0.recordings.manifest.append(try argument($1)) },
        DirectOption(name: "--format", arity: .one, repeatable: false) { $0.recordings.format = try RecordingOptions.traceFormat($1) },
        DirectOption(name: "--strict", arity: .flag, repeatable: false) { c, _ in c.recordings.strict = true },
        DirectOption(name: "--hover", arity: .flag, repeatable: false) { c, _ in c.recordings.hover = true },
        DirectOption(name: "--resample-hz", arity: .one, repeatable: true) { $0.recordings.resampleHz.append(try argument($1)) },
        DirectOption(name: "--jobs", arity: .one, repeatable: false) { $0.recordings.jobs = try Jobs(parsing: $1) },
        // OutputOptions
        DirectOption(name: "--out", arity: .one, repeatable: false) { $0.output.outOption = try argument($1) },
        DirectOption(name: "--quiet", arity: .flag, repeatable: false) { c, _ in c.output.quiet = true },
        DirectOption(name: "--no-charts", arity: .flag, repeatable: false) { c, _ in c.output.noCharts = true },
        DirectOption(name: "--require-charts", arity: .flag, repeatable: false) { c, _ in c.output.requireCharts = true },
        // BudgetOptions
        DirectOption(name: "--budget", arity: .one, repeatable: false) { $0.budgetOptions.budget = try BudgetOptions.Given(parsing: $1) },
        DirectOption(name: "--budget-per-trace", arity: .flag, repeatable: false) { c, _ in c.budgetOptions.budgetPerTrace = true },
        // RunCommand's own
        DirectOption(name: "--chart-trace", arity: .one, repeatable: false) { $0.chartTrace = try argument($1) },
        DirectOption(name: "--no-frames", arity: .flag, repeatable: false) { c, _ in c.noFrames = true },
        DirectOption(name: "--shard", arity: .one, repeatable: false) { $0.shard = try Shard.argument($1) },
    ]

    /// The command with every option at its declared default, as swift-argument-parser
    /// decodes it when no option is given.
    static func directDefaults() -> RunCommand {
        var strategies = StrategyOptions()
        strategies.strategies = nil
        var timing = TimingOptions()
        timing.preset = TimingOptions.Preset.standard
        timing.frameRateHz = nil
        timing.inputRateHz = nil
        timing.inputLatencyMs = nil
        timing.displayLatencyFrames = nil
        timing.displayLatencyMs = nil
        timing.capMs = nil
        timing.pressureDelayMs = nil
        timing.phases = nil
        var suite = SuiteOptions()
        suite.suite = SuiteOptions.defaultSuite
        suite.seed = SuiteOptions.defaultSeed
        suite.seeds = SuiteOptions.defaultSeeds
        suite.minMovingFrames = SuiteOptions.defaultMinMovingFrames
        var recordings = RecordingOptions()
        recordings.traces = []
        recordings.withDefaultSuite = false
        recordings.scale = []
        recordings.manifest = []
        recordings.format = nil
        recordings.strict = false
        recordings.hover = false
        recordings.resampleHz = []
        recordings.jobs = nil
        var output = OutputOptions()
        output.outOption = nil
        output.quiet = false
        output.noCharts = false
        output.requireCharts = false
        var budget = BudgetOptions()
        budget.budget = nil
        budget.budgetPerTrace = false
        var command = RunCommand()
        command.strategyOptions = strategies
        command.timingOptions = timing
        command.suiteOptions = suite
        command.recordings = recordings
        command.output = output
        command.budgetOptions = budget
        command.chartTrace = nil
        command.noFrames = false
        command.shard = nil
        return command
    }

    /// `arguments` (after `run`, or all of them for the default `run`) read into the command
    /// swift-argument-parser would give, or `nil` when they are not of the plain shape or any
    /// value or check fails, so that swift-argument-parser parses them (and words any error).
    ///
    /// The plain shape: each token is the `--name` of one of `directOptions` (no `=value`,
    /// no short names, no `--`), an option given once unless it collects values, and each
    /// value a token that does not start with `-` (`--traces` takes one or more).
    static func parsedDirectly(_ arguments: [String]) -> RunCommand? {
        var command = directDefaults()
        var seen: [String] = []
        var index = arguments.startIndex
        do {
            while index < arguments.endIndex {
                let token = arguments[index]
                index += 1
                guard token.hasPrefix("--"), let option = directOptions.first(where: { $0.name == token }) else { return nil }
                if !option.repeatable {
                    if seen.contains(token) { return nil }
                    seen.append(token)
                }
                switch option.arity {
                case .flag:
                    try option.apply(&command, "")
                case .one:
                    guard index < arguments.endIndex, !arguments[index].hasPrefix("-"), !arguments[index].isEmpty else { return nil }
                    try option.apply(&command, arguments[index])
                    index += 1
                case .upToNextOption:
                    var count = 0
                    while index < arguments.endIndex, !arguments[index].hasPrefix("-") {
                        guard !arguments[index].isEmpty else { return nil }
                        try option.apply(&command, arguments[index])
                        index += 1
                        count += 1
                    }
                    if count == 0 { return nil }
                }
            }
            try command.strategyOptions.validate()
            try command.timingOptions.validate()
            try command.suiteOptions.validate()
            try command.recordings.validate()
            try command.output.validate()
            try command.budgetOptions.validate()
            try command.validate()
        } catch {
            return nil
        }
        return command
    }
}
