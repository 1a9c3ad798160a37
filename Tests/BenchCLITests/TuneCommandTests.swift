import BenchCLI
import Foundation
import InkFigures
import Testing

/// `bench tune` and `--budget` through the command line.
@Suite("Tune and budget commands")
struct TuneCommandTests {
    static let tune = [
        "tune", "kalman", "--param", "cap_ms=4...20", "--budget", "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0", "--grid", "5",
        "--refine-rounds", "2", "--quiet", "--no-charts",
    ]

    @Test func tuneWritesByteIdenticalFilesWithHeldOutFigures() async throws {
        let a = temporaryFolder("tune-a"), b = temporaryFolder("tune-b")
        defer { for f in [a, b] { try? FileManager.default.removeItem(atPath: f) } }
        #expect(await benchQuietly(Self.tune + ["--out", a]) == 0)
        #expect(await benchQuietly(Self.tune + ["--out", b]) == 0)
        for name in ["tune.csv", "tune-chart.csv", "tune.md", "tune-spec.txt", "tune.gp"] {
            let x = FileManager.default.contents(atPath: a + "/" + name), y = FileManager.default.contents(atPath: b + "/" + name)
            #expect(x != nil && x == y, "\(name) differs between identical runs")
        }
        let md = try String(contentsOfFile: a + "/tune.md", encoding: .utf8)
        #expect(md.contains("held-out"))
        let spec = try String(contentsOfFile: a + "/tune-spec.txt", encoding: .utf8)
        #expect(spec.hasPrefix("kalman:cap_ms="))
        // The chosen spec runs as it is, and fits the budget in-sample.
        let run = temporaryFolder("tune-run")
        defer { try? FileManager.default.removeItem(atPath: run) }
        let chosen = spec.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(await benchQuietly(["run", "--strategies", "none," + chosen, "--out", run, "--quiet", "--no-charts", "--budget", "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0"]) == 0)
        let report = try String(contentsOfFile: run + "/report.md", encoding: .utf8)
        #expect(report.contains("## Budget"))
        #expect(report.contains("best within the budget: `kalman[cap_ms="))
        let csv = try String(contentsOfFile: a + "/tune.csv", encoding: .utf8)
        #expect(csv.hasPrefix("evaluation,phase,strategy,cap_ms,set,traces,fits_budget,perceived_latency_ms"))
        #expect(csv.contains(",test fold1,"))
    }

    @Test(arguments: [
        ["tune", "kalman", "--param", "cap_ms=4...33"],  // no budget
        ["tune", "kalman", "--param", "cap=4...33", "--budget", "overshoot_p95_mm<=0.5"],  // unknown parameter
        ["tune", "kalman", "--param", "cap_ms=33...4", "--budget", "overshoot_p95_mm<=0.5"],
        ["tune", "nosuch", "--param", "cap_ms=4...33", "--budget", "overshoot_p95_mm<=0.5"],
        ["run", "--budget", "overshoot_p99_mm<=0.5"],
        ["run", "--budget-per-trace"],
        ["sweep", "--budget", "horizon_mean_ms<=3"],
    ])
    func refusesBadOptions(arguments: [String]) async {
        let out = temporaryFolder("tune-bad")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(arguments + ["--out", out, "--quiet", "--no-charts"]) == 2)
    }
}
