import InkPrediction
import Testing

/// Records what it is fed (with the pressure) and answers its newest sample moved 1 mm in x;
/// reaches only up to 5 ms past its newest sample; carries its memory when told to.
private struct Probe: Predictor {
    var fed: [PenPoint] = []
    var pressures: [Double?] = []
    var resets = 0
    var carries = false
    mutating func update(_ sample: PenPoint) { update(sample, pressure: nil) }
    mutating func update(_ sample: PenPoint, pressure: Double?) {
        fed.append(sample)
        pressures.append(pressure)
    }
    func predict(at t: Double) -> PenPoint? { fed.last.map { PenPoint(t: t, x: $0.x + 1, y: $0.y) } }
    func reach(at t: Double) -> Double { min(t, (fed.last?.t ?? 0) + 0.005) }
    mutating func reset() {
        fed.removeAll()
        pressures.removeAll()
        resets += 1
    }
    var carriesAcrossStrokes: Bool { carries }
}

/// A new stage written as a newcomer would: only the frame-clock answer (the tip pulled back
/// to the newest sample kept in ``PathKeepingStage/path``); everything else is the protocol's.
private struct SnapToNewest<Inner: Predictor>: PathKeepingStage {
    var inner: Inner
    var path = DeliveredPath()
    typealias FrameMemory = Inner.FrameMemory
    var initialFrameMemory: Inner.FrameMemory { inner.initialFrameMemory }
    func predict(at target: Double, frameStartTime: Double, photonTime: Double, memory: inout Inner.FrameMemory) -> PenPoint? {
        guard !path.isEmpty else { return nil }
        return PenPoint(t: target, x: path.newest.x, y: path.newest.y)
    }
}

@Suite("Path-keeping stages forward to their inner predictor")
struct PathKeepingStageTests {
    @Test("Samples and pressures reach the path and the inner predictor; reset clears both")
    func feedingAndReset() {
        var stage = SnapToNewest(inner: Probe())
        stage.update(PenPoint(t: 0, x: 1, y: 2), pressure: 0.5)
        stage.update(PenPoint(t: 0.01, x: 3, y: 4))
        #expect(stage.inner.fed == [PenPoint(t: 0, x: 1, y: 2), PenPoint(t: 0.01, x: 3, y: 4)])
        #expect(stage.inner.pressures == [0.5, nil])
        #expect(!stage.path.isEmpty && stage.path.newest == PenPoint(t: 0.01, x: 3, y: 4))
        var memory: Void = stage.initialFrameMemory
        #expect(stage.predict(at: 0.02, frameStartTime: 0.015, photonTime: 0.02, memory: &memory) == PenPoint(t: 0.02, x: 3, y: 4))
        stage.reset()
        #expect(stage.path.isEmpty && stage.inner.fed.isEmpty && stage.inner.resets == 1)
        #expect(stage.predict(at: 0.02, frameStartTime: 0.015, photonTime: 0.02, memory: &memory) == nil)
    }

    @Test("predict(at:), reach(at:), answersForFrameTimes and carriesAcrossStrokes are the inner predictor's")
    func forwarding() {
        var probe = Probe()
        probe.carries = true
        var stage = SnapToNewest(inner: probe)
        stage.update(PenPoint(t: 0.1, x: 2, y: 0), pressure: nil)
        #expect(stage.predict(at: 0.2) == PenPoint(t: 0.2, x: 3, y: 0))
        #expect(stage.reach(at: 0.2) == 0.1 + 0.005)
        #expect(stage.carriesAcrossStrokes)
        #expect(!stage.answersForFrameTimes)
        #expect(SnapToNewest(inner: LinearResamplingPredictor()).answersForFrameTimes)
        #expect(!SnapToNewest(inner: Probe()).carriesAcrossStrokes)
    }

    @Test("The built-in stages keep their own answers where they differ from the defaults")
    func builtInOverrides() {
        // The lead stage carries across strokes whatever its inner predictor; the controller
        // answers for its own target.
        #expect(LeadLearner(inner: Probe()).carriesAcrossStrokes)
        #expect(HorizonController(inner: Probe()).answersForFrameTimes)
        #expect(!LeadLearner(inner: Probe()).answersForFrameTimes)
    }

    @Test("StageParameters build their own stage around the inner predictor")
    func stageParametersBuild() {
        #expect(LeadLearnerParameters(startMm: 0.5).stage(wrapping: LinearPredictor()) is LeadLearner<LinearPredictor>)
        #expect(HorizonControllerParameters().stage(wrapping: BrakingPredictor()) is HorizonController<BrakingPredictor>)
        #expect(OneEuroFilter.Parameters().stage(wrapping: NoPredictor()) is OneEuroFilteredPredictor<NoPredictor>)
        // Through an existential, as the catalogue calls it: the stage wraps the concrete type.
        let base: any Predictor = KalmanPredictor()
        #expect(LeadLearnerParameters().stage(wrapping: base) is LeadLearner<KalmanPredictor>)
    }
}
