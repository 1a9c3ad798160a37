import Foundation
import Testing

@testable import BenchCLI
import InkOutput

/// A fresh path under the temporary directory, with a space in it.
private func scratchPath(_ label: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("inkbench check \(label) \(UUID().uuidString)").path
}

/// Rewrites one cell of a baseline file: `figure` of the row (`trace`, `strategy`) becomes `edit(old)`.
private func editBaseline(_ path: String, trace: String, strategy: String, figure: String, _ edit: (Double) -> Double) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let h = try #require(lines.firstIndex { $0.hasPrefix("trace,") })
    let header = try CSVFields.split(lines[h])
    let column = try #require(header.firstIndex(of: figure))
    let r = try #require(lines.indices.first { i in i > h && (try? CSVFields.split(lines[i]))?.prefix(2) == [trace, strategy] })
    var cells = try CSVFields.split(lines[r])
    cells[column] = NumberText.exact(edit(try #require(Double(cells[column]))))
    lines[r] = CSVFields.join(cells)
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
}

@Suite("bench check and compare")
struct CheckCommandTests {
    @Test("update, then an unchanged run exits 0; a worse figure exits 1; a mismatch exits 2")
    func exitCodes() async throws {
        let folder = scratchPath("codes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let baseline = folder + "/base line.csv"
        #expect(await benchQuietly(["check", "--baseline", baseline, "--update-baseline", "--strategies", "none,linear", "--spread-seeds", "3"]) == 0)
        let written = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(written.contains("# spread_seeds: 1 2 3\n"))
        #expect(written.contains("# strategy: linear | cap_ms=off gap_ms=off\n"))

        // Unchanged: the strategies default to the baseline's.
        #expect(await benchQuietly(["check", "--baseline", baseline]) == 0)

        // Rewriting a baseline is deterministic.
        #expect(await benchQuietly(["check", "--baseline", baseline, "--update-baseline", "--strategies", "none,linear", "--spread-seeds", "3"]) == 0)
        #expect(try String(contentsOfFile: baseline, encoding: .utf8) == written)

        // The baseline says linear overshot 0.1 mm less on the clean fast S-curve: now is worse.
        try editBaseline(baseline, trace: "s-curve fast", strategy: "linear", figure: "overshoot_p95_mm") { $0 - 0.1 }
        #expect(await benchQuietly(["check", "--baseline", baseline]) == 1)
        // A looser tolerance lets it pass.
        #expect(await benchQuietly(["check", "--baseline", baseline, "--tolerance", "overshoot_p95_mm=0.2"]) == 0)

        // A different timing, or strategy set, is an input error.
        #expect(await benchQuietly(["check", "--baseline", baseline, "--preset", "ipad-promotion"]) == 2)
        #expect(await benchQuietly(["check", "--baseline", baseline, "--strategies", "none,linear,quadratic"]) == 2)
        #expect(await benchQuietly(["check", "--baseline", baseline, "--seed", "2"]) == 2)
    }

    @Test("bad input exits 2", arguments: [
        ["check", "--baseline", "/nonexistent/base.csv"],
        ["check", "--baseline", "/nonexistent/base.csv", "--results", "/nonexistent/results"],
        ["check"],
        ["check", "--baseline", "x.csv", "--tolerance", "no_such_figure=1"],
        ["check", "--baseline", "x.csv", "--tolerance", "overshoot_p95_mm=-1"],
        ["check", "--baseline", "x.csv", "--spread-seeds", "-1"],
        ["compare", "linear"],
        ["compare", "linear", "nope"],
        ["compare", "linear", "linear"],
    ])
    func badInput(_ arguments: [String]) async {
        #expect(await benchQuietly(arguments) == 2)
    }

    @Test("a mismatched baseline says what differs")
    func mismatchMessage() async throws {
        let folder = scratchPath("mismatch")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let baseline = folder + "/base.csv"
        #expect(await benchQuietly(["check", "--baseline", baseline, "--update-baseline", "--strategies", "none,linear", "--preset", "ipad-promotion", "--spread-seeds", "0"]) == 0)
        let command = try CheckCommand.parse(["--baseline", baseline])
        do {
            try await command.run()
            Issue.record("expected a mismatch")
        } catch let error as BenchInputError {
            #expect(error.message.contains("timing frame_rate_hz: baseline 120, now 60"))
            #expect(error.message.contains("--update-baseline"))
        }
    }

    @Test("check --results and compare read results folders")
    func resultsFolders() async throws {
        let folder = scratchPath("results")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let results = folder + "/results"
        #expect(await benchQuietly(["run", "--strategies", "none,linear,kalman-chromium", "--out", results, "--quiet", "--no-charts"]) == 0)
        let baseline = folder + "/base.csv"
        #expect(await benchQuietly(["check", "--baseline", baseline, "--update-baseline", "--strategies", "none,linear,kalman-chromium", "--spread-seeds", "0"]) == 0)
        #expect(await benchQuietly(["check", "--baseline", baseline, "--results", results]) == 0)
        // A summary.csv serves as a baseline too.
        #expect(await benchQuietly(["check", "--baseline", results + "/summary.csv", "--strategies", "none,linear,kalman-chromium"]) == 0)
        #expect(await benchQuietly(["compare", results, results]) == 0)
        #expect(await benchQuietly(["compare", "linear", "kalman-chromium", "--results", results]) == 0)
        #expect(await benchQuietly(["compare", "linear", "kalman-chromium"]) == 0)
        #expect(await benchQuietly(["compare", results, "linear"]) == 2)
    }
}
