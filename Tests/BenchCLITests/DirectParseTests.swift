import ArgumentParser
import Testing

@testable import BenchCLI

/// Issue 28: `run`'s plain command lines are read without swift-argument-parser's reflection
/// (`RunCommand.parsedDirectly`), into exactly the command swift-argument-parser gives; every
/// other command line, and every error, is still swift-argument-parser's.
@Suite("bench: run's command line read directly")
struct DirectParseTests {
    /// The command as `dump` prints it, without the option groups' `title` lines:
    /// swift-argument-parser's decoded `OptionGroup` drops its title (only help reads it, from
    /// the declaration), while the direct parse keeps the declared one.
    static func values(_ command: Any) -> String {
        var text = ""
        dump(command, to: &text)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingPrefix(while: { $0 == " " }).hasPrefix("- title: ") }
            .joined(separator: "\n")
    }

    /// Command lines that use every option of `run`, each of the plain shape.
    static let plain: [[String]] = [
        [],
        ["--strategies", "none,linear,quadratic,kalman,kalman-chromium", "--traces", "hundred.csv", "--no-charts", "--no-frames", "--out", "o"],
        ["--preset", "ipad-promotion", "--frame-rate", "90", "--input-rate", "120", "--input-latency-ms", "12.5", "--display-latency-frames", "2"],
        ["--display-latency-ms", "20", "--horizon-cap-ms", "16", "--pressure-delay-ms", "8", "--phases", "8"],
        ["--suite", "shapes", "--seed", "18446744073709551615", "--seeds", "10", "--min-moving-frames", "0"],
        ["--traces", "a.csv", "b folder", "c.svc", "--with-default-suite", "--scale", "*.svc=200", "--scale", "10.8", "--manifest", "m1", "--manifest", "m2"],
        ["--traces", "x", "--format", "evemu", "--strict", "--hover", "--resample-hz", "60", "--resample-hz", "120.5", "--jobs", "3", "--traces", "y"],
        ["--quiet", "--require-charts", "--out", "results/seeds"],
        ["--budget", "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0", "--budget-per-trace", "--chart-trace", "s-curve fast", "--shard", "2/3"],
        ["--budget", "none", "--strategies", "kalman:sigma_p=0.02,cap_ms=16"],
    ]

    @Test
    func agreesWithSwiftArgumentParser() throws {
        for arguments in Self.plain {
            let direct = try #require(RunCommand.parsedDirectly(arguments), "\(arguments)")
            let parsed = try #require(try RunCommand.parseAsRoot(arguments) as? RunCommand, "\(arguments)")
            #expect(Self.values(direct) == Self.values(parsed), "\(arguments)")
            // Through `bench`'s own parse too (`run` named or not).
            let viaBench = try #require(BenchMain.parseLeaf(["run"] + arguments) as? RunCommand)
            #expect(Self.values(viaBench) == Self.values(parsed), "\(arguments)")
            let asDefault = try #require(BenchMain.parseLeaf(arguments) as? RunCommand)
            #expect(Self.values(asDefault) == Self.values(parsed), "\(arguments)")
        }
        // The cases above name every option of the table.
        let named = Set(Self.plain.joined().filter { $0.hasPrefix("--") })
        #expect(named == Set(RunCommand.directOptions.map(\.name)))
    }

    /// The table names each option of `run` and its groups, as its help lists them (hidden ones
    /// too), so an option added to a group cannot be missed: without it the direct parse would
    /// leave that property unset.
    @Test
    func tableNamesEveryOption() {
        let help = BenchCommand.helpMessage(for: RunCommand.self, includeHidden: true, columns: 2000)
        var listed: Set<String> = []
        for line in help.split(separator: "\n") {
            let text = line.trimmingPrefix(while: { $0 == " " })
            guard text.hasPrefix("-") else { continue }
            for word in text.split(separator: " ") where word.hasPrefix("--") {
                listed.insert(String(word.prefix(while: { $0 != "," && $0 != "<" })))
                break
            }
        }
        // The root's own flags, which the leaf parse never sees (`BenchMain.parseLeaf`).
        listed.remove("--help")
        listed.remove("--version")
        #expect(!listed.isEmpty)
        #expect(listed == Set(RunCommand.directOptions.map(\.name)))
    }

    /// Other shapes, bad values and failed checks are left to swift-argument-parser: `bench`'s
    /// parse gives what the root's gives, the same command or the same error text.
    @Test
    func othersAreLeftToSwiftArgumentParser() throws {
        let others: [[String]] = [
            ["--seed=3"], ["--quiet", "--quiet"], ["--seed", "1", "--seed", "2"], ["--out"], ["--out", "--quiet"], ["--out", ""],
            ["--traces"], ["--traces", "--quiet"], ["--traces", "a", "-"], ["--frame-rate", "-5"], ["--jobs", "x"], ["--seeds", "0"],
            ["--no-charts", "--require-charts"], ["--strategies", "nosuch"], ["--strategies", "none,none"], ["-q"], ["--nosuch"],
            ["--", "x"], ["--preset", "ipad"], ["--seed", "-1"], ["--phases", "1.5"], ["--display-latency-frames", "1", "--display-latency-ms", "2"],
            ["--shard", "3/2"], ["--budget", "nosuch<=1"], ["--format", "nosuch"], ["--scale", "x=y"],
        ]
        #expect(RunCommand.parsedDirectly(["--help-hidden"]) == nil)
        for arguments in others {
            #expect(RunCommand.parsedDirectly(arguments) == nil, "\(arguments)")
            let viaBench = Result { try BenchMain.parse(["run"] + arguments) }
            let root = Result { try BenchCommand.parseAsRoot(["run"] + arguments) }
            switch (viaBench, root) {
            case (.success(let a), .success(let b)):
                #expect(Self.values(a) == Self.values(b), "\(arguments)")
            case (.failure(let a), .failure(let b)):
                #expect(BenchCommand.fullMessage(for: a) == BenchCommand.fullMessage(for: b), "\(arguments)")
                #expect(BenchCommand.exitCode(for: a) == BenchCommand.exitCode(for: b), "\(arguments)")
            default:
                Issue.record("\(arguments): bench's parse and the root's disagree on success")
            }
        }
    }
}
