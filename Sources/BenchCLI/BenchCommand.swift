import ArgumentParser
import InkOutput

/// `bench`: replays pen traces through predictors and scores perceived latency and overshoot.
///
/// `run` is the default subcommand, so `bench` alone runs the default suite with every
/// built-in strategy and writes `bench-results/`.
///
/// ```
/// swift run bench                       # the default suite, every built-in strategy
/// swift run bench --strategies none,kalman --preset ipad-promotion
/// swift run bench sweep --to-ms 50      # trade-off curves over horizon caps
/// ```
public struct BenchCommand: AsyncParsableCommand {
    /// Every subcommand, in help order. The one place to register a new one
    /// (`CheckCommand.self`, `CompareCommand.self`, `ConvertCommand.self`, ...).
    static let subcommands: [any ParsableCommand.Type] = [
        RunCommand.self,
        SweepCommand.self,
        ReportCommand.self,
        ListCommand.self,
        CheckCommand.self,
        CompareCommand.self,
        ConvertCommand.self,
        HorizonCommand.self,
        PlatformMetricsCommand.self,
        BrowserCommand.self,
        CaptureCommand.self,
        TuneCommand.self,
        MergeCommand.self,
    ]

    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure how late ink appears and how well next-point prediction hides it.",
        discussion: """
            With no subcommand, `bench` runs `bench run`: see `bench run --help` for its options \
            (strategies, timing, suite, seeds, output folder). Results go to bench-results/.
            """,
        version: InkBenchVersion.current,
        subcommands: subcommands,
        defaultSubcommand: RunCommand.self)

    public init() {}
}
