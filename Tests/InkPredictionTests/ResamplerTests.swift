import InkPrediction
import Testing

/// Chromium's `linear_resampling_unittest.cc` (ms and px) and Flutter's `_positionAt` rules.
@Suite("Resamplers: Chromium/Android linear resampling, Flutter")
struct ResamplerTests {
    func resampler(_ events: [(t: Double, x: Double, y: Double)]) -> LinearResamplingPredictor {
        var r = LinearResamplingPredictor()
        for e in events { r.update(PenPoint(t: e.t / 1000, x: e.x, y: e.y)) }
        return r
    }

    /// `ResamplingValue`: events at 15 and 24 ms, frame at 33 ms: sample time 28 ms, (24.44, 33.89);
    /// then an event at 32 ms and a frame at 41 ms: (35, 40).
    @Test func chromiumResamplingValue() throws {
        var r = resampler([(15, 10, 5), (24, 20, 25)])
        let a = try #require(r.predict(frameStartTime: 0.033, photonTime: 0.05))
        #expect(abs(a.x - 24.44) < 0.01 && abs(a.y - 33.89) < 0.01)
        #expect(abs(a.t - 0.028) < 1e-12)
        r.update(PenPoint(t: 0.032, x: 30, y: 35))
        let b = try #require(r.predict(frameStartTime: 0.041, photonTime: 0.058))
        #expect(abs(b.x - 35) < 1e-9 && abs(b.y - 40) < 1e-9)
    }

    /// `ResamplingMaxPrediction`: 10 and 30 ms, frame 45 ms: capped at 30 + 8 ms: (24, 12).
    @Test func chromiumMaxPrediction() throws {
        let r = resampler([(10, 10, 5), (30, 20, 10)])
        let a = try #require(r.predict(frameStartTime: 0.045, photonTime: 0.06))
        #expect(abs(a.x - 24) < 1e-9 && abs(a.y - 12) < 1e-9)
        #expect(abs(a.t - 0.038) < 1e-12)
    }

    /// `ResamplingBoundLastDelta`: 10 and 14 ms, frame 20 ms: capped at 14 + 2 ms: (22.5, 11.25).
    @Test func chromiumBoundLastDelta() throws {
        let r = resampler([(10, 10, 5), (14, 20, 10)])
        let a = try #require(r.predict(frameStartTime: 0.020, photonTime: 0.04))
        #expect(abs(a.x - 22.5) < 1e-9 && abs(a.y - 11.25) < 1e-9)
    }

    /// AOSP `libs/input/tests/TouchResampling_test.cpp`, `EventIsResampled`: events at 0, 10 and
    /// 20 ms, frame at 35 ms: the sample time 30 ms is capped at 20 + 10/2 = 25 ms: (35, 30).
    /// `SampleTimeEqualsEventTime`: frame at 25 ms, sample time 20 ms: the event itself (30, 30).
    @Test func androidTouchResamplingTests() throws {
        let r = resampler([(0, 10, 20), (10, 20, 30), (20, 30, 30)])
        let a = try #require(r.predict(frameStartTime: 0.035, photonTime: 0.05))
        #expect(a == PenPoint(t: 0.025, x: 35, y: 30))
        let b = try #require(r.predict(frameStartTime: 0.025, photonTime: 0.04))
        #expect(abs(b.x - 30) < 1e-12 && abs(b.y - 30) < 1e-12 && abs(b.t - 0.020) < 1e-12)
    }

    /// `ResampleMinDelta` and the 20 ms limit: no resampling under 2 ms or over 20 ms.
    @Test func deltaLimits() {
        #expect(resampler([(0, 0, 0), (1, 1, 0)]).predict(frameStartTime: 0.01, photonTime: 0.02) == nil)
        #expect(resampler([(0, 0, 0), (21, 1, 0)]).predict(frameStartTime: 0.03, photonTime: 0.04) == nil)
        #expect(resampler([(0, 0, 0)]).predict(frameStartTime: 0.03, photonTime: 0.04) == nil)
    }

    /// Android's interpolation when a sample after the sample time has arrived.
    @Test func androidInterpolatesWithNextSample() throws {
        let r = resampler([(0, 0, 0), (10, 10, 0), (20, 20, 4)])
        let a = try #require(r.predict(frameStartTime: 0.020, photonTime: 0.03))   // s = 15 ms
        #expect(abs(a.x - 15) < 1e-9 && abs(a.y - 2) < 1e-9 && abs(a.t - 0.015) < 1e-12)
    }

    /// Flutter interpolates between the samples around `presentation − 38 ms` (the harness's
    /// photon time: the engine's frame time stamp is the vsync target), holds the newest at or
    /// before it when none is later, and shows the first before the stroke starts. The frame's
    /// start does not matter.
    @Test func flutterPositionAt() throws {
        var r = FlutterResamplerPredictor()
        #expect(r.predict(frameStartTime: 1, photonTime: 1) == nil)
        r.update(PenPoint(t: 0.000, x: 0, y: 0))
        r.update(PenPoint(t: 0.010, x: 10, y: 20))
        let a = try #require(r.predict(frameStartTime: 0.018, photonTime: 0.043))
        #expect(abs(a.x - 5) < 1e-9 && abs(a.y - 10) < 1e-9 && abs(a.t - 0.005) < 1e-12)
        #expect(r.predict(frameStartTime: 0.030, photonTime: 0.043) == a)
        let held = try #require(r.predict(frameStartTime: 0.1, photonTime: 0.12))
        #expect(held == PenPoint(t: 0.010, x: 10, y: 20))
        let early = try #require(r.predict(frameStartTime: 0.01, photonTime: 0.03))
        #expect(early == PenPoint(t: 0, x: 0, y: 0))
        #expect(r.answersForFrameTimes)
        #expect(!LinearPredictor().answersForFrameTimes)
        // The frame-timed defaults: predict(at:) declines, reset empties the ring.
        #expect(r.predict(at: 0.02) == nil)
        r.reset()
        #expect(r.ring.count == 0 && r.predict(frameStartTime: 1, photonTime: 1) == nil)
    }

    @Test func parametersAreValidated() {
        #expect(throws: PredictorParameterError.self) {
            try LinearResamplingPredictor.Parameters(minDeltaMs: 30).validate()
        }
        #expect(throws: PredictorParameterError.self) {
            try FlutterResamplerPredictor.Parameters(offsetMs: .nan).validate()
        }
    }
    /// Android's input consumer over a sequence of frames (AOSP `TouchResampling_test.cpp`,
    /// Android 15): each step feeds its events, then asks at its frame time with the frame
    /// clock's memory; returns the shown points.
    func androidFrames(
        _ steps: [(events: [(t: Double, x: Double, y: Double)], frameMs: Double)], hold: Bool = true
    ) -> [PenPoint?] {
        var r = LinearResamplingPredictor(parameters: .init(holdsLastResample: hold))
        var memory = r.initialFrameMemory
        var shown: [PenPoint?] = []
        for step in steps {
            for e in step.events { r.update(PenPoint(t: e.t / 1000, x: e.x, y: e.y)) }
            let f = step.frameMs / 1000
            shown.append(r.predict(at: f + 0.025, frameStartTime: f, photonTime: f + 0.025, memory: &memory))
        }
        return shown
    }

    func near(_ p: PenPoint?, _ tMs: Double, _ x: Double, _ y: Double) -> Bool {
        guard let p else { return false }
        return abs(p.t * 1000 - tMs) < 1e-9 && abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9
    }

    /// `ResampledValueIsUsedForIdenticalCoordinates`: 30 resampled to 35 at 25 ms; a new event
    /// at 40 ms with the same 30 is shown as 35 again (at the new sample time, 45 ms). Without
    /// the rule (Chromium) it would be 30.
    @Test func androidKeepsTheResampledValueForIdenticalCoordinates() {
        let steps: [(events: [(t: Double, x: Double, y: Double)], frameMs: Double)] = [
            ([(0, 10, 20)], 5), ([(10, 20, 30), (20, 30, 30)], 35), ([(40, 30, 30)], 50),
        ]
        let shown = androidFrames(steps)
        #expect(shown[0] == nil)
        #expect(near(shown[1], 25, 35, 30))
        #expect(near(shown[2], 45, 35, 30), "\(String(describing: shown[2]))")
        let chromium = androidFrames(steps, hold: false)
        #expect(near(chromium[2], 45, 30, 30))
    }

    /// `OldEventReceivedAfterResampleOccurs`: after the resample at 25 ms, an event at 24 ms
    /// (40) is rewritten, but the next resample (capped at 24 + 2 = 26 ms) uses the raw 40 and
    /// 30: 45.
    @Test func androidOldEventAfterAResample() {
        let shown = androidFrames([([(0, 10, 20)], 5), ([(10, 20, 30), (20, 30, 30)], 35), ([(24, 40, 30)], 50)])
        #expect(near(shown[1], 25, 35, 30))
        #expect(near(shown[2], 26, 45, 30), "\(String(describing: shown[2]))")
    }

    /// `TwoPointersAreResampledIndependently`, pointer 0 (its ACTION_POINTER_DOWN at 15 ms, which
    /// Android neither keeps in the history nor resamples, left out): 45 ms gives 130, and at 75
    /// ms the event at 60 ms repeats 120 (rewritten to 130) but 70 ms moves on, so the memory
    /// is dropped and the resample is 135. `SampleTimeEqualsEventTime`: no resample at 10 ms.
    @Test func androidTwoPointersPointerZero() {
        let shown = androidFrames([
            ([(0, 100, 100)], 5), ([(10, 100, 100)], 15), ([(30, 100, 100), (40, 120, 120)], 50),
            ([(60, 120, 120), (70, 130, 130)], 80),
        ])
        #expect(near(shown[1], 10, 100, 100))
        #expect(near(shown[2], 45, 130, 130))
        #expect(near(shown[3], 75, 135, 135))
    }

    /// A frame that does not resample (an interval over 20 ms) shows the newest consumed sample
    /// as rewritten: the pen rests at 30 and a repeat comes 25 ms later: 35 is kept.
    @Test func androidRewrittenSampleShownWhenNotResampled() {
        let shown = androidFrames([([(0, 10, 20)], 5), ([(10, 20, 30), (20, 30, 30)], 35), ([(45, 30, 30)], 60)])
        #expect(near(shown[2], 45, 35, 30), "\(String(describing: shown[2]))")
        #expect(androidFrames([([(0, 10, 20)], 5), ([(10, 20, 30), (20, 30, 30)], 35), ([(45, 30, 30)], 60)], hold: false)[2] == nil)
    }
}
