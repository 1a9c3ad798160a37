import Foundation
import InkBenchKit
import InkFigures
import InkReplay
import InkTestSupport
import Testing

@testable import BenchCLI
import InkOutput
import InkReport

/// What a reviewer and a new user see first (issue 29): one palette per run, the report that
/// opens with the pick, the sweep's labels and table, messages that say what is wrong, and the
/// README's claims against the tool.
@Suite("First screen")
struct FirstScreenTests {
    /// Fifteen strategies: the built-ins a synthetic run can take, and one parameterised twice.
    static let fifteen = [
        "none", "linear", "quadratic", "kalman", "kalman-chromium", "android", "braking", "jetpack", "jetpack-safe",
        "jetpack-aggressive", "ink-modeler", "ink-modeler-end", "linear-resampling", "flutter-resampler", "quadratic:cap_ms=8",
    ]

    /// The style (colour, dash type, point type) of each plot line titled exactly `name`.
    static func styles(in script: String, names: [String]) -> [String: String] {
        var out: [String: String] = [:]
        for line in script.split(separator: "\n") {
            for name in names
            where line.contains("title '\(name.replacingOccurrences(of: "'", with: "''"))'")
                || (name == "none" && line.contains("title 'none (no prediction, the baseline)'"))
            {
                let words = line.split(separator: " ").map(String.init)
                func after(_ key: String) -> String {
                    guard let i = words.firstIndex(of: key), i + 1 < words.count else { return "-" }
                    return words[i + 1]
                }
                let fill = line.range(of: "fillstyle ").map { String(line[$0.upperBound...].prefix(9)) } ?? "-"
                out[name] = [after("rgb"), after("dt"), after("pt"), fill].joined(separator: " ")
            }
        }
        return out
    }

    @Test("a 15-strategy run: no two strategies share colour and style in any chart, and each keeps its colour across charts")
    func fifteenStrategiesDistinct() async throws {
        let out = temporaryFolder("fifteen")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["--strategies", Self.fifteen.joined(separator: ","), "--suite", "line", "--phases", "1", "--out", out, "--quiet", "--no-charts"]) == 0)
        let strategyNames = Self.fifteen.map { $0.replacingOccurrences(of: ":cap_ms=8", with: "[cap_ms=8]") }
        var colours: [String: Set<String>] = [:]
        for chart in ["tradeoff", "error", "bars"] {
            let script = try String(contentsOfFile: out + "/\(chart).gp", encoding: .utf8)
            let styles = Self.styles(in: script, names: strategyNames)
            #expect(styles.count == 15, "\(chart).gp draws every strategy: \(styles.keys.sorted())")
            #expect(Set(styles.values).count == styles.count, "\(chart).gp: two strategies share a style: \(styles)")
            for (name, style) in styles { colours[name, default: []].insert(String(style.prefix(9))) }
        }
        for (name, set) in colours { #expect(set.count == 1, "\(name) is drawn in \(set) across charts") }
        #expect(colours["none"] == ["'#000000'"])
    }

    @Test("the report opens with the pick against the default budget, then the trade-off chart, the suite table, the details; the terminal ends with the same sentence")
    func reportOrder() async throws {
        let out = temporaryFolder("order")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["--out", out, "--quiet", "--no-charts"]) == 0)
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        let marks = ["id=\"answer\"", "id=\"top-tradeoff\"", "id=\"summary\"", "class=\"verdict\"", "id=\"details\"", "<h2>Per trace</h2>", "<h2>Reading the trade-off</h2>"]
        let positions = try marks.map { try #require(html.range(of: $0)?.lowerBound, "\($0) missing") }
        #expect(positions == positions.sorted(), "report.html order: \(marks)")
        let md = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        let lines = md.split(separator: "\n").map(String.init)
        let first = try #require(lines.dropFirst().first)
        #expect(first.hasPrefix("**Pick: `none` (no prediction): no predicting strategy fits the default budget, overshoot p95 <= 0.5 mm and end overshoot max <= 1 mm (suite means)"))
        // Prose and tables agree: kalman's latency removed is the table's 35.4 ms.
        #expect(md.contains("`kalman` removes 35.4 ms of the 35.4 ms"))
        #expect(!md.contains("removes 35.3 ms"))
        // The terminal's answer is the report's, without markdown.
        let rows = try SummaryCSV.read(in: OutputFolder(path: out))
        let terminal = try RunTables.answerLine(rows: rows, options: [:])
        #expect("**" + terminal + "**" == first.replacingOccurrences(of: "`", with: ""))
        // --budget none: no pick, the front instead; a given budget is named as given.
        let none = try Report.answer(rows: rows, options: ["budget": "none"]).text()
        #expect(none.hasPrefix("No pick (--budget none): no strategy is better than linear, kalman, kalman-chromium"))
        let given = try Report.answer(rows: rows, options: ["budget": "overshoot_p95_mm<=3"]).text()
        #expect(given.hasPrefix("Pick: kalman-chromium, the ink closest to the pen within the budget, overshoot p95 <= 3 mm (suite means)"))
    }

    @Test("the terminal's last line is the pick", .enabled(if: NoGnuplotTests.benchExecutable != nil, "needs the bench executable built beside the tests"))
    func terminalEndsWithThePick() throws {
        let out = temporaryFolder("terminal")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (status, stdout) = try Self.runExecutable(["--strategies", "none,linear,kalman-chromium", "--suite", "line", "--out", out, "--no-charts", "--budget", "overshoot_p95_mm<=5"])
        #expect(status == 0)
        let last = stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("Pick: "), "last line: \(last)")
        let md = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(md.contains("**" + last.replacingOccurrences(of: "Pick: ", with: "Pick: `").replacingOccurrences(of: ", the ink", with: "`, the ink") + "**"))
    }

    @Test("every chart of a run with its sweep renders without a gnuplot warning",
          .enabled(if: Requirement.gnuplot.isMetOrRequired, Requirement.gnuplot.reason))
    func chartsRenderCleanly() async throws {
        let out = temporaryFolder("clean charts")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let strategies = ["--strategies", "none,linear,kalman,kalman-chromium,braking,jetpack,ink-modeler,flutter-resampler"]
        #expect(await benchQuietly(strategies + ["--suite", "line", "--phases", "1", "--out", out, "--quiet", "--no-charts"]) == 0)
        #expect(await benchQuietly(["sweep"] + strategies + ["--caps", "10,20", "--suite", "line", "--phases", "1", "--out", out, "--quiet", "--no-charts"]) == 0)
        for chart in ["tradeoff", "error", "bars", "sweep"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try Requirement.gnuplot.path())
            process.arguments = [chart + ".gp"]
            process.currentDirectoryURL = URL(fileURLWithPath: out)
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let messages = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // (The straight line has no cross-track error: gnuplot widens that empty range, which is no fault of the script.)
            let warnings = messages.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("empty y range") }
            #expect(process.terminationStatus == 0 && warnings.isEmpty, "\(chart).gp: \(messages)")
        }
    }

    /// Runs the built `bench` and returns its status and stdout (stderr discarded).
    static func runExecutable(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(NoGnuplotTests.benchExecutable))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["INKBENCH_GNUPLOT"] = "/nonexistent/gnuplot"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("sweep: caps marked by a legend, no text labels that stack; the terminal table fits 120 columns",
          .enabled(if: NoGnuplotTests.benchExecutable != nil, "needs the bench executable built beside the tests"))
    func sweepLabelsAndWidth() throws {
        let out = temporaryFolder("sweep width")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (status, stdout) = try Self.runExecutable(["sweep", "--suite", "line", "--phases", "1", "--out", out, "--no-charts"])
        #expect(status == 0)
        let script = try String(contentsOfFile: out + "/sweep.gp", encoding: .utf8)
        #expect(!script.contains("with labels"), "no per-point cap labels")
        #expect(script.contains("title sprintf('cap %d ms', 10*k)"))
        #expect(stdout.contains("no cap"))
        #expect(stdout.split(separator: "\n").allSatisfy { $0.count <= 120 }, "\(stdout)")
        // Ten strategies do not fit one table: they are split, each part within 120 columns.
        let many = "none,linear,quadratic,kalman,kalman-chromium,braking,jetpack,ink-modeler,linear-resampling,flutter-resampler"
        let (wideStatus, wide) = try Self.runExecutable(["sweep", "--strategies", many, "--caps", "10,20", "--suite", "line", "--phases", "1", "--out", out, "--no-charts"])
        #expect(wideStatus == 0)
        #expect(wide.split(separator: "\n").allSatisfy { $0.count <= 120 }, "\(wide)")
        for name in many.split(separator: ",") where name != "none" { #expect(wide.contains(name), "\(name) shown") }
    }
}
