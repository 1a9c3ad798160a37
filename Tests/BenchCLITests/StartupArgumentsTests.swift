@testable import BenchCLI
import Foundation
import Testing

/// Issue 28: the start and the end of `bench run` without Foundation's formatter or a
/// `git` started late.
@Suite("bench: start-up hints and the final line")
struct StartupArgumentsTests {
    /// The final line's numbers are those `String(format:)` gave (it loaded ICU's locale
    /// data for them: about 1.4 ms per process).
    @Test
    func finalLineMatchesTheFormatter() {
        for elapsed in [0.0, 0.004, 0.125, 0.2049, 1.6, 12.345, 3_600.5] {
            for replay in [0.0, 0.0031, 0.0899, 0.8, 7.25] {
                for samples in [0, 1, 19_300, 864_001] {
                    let rate = replay > 0 ? Double(samples) / replay : 0
                    let overall = elapsed > 0 ? Double(samples) / elapsed : 0
                    let old = String(
                        format: "done in %.2f s for %d input samples (%.0f samples/s end to end); replay and scoring %.2f s (%.0f samples/s)",
                        locale: Locale(identifier: "en_US_POSIX"), elapsed, samples, overall, replay, rate)
                    #expect(FinalLine.text(elapsedSeconds: elapsed, replaySeconds: replay, samples: samples) == old)
                }
            }
        }
    }

    /// `git` starts before parsing for `run` (named or the default), `sweep` and `tune`;
    /// never for help, the version or the other subcommands.
    @Test
    func gitStartsEarlyOnlyForCommandsThatRecordTheCommit() {
        #expect(BenchMain.recordsCommit([]))
        #expect(BenchMain.recordsCommit(["run", "--traces", "a.csv"]))
        #expect(BenchMain.recordsCommit(["--strategies", "none"]))
        #expect(BenchMain.recordsCommit(["sweep", "--caps", "4,8"]))
        #expect(BenchMain.recordsCommit(["tune"]))
        #expect(!BenchMain.recordsCommit(["list"]))
        #expect(!BenchMain.recordsCommit(["convert", "a.svc"]))
        #expect(!BenchMain.recordsCommit(["run", "--help"]))
        #expect(!BenchMain.recordsCommit(["--version"]))
        #expect(!BenchMain.recordsCommit(["help"]))
    }

    /// The leaf parse gives the command, with every value, that the root's parse gives, for
    /// each subcommand and the default `run`; help, version, completion requests and errors
    /// are left to the root (`nil`), so their messages stay the root's.
    @Test
    func leafParseAgreesWithTheRoot() throws {
        let plain: [[String]] = [
            [],
            ["--strategies", "none,kalman:cap_ms=16", "--preset", "ipad-promotion", "--no-charts"],
            ["run", "--traces", "a.csv", "--jobs", "1", "--out", "o", "--no-frames"],
            ["sweep", "--caps", "4,8,16,off", "--strategies", "linear"],
            ["tune", "braking", "--param", "bend_mm=0.05...1:log", "--grid", "5", "--budget", "overshoot_p95_mm<=0.5"],
            ["check", "--baseline", "b.csv"],
            ["list", "--markdown"],
            ["convert", "a.svc", "--to", "b.csv"],
            ["horizon", "--traces", "t", "--strategies", "none,linear"],
            ["report", "results"],
        ]
        var notTaken: [[String]] = []
        for arguments in plain {
            guard let leaf = BenchMain.parseLeaf(arguments) else {
                notTaken.append(arguments)
                continue
            }
            let root = try BenchCommand.parseAsRoot(arguments)
            #expect(type(of: leaf) == type(of: root), "\(arguments)")
            // Option groups' titles aside: the direct parse of `run` keeps the declared ones.
            #expect(DirectParseTests.values(leaf) == DirectParseTests.values(root), "\(arguments)")
        }
        // Every case above is one the leaf must take (a nil here would make the test vacuous).
        #expect(notTaken.isEmpty, "\(notTaken)")
        for rootOnly in [["--help"], ["run", "--help"], ["--version"], ["help", "run"], ["run", "-h"],
                         ["--strategies", "nosuch"], ["run", "--jobs", "x"], ["rnu"]] {
            #expect(BenchMain.parseLeaf(rootOnly) == nil, "\(rootOnly)")
        }
        // An error is the root's: same error text either way.
        let bad = ["run", "--jobs", "x"]
        #expect(throws: (any Error).self) { try BenchMain.parse(bad) }
        var parseMessage = ""
        var rootMessage = ""
        do { _ = try BenchMain.parse(bad) } catch { parseMessage = BenchCommand.fullMessage(for: error) }
        do { _ = try BenchCommand.parseAsRoot(bad) } catch { rootMessage = BenchCommand.fullMessage(for: error) }
        #expect(!parseMessage.isEmpty && parseMessage == rootMessage)
    }

    /// `run` parsed as a root (the leaf parse) names `bench` as its super-command, which is
    /// what makes swift-argument-parser skip its completion-script parses there; help, usage
    /// and completion scripts come from the root and still name `bench run`.
    @Test
    func runParsedAsARootNamesTheRoot() throws {
        #expect(RunCommand.configuration._superCommandName == BenchCommand.configuration.commandName)
        #expect(BenchCommand.helpMessage(for: RunCommand.self).contains("USAGE: bench run <options>"))
        #expect(RunCommand.helpMessage().contains("USAGE: bench run <options>"))
        // A completion request is never parsed by the leaf, and the root answers it with its script.
        let request = ["run", "--generate-completion-script", "bash"]
        #expect(BenchMain.parseLeaf(request) == nil)
        do {
            _ = try BenchMain.parse(request)
            Issue.record("no completion script for \(request)")
        } catch {
            let script = BenchCommand.fullMessage(for: error)
            #expect(script.contains("bench") && script.contains("sweep") && script.contains("--strategies"))
        }
        // The default `run` is still what the leaf parse gives, by its concrete type.
        #expect(BenchMain.parseLeaf(["--strategies", "none"]) is RunCommand)
    }
}
