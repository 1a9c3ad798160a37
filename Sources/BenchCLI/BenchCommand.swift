import ArgumentParser
import Foundation
import InkBenchKit
import InkReplay
import InkSynthesis

/// `bench`: replays pen traces through predictors and scores perceived latency and overshoot.
///
/// ```
/// swift run bench                       # the default suite, every built-in strategy
/// swift run bench --strategies none,kalman --preset ipad-promotion
/// ```
public struct BenchCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure how late ink appears and how well next-point prediction hides it.",
        version: InkBenchVersion.current)

    @Option(name: .long, help: "Strategies, comma-separated, e.g. none,kalman:sigma_p=0.02.")
    var strategies: String = StrategyCatalog.defaultNames.joined(separator: ",")

    @Option(name: .long, help: "Timing preset: ipad-60 or ipad-promotion.")
    var preset: String = "ipad-60"

    @Option(name: .long, help: "Seed for noisy synthetic traces.")
    var seed: UInt64 = 1

    public init() {}

    public func run() async throws {
        guard let timing = Timing.preset(named: preset) else {
            throw ValidationError("unknown preset '\(preset)'; known: \(Timing.presets.map(\.name).joined(separator: ", "))")
        }
        let chosen: [Strategy]
        do { chosen = try StrategyCatalog.parseList(strategies) } catch { throw ValidationError(error.description) }
        let traces = try SyntheticSuite.sCurves(inputRateHz: timing.inputRateHz).generate(seed: seed)
        let results = await BenchRunner.run(traces: traces, strategies: chosen, timing: timing)
        print("timing: \(timing.summary)")
        print(ResultTable.render(results))
    }
}
