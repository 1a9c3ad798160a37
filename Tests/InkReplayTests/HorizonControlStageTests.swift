import InkMetrics
import InkPrediction
@testable import InkReplay
import InkStrategies
import InkSynthesis
import InkTraces
import Testing

/// The `control` stage through the replay: its grammar, its per-phase state, and that it holds
/// the overshoot where the bare predictor does not.
@Suite("control stage (online horizon controller) in replay")
struct HorizonControlStageTests {
    @Test func grammarNamesAndChecksTheStage() throws {
        let s = try StrategySpec.parse("control(target_mm=0.3)+linear:cap_ms=40")
        #expect(s.name == "control(target_mm=0.3)+linear[cap_ms=40]")
        #expect(s.capMs == 40)
        #expect(s.parameters.contains { $0 == ("control.target_mm", "0.3") })
        #expect(s.parameters.contains { $0 == ("control.cap_max_ms", "45") })
        do {
            _ = try StrategySpec.parse("control(target_mm=0)+braking")
            Issue.record("target_mm=0 was accepted")
        } catch {
            #expect(error.description.contains("target_mm"))
        }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("control(start_ms=50)+braking") }
    }

    /// Each phase keeps its own cap and queue: the shared-predictor replay gives, frame for
    /// frame, what a fresh controller driven through one phase alone gives.
    @Test func phasesKeepTheirOwnControllerState() throws {
        let trace = try SyntheticSuite.default.specs[1].generate(seed: 2)
        let strategy = try StrategySpec.parse("control(target_mm=0.2,start_ms=30)+quadratic")
        let timing = Timing()
        var recorder = FrameRecorder()
        Replay.run(trace: trace, strategy: strategy, timing: timing, into: &recorder)
        // The reference: one controller per (phase, stroke), fed and asked as the timing model says.
        let period = min(trace.nominalInterval, 1 / timing.frameRateHz)
        var reference: [Frame] = []
        for phase in 0..<timing.phases {
            let f0 = trace.startTime + (Double(phase) + 0.5) / Double(timing.phases) * period
            for (s, stroke) in trace.strokes.enumerated() {
                var p = HorizonController(inner: QuadraticPredictor(), parameters: .init(targetMm: 0.2, startMs: 30))
                var memory = p.initialFrameMemory
                var k = Replay.firstFrame(atOrAfter: stroke.t[0] + timing.inputLatencySeconds, f0: f0, rate: timing.frameRateHz)
                let kUp = Replay.firstFrame(atOrAfter: stroke.t[stroke.count - 1] + timing.inputLatencySeconds, f0: f0, rate: timing.frameRateHz)
                var next = 0
                while k < kUp {
                    let fk = f0 + Double(k) / timing.frameRateHz
                    while next < stroke.count && stroke.t[next] + timing.inputLatencySeconds <= fk {
                        p.update(stroke.point(next), pressure: stroke.pressure?[next])
                        next += 1
                    }
                    let tau = fk + timing.displayLatencySeconds
                    let answer = p.predict(at: tau, frameStartTime: fk, photonTime: tau, memory: &memory)
                    let newest = stroke.point(next - 1)
                    reference.append(
                        Frame(
                            phase: phase, stroke: s, index: k, startTime: fk, photonTime: tau, targetTime: answer?.t ?? tau,
                            reachTime: answer?.t ?? tau, newest: newest, newestIndex: next - 1, received: 0..<0,
                            tipX: answer?.x ?? newest.x, tipY: answer?.y ?? newest.y, predicted: answer != nil,
                            kind: tau > stroke.t[stroke.count - 1] ? .afterLift : .inStroke))
                    k += 1
                }
            }
        }
        let got = recorder.frames.sorted { ($0.phase, $0.stroke, $0.index) < ($1.phase, $1.stroke, $1.index) }
        try #require(got.count == reference.count)
        var differ = 0
        for (a, b) in zip(got, reference)
        where a.tipX != b.tipX || a.tipY != b.tipY || a.targetTime != b.targetTime || a.reachTime != b.reachTime || a.predicted != b.predicted {
            differ += 1
        }
        #expect(differ == 0, "\(differ) of \(got.count) frames differ")
    }

    /// On the default suite's first three traces, a controller around a predictor that overshoots
    /// (linear, no cap) at least halves the in-stroke overshoot p95, brings the slow and medium
    /// curves under 0.45 mm with a 0.3 mm target, and its horizon never passes cap_max_ms.
    @Test func holdsTheOvershootThatTheBarePredictorDoesNot() throws {
        let traces = try SyntheticSuite.default.specs.prefix(3).map { try $0.generate(seed: 4) }
        let bare = try StrategySpec.parse("linear")
        let controlled = try StrategySpec.parse("control(target_mm=0.3,cap_max_ms=40)+linear")
        var bareP95: [Double] = [], controlledP95: [Double] = []
        for trace in traces {
            for (strategy, into) in [(bare, 0), (controlled, 1)] {
                var figures = FigureAccumulator(truth: TraceTruth(trace))
                Replay.run(trace: trace, strategy: strategy, timing: Timing(), into: &figures)
                let p95 = try #require(figures.finish().overshootP95MM)
                if into == 0 { bareP95.append(p95) } else { controlledP95.append(p95) }
                var recorder = FrameRecorder()
                Replay.run(trace: trace, strategy: strategy, timing: Timing(), into: &recorder)
                if into == 1 {
                    for f in recorder.frames where f.predicted { #expect(f.horizon <= 0.040 + 1e-9) }
                }
            }
        }
        // Measured: bare 0.84, 2.86, 7.79 mm; controlled 0.25, 0.36, 0.91 mm (the fast curve
        // turns faster than a stroke lets the cap learn from its 15 ms start).
        for (b, c) in zip(bareP95, controlledP95) { #expect(c <= 0.5 * b, "controlled p95 \(c) mm, bare \(b) mm") }
        #expect(controlledP95.prefix(2).allSatisfy { $0 < 0.45 }, "controlled p95 \(controlledP95)")
    }
}
