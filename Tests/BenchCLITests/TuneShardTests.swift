import BenchCLI
import Foundation
import InkFigures
import InkOutput
import InkTuning
import Testing

/// `bench tune --shard K/N` and `bench merge`: a 3-way split of a small tune merges to the
/// unsharded bytes of every file; shards of different tunes, missing and duplicate shards are
/// refused. And the tune's outputs: the budget box on the chart, the report section.
@Suite("Tune shards, chart and report")
struct TuneShardTests {
    static let tune = [
        "tune", "kalman", "--param", "cap_ms=4...20", "--budget", "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0", "--grid", "7",
        "--refine-rounds", "2", "--quiet", "--no-charts",
    ]
    static let files = ["tune.csv", "tune-chart.csv", "tune-front.csv", "tune.md", "tune-spec.txt", "tune.gp", "report.md"]

    @Test("a whole tune over a shard's folder leaves none of the shard's files behind")
    func wholeTuneOverAShardFolderRemovesTheShardFiles() async throws {
        let root = temporaryFolder("tune-over-shard")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/results"
        #expect(await benchQuietly(Self.tune + ["--shard", "1/2", "--out", out]) == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/tune-shard.csv"))
        #expect(await benchQuietly(Self.tune + ["--out", out]) == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/tune.csv"))
        #expect(!FileManager.default.fileExists(atPath: out + "/tune-shard.csv"), "a stale shard file beside a whole tune")
        #expect(!FileManager.default.fileExists(atPath: out + "/tune-manifest.json"), "a stale shard manifest beside a whole tune")
        // So the folder is no longer taken for a shard.
        #expect(await benchQuietly(["merge", out, "--out", root + "/bad", "--quiet"]) == 2)
    }

    @Test func threeWaySplitMergesToTheUnshardedBytes() async throws {
        let root = temporaryFolder("tune-shards")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(await benchQuietly(Self.tune + ["--out", root + "/full"]) == 0)
        for k in 1...3 { #expect(await benchQuietly(Self.tune + ["--shard", "\(k)/3", "--out", root + "/s\(k)"]) == 0) }
        #expect(await benchQuietly(["merge", root + "/s3", root + "/s1", root + "/s2", "--out", root + "/merged", "--quiet", "--no-charts"]) == 0)
        for name in Self.files {
            let full = FileManager.default.contents(atPath: root + "/full/" + name)
            let merged = FileManager.default.contents(atPath: root + "/merged/" + name)
            #expect(full != nil && full == merged, "\(name) differs from the unsharded tune's")
        }
        // Each shard holds a third of the 7 grid configurations (3, 2, 2), none of the refinement.
        for (k, units) in [(1, 3), (2, 2), (3, 2)] {
            let csv = try String(contentsOfFile: root + "/s\(k)/tune-shard.csv", encoding: .utf8)
            let unitsSeen = Set(csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] })
            #expect(unitsSeen.count == units)
        }

        // Missing, duplicate and mismatched shards exit 2, and nothing is written.
        #expect(await benchQuietly(["merge", root + "/s1", root + "/s2", "--out", root + "/bad", "--quiet"]) == 2)
        #expect(await benchQuietly(["merge", root + "/s1", root + "/s1", root + "/s2", root + "/s3", "--out", root + "/bad", "--quiet"]) == 2)
        var other = Self.tune
        other[other.firstIndex(of: "7") ?? 0] = "6"
        #expect(await benchQuietly(other + ["--shard", "2/3", "--out", root + "/other"]) == 0)
        #expect(await benchQuietly(["merge", root + "/s1", root + "/other", root + "/s3", "--out", root + "/bad", "--quiet"]) == 2)
        #expect(!FileManager.default.fileExists(atPath: root + "/bad"))
        let m1 = try Manifest.decode(String(contentsOfFile: root + "/s1/tune-manifest.json", encoding: .utf8))
        let m2 = try Manifest.decode(String(contentsOfFile: root + "/other/tune-manifest.json", encoding: .utf8))
        #expect(throws: ShardError("merge: other and s1 are shards of different tunes: option grid is '6' and '7'")) {
            try ShardSet.check([("s1", m1), ("other", m2)], command: "tune")
        }
    }

    @Test func chartDrawsTheBudgetBoxAndNamesBoundsOffItsAxes() throws {
        let both = try Budget(parsing: "overshoot_p95_mm<=0.5,perceived_latency_ms<=20,end_overshoot_max_mm<=1")
        let cap = try TuneParameter(parsing: "cap_ms=4...20")
        let tuner = Tuner(parameters: [cap], budget: both) { configs in configs.map { _ in [:] } }
        let result = TuneResult(
            strategy: "kalman", parameters: [cap], budget: both, traces: [], split: TuneFolds.kFold(traces: [], k: 3, seed: 1), tuner: tuner,
            inSample: [4], perFold: [], spec: { "kalman:cap_ms=\($0[0])" })
        let script = result.chartScript().text
        #expect(script.contains("set object 1 rect from first 0, first 0 to first 0.5, first 20"))
        #expect(script.contains("set arrow 1 from 0.5, graph 0 to 0.5, graph 1"))
        #expect(script.contains("set arrow 2 from graph 0, first 20 to graph 1, first 20"))
        #expect(script.contains("also bounded, not on these axes: end_overshoot_max_mm<=1"))
        #expect(script.contains("'tune-front.csv' skip 1 using 2:3 with linespoints"))
        let p95Only = TuneResult(
            strategy: "kalman", parameters: [cap], budget: try Budget(parsing: "overshoot_p95_mm<=0.5"), traces: [],
            split: TuneFolds.kFold(traces: [], k: 3, seed: 1), tuner: tuner, inSample: [4], perFold: [], spec: { "kalman:cap_ms=\($0[0])" })
        #expect(p95Only.chartScript().text.contains("set object 1 rect from first 0, graph 0 to first 0.5, graph 1"))
        #expect(!p95Only.chartScript().text.contains("also bounded"))
    }

    @Test func tuneSectionGoesIntoTheReport() async throws {
        let root = temporaryFolder("tune-report")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Alone: report.md is the tune's section.
        #expect(await benchQuietly(Self.tune + ["--out", root + "/alone"]) == 0)
        let alone = try String(contentsOfFile: root + "/alone/report.md", encoding: .utf8)
        #expect(alone.hasPrefix("# InkBench report\n\n## Tuning `kalman`"))
        #expect(try String(contentsOfFile: root + "/alone/report.html", encoding: .utf8).contains("<h2>Tuning <code>kalman</code></h2>"))
        // Into a run's folder: the run's report gains the section before its provenance, and
        // `bench report` keeps it.
        #expect(await benchQuietly(["run", "--strategies", "none,kalman", "--quiet", "--no-charts", "--out", root + "/run"]) == 0)
        #expect(await benchQuietly(Self.tune + ["--out", root + "/run"]) == 0)
        let md = try String(contentsOfFile: root + "/run/report.md", encoding: .utf8)
        let tuning = md.range(of: "## Tuning `kalman`"), provenance = md.range(of: "## Provenance")
        #expect(md.contains("## Summary: suite means") && tuning != nil && provenance != nil)
        if let tuning, let provenance { #expect(tuning.lowerBound < provenance.lowerBound) }
        #expect(try String(contentsOfFile: root + "/run/report.html", encoding: .utf8).contains("<h2>Tuning <code>kalman</code></h2>"))
        #expect(await benchQuietly(["report", root + "/run", "--quiet", "--no-charts"]) == 0)
        #expect(try String(contentsOfFile: root + "/run/report.md", encoding: .utf8).contains("## Tuning `kalman`"))
    }
}
