import InkPrediction
import Testing

/// Extrapolates the last two samples' velocity `gain` times too far: `gain` 1 is the exact
/// linear predictor on a straight line at constant speed, `gain` 3 overshoots by design.
private struct ScaledLinear: Predictor {
    var gain: Double
    var last: PenPoint?
    var previous: PenPoint?
    mutating func update(_ sample: PenPoint) { previous = last; last = sample }
    func predict(at t: Double) -> PenPoint? {
        guard let p = last, let q = previous, p.t > q.t else { return nil }
        let k = gain * (t - p.t) / (p.t - q.t)
        return PenPoint(t: t, x: p.x + k * (p.x - q.x), y: p.y + k * (p.y - q.y))
    }
    mutating func reset() { last = nil; previous = nil }
}

/// Drives a controller as the timing model does (240 Hz samples along x at `speed` mm/s, 60 Hz
/// frames, 8 ms input latency, 25 ms display latency), for `seconds`; returns each frame's
/// answer, the newest sample's time at it, and the memory's caps after each frame.
private func drive(
    _ controller: HorizonController<ScaledLinear>, seconds: Double, speed: Double = 100, stopAfter: Double = .infinity
) -> (answers: [PenPoint?], newest: [Double], capsS: [Double], memory: HorizonController<ScaledLinear>.FrameMemory) {
    var p = controller
    var memory = p.initialFrameMemory
    let n = Int(seconds * 240)
    let t = (0..<n).map { Double($0) / 240 }
    var answers: [PenPoint?] = [], newest: [Double] = [], caps: [Double] = []
    var next = 0
    var fk = 0.0105
    while fk < t[n - 1] + 0.008 && fk <= stopAfter {
        while next < n && t[next] + 0.008 <= fk {
            p.update(PenPoint(t: t[next], x: speed * t[next], y: 0), pressure: nil)
            next += 1
        }
        if next > 0 {
            let tau = fk + 0.025
            answers.append(p.predict(at: tau, frameStartTime: fk, photonTime: tau, memory: &memory))
            newest.append(t[next - 1])
            caps.append(memory.capS)
        }
        fk += 1.0 / 60
    }
    return (answers, newest, caps, memory)
}

@Suite("Online horizon controller")
struct HorizonControllerTests {
    /// An inner predictor that runs 3 times too far ahead overshoots at every long horizon:
    /// the controller shortens the cap from 45 ms to where the tips' p95 holds 0.4 mm.
    @Test func shortensOnAnOvershootingInput() throws {
        let c = HorizonController(
            inner: ScaledLinear(gain: 3), parameters: .init(targetMm: 0.4, startMs: 45, capMaxMs: 45))
        let run = drive(c, seconds: 3)
        let final = try #require(run.capsS.last)
        #expect(run.memory.judged > 100)
        #expect(run.memory.missed > 0)
        // At 100 mm/s the tip at photon time overshoots by 100 * (3h - (τ - t_newest)) mm:
        // 0.4 mm needs h under about (τ - t_newest + 4 ms) / 3, well under 25 ms.
        #expect(final < 0.025, "cap \(final * 1000) ms")
        #expect(final < 0.045)
    }

    /// An exact inner predictor never overshoots: the controller lengthens the cap from its
    /// 5 ms start, by step × miss rate per judged tip, up to the cap maximum.
    @Test func lengthensOnAWellPredictedInput() throws {
        let c = HorizonController(inner: ScaledLinear(gain: 1), parameters: .init(startMs: 5, capMaxMs: 30))
        let run = drive(c, seconds: 4)
        #expect(run.memory.missed == 0)
        let caps = run.capsS
        #expect(zip(caps, caps.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(try #require(caps.last) > 0.025)
    }

    /// The horizon shown (answer's time minus the newest sample's) never exceeds the cap maximum,
    /// and the cap stays in [0, cap maximum], with either inner predictor.
    @Test(arguments: [1.0, 3.0])
    func neverExceedsTheCap(gain: Double) {
        let c = HorizonController(inner: ScaledLinear(gain: gain), parameters: .init(startMs: 20, capMaxMs: 20))
        let run = drive(c, seconds: 3)
        for (answer, newest) in zip(run.answers, run.newest) {
            guard let answer else { continue }
            #expect(answer.t - newest <= 0.020 + 1e-12)
        }
        #expect(run.capsS.allSatisfy { $0 >= 0 && $0 <= 0.020 })
    }

    /// Same inputs, same answers to the bit; and an answer never depends on later samples: the
    /// run stopped half way gives the same answers up to there.
    @Test func deterministicAndCausal() {
        let c = HorizonController(inner: ScaledLinear(gain: 2), parameters: .init(targetMm: 0.3))
        let a = drive(c, seconds: 2), b = drive(c, seconds: 2)
        #expect(a.answers == b.answers)
        #expect(a.capsS == b.capsS)
        let half = drive(c, seconds: 2, stopAfter: 1.0)
        #expect(half.answers.count > 10)
        #expect(Array(a.answers.prefix(half.answers.count)) == half.answers)
    }

    /// A reset forgets the samples (nothing to answer from); a fresh memory starts at start_ms.
    @Test func resetForgetsAndMemoryStartsCold() {
        var c = HorizonController(inner: ScaledLinear(gain: 1), parameters: .init(startMs: 12))
        c.update(PenPoint(t: 0, x: 0, y: 0))
        c.update(PenPoint(t: 0.004, x: 1, y: 0))
        var m = c.initialFrameMemory
        #expect(m.capS == 0.012)
        #expect(c.predict(at: 0.03, frameStartTime: 0.01, photonTime: 0.035, memory: &m) != nil)
        c.reset()
        #expect(c.predict(at: 0.03, frameStartTime: 0.01, photonTime: 0.035, memory: &m) == nil)
    }

    /// With carry_cap the cap a stroke ends with, after its queued tips are judged, starts the
    /// next stroke, and the controller says it carries state; without it the cap restarts.
    @Test(arguments: [false, true])
    func carryCapKeepsTheCapAcrossStrokes(carry: Bool) throws {
        let c = HorizonController(inner: ScaledLinear(gain: 1), parameters: .init(startMs: 5, capMaxMs: 30, carryCap: carry))
        #expect(c.carriesAcrossStrokes == carry)
        var run = drive(c, seconds: 1)
        let ended = try #require(run.capsS.last)
        #expect(ended > 0.010 && ended < 0.030)
        c.endStroke(&run.memory)
        if carry {
            // The tips still queued (1 to `pendingCapacity`: a frame's tip waits 8 ms of
            // delivery plus 25 ms of photon time) were shown past the last sample (the lift) at
            // 100 mm/s, each more than 0.4 mm past it: every one is a miss, each shortening the
            // cap by step x (1 - miss rate) = 3.8 ms (not below 0). The new stroke's counts
            // start afresh, so the number of misses is read from the cap.
            let afterMisses = (1...HorizonController<ScaledLinear>.pendingCapacity).map { n in
                (0..<n).reduce(ended) { cap, _ in max(0, cap - 0.0038) }
            }
            let matched = afterMisses.firstIndex { abs(run.memory.capS - $0) < 1e-12 }
            #expect(matched != nil, "cap \(run.memory.capS) s from \(ended) s: not 1 to 16 misses")
            #expect(run.memory.judged == 0 && run.memory.missed == 0)
        } else {
            #expect(run.memory.capS == 0.005)
        }
    }

    /// With lead_step_mm the controller holds a lead (mm) instead of a cap. The inner predictor
    /// 3x too far puts its tip 10-11 mm ahead; cut to the lead it lies on the line, past the pen
    /// at photon time by (lead - travel), the travel 3.3-3.7 mm (33-37 ms at 100 mm/s): the lead
    /// comes down from 5 mm to where 5 % of tips pass 0.4 mm, about 3.7-4.1 mm. An exact inner
    /// predictor (never cut, never past the pen) lets it rise to lead_max_mm. The cap is left
    /// alone and does not limit the horizon; carry_cap carries the lead, after the tips shown
    /// past the lift are judged (misses: each shortens it).
    @Test(arguments: [3.0, 1.0])
    func leadStepHoldsALeadInsteadOfACap(gain: Double) throws {
        let parameters = HorizonControllerParameters(startMs: 5, capMaxMs: 5, carryCap: true, leadStepMm: 0.2, leadStartMm: 5, leadMaxMm: 6)
        let c = HorizonController(inner: ScaledLinear(gain: gain), parameters: parameters)
        var run = drive(c, seconds: 3)
        #expect(run.memory.judged > 100)
        #expect(run.capsS.allSatisfy { $0 == 0.005 })
        for (answer, newest) in zip(run.answers, run.newest) {
            guard let answer else { continue }
            #expect(answer.t - newest > 0.03)
            #expect(answer.x - 100 * newest <= 6 + 1e-9)
        }
        let lead = run.memory.leadMm
        if gain > 1 {
            #expect(run.memory.missed > 0)
            #expect(lead > 3.3 && lead < 4.3, "lead \(lead) mm")
        } else {
            #expect(run.memory.missed == 0)
            #expect(lead == 6)
        }
        c.endStroke(&run.memory)
        #expect(run.memory.leadMm < lead)
        #expect(run.memory.judged == 0)
    }

    @Test func parametersOutOfRangeAreNamed() {
        for (p, name) in [
            (HorizonControllerParameters(targetMm: 0), "target_mm"), (HorizonControllerParameters(missRate: 0.9), "miss_rate"),
            (HorizonControllerParameters(stepMs: .nan), "step_ms"), (HorizonControllerParameters(startMs: 50, capMaxMs: 45), "start_ms"),
            (HorizonControllerParameters(capMaxMs: 300), "cap_max_ms"), (HorizonControllerParameters(leadStepMm: -1), "lead_step_mm"),
            (HorizonControllerParameters(leadStartMm: .nan), "lead_start_mm"), (HorizonControllerParameters(leadMaxMm: 101), "lead_max_mm"),
            (HorizonControllerParameters(leadStepMm: 0.2, leadStartMm: 4, leadMaxMm: 3), "lead_start_mm"),
        ] {
            #expect(throws: PredictorParameterError.self) { try p.validate() }
            do { try p.validate() } catch { #expect(error.parameter == name) }
        }
        #expect(throws: Never.self) { try HorizonControllerParameters().validate() }
    }
}
