import InkPrediction
import Testing

/// `linear-second` against Chromium's own expectations (`ui/base/prediction/linear_predictor_unittest.cc`,
/// `LinearPredictorSecondOrderTest`): its inputs are px and ms; positions scale through the
/// formula unchanged, so they are fed as mm, and times as s (ms / 1000).
@Suite("linear-second (Chromium's second-order linear predictor)")
struct ChromiumLinearSecondPredictorTests {
    /// Chromium's `PredictedValue`: (0,0) at 0 ms, (10,5) at 17 ms, (20,25) at 33 ms, each
    /// predicted 23 ms ahead: first order after two samples (23.52, 11.76), second order after
    /// three (34.98, 69.55), as the test states them (two decimals, cut rather than rounded:
    /// 23.529 is given as 23.52), so within 0.01.
    @Test func chromiumPredictedValues() throws {
        var p = ChromiumLinearSecondPredictor()
        #expect(p.predict(at: 0) == nil)
        p.update(PenPoint(t: 0, x: 0, y: 0))
        #expect(p.predict(at: 0.023) == nil)  // HasPrediction needs two events
        p.update(PenPoint(t: 0.017, x: 10, y: 5))
        let first = try #require(p.predict(at: 0.040))
        #expect(abs(first.x - 23.52) < 0.01 && abs(first.y - 11.76) < 0.01, "\(first)")
        p.update(PenPoint(t: 0.033, x: 20, y: 25))
        let second = try #require(p.predict(at: 0.056))
        #expect(abs(second.x - 34.98) < 0.01 && abs(second.y - 69.55) < 0.01, "\(second)")
        #expect(second.t == 0.056)
    }

    /// Chromium's `ConstantPositionAndVelocity`: x constant at 10, y 5 per 7 ms; 10 ms ahead
    /// gives y + 7.14 (12.14, 17.14, 22.14, 27.14) and no acceleration term.
    @Test func chromiumConstantVelocity() throws {
        var p = ChromiumLinearSecondPredictor()
        var got: [Double] = []
        for (i, y) in [0.0, 5, 10, 15, 20].enumerated() {
            let t = Double(i) * 0.007
            p.update(PenPoint(t: t, x: 10, y: y))
            if i > 0 {
                let q = try #require(p.predict(at: t + 0.010))
                #expect(abs(q.x - 10) < 1e-12)
                got.append(q.y)
            }
        }
        for (g, want) in zip(got, [12.14, 17.14, 22.14, 27.14]) { #expect(abs(g - want) < 0.01, "\(got)") }
    }

    /// The acceleration is the last step's velocity change over the last step (not the
    /// quadratic through three samples): unequal steps tell the two apart.
    @Test func lastStepAccelerationNotTheParabola() throws {
        var p = ChromiumLinearSecondPredictor()
        p.update(PenPoint(t: 0.000, x: 0, y: 0))
        p.update(PenPoint(t: 0.004, x: 1, y: 0))  // 250 mm/s
        p.update(PenPoint(t: 0.012, x: 3, y: 0))  // 250 mm/s over 8 ms: no velocity change
        let q = try #require(p.predict(at: 0.022))
        #expect(abs(q.x - 5.5) < 1e-9, "\(q)")  // 3 + 250 · 0.010
        var quadratic = QuadraticPredictor()
        for s in [(0.0, 0.0), (0.004, 1.0), (0.012, 3.0)] { quadratic.update(PenPoint(t: s.0, x: s.1, y: 0)) }
        #expect(abs((quadratic.predict(at: 0.022)?.x ?? 0) - 5.5) < 1e-9)  // same here: a straight line
        p.update(PenPoint(t: 0.016, x: 5, y: 0))  // 500 mm/s: +250 mm/s in 4 ms
        let r = try #require(p.predict(at: 0.020))
        #expect(abs(r.x - 7.5) < 1e-9, "\(r)")  // 5 + 500 · 0.004 + (250 / 0.004) · 0.004² / 2
        quadratic.update(PenPoint(t: 0.016, x: 5, y: 0))
        let parabola = try #require(quadratic.predict(at: 0.020))
        #expect(abs(parabola.x - 23.0 / 3) < 1e-9)  // through (4, 1), (12, 3), (16, 5) ms
        #expect(abs(parabola.x - r.x) > 0.1)
    }

    /// A sample more than `gap_ms` (20 ms) after the newest starts afresh: one sample, no answer.
    @Test func resetsAfterAGap() {
        var p = ChromiumLinearSecondPredictor()
        p.update(PenPoint(t: 0, x: 0, y: 0))
        p.update(PenPoint(t: 0.010, x: 1, y: 0))
        #expect(p.predict(at: 0.020) != nil)
        p.update(PenPoint(t: 0.0301, x: 2, y: 0))  // 20.1 ms later
        #expect(p.predict(at: 0.040) == nil)
        var q = ChromiumLinearSecondPredictor(parameters: .init(gapResetMs: 30))
        q.update(PenPoint(t: 0, x: 0, y: 0))
        q.update(PenPoint(t: 0.010, x: 1, y: 0))
        q.update(PenPoint(t: 0.0301, x: 2, y: 0))
        #expect(q.predict(at: 0.040) != nil)
        q.reset()
        #expect(q.predict(at: 0.040) == nil)
    }

    @Test func rejectsAGapOutOfRange() {
        #expect(throws: PredictorParameterError.self) { try ChromiumLinearSecondPredictor.Parameters(gapResetMs: 0).validate() }
        #expect(throws: Never.self) { try ChromiumLinearSecondPredictor.Parameters().validate() }
    }
}
