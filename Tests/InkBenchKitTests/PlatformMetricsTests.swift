import Foundation
import InkBenchKit
import InkFigures
import InkMetrics
import InkPrediction
import InkReplay
import InkStrategies
import InkTraces
import Testing

/// The platform metric sets driven by strategies over traces.
@Suite("Platform metrics: Android and Chromium on strategies")
struct PlatformMetricsTests {
    /// A straight line at 100 mm/s, 240 Hz, 0.5 s, in one stroke.
    static func line() throws -> Trace {
        let samples = (0...120).map { i in Sample(t: Double(i) / 240, x: 100 * Double(i) / 240, y: 10, pressure: 0.5) }
        return try Trace(name: "line", strokes: [try Stroke(samples: samples)])
    }

    @Test func linearOnAStraightLineIsExact() throws {
        let trace = try Self.line()
        let linear = try StrategySpec.parse("linear")
        let a = PlatformMetrics.android(trace: trace, strategy: linear)
        #expect(a.strokes.count == 1)
        let atoms = try #require(a.strokes.first)
        // Every bucket has matches, each error 0 (to a milli-px), the last bucket's speed
        // (1080 px/s at 10.8 px/mm) below Android's 1100 px/s threshold.
        for atom in atoms {
            #expect(atom.alongMeanMilliPx.map { abs($0) <= 1 } == true)
            #expect(atom.offRMSEMilliPx.map { $0 <= 1 } == true)
            #expect(atom.highVelocityAlongRMSEMilliPx == nil)
        }
        #expect(a.droppedOutsideBuckets == 0 && a.matches > 500 && a.predictions == 5 * 120)
        // At 20 px/mm the pen moves 2000 px/s: the last two buckets report high-velocity errors.
        let fast = PlatformMetrics.android(trace: trace, strategy: linear, pxPerMM: 20)
        #expect(fast.strokes.first?[4].highVelocityAlongRMSEMilliPx.map { $0 <= 1 } == true)

        let c = PlatformMetrics.chromium(trace: trace, strategy: linear, timing: Timing())
        #expect(c.records.count > 50)
        #expect(c.records.allSatisfy { abs($0.overUnderPx) < 1e-6 })
        // The frame score is the distance to the truth at the photon time: the same here, as
        // linear predicts to the photon time.
        #expect(c.records.allSatisfy { abs($0.frameOverUnderPx) < 1e-6 })
    }

    @Test func noneScoresNothingAndACapShowsInTheFrameScore() throws {
        let trace = try Self.line()
        #expect(PlatformMetrics.chromium(trace: trace, strategy: .none, timing: Timing()).records.isEmpty)
        #expect(PlatformMetrics.android(trace: trace, strategy: .none).predictions == 0)
        // Capped at 10 ms, linear lands on the truth at its own time but short of the photon
        // time: under-predicted there by 100 mm/s x (photon - target).
        let capped = try StrategySpec.parse("linear:cap_ms=10")
        let c = PlatformMetrics.chromium(trace: trace, strategy: capped, timing: Timing())
        #expect(c.records.allSatisfy { abs($0.overUnderPx) < 1e-6 })
        #expect(c.records.allSatisfy { $0.frameOverUnderPx < -1 })
    }

    @Test func pointListStrategiesHandOverTheirPoints() throws {
        // Recorded tails 25 ms ahead at 120 Hz input: Android's bucket index 5 is out of range.
        let n = 30
        let samples = (0..<n).map { i in Sample(t: Double(i) / 120, x: Double(i), y: 0) }
        let tails = (0..<n).map { i in [PenPoint(t: Double(i) / 120 + 0.025, x: Double(i) + 3, y: 0)] }
        let trace = try Trace(name: "tails", strokes: [try Stroke(samples: samples, recordedPredictions: tails)])
        let recorded = try StrategySpec.parse("recorded")
        let a = PlatformMetrics.android(trace: trace, strategy: recorded)
        #expect(a.predictions == n)
        #expect(a.droppedOutsideBuckets == n - 3)
    }

    @Test func csvFilesAreDeterministic() throws {
        let traces = [try Self.line()]
        let strategies = try StrategySpec.parseList("none,linear,kalman")
        func write() -> ([UInt8], [UInt8]) {
            let a = strategies.map { PlatformMetrics.android(trace: traces[0], strategy: $0) }
            let c = strategies.map { PlatformMetrics.chromium(trace: traces[0], strategy: $0, timing: Timing()) }
            return (PlatformMetrics.androidCSV(a, traces: ["line"], strategies: strategies.map(\.name)).bytes,
                    PlatformMetrics.chromiumCSV(c, traces: ["line"], strategies: strategies.map(\.name)).bytes)
        }
        let first = write(), second = write()
        #expect(first.0 == second.0 && first.1 == second.1)
        let text = String(decoding: first.0, as: UTF8.self)
        #expect(text.hasPrefix(PlatformMetrics.androidHeader.joined(separator: ",") + "\n"))
        // 3 strategies x (1 trace + all traces) x 5 buckets.
        #expect(text.split(separator: "\n").count == 1 + 3 * 2 * 5)
    }

    @Test func everyNewCSVColumnWithAFactHasOne() {
        for column in ["error_mean", "error_p50", "error_p95"] { #expect(FieldFigures.figure(csv: "horizon.csv", column: column) != nil) }
        for f in FieldFigures.all where f.csv == "android-metrics.csv" { #expect(PlatformMetrics.androidHeader.contains(f.column), "\(f.column)") }
        for f in FieldFigures.all where f.csv == "chromium-metrics.csv" { #expect(PlatformMetrics.chromiumHeader.contains(f.column), "\(f.column)") }
        for f in FieldFigures.all where f.csv == "horizon.csv" { #expect(HorizonCSV.header.contains(f.column), "\(f.column)") }
    }
}
