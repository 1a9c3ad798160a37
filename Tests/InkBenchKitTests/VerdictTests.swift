import Foundation
@testable import InkBaseline
@testable import InkFigures
import InkReplay
@testable import InkReport
@testable import InkSession
import InkStrategies
import InkSynthesis
import Testing


/// Issue 17: one figure model, one verdict in every command. Each test here failed on the
/// code before the figure registry (the defect it names is in its comment).
@Suite("One figure model, one verdict")
struct VerdictTests {
    /// The default suite's outcome with every default strategy, shared by the tests below.
    static func defaultRecord() async throws -> BenchRecord {
        let strategies = try StrategySpec.parseList(StrategyCatalog.defaultNames.joined(separator: ","))
        let outcome = try await BenchSession.run(BenchPlan(specs: SyntheticSuite.default.specs, strategies: strategies))
        return BenchRecord(outcome: outcome, strategies: strategies, suite: "default", seeds: [1], timing: Timing())
    }

    /// The same outcome's summary rows, as the report renders them.
    static func defaultRows() async throws -> [SummaryRow] {
        let strategies = try StrategySpec.parseList(StrategyCatalog.defaultNames.joined(separator: ","))
        let outcome = try await BenchSession.run(BenchPlan(specs: SyntheticSuite.default.specs, strategies: strategies))
        return SummaryRow.rows(outcome, frameRateHz: Timing().frameRateHz)
    }

    /// Defect 1: `linear` extrapolating 20 ms past the target runs ahead of the pen (Λ 1.2 ->
    /// -16.3 ms on the slow curve); check called that "improved" and "higher is worse".
    @Test("check: running ahead of the pen is a regression of latency and of latency removed")
    func runningAheadRegresses() async throws {
        let before = try await CheckFixture.record()
        let after = try await CheckFixture.record(linearShiftMs: 20)
        let report = try BaselineCheck.compare(baseline: before, now: after, tolerances: ToleranceTable())
        let slow = report.changes.filter { $0.trace == "s-curve slow" && $0.strategy == "linear" }
        let latency = try #require(slow.first { $0.figure == "perceived_latency_ms" })
        #expect((latency.baseline ?? 0) > 0 && (latency.now ?? 0) < -10)
        #expect(latency.verdict == .regressed)
        #expect(slow.first { $0.figure == "latency_removed_ms" }?.verdict == .regressed)
        #expect(report.exitCode == 1)
        #expect(Figure.perceivedLatency.direction.phrase == "closer to 0 is better")
    }

    /// Defect 1 (compare): quadratic's 36.2 ms removed (Λ -0.8) is not better than kalman's
    /// 35.4 ms (Λ 0.1): removing more than `none` shows is running ahead.
    @Test("latency removed is judged through |Λ|")
    func removedJudgedThroughMagnitude() {
        let quadratic = ["perceived_latency_ms": -0.8, "latency_removed_ms": 36.2]
        let kalman = ["perceived_latency_ms": 0.1, "latency_removed_ms": 35.4]
        let c = FigureChange(
            trace: "suite mean", strategy: "kalman", figure: "latency_removed_ms", baselineRow: quadratic, nowRow: kalman,
            tolerance: FigureTolerance(absolute: 0.5, unit: "ms"))
        #expect(c.verdict == .improved, "kalman's |Λ| 0.1 is better than quadratic's 0.8")
        // No figure is better past its ideal: every direction's cost has its minimum at the ideal.
        for f in Figure.all where f.direction != .descriptive {
            var ideal = ["perceived_latency_ms": 0.0]
            ideal[f.name] = 0
            #expect(f.cost(in: ideal) == 0, "\(f.name)")
        }
    }

    /// Defect 2: `compare quadratic kalman` said trade-off while the report said dominated.
    /// Compare, check's judgement, the report's reading and dominance now agree on every pair.
    @Test("compare, check, the report's reading and dominance agree on one outcome")
    func everyCommandAgrees() async throws {
        let record = try await Self.defaultRecord()
        let t = ToleranceTable()
        let names = record.strategies.map(\.name)
        let reading = TradeoffReading(record: record, tolerances: t)
        for a in names {
            for b in names where a != b {
                let compare = try StrategyComparison(a: record, strategyA: a, b: record, strategyB: b, tolerances: t)
                let rowA = try #require(record.row(trace: "suite mean", strategy: a)).values
                let rowB = try #require(record.row(trace: "suite mean", strategy: b)).values
                #expect(Dominance.judge(a: rowA, b: rowB, tolerances: t) == compare.verdict, "\(a) vs \(b)")
                // check, reading a's row as the baseline and b's as now, judges each rule figure alike.
                for f in Dominance.figures {
                    let checked = FigureChange(trace: "suite mean", strategy: b, figure: f.name, baselineRow: rowA, nowRow: rowB, tolerance: t[f.name])
                    #expect(compare.figures.first { $0.figure == f.name }?.verdict == checked.verdict)
                }
                if compare.verdict == .better {
                    #expect(!reading.front.contains(a), "\(a) is dominated by \(b)")
                }
            }
        }
        let quadraticVsKalman = try StrategyComparison(a: record, strategyA: "quadratic", b: record, strategyB: "kalman", tolerances: t)
        #expect(quadraticVsKalman.verdict == .better)
        let text = try #require(reading.sentences.first { $0.strategy == "quadratic" }).text
        #expect(text.contains("dominated: `kalman`"))
        let report = try Report(rows: try await Self.defaultRows(), manifest: nil, charts: [], rendered: false)
        #expect(report.record.rows == record.rows, "the report judges the rows it shows, the same rows the commands judge")
        #expect(report.markdown().contains("dominated: `kalman`"))
    }

    /// Defect 3: a comparison over different trace sets compared an 8-trace mean with a
    /// 2-trace mean. It is now over the traces both ran, and says so.
    @Test("comparisons are over the traces both strategies ran")
    func sameTraces() throws {
        func row(_ trace: String, _ strategy: String, _ latency: Double, _ p95: Double) -> BenchRecord.Row {
            BenchRecord.Row(trace: trace, strategy: strategy, frames: 100, values: ["perceived_latency_ms": latency, "overshoot_p95_mm": p95])
        }
        var rows: [BenchRecord.Row] = []
        for i in 0..<8 { rows.append(row("t\(i)", "kalman-chromium", i < 2 ? 20 : 5, i < 2 ? 1.0 : 0.2)) }
        rows += [row("t0", "recorded", 11, 0.4), row("t1", "recorded", 11, 0.4)]
        rows.append(BenchRecord.Row(trace: "suite mean", strategy: "kalman-chromium", frames: nil, values: ["perceived_latency_ms": 8.75, "overshoot_p95_mm": 0.4]))
        rows.append(BenchRecord.Row(trace: "suite mean", strategy: "recorded", frames: nil, values: ["perceived_latency_ms": 11, "overshoot_p95_mm": 0.4]))
        let record = BenchRecord(
            source: "test", toolVersion: nil, suite: nil, seeds: nil, timing: [],
            strategies: [.init(name: "kalman-chromium", parameters: []), .init(name: "recorded", parameters: [])],
            traces: (0..<8).map { "t\($0)" }, figures: ["perceived_latency_ms", "overshoot_p95_mm"], rows: rows)
        let c = try StrategyComparison(a: record, strategyA: "kalman-chromium", b: record, strategyB: "recorded", tolerances: ToleranceTable())
        #expect(c.traces == ["t0", "t1"])
        #expect(c.note?.contains("over the 2 traces both ran") == true)
        let latency = try #require(c.figures.first { $0.figure == "perceived_latency_ms" })
        #expect(latency.baseline == 20 && latency.now == 11)
        #expect(c.verdict == .better, "on the shared traces recorded is better on both")
    }

    /// Defect 4: a 10-moving-frame tap weighed as much as a long drawing in every suite mean.
    @Test("traces under the minimum of moving frames leave every suite mean but keep their rows")
    func minimumOfMovingFrames() async throws {
        let strategies = try StrategySpec.parseList("none,linear")
        let tap = SyntheticSpec(name: "tap", shape: .line(speedMMPerS: 50, directionRad: 0), duration: 0.05)
        let plan = BenchPlan(specs: [SyntheticSuite.default.specs[0], tap], strategies: strategies)
        let outcome = try await BenchSession.run(plan)
        let all = SummaryRow.rows(outcome, frameRateHz: 60, minMovingFrames: 0)
        let some = SummaryRow.rows(outcome, frameRateHz: 60, minMovingFrames: 20)
        let tapRow = try #require(some.first { $0.trace == "tap" && $0.strategy == "linear" })
        #expect(tapRow.movingFrames < 20 && !tapRow.inSuiteMean)
        let mean = try #require(some.first { $0.isSuiteMean && $0.strategy == "linear" })
        #expect(mean.traces == 1)
        #expect(mean.values["perceived_latency_ms"] == some.first { $0.trace == SyntheticSuite.default.specs[0].name && $0.strategy == "linear" }?.values["perceived_latency_ms"])
        #expect(all.first { $0.isSuiteMean && $0.strategy == "linear" }?.traces == 2)
        let notice = try #require(ResultTable.exclusionNotice(rows: some, minMovingFrames: 20))
        #expect(notice.contains("tap (\(tapRow.movingFrames))"))
        // Named once, however many strategies ran on it.
        #expect(notice.components(separatedBy: "tap (").count == 2, "\(notice)")
        let csv = SummaryCSV.write(some).string
        #expect(csv.split(separator: "\n")[0].hasSuffix("strokes,device,tool,in_suite_mean"))
        #expect(csv.contains("tap,linear,") && csv.contains(",1,,pen,0\n"))
    }

    /// Defect 4: recordings were described as "240 Hz input (synthetic)".
    @Test("the timing line states the recordings' own rates")
    func timingLine() {
        let t = Timing()
        #expect(t.summary.hasPrefix("240 Hz input (synthetic), 60 Hz frames"))
        #expect(t.summary(synthetic: false, recordingRatesHz: [62.1, 250]).hasPrefix("recordings at their own input rates (62-250 Hz), 60 Hz frames"))
        #expect(t.summary(synthetic: true, recordingRatesHz: [125]).hasPrefix("240 Hz input (synthetic) and recordings at their own input rates (125 Hz)"))
    }

    /// Defect 6: check printed "8 moved" for differences that print as +0.0000.
    @Test("a difference that prints as zero has not moved")
    func invisibleMoves() {
        let tiny = FigureChange(trace: "t", strategy: "s", figure: "overshoot_p95_mm", baseline: 1.0, now: 1.0 + 1e-12, tolerance: FigureTolerance(absolute: 0.05))
        #expect(!tiny.moved)
        let seen = FigureChange(trace: "t", strategy: "s", figure: "overshoot_p95_mm", baseline: 1.0, now: 1.0001, tolerance: FigureTolerance(absolute: 0.05))
        #expect(seen.moved)
    }

    /// Charts: latency titles say closer to 0; colours follow the strategy's name.
    @Test("chart titles and colours")
    func charts() {
        let context = ChartContext(caption: "x", strategies: ["none", "kalman", "linear"], traces: ["a"], summaryHeader: SummaryCSV.header)
        let swapped = ChartContext(caption: "x", strategies: ["linear", "none", "kalman[cap_ms=8]"], traces: ["a"], summaryHeader: SummaryCSV.header)
        for script in ChartScripts.all(context) {
            #expect(!script.text.contains("lower left is better"))
            #expect(!script.text.contains("perceived latency (lower is better"))
        }
        #expect(ChartScripts.all(context).first?.text.contains("latency closer to 0 is better") == true)
        // Colours follow the strategies' order in the run (none is black wherever it is).
        #expect(ChartScripts.style(context, 1) == ChartScripts.style(swapped, 0))
        #expect(ChartScripts.style(context, 2) == ChartScripts.style(swapped, 2))
        #expect(ChartScripts.style(swapped, 1).colour == "#000000")
        #expect(ChartScripts.style(context, 1) != ChartScripts.style(context, 2))
    }
}
