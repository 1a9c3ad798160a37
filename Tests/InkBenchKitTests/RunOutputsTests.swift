import Foundation
import InkBenchKit
import InkFigures
import InkOutput
import InkReplay
import InkSession
import InkStrategies
import InkSynthesis
import Testing

/// `RunOutputs.run` as a library user calls it: a `RunRequest` built in code (no command line),
/// run to a folder.
@Suite("A run request to its folder")
struct RunOutputsTests {
    /// A fresh folder path under the temporary directory (not created).
    static func folder(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("inkbench run outputs \(label) \(UUID().uuidString)").path
    }

    /// One clean S-curve, no frames kept, no charts rendered: a quick whole run.
    static func request(_ strategies: String) throws -> RunRequest {
        var request = RunRequest(
            timing: Timing(), preset: "ipad-60", strategies: try StrategySpec.parseList(strategies), suiteName: "one",
            specs: Array(SyntheticSuite.default.specs.prefix(1)), seeds: [1])
        request.keepFrames = false
        request.noCharts = true
        return request
    }

    @Test("the strategy's cap reaches summary.csv: the capped row is written under its name, later than the uncapped one")
    func capReachesSummary() async throws {
        let out = Self.folder("cap")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let written = try await RunOutputs.run(try Self.request("none,kalman,kalman:cap_ms=16"), to: out, startedAt: .now, progress: false)
        #expect(written.files == ["summary.csv"])
        let text = try String(contentsOfFile: out + "/summary.csv", encoding: .utf8)
        #expect(text == SummaryCSV.write(written.rows).string)
        let table = try CSVTable(parsing: text)
        func latency(_ strategy: String) -> Double? {
            table.rows.indices.first { table.text(row: $0, "strategy") == strategy && table.text(row: $0, "trace") != SummaryRow.suiteMeanName }
                .flatMap { Double(table.text(row: $0, "perceived_latency_ms")) }
        }
        let uncapped = try #require(latency("kalman")), capped = try #require(latency("kalman[cap_ms=16]"))
        // The default timing's latency is about 35 ms; a horizon held to 16 ms hides less of it.
        #expect(capped > uncapped, "kalman \(uncapped) ms, kalman[cap_ms=16] \(capped) ms")
        let manifest = try Manifest.decode(String(contentsOfFile: out + "/manifest.json", encoding: .utf8))
        #expect(manifest.options["strategies"] == "none,kalman,kalman[cap_ms=16]")
        #expect(manifest.outputs.first?.path == "summary.csv")
        #expect(manifest.charts == "off (--no-charts)")
    }

    @Test("a run the writer refuses (figures not finite) throws RunError naming the strategy and leaves no folder")
    func refusedRunLeavesNothing() async throws {
        let out = Self.folder("refused")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let error = await #expect(throws: RunError.self) {
            _ = try await RunOutputs.run(try Self.request("none,kalman:sigma_p=1e308"), to: out, startedAt: .now, progress: false)
        }
        let message = error?.description ?? ""
        #expect(message.hasPrefix("strategy kalman") && message.contains("expected finite predictions"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
    @Test("a chart trace that is not one of the request's traces is refused before anything is written")
    func unknownChartTraceRefused() async throws {
        let out = Self.folder("chart trace")
        defer { try? FileManager.default.removeItem(atPath: out) }
        var request = try Self.request("none")
        request.chartTrace = "no such trace"
        let error = await #expect(throws: RunError.self) {
            _ = try await RunOutputs.run(request, to: out, startedAt: .now, progress: false)
        }
        let message = error?.description ?? ""
        #expect(message.contains("'no such trace'") && message.contains(request.traceNames[0]), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: out))
        request.chartTrace = request.traceNames[0]
        #expect(request.checkedChartTrace() == nil)
    }

    @Test("the manifest's input records: hashed on their own thread or when read, the same records, the file's digest")
    func inputRecordsHashedEitherWay() throws {
        let dir = Self.folder("inputs")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }
        let path = dir + "/suite.txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var request = try Self.request("none")
        request.suiteFile = path
        let unhashed = request.inputRecords
        #expect(unhashed == [Manifest.FileRecord(path: path, sha256: Digest.sha256Hex(bytes), bytes: bytes.count)])
        request.startHashingInputs()
        #expect(request.inputRecords == unhashed)
        // Inputs changed after the hashing started: hashed again when read, not the stale list.
        request.suiteFile = nil
        #expect(request.inputRecords.isEmpty)
        request.suiteFile = dir + "/missing.txt"
        request.startHashingInputs()
        #expect(request.inputRecords.isEmpty)
    }

    @Test("input records from bytes handed over: the bytes' digest (not the file's, when they differ), a path never handed over read from disk, reused by the run's hashes; bytes over the hold limit not kept")
    func inputRecordsHandedOver() throws {
        let dir = Self.folder("handed")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let onDisk = Array("on disk\n".utf8), read = Array("as read\n".utf8)
        let a = dir + "/a.csv", b = dir + "/b.csv", missing = dir + "/missing.csv"
        try Data(onDisk).write(to: URL(fileURLWithPath: a))
        try Data(onDisk).write(to: URL(fileURLWithPath: b))
        let hashes = HandedOverHashes(paths: [a, b, missing, a])
        hashes.handOver(a, bytes: read)
        hashes.handOver(a, bytes: onDisk)  // a second hand-over of one path is ignored
        hashes.handOver(dir + "/other.csv", bytes: read)  // not a path of the list: ignored
        hashes.finishHandingOver()
        let readRecord = Manifest.FileRecord(path: a, sha256: Digest.sha256Hex(read), bytes: read.count)
        let bRecord = Manifest.FileRecord(path: b, sha256: Digest.sha256Hex(onDisk), bytes: onDisk.count)
        #expect(hashes.records == [readRecord, bRecord, readRecord])
        // A later list takes the handed-over records instead of reading the files again.
        let later = FileHashes(paths: [b, a], reusing: hashes)
        #expect(later.records == [bRecord, readRecord])
        // A second finish, and bytes handed over after the finish, change nothing.
        hashes.finishHandingOver()
        hashes.handOver(b, bytes: read)
        #expect(later.records == [bRecord, readRecord])
        #expect(hashes.records == [readRecord, bRecord, readRecord])
        // Bytes over the hold limit are not kept: the file is hashed as it is on disk.
        let large = HandedOverHashes(paths: [a], holdingAtMost: read.count - 1)
        large.handOver(a, bytes: read)
        large.finishHandingOver()
        #expect(large.records == [Manifest.FileRecord(path: a, sha256: Digest.sha256Hex(onDisk), bytes: onDisk.count)])
    }
}
