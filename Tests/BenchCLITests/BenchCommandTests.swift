import Foundation
import InkBenchKit
import InkFigures
import InkOutput
import InkSession
import InkTestSupport
import Testing

@testable import BenchCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A fresh folder under the temporary directory, with a space in its name (paths must be quoted).
func temporaryFolder(_ label: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("inkbench \(label) \(UUID().uuidString)").path
}

@Suite("bench: arguments and exit codes")
struct ArgumentTests {
    @Test("bad input exits 2", arguments: [
        ["--strategies", "nope"], ["--strategies", "kalman:sigma_q=1"], ["--strategies", "kalman:sigma_p=abc"],
        ["--strategies", "linear,linear"], ["--preset", "ipad-99"], ["--frame-rate", "0"], ["--phases", "0"],
        ["--suite", "no-such-suite"], ["--seeds", "0"], ["--display-latency-ms", "3", "--display-latency-frames", "2"],
        ["--chart-trace", "no such trace"], ["--no-charts", "--require-charts"], ["--frame-rate", "abc"],
        ["sweep", "--step-ms", "0"], ["report", "/nonexistent/folder for report"], ["--no-such-option"],
    ])
    func exitsTwo(_ arguments: [String]) async {
        let out = temporaryFolder("args")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let extra = arguments.first == "report" ? [] : ["--out", out, "--quiet", "--no-charts"]
        #expect(await benchQuietly(arguments + extra) == 2)
    }

    @Test("recordings given and all skipped fail the run instead of running the synthetic suite")
    func allRecordingsSkipped() async throws {
        let folder = temporaryFolder("not recordings")
        let out = temporaryFolder("all skipped")
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: out)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "not a recording\n".write(toFile: folder + "/notes.md", atomically: true, encoding: .utf8)
        #expect(await benchQuietly(["--traces", folder, "--out", out, "--quiet", "--no-charts"]) == 2)
        #expect(!FileManager.default.fileExists(atPath: out + "/summary.csv"))
        let recordings = try RecordingOptions.parse(["--traces", folder])
        let error = #expect(throws: BenchInputError.self) {
            try RunRequest(
                strategies: StrategyOptions.parse([]), timing: TimingOptions.parse([]), suite: SuiteOptions.parse([]),
                recordings: recordings)
        }
        // The error says why each file was skipped.
        #expect(error?.description.contains("notes.md: not a recording") == true)
        // With --with-default-suite the suite still runs beside the (skipped) recordings.
        let both = try RunRequest(
            strategies: StrategyOptions.parse([]), timing: TimingOptions.parse([]), suite: SuiteOptions.parse([]),
            recordings: RecordingOptions.parse(["--traces", folder, "--with-default-suite"]))
        #expect(both.specs.count == 6 && both.recordings.isEmpty)
        // A folder with no files at all says so (there is no file to give a reason for).
        let empty = temporaryFolder("empty")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let none = #expect(throws: BenchInputError.self) {
            try RunRequest(
                strategies: StrategyOptions.parse([]), timing: TimingOptions.parse([]), suite: SuiteOptions.parse([]),
                recordings: RecordingOptions.parse(["--traces", empty]))
        }
        #expect(none?.description.contains("no recordings found under") == true)
    }

    @Test("an unknown strategy lists the known ones, when the command line is parsed")
    func unknownStrategy() throws {
        let error = #expect(throws: BenchInputError.self) { try StrategyList("none,nope") }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("--strategies: unknown strategy 'nope'"), "\(text)")
        for name in ["none", "linear", "quadratic", "kalman", "kalman-chromium"] { #expect(text.contains(name)) }
        // The option parses the list once, as the command line is parsed: the same text is the usage error's.
        do {
            _ = try StrategyOptions.parse(["--strategies", "none,nope"])
            Issue.record("expected an error")
        } catch {
            #expect(StrategyOptions.message(for: error).contains(text), "\(StrategyOptions.message(for: error))")
        }
    }

    @Test("a bad parameter says which and what is expected")
    func badParameter() throws {
        #expect(throws: BenchInputError.self) { try StrategyList("kalman:sigma_p=x") }
        #expect(throws: (any Error).self) { try StrategyOptions.parse(["--strategies", "kalman:sigma_p=x"]) }
        let unknown = #expect(throws: BenchInputError.self) { try StrategyList("linear:sigma_p=1") }
        #expect(unknown?.description.contains("known: cap_ms, gap_ms") == true)
        #expect(try StrategyOptions.parse(["--strategies", "linear,kalman:cap_ms=16"]).given?.map(\.capMs) == [nil, 16])
    }

    @Test("a bad preset lists the presets")
    func badPreset() throws {
        let options = try TimingOptions.parse(["--frame-rate", "90"])
        #expect(try options.timing().frameRateHz == 90)
        do {
            _ = try TimingOptions.parse(["--preset", "x"])
            Issue.record("expected an error")
        } catch {
            #expect(TimingOptions.message(for: error).contains("known presets: ipad-60, ipad-promotion"))
        }
    }

    @Test("--version, --help and list exit 0")
    func informational() async {
        #expect(await benchQuietly(["--version"]) == 0)
        #expect(await benchQuietly(["--help"]) == 0)
        #expect(await benchQuietly(["list"]) == 0)
        #expect(ListCommand.text().contains("kalman-chromium"))
        #expect(ListCommand.text().contains("ipad-promotion"))
    }

    @Test("the subcommands are listed in one place, run is the default")
    func subcommands() {
        let names = BenchCommand.subcommands.map { $0._commandName }
        #expect(Array(names.prefix(4)) == ["run", "sweep", "report", "list"])
        #expect(BenchCommand.configuration.defaultSubcommand == RunCommand.self)
    }
}

@Suite("bench run: outputs")
struct RunOutputTests {
    static let strategies = "none,linear,kalman-chromium"

    @Test("two runs with the same options write byte-identical CSV files")
    func deterministic() async throws {
        let a = temporaryFolder("det a"), b = temporaryFolder("det b")
        defer { for p in [a, b] { try? FileManager.default.removeItem(atPath: p) } }
        for out in [a, b] {
            #expect(await benchQuietly(["--strategies", Self.strategies, "--out", out, "--quiet", "--no-charts"]) == 0)
        }
        for file in ["summary.csv", "frames.csv", "chart-frames.csv", "tails.csv", "paths.csv"] {
            let x = FileManager.default.contents(atPath: a + "/" + file)
            let y = FileManager.default.contents(atPath: b + "/" + file)
            #expect(x != nil && x == y, "\(file) differs between runs")
        }
    }

    @Test("summary.csv, frames.csv and manifest.json hold what the README says")
    func files() async throws {
        let out = temporaryFolder("files")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["--strategies", Self.strategies, "--out", out, "--quiet", "--no-charts", "--seeds", "2"]) == 0)
        let summary = try CSVTable(parsing: String(contentsOfFile: out + "/summary.csv", encoding: .utf8))
        #expect(summary.header == SummaryCSV.header)
        #expect(summary.header.prefix(11).joined(separator: ",") == SummaryAndHeaders.fixed)
        let none = try #require(summary.rows.indices.first { summary.text(row: $0, "trace") == "s-curve fast" && summary.text(row: $0, "strategy") == "none" })
        #expect(summary.text(row: none, "perceived_latency_ms") == "35.4")
        let noisy = try #require(summary.rows.indices.first { summary.text(row: $0, "trace") == "s-curve fast noisy" && summary.text(row: $0, "strategy") == "linear" })
        #expect(summary.text(row: noisy, "seeds") == "2" && summary.double(row: noisy, "perceived_latency_sd_ms") != nil)
        #expect(summary.rows.filter { $0[0] == "suite mean" }.count == 3)
        let frames = try CSVTable(parsing: String(contentsOfFile: out + "/frames.csv", encoding: .utf8))
        #expect(frames.header == FramesCSV.header)
        #expect(frames.rows.count > 1000)
        let manifest = try Manifest.decode(String(contentsOfFile: out + "/manifest.json", encoding: .utf8))
        #expect(manifest.seeds == [1, 2])
        #expect(manifest.strategies.map(\.name) == ["none", "linear", "kalman-chromium"])
        #expect(manifest.timing.frameRateHz == 60 && manifest.timing.displayLatencyFrames == 1.5)
        let hash = try #require(manifest.outputs.first { $0.path == "summary.csv" })
        let bytes = try #require(FileManager.default.contents(atPath: out + "/summary.csv"))
        #expect(hash.sha256 == Digest.sha256Hex(Array(bytes)))
        #expect(manifest.charts.hasPrefix("off"))
        for gp in ["tradeoff.gp", "replay.gp", "error.gp", "bars.gp", "report.md", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + gp), "\(gp) is written even without charts")
        }
    }

    @Test("a suite file from Datasets/ runs, and report rebuilds the report without re-running")
    func suiteAndReport() async throws {
        let out = temporaryFolder("suite")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let suite = Requirement.packageRoot + "/Datasets/shapes.suite"
        #expect(await benchQuietly(["--suite", suite, "--strategies", "none,linear", "--out", out, "--quiet", "--no-charts", "--phases", "2"]) == 0)
        try FileManager.default.removeItem(atPath: out + "/report.md")
        #expect(await benchQuietly(["report", out, "--no-charts", "--quiet"]) == 0)
        let md = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(md.contains("## Summary: suite means") && md.contains("circle r20") && md.contains("2 phases"))
    }

    @Test("a strategy that carries state across strokes is marked in manifest.json and named in report.md (benchmark model 4a)")
    func carriedStateIsReported() async throws {
        let out = temporaryFolder("carries")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["--suite", "line", "--strategies", "none,lead+braking:lead_mm=100,braking", "--out", out, "--quiet", "--no-charts", "--phases", "1"]) == 0)
        let manifest = try Manifest.decode(String(contentsOfFile: out + "/manifest.json", encoding: .utf8))
        #expect(manifest.strategies.map(\.carriesAcrossStrokes) == [nil, true, nil])
        let md = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(md.contains("**State across strokes:** `lead+braking[lead_mm=100]` keeps state from one stroke to the next"))
        #expect(!md.contains("`braking` keeps state"))
    }

    @Test("sweep writes sweep.csv with one row per cap, trace and strategy")
    func sweep() async throws {
        let out = temporaryFolder("sweep")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["sweep", "--suite", "line", "--strategies", "none,linear", "--from-ms", "0", "--to-ms", "20", "--step-ms", "10", "--out", out, "--quiet", "--no-charts"]) == 0)
        let sweep = try CSVTable(parsing: String(contentsOfFile: out + "/sweep.csv", encoding: .utf8))
        #expect(sweep.header == SweepCSV.header)
        // linear: 3 caps + uncapped, none: uncapped; each for the trace and the suite mean.
        #expect(sweep.rows.count == (4 + 1) * 2)
        let capped = sweep.rows.indices.filter { sweep.text(row: $0, "strategy") == "linear" && sweep.text(row: $0, "trace") == "suite mean" }
        #expect(capped.map { sweep.text(row: $0, "horizon_cap_ms") } == ["0", "10", "20", ""])
        #expect(sweep.text(row: capped[0], "perceived_latency_ms") == "35.4", "a 0 ms cap is no prediction")
        #expect(FileManager.default.fileExists(atPath: out + "/sweep.gp"))
    }
}

enum SummaryAndHeaders {
    static let fixed =
        "trace,strategy,frame_rate_hz,input_rate_hz,frames,perceived_latency_ms,latency_removed_ms,overshoot_p95_mm,overshoot_max_mm,end_overshoot_mean_mm,end_overshoot_max_mm"
}

@Suite("bench: charts with real gnuplot")
struct ChartRenderTests {
    @Test(
        "the trade-off chart renders to an SVG that parses and holds one series per strategy",
        .enabled(if: Requirement.gnuplot.isMetOrRequired, Requirement.gnuplot.reason))
    func tradeoffRenders() async throws {
        _ = try Requirement.gnuplot.path()
        let out = temporaryFolder("charts")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let strategies = ["none", "linear", "kalman-chromium", "kalman:sigma_p=0.02,cap_ms=16"]
        #expect(await benchQuietly(["--strategies", strategies.joined(separator: ","), "--out", out, "--quiet", "--require-charts", "--phases", "2"]) == 0)
        let data = try #require(FileManager.default.contents(atPath: out + "/tradeoff.svg"))
        let titles = SVGTitles()
        let parser = XMLParser(data: data)
        parser.delegate = titles
        #expect(parser.parse(), "tradeoff.svg is well-formed XML")
        let names = ["none (no prediction, the baseline)", "linear", "kalman-chromium", "kalman[sigma_p=0.02,cap_ms=16]"]
        for name in names { #expect(titles.seriesTitles.filter { $0 == name }.count == 1, "one series titled \(name): \(titles.seriesTitles)") }
        for ext in ["png", "svg"] {
            for chart in ["replay", "error", "bars"] { #expect(FileManager.default.fileExists(atPath: "\(out)/\(chart).\(ext)")) }
        }
        let png = try #require(FileManager.default.contents(atPath: out + "/tradeoff.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.components(separatedBy: "<svg").count - 1 == 4, "every chart is embedded")
        // A sweep with the same timing and strategies draws its curves on the run's trade-off chart.
        #expect(await benchQuietly(["sweep", "--strategies", strategies.joined(separator: ","), "--out", out, "--quiet", "--require-charts", "--phases", "2", "--to-ms", "30", "--step-ms", "10"]) == 0)
        let sweepSVG = try #require(FileManager.default.contents(atPath: out + "/sweep.svg"))
        #expect(XMLParser(data: sweepSVG).parse(), "sweep.svg is well-formed XML")
        #expect(try String(contentsOfFile: out + "/tradeoff.gp", encoding: .utf8).contains("'sweep.csv'"))
        #expect(try String(contentsOfFile: out + "/report.md", encoding: .utf8).contains("![Trade-off curves over horizon caps](sweep.svg)"))
        // The script re-renders by hand from the folder.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Requirement.gnuplot.path())
        process.arguments = ["tradeoff.gp"]
        process.currentDirectoryURL = URL(fileURLWithPath: out)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

/// Collects, for each `<g id="gnuplot_plot_N">` series group that draws point markers, the
/// first text in it: the series' key title.
final class SVGTitles: NSObject, XMLParserDelegate {
    var seriesTitles: [String] = []
    private var depth = 0
    private var group: (depth: Int, texts: [String], hasPoints: Bool)?
    private var text: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        if name == "g", let id = attributes["id"], id.hasPrefix("gnuplot_plot_") { group = (depth, [], false) }
        if name == "use" { group?.hasPoints = true }
        if name == "text", group != nil { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let t = text { group?.texts.append(t); text = nil }
        if name == "g", let g = group, g.depth == depth {
            if g.hasPoints, let first = g.texts.first { seriesTitles.append(first) }
            group = nil
        }
        depth -= 1
    }
}

@Suite("bench: without gnuplot")
struct NoGnuplotTests {
    /// The `bench` executable built beside the test binary, if any.
    static var benchExecutable: String? {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [dir, dir.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("bench").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.benchExecutable))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["INKBENCH_GNUPLOT"] = "/nonexistent/gnuplot"
        process.environment = environment
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("charts are skipped with one message, the CSV and .gp files are still written; --require-charts fails",
          .enabled(if: NoGnuplotTests.benchExecutable != nil, "needs the bench executable built beside the tests"))
    func skipped() throws {
        let out = temporaryFolder("no gnuplot")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let plain = try run(["--strategies", "none,linear", "--phases", "1", "--out", out, "--quiet"])
        #expect(plain.status == 0)
        #expect(plain.stderr.components(separatedBy: "charts skipped: gnuplot not found; install gnuplot-nox").count == 2, "said once: \(plain.stderr)")
        for file in ["summary.csv", "tradeoff.gp", "replay.gp", "report.md"] { #expect(FileManager.default.fileExists(atPath: out + "/" + file)) }
        #expect(!FileManager.default.fileExists(atPath: out + "/tradeoff.svg"))
        let required = try run(["--strategies", "none,linear", "--phases", "1", "--out", out, "--quiet", "--require-charts"])
        #expect(required.status == 2)
        #expect(required.stderr.contains("gnuplot-nox"))
    }
}
