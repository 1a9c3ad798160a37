import Foundation
import InkImport
import InkSynthesis
import Testing

@testable import BenchCLI
import InkFigures
import InkTuning

/// `bench tune`'s honest validation on small synthetic corpora with devices: the default split,
/// `--test`, `--transfer` and `--evaluate`.
@Suite("Tune validation: test set, transfer, devices", .serialized)
struct TuneValidationTests {
    static let budget = "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0"
    static let small = ["--grid", "3", "--refine-rounds", "1", "--quiet", "--no-charts"]

    /// The default suite's six S-curves at `rateHz` as trace CSVs in `folder`, with an
    /// `inkbench.manifest` naming a device per speed (`slow pen`, `medium pen`, `fast pen`: a
    /// clean and a noisy trace each); `unnamed` leaves that trace without a device.
    static func corpus(_ folder: String, rateHz: Double = 240, unnamed: String? = nil) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var manifest = ""
        for spec in SyntheticSuite.sCurves(inputRateHz: rateHz).specs {
            let file = spec.name.replacingOccurrences(of: " ", with: "-") + ".csv"
            try Data(TraceCSVWriter.write(try spec.generate(seed: 1)).utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
            let speed = ["slow", "medium", "fast"].first { spec.name.contains($0) } ?? "?"
            if file != unnamed { manifest += "[\(file)]\ndevice = \(speed) pen\n\n" }
        }
        try manifest.write(toFile: folder + "/inkbench.manifest", atomically: true, encoding: .utf8)
        return folder
    }

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The rows of a CSV as dictionaries by header (no quoted commas in the fields read here).
    static func rows(_ csv: String) -> [[String: String]] {
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(zip(header, $0).map { ($0, $1) }, uniquingKeysWith: { a, _ in a }) }
    }

    /// Two CSV numbers within `tolerance` (summary.csv writes latency as tenths of a ms).
    static func close(_ a: String?, _ b: String?, _ tolerance: Double) -> Bool {
        guard let a, let b, let x = Double(a), let y = Double(b) else { return false }
        return abs(x - y) <= tolerance
    }

    @Test func defaultSplitIsByDeviceWhenEveryTraceNamesOneElseByRecording() async throws {
        let root = temporaryFolder("tune-split")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let named = try Self.corpus(root + "/named")
        let args = ["tune", "kalman", "--param", "cap_ms=4...20", "--budget", Self.budget] + Self.small
        #expect(await benchQuietly(args + ["--traces", named, "--out", root + "/a"]) == 0)
        let md = try Self.read(root + "/a/tune.md")
        #expect(md.contains("| device fast pen: `kalman:cap_ms="))
        #expect(md.contains("**Held out by device**") && md.contains("3 devices"))
        #expect(try Self.read(root + "/a/tune.csv").contains(",test device slow pen,"))
        // Explicit --split device writes the same files; --split recording deals k folds.
        #expect(await benchQuietly(args + ["--traces", named, "--split", "device", "--out", root + "/b"]) == 0)
        for f in ["tune.csv", "tune.md", "tune-spec.txt"] { #expect(try Self.read(root + "/a/" + f) == Self.read(root + "/b/" + f), "\(f)") }
        #expect(await benchQuietly(args + ["--traces", named, "--split", "recording", "--out", root + "/c"]) == 0)
        #expect(try Self.read(root + "/c/tune.csv").contains(",test fold1,"))
        #expect(try !Self.read(root + "/c/tune.md").contains("Held out by device"))
        // One trace without a device: folds by recording, as with --split recording.
        let partly = try Self.corpus(root + "/partly", unnamed: "s-curve-fast.csv")
        #expect(await benchQuietly(args + ["--traces", partly, "--out", root + "/d"]) == 0)
        #expect(await benchQuietly(args + ["--traces", partly, "--split", "recording", "--out", root + "/e"]) == 0)
        #expect(try Self.read(root + "/d/tune.csv") == Self.read(root + "/e/tune.csv"))
        #expect(TuneCommand.defaultSplit([("a", "x"), ("b", nil)]) == .recording)
        #expect(TuneCommand.defaultSplit([("a", "x"), ("b", "x")]) == .recording)
        #expect(TuneCommand.defaultSplit([("a", "x"), ("b", "y")]) == .device)
        #expect(TuneCommand.recordingSplitReason([("a", "x"), ("b", nil)], folds: 3).contains("1 of 2 traces name no device"))
    }

    @Test func testSetIsScoredOnceWithTheChosenSpecAsARunScoresIt() async throws {
        let root = temporaryFolder("tune-test")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let train = try Self.corpus(root + "/train"), test = try Self.corpus(root + "/test", rateHz: 120)
        let args = ["tune", "kalman", "--param", "cap_ms=4...20", "--budget", Self.budget] + Self.small + ["--traces", train]
        #expect(await benchQuietly(args + ["--test", test, "--out", root + "/t"]) == 0)
        // The search and its files are those of the same tune without --test, but for the test parts.
        #expect(await benchQuietly(args + ["--out", root + "/n"]) == 0)
        #expect(try Self.read(root + "/t/tune.csv") == Self.read(root + "/n/tune.csv"))
        #expect(!FileManager.default.fileExists(atPath: root + "/n/tune-test.csv"))
        let md = try Self.read(root + "/t/tune.md")
        #expect(md.contains("| **test**: the chosen configuration, once, on 6 test traces"))
        #expect(md.contains("**Test set by device**"))
        let spec = try Self.read(root + "/t/tune-spec.txt").trimmingCharacters(in: .whitespacesAndNewlines)
        let testRows = Self.rows(try Self.read(root + "/t/tune-test.csv"))
        #expect(testRows.count == 1 + 3 + 6)
        let all = try #require(testRows.first)
        #expect(all["kind"] == "all" && all["strategy"] == spec && all["traces"] == "6")
        // The test figures are the suite mean a run of the chosen spec prints on the test traces.
        #expect(await benchQuietly(["run", "--strategies", "none," + spec, "--traces", test, "--out", root + "/r", "--quiet", "--no-charts"]) == 0)
        let mean = Self.rows(try Self.read(root + "/r/summary.csv")).first { $0["trace"] == SummaryRow.suiteMeanName && $0["strategy"] != "none" }
        #expect(Self.close(mean?["latency_removed_ms"], all["latency_removed_ms"], 0.05 + 1e-9))
        #expect(Self.close(mean?["overshoot_p95_mm"], all["overshoot_p95_mm"], 1e-12))
        // Running again without --test leaves no test file behind in the same folder.
        #expect(await benchQuietly(args + ["--out", root + "/t"]) == 0)
        #expect(!FileManager.default.fileExists(atPath: root + "/t/tune-test.csv"))
        // A test file that is also a search input is refused.
        #expect(await benchQuietly(args + ["--test", train + "/s-curve-slow.csv", "--out", root + "/x"]) == 2)
        #expect(await benchQuietly(args + ["--test-manifest", train + "/inkbench.manifest", "--out", root + "/x"]) == 2)
    }

    @Test func transferTableTunesOnEachDeviceAloneAndScoresEveryDevice() async throws {
        let root = temporaryFolder("tune-transfer")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let named = try Self.corpus(root + "/named")
        let args = ["tune", "kalman", "--param", "cap_ms=4...20", "--budget", Self.budget] + Self.small
        #expect(await benchQuietly(args + ["--traces", named, "--transfer", "--out", root + "/t"]) == 0)
        let rows = Self.rows(try Self.read(root + "/t/tune-transfer.csv"))
        let devices = ["fast pen", "medium pen", "slow pen"]
        #expect(rows.map { $0["tuned_on"] ?? "" } == devices.flatMap { Array(repeating: $0, count: 3) })
        #expect(rows.map { $0["scored_on"] ?? "" } == devices + devices + devices)
        #expect(rows.allSatisfy { $0["traces"] == "2" })
        let md = try Self.read(root + "/t/tune.md")
        #expect(md.contains("**Transfer**") && md.contains("| tuned on | chosen | fast pen | medium pen | slow pen |"))
        // The row tuned on the slow pen is what a tune on the slow pen's traces alone chooses.
        let slow = root + "/slow"
        try FileManager.default.createDirectory(atPath: slow, withIntermediateDirectories: true)
        for f in ["s-curve-slow.csv", "s-curve-slow-noisy.csv"] { try FileManager.default.copyItem(atPath: named + "/" + f, toPath: slow + "/" + f) }
        #expect(await benchQuietly(args + ["--traces", slow, "--split", "recording", "--out", root + "/s"]) == 0)
        let alone = try Self.read(root + "/s/tune-spec.txt").trimmingCharacters(in: .whitespacesAndNewlines)
        let fromSlow = rows.filter { $0["tuned_on"] == "slow pen" }
        #expect(fromSlow.allSatisfy { $0["strategy"] == alone }, "\(alone)")
        // ... and its in-sample figures are the diagonal.
        let inSample = Self.rows(try Self.read(root + "/s/tune.csv")).first { $0["strategy"] == alone && $0["set"] == "all" }
        #expect(inSample?["latency_removed_ms"] == fromSlow.first { $0["scored_on"] == "slow pen" }?["latency_removed_ms"])
        // One device: no transfer table.
        #expect(await benchQuietly(args + ["--traces", slow, "--transfer", "--out", root + "/x"]) == 2)
    }

    @Test func evaluateScoresAFixedSpecDeviceByDevice() async throws {
        let root = temporaryFolder("tune-evaluate")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let named = try Self.corpus(root + "/named")
        let args = ["tune", "kalman:cap_ms=12", "--evaluate", "--budget", Self.budget, "--quiet", "--no-charts", "--traces", named]
        #expect(await benchQuietly(args + ["--out", root + "/e"]) == 0)
        let rows = Self.rows(try Self.read(root + "/e/tune-devices.csv"))
        #expect(rows.map { $0["kind"] ?? "" } == ["all"] + Array(repeating: "device", count: 3) + Array(repeating: "trace", count: 6))
        #expect(rows.allSatisfy { $0["strategy"] == "kalman:cap_ms=12" })
        // Each device's figures are a run's suite mean over that device's traces.
        let fast = root + "/fast"
        try FileManager.default.createDirectory(atPath: fast, withIntermediateDirectories: true)
        for f in ["s-curve-fast.csv", "s-curve-fast-noisy.csv"] { try FileManager.default.copyItem(atPath: named + "/" + f, toPath: fast + "/" + f) }
        #expect(await benchQuietly(["run", "--strategies", "kalman:cap_ms=12", "--traces", fast, "--out", root + "/r", "--quiet", "--no-charts"]) == 0)
        let mean = Self.rows(try Self.read(root + "/r/summary.csv")).first { $0["trace"] == SummaryRow.suiteMeanName }
        let device = rows.first { $0["kind"] == "device" && $0["name"] == "fast pen" }
        #expect(Self.close(mean?["latency_removed_ms"], device?["latency_removed_ms"], 0.05 + 1e-9))
        #expect(Self.close(mean?["end_overshoot_max_mm"], device?["end_overshoot_max_mm"], 1e-12))
        let md = try Self.read(root + "/e/tune.md")
        #expect(md.contains("## Evaluating `kalman:cap_ms=12` by device") && md.contains("worst device: ") && md.contains("mean over devices: "))
        #expect(!FileManager.default.fileExists(atPath: root + "/e/tune.csv"))
        for bad in [["--param", "cap_ms=4...20"], ["--transfer"], ["--test", named]] {
            #expect(await benchQuietly(args + bad + ["--out", root + "/x"]) == 2)
        }
    }
}

/// `DeviceScores`: each device's mean, the worst device by margin share, the mean over devices.
@Suite("Device scores")
struct DeviceScoresTests {
    @Test func worstDeviceIsTheSmallestMarginShareAndTheMeanCountsDevicesOnce() throws {
        let budget = try Budget(parsing: "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0")
        func row(_ removed: Double, _ p95: Double, _ end: Double) -> SummaryRow {
            SummaryRow.figures(trace: "", values: ["latency_removed_ms": removed, "overshoot_p95_mm": p95, "end_overshoot_max_mm": end])
        }
        // Device A: two traces (mean p95 0.4, end 0.5); B: p95 0.45 (0.1 of the limit left), end 0.95 (0.05 left): B is worst.
        let perTrace: Tuner.PerTrace = ["a1": row(10, 0.3, 0.4), "a2": row(20, 0.5, 0.6), "b": row(30, 0.45, 0.95), "c": row(5, 0.1, 0.1)]
        let scores = DeviceScores(perTrace: perTrace, traces: [("a1", "A"), ("a2", "A"), ("b", "B"), ("c", nil), ("gone", "D")], budget: budget)
        #expect(scores.rows.map(\.device) == ["(device not named)", "A", "B"])
        #expect(scores.rows[1].traces == ["a1", "a2"] && scores.rows[1].figures["latency_removed_ms"] == 15)
        #expect(scores.worst?.device == "B")
        #expect(scores.worst?.tightest?.margin.bound.figure == "end_overshoot_max_mm")
        #expect(scores.allFit)
        let meanOverDevices: Double = 50.0 / 3
        #expect(scores.meanRemovedMs == meanOverDevices)
        #expect(scores.summaryLine().contains("worst device: B: end overshoot max mm 0.950 (0.050 inside)"))
        let outside = DeviceScores(perTrace: ["x": row(10, 0.7, 0.2)], traces: [("x", "X")], budget: budget)
        #expect(!outside.allFit && outside.worstLine?.contains("(0.200 outside)") == true)
    }
}
