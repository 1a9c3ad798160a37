import InkPrediction
@testable import InkReplay
import InkStrategies
import InkSynthesis
import InkTraces
import Testing

/// `Replay.run` answers every phase of a stroke with one predictor. These tests replay the
/// timing model the direct way, a fresh predictor per phase and stroke, and check that every
/// frame and tail is the same to the bit (only the order differs: the reference is phase by
/// phase, the replay stroke by stroke).
@Suite("Phases sharing a predictor")
struct SharedPredictorTests {
    /// The timing model with a fresh predictor per (phase, stroke): frames phase by phase.
    static func reference(
        _ trace: Trace, _ strategy: Strategy, _ timing: Timing, tails: Bool
    ) -> [(frame: Frame, tail: [PenPoint])] {
        let rate = timing.frameRateHz
        let period = min(trace.nominalInterval, 1 / rate)
        let lin = timing.inputLatencySeconds, ldisp = timing.displayLatencySeconds
        let caps = [strategy.capMs, timing.capMs].compactMap { $0 }
        let cap = caps.min().map { $0 / 1000 }
        let gap = strategy.gapResetMs.map { $0 / 1000 }
        var out: [(Frame, [PenPoint])] = []
        for phase in 0..<timing.phases {
            let f0 = trace.startTime + (Double(phase) + 0.5) / Double(timing.phases) * period
            for (s, stroke) in trace.strokes.enumerated() {
                var predictor = strategy.makePredictor(stroke)
                let n = stroke.count
                let tEnd = stroke.t[n - 1]
                var k = Replay.firstFrame(atOrAfter: stroke.t[0] + lin, f0: f0, rate: rate)
                let kUp = Replay.firstFrame(atOrAfter: tEnd + lin, f0: f0, rate: rate)
                var next = 0
                while k < kUp {
                    let fk = f0 + Double(k) / rate
                    let first = next
                    while next < n && stroke.t[next] + lin <= fk {
                        if let gap, next > 0, stroke.t[next] - stroke.t[next - 1] > gap { predictor.reset() }
                        predictor.update(stroke.point(next))
                        next += 1
                    }
                    let newest = stroke.point(next - 1)
                    let tau = fk + ldisp
                    let target = cap.map { min(tau, newest.t + $0) } ?? tau
                    let prediction = predictor.predict(at: target)
                    var tail: [PenPoint] = []
                    if tails, prediction != nil {
                        var j = 1
                        while newest.t + Double(j) * trace.nominalInterval < target {
                            if let p = predictor.predict(at: newest.t + Double(j) * trace.nominalInterval) { tail.append(p) }
                            j += 1
                        }
                        if let prediction { tail.append(prediction) }
                    }
                    out.append(
                        (
                            Frame(
                                phase: phase, stroke: s, index: k, startTime: fk, photonTime: tau, targetTime: target,
                                reachTime: prediction != nil ? predictor.reach(at: target) : target, newest: newest, newestIndex: next - 1, received: first..<next,
                                tipX: prediction?.x ?? newest.x, tipY: prediction?.y ?? newest.y,
                                predicted: prediction != nil, kind: tau > tEnd ? .afterLift : .inStroke), tail
                        ))
                    k += 1
                }
            }
        }
        return out
    }

    static func same(_ a: PenPoint, _ b: PenPoint) -> Bool {
        a.t.bitPattern == b.t.bitPattern && a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
    }

    static func same(_ a: Frame, _ b: Frame) -> Bool {
        a.phase == b.phase && a.stroke == b.stroke && a.index == b.index
            && a.startTime.bitPattern == b.startTime.bitPattern && a.photonTime.bitPattern == b.photonTime.bitPattern
            && a.targetTime.bitPattern == b.targetTime.bitPattern && a.reachTime.bitPattern == b.reachTime.bitPattern
            && same(a.newest, b.newest)
            && a.newestIndex == b.newestIndex && a.received == b.received && a.tipX.bitPattern == b.tipX.bitPattern
            && a.tipY.bitPattern == b.tipY.bitPattern && a.predicted == b.predicted && a.kind == b.kind
    }

    /// Checks `Replay.run` against the reference: the same frames and tails, stroke by stroke,
    /// then phase by phase.
    /// `heldFramesLimit` 0 replays every stroke phase by phase (the path of strokes too long to
    /// hold their later phases' frames); the default holds them.
    static func check(_ trace: Trace, _ strategy: Strategy, _ timing: Timing, tails: Bool, heldFramesLimit: Int = Replay.maxHeldFrames) {
        var recorder = FrameRecorder()
        Replay.run(trace: trace, strategy: strategy, timing: timing, tails: tails, heldFramesLimit: heldFramesLimit, into: &recorder)
        let expected = reference(trace, strategy, timing, tails: tails).sorted {
            ($0.frame.stroke, $0.frame.phase, $0.frame.index) < ($1.frame.stroke, $1.frame.phase, $1.frame.index)
        }
        #expect(recorder.frames.count == expected.count, "\(trace.name) \(strategy.name)")
        guard recorder.frames.count == expected.count else { return }
        var mismatches = 0
        for (i, e) in expected.enumerated() {
            let tail = recorder.tails[i]
            let tailsMatch = tail.count == e.tail.count && zip(tail, e.tail).allSatisfy { same($0, $1) }
            if !same(recorder.frames[i], e.frame) || !tailsMatch { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(trace.name) \(strategy.name): \(mismatches) of \(expected.count) frames differ")
    }

    /// Two strokes with a gap over the 20 ms reset limit in the first, a one-sample stroke, and
    /// an input rate that does not divide the frame rate.
    static let awkward: Trace = {
        let a = try! Stroke(
            t: [0, 0.004, 0.008, 0.030, 0.034, 0.038, 0.042, 0.046, 0.050, 0.054, 0.071, 0.075],
            x: [0, 1, 2, 5, 6, 7, 9, 12, 16, 21, 30, 31], y: [0, 0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4])
        let b = try! Stroke(t: [0.2], x: [3], y: [3])
        let c = try! Stroke(t: [0.3, 0.307, 0.314, 0.321, 0.328], x: [0, 1, 3, 6, 10], y: [5, 5, 6, 6, 7])
        return try! Trace(name: "awkward", strokes: [a, b, c], nominalInterval: 0.004, source: "test")
    }()

    @Test func everyBuiltInStrategyAndAPredictorOfOurOwn() throws {
        let traces = try SyntheticSuite.default.specs.prefix(2).map { try $0.generate(seed: 3) } + [Self.awkward]
        var strategies = try StrategySpec.parseList("none,linear,quadratic,kalman,kalman-chromium")
        strategies.append(Strategy(name: "spy", gapResetMs: 20) { _ in SpyPredictor() })
        for trace in traces {
            for strategy in strategies { Self.check(trace, strategy, Timing(), tails: false) }
        }
    }

    /// Strokes too long to hold their later phases' frames are replayed phase by phase, each
    /// phase with a fresh predictor: the same frames and tails in the same order.
    @Test func phaseByPhaseWhenTooManyFramesAreHeld() throws {
        let traces = try SyntheticSuite.default.specs.prefix(2).map { try $0.generate(seed: 3) } + [Self.awkward]
        var strategies = try StrategySpec.parseList("none,linear,quadratic,kalman,kalman-chromium,braking")
        strategies.append(Strategy(name: "spy", gapResetMs: 20) { _ in SpyPredictor() })
        var fast = Timing()
        fast.frameRateHz = 120
        fast.phases = 3
        fast.capMs = 12
        for trace in traces {
            for strategy in strategies {
                Self.check(trace, strategy, Timing(), tails: false, heldFramesLimit: 0)
                Self.check(trace, strategy, fast, tails: true, heldFramesLimit: 0)
            }
        }
        #expect(Replay.maxHeldFrames * MemoryLayout<Frame>.stride <= 8 << 20)
    }

    @Test func otherTimingsWithCapsAndTails() throws {
        let traces = try SyntheticSuite.default.specs.prefix(1).map { try $0.generate(seed: 5) } + [Self.awkward]
        var fast = Timing()
        fast.frameRateHz = 120
        fast.phases = 3
        fast.capMs = 12
        var single = Timing()
        single.phases = 1
        for timing in [fast, single] {
            for trace in traces {
                for name in ["linear:cap_ms=8", "kalman-chromium", "quadratic"] {
                    Self.check(trace, try StrategySpec.parse(name), timing, tails: true)
                }
            }
        }
    }
}
