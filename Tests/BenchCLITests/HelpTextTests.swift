import ArgumentParser
import Testing

@testable import BenchCLI

/// The help text says each value's unit, shows defaults one way, and states the real rules.
@Suite("bench: help text")
struct HelpTextTests {
    /// The help of one subcommand, wrapped wide so phrases are not split across lines.
    static func help(_ command: any ParsableCommand.Type) -> String {
        BenchCommand.helpMessage(for: command, columns: 400)
    }

    @Test("value names say the unit")
    func valueNames() {
        let run = Self.help(RunCommand.self)
        for option in [
            "--input-latency-ms <ms>", "--display-latency-ms <ms>", "--horizon-cap-ms <ms>", "--frame-rate <hz>",
            "--input-rate <hz>", "--display-latency-frames <frames>", "--phases <n>", "--out <dir>",
            "--scale <glob=units-per-mm>",
        ] {
            #expect(run.contains(option), "bench run --help lacks \(option)")
        }
        let sweep = Self.help(SweepCommand.self)
        for option in ["--from-ms <ms>", "--to-ms <ms>", "--step-ms <ms>"] {
            #expect(sweep.contains(option), "bench sweep --help lacks \(option)")
        }
        let check = Self.help(CheckCommand.self)
        #expect(check.contains("--tolerance <figure=abs[,rel]>"))
        #expect(Self.help(ConvertCommand.self).contains("--scale <units-per-mm>"))
    }

    @Test("defaults are shown one way: (default: ...)")
    func defaultsOneWay() {
        for command in BenchCommand.subcommands {
            let text = Self.help(command)
            #expect(!text.contains("Default:"), "\(command) help has 'Default:'")
            #expect(text.range(of: #"Default [0-9]"#, options: .regularExpression) == nil, "\(command) help has 'Default N'")
        }
        #expect(Self.help(RunCommand.self).contains("Digitizer-to-app latency (ms). (default: 8)"))
    }

    @Test("run and check show examples; check states the tolerance rule with the seed spread")
    func examplesAndRule() {
        #expect(Self.help(RunCommand.self).contains("Examples:\n  bench run\n"))
        let check = Self.help(CheckCommand.self)
        #expect(check.contains("Examples:\n  bench check --baseline "))
        #expect(check.contains("|now - baseline| > max(abs, rel x |baseline|, 1.25 x spread)"))
        #expect(Self.help(CompareCommand.self).contains("Examples:\n  bench compare "))
    }
}
