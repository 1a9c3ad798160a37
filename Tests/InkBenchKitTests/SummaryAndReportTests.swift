import Foundation
import InkBaseline
import InkBenchKit
import InkFigures
import InkOutput
import InkReplay
import InkReport
import InkSession
import InkStrategies
import InkSynthesis
import Testing

@Suite("Summary rows, charts and the report")
struct SummaryAndReportTests {
    static let fixedColumns =
        "trace,strategy,frame_rate_hz,input_rate_hz,frames,perceived_latency_ms,latency_removed_ms,overshoot_p95_mm,overshoot_max_mm,end_overshoot_mean_mm,end_overshoot_max_mm"

    func outcome(seeds: [UInt64] = [1]) async throws -> BenchOutcome {
        var specs = Array(SyntheticSuite.default.specs.prefix(1))
        var noisy = SyntheticSpec.sCurve(name: "noisy, fast", duration: 0.4)
        noisy.noiseMM = 0.05
        specs.append(noisy)
        let plan = BenchPlan(specs: specs, seeds: seeds, strategies: try StrategySpec.parseList("none,linear,kalman-chromium"))
        return try await BenchSession.run(plan)
    }

    @Test("summary.csv starts with the fixed columns and prints Λ exactly")
    func summaryHeader() async throws {
        let o = try await outcome()
        let text = SummaryCSV.write(SummaryRow.rows(o, frameRateHz: 60)).string
        #expect(text.hasPrefix(Self.fixedColumns + ","))
        let table = try CSVTable(parsing: text)
        #expect(table.rows.count == 2 * 3 + 3)
        let none = try #require(table.rows.indices.first { table.text(row: $0, "trace") == "s-curve slow" && table.text(row: $0, "strategy") == "none" })
        #expect(table.text(row: none, "perceived_latency_ms") == "35.4")
        let means = table.rows.indices.filter { table.text(row: $0, "trace") == SummaryRow.suiteMeanName }
        #expect(means.map { table.text(row: $0, "strategy") } == ["none", "linear", "kalman-chromium"])
        #expect(Set(table.header).count == table.header.count, "column names are unique")
    }

    @Test("several seeds: noisy traces get means and spreads, clean ones run once")
    func seeds() async throws {
        let o = try await outcome(seeds: [1, 2, 3])
        let rows = SummaryRow.rows(o, frameRateHz: 60)
        let clean = try #require(rows.first { $0.trace == "s-curve slow" && $0.strategy == "linear" })
        let noisy = try #require(rows.first { $0.trace == "noisy, fast" && $0.strategy == "linear" })
        #expect(clean.seeds == 1 && clean.spreads.isEmpty)
        #expect(noisy.seeds == 3 && noisy.spreads["overshoot_p95_mm"] != nil)
        let mean = try #require(rows.first { $0.isSuiteMean && $0.strategy == "linear" })
        #expect(mean.spreads["perceived_latency_ms"] != nil)
    }

    /// `bench run` renders the report from its rows in memory; `bench report` reads them back
    /// from summary.csv: both must give the same bytes, and the file must read back to the rows.
    @Test("summary.csv reads back to the rows the report renders, so run and report write the same report")
    func oneRenderingPath() async throws {
        let o = try await outcome(seeds: [1, 2, 3])
        let rows = SummaryRow.rows(o, frameRateHz: 60, minMovingFrames: 40)
        let text = SummaryCSV.write(rows).string
        let read = try SummaryCSV.read(text, path: "summary.csv")
        #expect(SummaryCSV.write(read).string == text)
        #expect(read.map(\.values) == rows.map(\.values))
        #expect(read.map(\.spreads) == rows.map(\.spreads))
        func markdown(_ rows: [SummaryRow]) throws -> String {
            try Report(rows: rows, manifest: nil, charts: [], rendered: false).markdown()
        }
        #expect(try markdown(read) == markdown(rows))
        #expect(try markdown(rows).contains(" ± "))
        #expect(throws: BaselineFileError(path: "s.csv", line: 3, "overshoot_p95_mm = 'x': expected a finite number or an empty cell")) {
            try SummaryCSV.read("trace,strategy,overshoot_p95_mm\na,none,1\nb,none,x\n", path: "s.csv")
        }
    }

    @Test("the report marks the best value of each column and has every section")
    func report() throws {
        let csv = """
            trace,strategy,perceived_latency_ms,latency_removed_ms,overshoot_p95_mm,overshoot_max_mm,end_overshoot_mean_mm,end_overshoot_max_mm,trace_index,strategy_index
            a,none,35.4,0.0,0,0,0,0,0,0
            a,linear,4.6,30.8,4.049,5,0.6,0.7,0,1
            a,kalman-chromium,10.3,25.1,2.632,3,1.0,1.0,0,2
            suite mean,none,35.4,0.0,0,0,0,0,1,0
            suite mean,linear,4.6,30.8,4.049,5,0.6,0.7,1,1
            suite mean,kalman-chromium,10.3,25.1,2.632,3,1.0,1.0,1,2

            """
        let table = try CSVTable(parsing: csv)
        let context = ChartContext(caption: "Timing: test", strategies: ["none", "linear", "kalman-chromium"], traces: ["a"], summaryHeader: table.header)
        let report = try Report(
            rows: try SummaryCSV.read(csv, path: "summary.csv"), manifest: nil, charts: ChartScripts.all(context), rendered: true)
        let md = report.markdown()
        for section in ["# InkBench report", "## Summary: suite means", "## Per trace", "## Reading the trade-off", "## Charts", "## Provenance", "![Trade-off"] {
            #expect(md.contains(section), "missing \(section)")
        }
        #expect(md.contains("| linear | **4.6** | **30.8** | 4.049 |"))
        #expect(md.contains("| kalman-chromium | 10.3 | 25.1 | **2.632** |"))
        #expect(!md.contains("| none | **"), "the baseline is not marked")
        #expect(md.contains("- `linear` removes 30.8 ms"))
        let html = report.html { _ in "<?xml version=\"1.0\"?>\n<svg><title>chart</title></svg>" }
        #expect(html.contains("<td class=\" best\"><strong>2.632</strong></td>"))
        #expect(html.contains("<svg><title>chart</title></svg>") && !html.contains("<?xml"))
    }

    @Test("the trade-off reading says which strategy is dominated")
    func reading() throws {
        let csv = """
            trace,strategy,perceived_latency_ms,latency_removed_ms,overshoot_p95_mm
            t,none,35.4,0.0,0
            t,a,5,30.4,2
            t,b,8,27.4,3
            suite mean,none,35.4,0.0,0
            suite mean,a,5,30.4,2
            suite mean,b,8,27.4,3

            """
        let lines = TradeoffReading(record: try ResultsFolder.parseSummary(csv, path: "summary.csv")).sentences
        #expect(lines.map(\.strategy) == ["a", "b"])
        #expect(lines[0].text.contains("on the trade-off front"))
        #expect(lines[1].text.contains("dominated: `a`"))
    }

    @Test("chart scripts quote paths, turn enhanced text off and plot one series per strategy")
    func scripts() throws {
        let names = ["none", "linear", "kalman[sigma_p=0.02,cap_ms=16]", "it's"]
        let context = ChartContext(
            caption: "Timing: x", strategies: names, traces: ["s-curve fast", "b"], chartTraceIndex: 0,
            summaryHeader: SummaryCSV.header, framesHeader: FramesCSV.header, tailsHeader: TailsCSV.header,
            pathsHeader: PathsCSV.header, sweepHeader: SweepCSV.header)
        let scripts = ChartScripts.all(context)
        #expect(scripts.map(\.name) == ["tradeoff", "replay", "error", "bars", "sweep"])
        for s in scripts {
            #expect(s.text.contains("noenhanced"))
            #expect(s.text.contains("set termoption noenhanced"))
            #expect(!s.text.contains("plot \""), "paths are single-quoted")
        }
        let tradeoff = try #require(scripts.first)
        for name in names { #expect(tradeoff.text.contains("title \(ChartScripts.quote(name == "none" ? "none (no prediction, the baseline)" : name))")) }
        #expect(tradeoff.text.contains("'it''s'"))
        #expect(tradeoff.text.contains("'summary.csv'") && tradeoff.text.contains("'sweep.csv'"))
    }
}
