import Foundation
import InkSession
import Testing

@testable import BenchCLI
import InkBaseline
import InkOutput

/// Issue 17's command defects: options accepted and ignored, and the verdict printed.
@Suite("bench: verdicts and options")
struct VerdictCommandTests {
    func scratch(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("inkbench verdict \(label) \(UUID().uuidString)").path
    }

    @Test("check --show-tolerances judges latency by its magnitude")
    func showTolerances() {
        let text = CheckCommand.toleranceTable(ToleranceTable())
        let line = text.split(separator: "\n").first { $0.hasPrefix("perceived_latency_ms ") }
        #expect(line?.contains("closer to 0 is better") == true)
        #expect(!text.contains("higher is worse"))
    }

    @Test("sweep refuses --horizon-cap-ms instead of ignoring it, and takes --caps")
    func sweepCaps() async throws {
        let out = scratch("sweep")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["sweep", "--horizon-cap-ms", "10", "--out", out, "--quiet", "--no-charts"]) == 2)
        #expect(await benchQuietly(["sweep", "--caps", "4,x", "--out", out, "--quiet", "--no-charts"]) == 2)
        #expect(await benchQuietly(["sweep", "--caps", "4,12,off", "--strategies", "none,linear", "--out", out, "--quiet", "--no-charts"]) == 0)
        let sweep = try CSVTable(parsing: String(contentsOfFile: out + "/sweep.csv", encoding: .utf8))
        let caps = Set(sweep.rows.indices.map { sweep.text(row: $0, "horizon_cap_ms") })
        #expect(caps == ["4", "12", ""])
    }

    @Test("report --out rebuilds a copy and leaves the source folder alone; the command line is not doubled")
    func reportOut() async throws {
        let run = scratch("run"), copy = scratch("copy")
        defer {
            try? FileManager.default.removeItem(atPath: run)
            try? FileManager.default.removeItem(atPath: copy)
        }
        #expect(await benchQuietly(["run", "--strategies", "none,linear", "--out", run, "--quiet", "--no-charts"]) == 0)
        let before = try String(contentsOfFile: run + "/report.md", encoding: .utf8)
        #expect(!before.contains("bench run run"))
        #expect(before.contains("**Verdict:**"))
        let stamp = try FileManager.default.attributesOfItem(atPath: run + "/report.md")[.modificationDate] as? Date
        #expect(await benchQuietly(["report", run, "--out", copy, "--quiet", "--no-charts"]) == 0)
        #expect(FileManager.default.fileExists(atPath: copy + "/report.md"))
        #expect(FileManager.default.fileExists(atPath: copy + "/summary.csv"))
        let after = try FileManager.default.attributesOfItem(atPath: run + "/report.md")[.modificationDate] as? Date
        #expect(stamp == after)
    }

    @Test("run takes --hover, and refuses it without recordings")
    func hover() async throws {
        let out = scratch("hover")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["run", "--hover", "--out", out, "--quiet", "--no-charts"]) == 2)
        let options = try RecordingOptions.parse(["--traces", out, "--hover"])
        #expect(try options.makeLoader().includeHover)
    }

    @Test("recorded on traces without recorded predictions is said, not dropped silently")
    func recordedNotice() throws {
        let inputs = try RunRequest(
            strategies: StrategyOptions.parse(["--strategies", "none,recorded"]), timing: TimingOptions.parse([]),
            suite: SuiteOptions.parse([]), recordings: RecordingOptions.parse([]))
        #expect(inputs.recordedNotices.first?.contains("recorded: not run on 6 traces") == true)
    }
}
