import InkMetrics
import InkReplay
import InkSession
import InkStrategies
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

/// The branch-and-bound search returns exactly the full 0.1 ms grid's answer.
@Suite("Perceived-latency search")
struct PerceivedLatencySearchTests {
    static func latencyFrames(_ trace: Trace, _ strategy: Strategy, _ timing: Timing = Timing()) -> (LatencyFrames, [GroundTruth]) {
        let truth = TraceTruth(trace)
        var acc = FigureAccumulator(truth: truth)
        Replay.run(trace: trace, strategy: strategy, timing: timing, into: &acc)
        return (acc.latencyFrames, truth.strokes)
    }

    static func check(_ trace: Trace, _ strategy: Strategy, _ timing: Timing = Timing()) throws {
        let (frames, truths) = latencyFrames(trace, strategy, timing)
        let grid = try #require(PerceivedLatency.fullGrid(frames, truths: truths))
        let fast = try #require(PerceivedLatency.search(frames, truths: truths))
        #expect(fast.tenthsMs == grid.tenthsMs, "\(trace.name) / \(strategy.name)")
        #expect(fast.cost == grid.cost)
        #expect(fast.atEdge == grid.atEdge)
        #expect(fast.evaluations < grid.evaluations / 4, "\(trace.name) / \(strategy.name): \(fast.evaluations) evaluations")
        // Without the tips' times the search starts from probes instead of their mean lag:
        // the same answer.
        var bare = LatencyFrames()
        for run in frames.runs {
            for k in run.start..<run.end {
                bare.append(stroke: run.stroke, photonTime: frames.photonTime[k], tipX: frames.tips[k].x, tipY: frames.tips[k].y)
            }
        }
        #expect(bare.lagCount == 0 && frames.lagCount == frames.count)
        let again = try #require(PerceivedLatency.search(bare, truths: truths))
        #expect(again.tenthsMs == grid.tenthsMs && again.cost == grid.cost && again.atEdge == grid.atEdge,
                "\(trace.name) / \(strategy.name), no tip times")
    }

    static let strategies = StrategyCatalog.defaultNames + ["kalman:cap_ms=8", "linear:cap_ms=40"]

    @Test(arguments: strategies)
    func defaultSuite(strategyName: String) throws {
        let strategy = try StrategySpec.parse(strategyName)
        for trace in try SyntheticSuite.default.generate(seed: 3) { try Self.check(trace, strategy) }
    }

    @Test(arguments: ["none", "linear", "kalman"])
    func lineCircleAndPromotion(strategyName: String) throws {
        let strategy = try StrategySpec.parse(strategyName)
        try Self.check(try SyntheticSuite.straightLine.generate(seed: 1), strategy)
        var circle = SyntheticSpec(name: "circle", shape: .circle(radiusMM: 20, turns: 1.5), duration: 1.2)
        circle.noiseMM = 0.05
        try Self.check(try circle.generate(seed: 2), strategy)
        try Self.check(try SyntheticSuite.default.specs[2].generate(seed: 1), strategy, try #require(Timing.preset(named: "ipad-promotion")))
    }

    /// Irregular timestamps (1 ms and 16 ms intervals in pairs, as some digitizers report)
    /// make the cost bumpy below 1 ms; the search must still find the grid minimum.
    @Test(arguments: ["none", "linear", "quadratic", "kalman"])
    func bumpyCostFromIrregularTimestamps(strategyName: String) throws {
        let spec = SyntheticSuite.default.specs[1]
        let clean = try spec.generate(seed: 1)
        let stroke = clean.strokes[0]
        var t: [Double] = [], x: [Double] = [], y: [Double] = []
        var time = 0.0, i = 0
        let truth = stroke.groundTruth()
        while time <= stroke.endTime {
            let p = truth.position(at: time)
            t.append(time); x.append((p.x * 2).rounded() / 2); y.append((p.y * 2).rounded() / 2)
            time += i % 2 == 0 ? 0.001 : 0.016
            i += 1
        }
        let recorded = try Trace(name: "irregular", strokes: [try Stroke(t: t, x: x, y: y)], source: "test")
        try Self.check(recorded, try StrategySpec.parse(strategyName))
    }

    @Test func noMovingFramesMeansNoLatency() throws {
        let still = try Trace(
            name: "still", strokes: [try Stroke(t: [0, 0.01, 0.02, 0.03], x: [1, 1, 1, 1], y: [2, 2, 2, 2])], source: "test")
        let f = BenchRunner.runOne(trace: still, truth: TraceTruth(still), strategy: .none, timing: Timing()).figures
        #expect(f.movingFrames == 0)
        #expect(f.perceivedLatencyTenthsMs == nil)
    }

    /// A tip that is not finite makes the cost not a number at every shift, and tips so large
    /// that the cost overflows make it infinite at every shift: no `Λ`, from the search and
    /// the full grid alike (they used to disagree on a NaN tip).
    @Test(arguments: [Double.nan, .infinity, 1e200])
    func tipsWithoutAFiniteCostHaveNoLatency(bad: Double) throws {
        let (frames, truths) = Self.latencyFrames(try SyntheticSuite.default.specs[2].generate(seed: 1), .none)
        var broken = LatencyFrames()
        for run in frames.runs {
            for k in run.start..<run.end {
                let q = frames.tips[k]
                let x = bad.isFinite ? q.x + bad : (k == run.start + 3 ? bad : q.x)
                broken.append(stroke: run.stroke, photonTime: frames.photonTime[k], tipX: x, tipY: q.y)
            }
        }
        #expect(PerceivedLatency.fullGrid(broken, truths: truths) == nil)
        #expect(PerceivedLatency.search(broken, truths: truths) == nil)
        // The frames as they were have one.
        #expect(PerceivedLatency.search(frames, truths: truths) != nil)
    }

    @Test func edgeOfTheRangeIsFlagged() throws {
        let trace = try SyntheticSuite.straightLine.generate(seed: 1)
        let f = BenchRunner.runOne(trace: trace, truth: TraceTruth(trace), strategy: OraclePredictor.strategy(aheadMs: 80), timing: Timing()).figures
        #expect(f.perceivedLatencyTenthsMs == PerceivedLatency.lowestTenths)
        #expect(f.perceivedLatencyAtEdge)
    }
}
