import BenchCLI
import Foundation
import InkOutput
import InkReplay
import Testing

/// `bench sweep --shard K/N` and `bench merge`: a 3-way split merges to the unsharded bytes;
/// shards of different sweeps, missing and duplicate shards are refused.
@Suite("Shards and merge")
struct ShardMergeTests {
    static let sweep = ["sweep", "--caps", "4,8,12,16,25", "--strategies", "none,linear,kalman", "--quiet", "--no-charts"]

    @Test func threeWaySplitMergesToTheUnshardedBytes() async throws {
        let root = temporaryFolder("shards")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(await benchQuietly(Self.sweep + ["--out", root + "/full"]) == 0)
        for k in 1...3 { #expect(await benchQuietly(Self.sweep + ["--shard", "\(k)/3", "--out", root + "/s\(k)"]) == 0) }
        // Given in any order.
        #expect(await benchQuietly(["merge", root + "/s3", root + "/s1", root + "/s2", "--out", root + "/merged", "--quiet", "--no-charts"]) == 0)
        let full = FileManager.default.contents(atPath: root + "/full/sweep.csv")
        let merged = FileManager.default.contents(atPath: root + "/merged/sweep.csv")
        #expect(full != nil && full == merged)
        // Each shard holds only its part.
        let parts = (1...3).compactMap { FileManager.default.contents(atPath: root + "/s\($0)/sweep.csv") }
        #expect(parts.count == 3 && parts.allSatisfy { $0.count < (full?.count ?? 0) })

        // Missing, duplicate and mismatched shards exit 2.
        #expect(await benchQuietly(["merge", root + "/s1", root + "/s2", "--out", root + "/bad", "--quiet"]) == 2)
        #expect(await benchQuietly(["merge", root + "/s1", root + "/s1", root + "/s2", root + "/s3", "--out", root + "/bad", "--quiet"]) == 2)
        #expect(await benchQuietly(["sweep", "--caps", "4,8", "--strategies", "none,linear,kalman", "--quiet", "--no-charts", "--shard", "2/3", "--out", root + "/other"]) == 0)
        #expect(await benchQuietly(["merge", root + "/s1", root + "/other", root + "/s3", "--out", root + "/bad", "--quiet"]) == 2)
        #expect(await benchQuietly(["merge", root + "/full", "--out", root + "/bad", "--quiet"]) == 2)
    }

    @Test func mergeNamesWhatDiffers() throws {
        func manifest(_ shard: String, caps: String) -> Manifest {
            Manifest(
                command: "sweep", arguments: [], options: ["shard": shard, "caps": caps], timing: Manifest.TimingRecord(Timing(), preset: "default"),
                timingSummary: "t", suite: "default", seeds: [1], strategies: [], traces: [], chartTrace: nil, charts: "off", inputs: [],
                outputs: [], samplesReplayed: 0, replaySeconds: 0, elapsedSeconds: 0)
        }
        let csv = "a\n"
        #expect(throws: ShardError("merge: b and a are shards of different sweeps: option caps is '4' and '8'")) {
            try SweepMerge.merge([("a", manifest("1/2", caps: "8"), csv), ("b", manifest("2/2", caps: "4"), csv)])
        }
        #expect(throws: ShardError("merge: missing shard 2/2 of 2")) { try SweepMerge.merge([("a", manifest("1/2", caps: "8"), csv)]) }
        for bad in ["0/3", "4/3", "1", "a/b", "1/0"] { #expect(throws: ShardError.self) { try Shard(parsing: bad) } }
        #expect(try Shard(parsing: "2/3").owns(4))
    }
}
