import BenchCLI
import Foundation
import InkBenchKit
import InkOutput
import InkReplay
import InkTestSupport
import Testing

/// `bench run --shard K/N` and `bench merge`: a 3-way split of the default suite, and of a suite
/// whose chart trace is chosen after the run (several seeds), merges to the unsharded bytes of
/// every CSV; shards of different runs, missing and duplicate shards are refused.
@Suite("Run shards and merge")
struct RunShardTests {
    static let csvFiles = ["summary.csv", "frames.csv", "chart-frames.csv", "tails.csv", "paths.csv"]

    /// Runs `args` whole and in 3 shards, merges the shards (in a shuffled order), and returns
    /// the folder; expects every CSV of the merge to equal the unsharded run's.
    func splitAndMerge(_ args: [String], root: String) async -> Bool {
        #expect(await benchQuietly(args + ["--out", root + "/full"]) == 0)
        for k in 1...3 { #expect(await benchQuietly(args + ["--shard", "\(k)/3", "--out", root + "/s\(k)"]) == 0) }
        #expect(await benchQuietly(["merge", root + "/s2", root + "/s3", root + "/s1", "--out", root + "/merged", "--quiet", "--no-charts"]) == 0)
        var same = true
        for name in Self.csvFiles {
            let full = FileManager.default.contents(atPath: root + "/full/" + name)
            let merged = FileManager.default.contents(atPath: root + "/merged/" + name)
            #expect(full != nil && full == merged, "\(name) differs from the unsharded run's")
            same = same && full != nil && full == merged
        }
        #expect(FileManager.default.fileExists(atPath: root + "/merged/report.md"))
        #expect(FileManager.default.fileExists(atPath: root + "/merged/manifest.json"))
        // A shard holds its part of the frames and no summary.
        #expect(!FileManager.default.fileExists(atPath: root + "/s1/summary.csv"))
        let part = FileManager.default.contents(atPath: root + "/s1/frames.csv")?.count ?? 0
        let whole = FileManager.default.contents(atPath: root + "/full/frames.csv")?.count ?? 0
        #expect(part > 0 && part < whole)
        return same
    }

    @Test func defaultRunSplitThreeWaysMergesToTheUnshardedBytes() async throws {
        let root = temporaryFolder("run-shards")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(await splitAndMerge(["run", "--quiet", "--no-charts"], root: root))

        // Missing, duplicate, mismatched and unsharded folders exit 2.
        #expect(await benchQuietly(["merge", root + "/s1", root + "/s2", "--out", root + "/bad", "--quiet"]) == 2)
        #expect(await benchQuietly(["merge", root + "/s1", root + "/s1", root + "/s2", root + "/s3", "--out", root + "/bad", "--quiet"]) == 2)
        #expect(await benchQuietly(["run", "--strategies", "none,linear", "--quiet", "--no-charts", "--shard", "2/3", "--out", root + "/other"]) == 0)
        #expect(await benchQuietly(["merge", root + "/s1", root + "/other", root + "/s3", "--out", root + "/bad", "--quiet"]) == 2)
        #expect(await benchQuietly(["merge", root + "/full", "--out", root + "/bad", "--quiet"]) == 2)
        #expect(!FileManager.default.fileExists(atPath: root + "/bad"))
    }

    @Test func chartTraceChosenAfterTheRunAndSeveralSeeds() async throws {
        let root = temporaryFolder("run-shards-later")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let suite = Requirement.packageRoot + "/Datasets/shapes.suite"
        #expect(await splitAndMerge(["run", "--suite", suite, "--seeds", "2", "--strategies", "none,linear,kalman", "--quiet", "--no-charts"], root: root))
    }

    @Test("a whole run over a shard's folder leaves none of the shard's files behind")
    func wholeRunOverAShardFolderRemovesTheShardFiles() async throws {
        let root = temporaryFolder("run-over-shard")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/results"
        let args = ["run", "--strategies", "none,linear", "--quiet", "--no-charts", "--no-frames", "--out", out]
        #expect(await benchQuietly(args + ["--shard", "1/2"]) == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/" + RunShardCSV.figuresFile))
        try "my notes\n".write(toFile: out + "/notes.txt", atomically: true, encoding: .utf8)
        #expect(await benchQuietly(args) == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/summary.csv"))
        #expect(!FileManager.default.fileExists(atPath: out + "/" + RunShardCSV.figuresFile), "a stale shard file beside a whole run")
        #expect(!FileManager.default.fileExists(atPath: out + "/" + RunShardCSV.tracesFile), "a stale shard file beside a whole run")
        #expect(FileManager.default.fileExists(atPath: out + "/notes.txt"), "the user's file is kept")
    }

    /// A tune written into a run's folder belongs to that run: a new run over the folder drops
    /// it, else the new report would carry the old tune's section.
    @Test func newRunOverATunedFolderDropsTheTune() async throws {
        let root = temporaryFolder("run-over-tune")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/results"
        let args = ["run", "--strategies", "none,linear", "--quiet", "--no-charts", "--no-frames", "--out", out]
        #expect(await benchQuietly(args) == 0)
        #expect(
            await benchQuietly([
                "tune", "linear", "--param", "cap_ms=4...8", "--grid", "2", "--refine-rounds", "1", "--budget", "overshoot_p95_mm<=0.5",
                "--quiet", "--no-charts", "--out", out,
            ]) == 0)
        #expect(try String(contentsOfFile: out + "/report.md", encoding: .utf8).contains("tune"))
        try "my notes\n".write(toFile: out + "/notes.txt", atomically: true, encoding: .utf8)
        #expect(await benchQuietly(args) == 0)
        for name in ["tune.csv", "tune.md", "tune-spec.txt", "tune-front.csv"] {
            #expect(!FileManager.default.fileExists(atPath: out + "/" + name), "\(name) of the earlier run kept")
        }
        #expect(FileManager.default.fileExists(atPath: out + "/notes.txt"), "the user's file is kept")
    }

    @Test func mergeNamesWhatDiffers() throws {
        func manifest(_ shard: String, strategies: String) -> Manifest {
            Manifest(
                command: "run", arguments: [], options: ["shard": shard, "strategies": strategies], timing: Manifest.TimingRecord(Timing(), preset: "default"),
                timingSummary: "t", suite: "default", seeds: [1], strategies: [], traces: [], chartTrace: nil, charts: "off", inputs: [],
                outputs: [], samplesReplayed: 0, replaySeconds: 0, elapsedSeconds: 0)
        }
        #expect(throws: ShardError("merge: b and a are shards of different runs: option strategies is 'none,linear' and 'none,kalman'")) {
            try ShardSet.check([("a", manifest("1/2", strategies: "none,kalman")), ("b", manifest("2/2", strategies: "none,linear"))], command: "run")
        }
        #expect(throws: ShardError("merge: shard 1/2 given twice: a and b")) {
            try ShardSet.check([("a", manifest("1/2", strategies: "x")), ("b", manifest("1/2", strategies: "x"))], command: "run")
        }
        #expect(throws: ShardError("merge: missing shards 2/3, 3/3 of 3")) { try ShardSet.check([("a", manifest("1/3", strategies: "x"))], command: "run") }
        // Blocks of frames in two shards are refused; blank lines stay inside their block.
        let a = "h,trace_index,strategy_index\nx,0,0\n\nx,0,0\nz,1,0\n", b = "h,trace_index,strategy_index\ny,0,1\n"
        #expect(try RunMerge.mergeBlocks([("a", a), ("b", b)], name: "f.csv") == "h,trace_index,strategy_index\nx,0,0\n\nx,0,0\ny,0,1\nz,1,0\n")
        #expect(throws: ShardError.self) { try RunMerge.mergeBlocks([("a", a), ("b", a)], name: "f.csv") }
    }
}
