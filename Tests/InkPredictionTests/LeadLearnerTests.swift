import InkPrediction
import Testing

/// Extrapolates the last two samples' velocity to any time: on a pen that stops abruptly it runs
/// past the lift by speed times the horizon.
private struct Extrapolate: Predictor {
    var last: PenPoint?
    var previous: PenPoint?
    mutating func update(_ sample: PenPoint) { previous = last; last = sample }
    func predict(at t: Double) -> PenPoint? {
        guard let p = last, let q = previous, p.t > q.t else { return nil }
        let k = (t - p.t) / (p.t - q.t)
        return PenPoint(t: t, x: p.x + k * (p.x - q.x), y: p.y + k * (p.y - q.y))
    }
    mutating func reset() { last = nil; previous = nil }
}

/// Shows the newest sample as its answer: never ahead of the pen.
private struct Hold: Predictor {
    var last: PenPoint?
    mutating func update(_ sample: PenPoint) { last = sample }
    func predict(at t: Double) -> PenPoint? { last.map { PenPoint(t: t, x: $0.x, y: $0.y) } }
    mutating func reset() { last = nil }
}

/// One stroke driven as the timing model does: 240 Hz samples along x at `speed` mm/s for
/// `seconds`, ending at full speed; 60 Hz frames from 10.5 ms with 8 ms input latency and 25 ms
/// display latency up to the pen-up; then every sample fed and ``LeadLearner/endStroke(_:)``.
/// Returns each frame's (photon time, newest sample, shown tip).
private func stroke<P: Predictor>(
    _ learner: LeadLearner<P>, memory: inout LeadLearner<P>.FrameMemory, seconds: Double = 0.3, speed: Double = 200
) -> [(photon: Double, newest: PenPoint, tip: PenPoint?)] {
    var p = learner
    p.reset()
    let n = Int(seconds * 240)
    let samples = (0..<n).map { PenPoint(t: Double($0) / 240, x: speed * Double($0) / 240, y: 0) }
    var frames: [(photon: Double, newest: PenPoint, tip: PenPoint?)] = []
    var next = 0
    var fk = 0.0105
    while fk < samples[n - 1].t + 0.008 {
        while next < n && samples[next].t + 0.008 <= fk {
            p.update(samples[next], pressure: nil)
            next += 1
        }
        if next > 0 {
            let tau = fk + 0.025
            frames.append((tau, samples[next - 1], p.predict(at: tau, frameStartTime: fk, photonTime: tau, memory: &memory)))
        }
        fk += 1.0 / 60
    }
    while next < n {
        p.update(samples[next], pressure: nil)
        next += 1
    }
    p.endStroke(&memory)
    return frames
}

@Suite("LeadLearner: a lead cut-off learnt across strokes")
struct LeadLearnerTests {
    /// Every shown tip is within the frame clock's lead of the newest sample, in the inner tip's direction.
    @Test func cutsTipsToTheLead() {
        let learner = LeadLearner(inner: Extrapolate(), parameters: .init(startMm: 1.5))
        var memory = learner.initialFrameMemory
        let frames = stroke(learner, memory: &memory)
        var cut = 0
        for f in frames {
            guard let tip = f.tip else { continue }
            let lead = ((tip.x - f.newest.x) * (tip.x - f.newest.x) + (tip.y - f.newest.y) * (tip.y - f.newest.y)).squareRoot()
            #expect(lead <= 1.5 + 1e-9)
            #expect(tip.x >= f.newest.x && abs(tip.y) < 1e-12)
            if lead > 1.5 - 1e-9 { cut += 1 }
        }
        // At 200 mm/s and a horizon of 30 ms or more the inner tip leads by 6 mm: every frame is cut.
        #expect(cut == frames.filter { $0.tip != nil }.count && cut > 10)
    }

    /// A stroke that ends at full speed ran its after-lift tips past the lift: the next lead drops
    /// at once to what that lift allowed (the tips within target_mm of the lift point).
    @Test func dropsAtOnceAfterALiftThatOvershoots() throws {
        let parameters = LeadLearnerParameters(startMm: 4, targetMm: 0.6, stepMm: 0.5, maxMm: 4)
        let learner = LeadLearner(inner: Extrapolate(), parameters: parameters)
        var memory = learner.initialFrameMemory
        let frames = stroke(learner, memory: &memory)
        let end = 200 * (Double(Int(0.3 * 240) - 1) / 240)
        let afterLift = frames.filter { $0.photon > Double(Int(0.3 * 240) - 1) / 240 && $0.tip != nil }
        try #require(!afterLift.isEmpty)
        // The tip shown after the lift at the start lead ran past the lift point by more than the target.
        #expect(afterLift.contains { ($0.tip?.x ?? 0) - end > 0.6 })
        // The allowed lead: from the newest sample nearest the lift, the distance to the lift plus the target.
        let nearest = afterLift.map { end - $0.newest.x }.min() ?? 0
        #expect(memory.leadMm <= nearest + 0.6 + 1e-9)
        #expect(memory.leadMm >= nearest + 0.6 - 0.6 / 8 - 1e-9)
        #expect(memory.strokesJudged == 1)
        // The next stroke's after-lift tips stay within the target (same stroke, same frames).
        let again = stroke(learner, memory: &memory)
        for f in again where f.photon > Double(Int(0.3 * 240) - 1) / 240 {
            if let tip = f.tip { #expect(tip.x - end <= 0.6 + 1e-9) }
        }
    }

    /// Lifts that leave no ink past the pen let the lead rise by step_mm a stroke, up to max_mm.
    @Test func risesByStepWhileLiftsAllowMore() {
        let learner = LeadLearner(inner: Hold(), parameters: .init(startMm: 1, targetMm: 0.6, stepMm: 0.5, maxMm: 2.2))
        var memory = learner.initialFrameMemory
        var leads: [Double] = []
        for _ in 0..<4 {
            _ = stroke(learner, memory: &memory)
            leads.append(memory.leadMm)
        }
        #expect(leads == [1.5, 2.0, 2.2, 2.2])
        #expect(memory.strokesJudged == 4)
    }

    /// A stroke whose after-lift frames showed nothing (the inner predictor declined) leaves the lead as it was.
    @Test func aStrokeWithNoAfterLiftTipChangesNothing() {
        let learner = LeadLearner(inner: NoPredictor(), parameters: .init(startMm: 1.2))
        var memory = learner.initialFrameMemory
        _ = stroke(learner, memory: &memory)
        #expect(memory.leadMm == 1.2 && memory.strokesJudged == 0)
    }

    @Test func parametersAreChecked() {
        #expect(throws: PredictorParameterError.self) { try LeadLearnerParameters(startMm: 5, maxMm: 4).validate() }
        #expect(throws: PredictorParameterError.self) { try LeadLearnerParameters(targetMm: 0).validate() }
        #expect(throws: Never.self) { try LeadLearnerParameters().validate() }
    }
}
