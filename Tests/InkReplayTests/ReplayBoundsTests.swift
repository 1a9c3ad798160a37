import InkPrediction
import InkStrategies
import InkTraces
import Testing

@testable import InkReplay

/// Issue 18, cases 2 and 3 on the replay side: tails for charts are capped whatever the pause,
/// `firstFrame` never traps, and a stroke's frames are bounded.
struct ReplayBoundsTests {
    /// A stroke that moves, rests 10 s (no samples), and moves again.
    static func pausedTrace(pauseS: Double) throws -> Trace {
        var t: [Double] = [], x: [Double] = []
        for i in 0..<50 { t.append(Double(i) / 240); x.append(Double(i) * 0.5) }
        for i in 0..<50 { t.append(pauseS + Double(50 + i) / 240); x.append(25 + Double(i) * 0.5) }
        return try Trace(name: "pause", strokes: [try Stroke(t: t, x: x, y: Array(repeating: 0, count: t.count))])
    }

    /// Case 2: with a 10 s pause and no horizon cap, each frame's tail has at most
    /// `Replay.maxTailPoints` points (it had one per input interval of the pause: 2,400).
    @Test func tailsAreCappedOverAPause() throws {
        let trace = try Self.pausedTrace(pauseS: 10)
        let strategy = try StrategySpec.parse("linear")
        var recorder = FrameRecorder()
        Replay.run(trace: trace, strategy: strategy, timing: Timing(), tails: true, into: &recorder)
        let longest = recorder.tails.map(\.count).max() ?? 0
        #expect(longest <= Replay.maxTailPoints)
        #expect(longest > 1)
        let total = recorder.tails.reduce(0) { $0 + $1.count }
        #expect(total <= recorder.frames.count * Replay.maxTailPoints)
        // The frames themselves grow with the pause (the model shows every frame), the tails not.
        #expect(recorder.frames.count > 2_000)
    }

    /// Tails of ordinary strokes are unchanged by the cap: a point per input interval.
    @Test func shortTailsKeepTheirStep() throws {
        let trace = try Self.pausedTrace(pauseS: 0)
        var recorder = FrameRecorder()
        Replay.run(trace: trace, strategy: try StrategySpec.parse("linear"), timing: Timing(), tails: true, into: &recorder)
        for (frame, tail) in zip(recorder.frames, recorder.tails) where tail.count > 1 {
            #expect(abs(tail[0].t - (frame.newest.t + trace.nominalInterval)) < 1e-9)
        }
    }

    /// Case 3: times near 1e300 give a clamped frame number instead of a trap.
    @Test func firstFrameNeverTraps() {
        #expect(Replay.firstFrame(atOrAfter: 1.0000000000000002e300, f0: 1e300, rate: 60) >= 0)
        #expect(Replay.firstFrame(atOrAfter: 1e300, f0: 0, rate: 60) == Replay.maxFrameIndex)
        #expect(Replay.firstFrame(atOrAfter: .nan, f0: 0, rate: 60) >= 0)
        #expect(Replay.firstFrame(atOrAfter: 1, f0: 0.002, rate: 60) == 60)
    }

    /// Case 5 through the timing model: rates and latencies beyond their physical ranges are refused.
    @Test(arguments: [("frame", 1e12), ("input", 1e12), ("latency", 1e9)])
    func timingIsBounded(_ which: String, _ value: Double) {
        var timing = Timing()
        switch which {
        case "frame": timing.frameRateHz = value
        case "input": timing.inputRateHz = value
        default: timing.inputLatencyMs = value
        }
        #expect(throws: TimingError.self) { try timing.validate() }
    }
}
