import Foundation
import InkBaseline
import InkBenchKit
import InkOutput
import InkTestSupport
import Testing

/// Issue 18, cases 5, 8 and 13: text from real tools (CRLF line ends, a UTF-8 BOM) is read by
/// every InkBenchKit reader through the one line reader; suite values are bounded; output paths
/// that cannot be written say why.
struct TextInputTests {
    static func crlf(_ text: String, bom: Bool = true) -> String {
        (bom ? "\u{FEFF}" : "") + text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// Case 8: the committed baseline, rewritten with CRLF and a BOM (as Excel saves it), reads
    /// the same as the original.
    @Test func baselineWithCRLFAndBOM() throws {
        let path = Requirement.packageRoot + "/Benchmarks/baseline/default-ipad-60.csv"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let plain = try BaselineFile.parse(text, path: "b.csv")
        let windows = try BaselineFile.parse(Self.crlf(text), path: "b.csv")
        #expect(BaselineFile.render(windows) == BaselineFile.render(plain))
        #expect(windows.rows.count == plain.rows.count)
        #expect(plain.rows.count > 10)
    }

    /// Case 8: a summary.csv (the `--results` table) with CRLF has its rows.
    @Test func resultsTableWithCRLF() throws {
        let csv = "strategy,trace,frame_rate_hz,input_rate_hz,frames,overshoot_p95_mm,perceived_latency_ms\nlinear,s-curve slow,60,240,388,0.838,1.2\nnone,s-curve slow,60,240,388,0,40.1\n"
        let record = try ResultsFolder.parseSummary(Self.crlf(csv), path: "summary.csv")
        #expect(record.rows.count == 2)
        #expect(record.row(trace: "s-curve slow", strategy: "linear")?.values["perceived_latency_ms"] == 1.2)
    }

    /// Case 8: a tolerance file with CRLF and a BOM; errors keep their line numbers.
    @Test func toleranceFileWithCRLF() throws {
        var table = ToleranceTable()
        try table.apply(text: Self.crlf("# ci\nperceived_latency_ms = 1\n\novershoot_max_mm=0.05,2%\n"), path: "t.txt")
        #expect(table["perceived_latency_ms"].absolute == 1)
        #expect(table["overshoot_max_mm"].relative == 0.02)
        #expect {
            try table.apply(text: Self.crlf("# ci\n\njitter_rms_mm=x\n"), path: "t.txt")
        } throws: { error in (error as? ToleranceError)?.message.hasPrefix("t.txt:3: ") == true }
    }

    /// Case 8: a `.suite` file with CRLF and a BOM.
    @Test func suiteWithCRLF() throws {
        let text = Self.crlf("suite windows\n# a comment\ns-curve \"slow\" duration_s=1.6\nline \"l\" duration_s=1 speed_mm_per_s=100\n")
        let suite = try SuiteFile.parse(text, name: "x", file: "w.suite")
        #expect(suite.name == "windows")
        #expect(suite.specs.map(\.name) == ["slow", "l"])
    }

    /// Case 5: suite values that would size memory or loops beyond reason name the line.
    @Test(arguments: [
        "line \"l\" duration_s=1e9 speed_mm_per_s=100",
        "line \"l\" duration_s=1 speed_mm_per_s=100 input_rate_hz=1e12",
        "circle \"c\" duration_s=10 radius_mm=10 strokes=100000 input_rate_hz=10000",
        "circle \"c\" duration_s=1 radius_mm=1e300",
        "line \"l\" duration_s=1 speed_mm_per_s=1\u{0}00",
    ])
    func suiteValuesAreBounded(_ line: String) {
        #expect {
            try SuiteFile.parse("# first\n" + line + "\n", name: "x", file: "big.suite")
        } throws: { error in "\(error)".hasPrefix("big.suite:2: ") }
    }

    /// Case 13: `--out` under a file says the file is in the way, not "error 512".
    @Test func outUnderAFileSaysWhy() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x".write(toFile: dir + "/file", atomically: true, encoding: .utf8)
        #expect {
            _ = try OutputFolder(path: dir + "/file/sub")
        } throws: { error in
            let text = "\(error)"
            // The folder's random name may itself hold "512": only the rest must not (the errno code).
            return text.contains("\(dir)/file is a file, not a folder") && !text.replacingOccurrences(of: dir, with: "").contains("512")
        }
        #expect(PathDiagnosis.whyNotWritable(dir, wantFolder: false).contains("is a folder; expected a file path"))
        #expect(PathDiagnosis.whyNotWritable(dir + "/no/such/x.csv", wantFolder: false).contains("does not exist"))
    }
}
