import InkPrediction
import Testing

/// google/ink-stroke-modeler's own expectations (commit 3fa5129e), in its tests' units (the
/// predictor cores are fed the tests' values directly), relative tolerance 1e-4 as there.
@Suite("ink-stroke-modeler predictors")
struct InkModelerTests {
    static func near(_ a: Double, _ b: Double, _ tol: Double = 1e-4) -> Bool {
        a == 0 || b == 0 ? abs(a - b) < tol : abs(a / b - 1) < tol
    }

    func expectState(_ s: InkModelerTipState, _ p: (Double, Double), _ v: (Double, Double), _ a: (Double, Double), _ t: Double) {
        // The expected values are printed to 4-5 significant digits: absolute 1e-4 on
        // positions and times (as the library's TipStateNear), relative 1e-3 on the rest.
        #expect(abs(s.x - p.0) < 1e-4 && abs(s.y - p.1) < 1e-4, "position \(s.x), \(s.y) vs \(p)")
        #expect(abs(s.t - t) < 1e-4, "time \(s.t) vs \(t)")
        #expect(abs(s.vx - v.0) <= 1e-3 * max(1, abs(v.0)) && abs(s.vy - v.1) <= 1e-3 * max(1, abs(v.1)), "velocity \(s.vx), \(s.vy) vs \(v)")
        #expect(abs(s.ax - a.0) <= 1e-3 * max(1, abs(a.0)) && abs(s.ay - a.1) <= 1e-3 * max(1, abs(a.1)), "acceleration \(s.ax), \(s.ay) vs \(a)")
    }

    func prediction(_ k: InkModelerKalman, _ tip: InkModelerTipState) -> [InkModelerTipState] {
        var out: [InkModelerTipState] = []
        k.constructPrediction(from: tip, outputRateHz: 180) { out.append($0); return true }
        return out
    }

    /// `KalmanPredictorTest.TypicalCase`.
    @Test func kalmanTypicalCase() throws {
        var k = InkModelerKalman()
        k.update(x: 0, y: 0, t: 0)
        k.update(x: 0.1, y: 0, t: 0.01)
        k.update(x: 0.2, y: 0, t: 0.02)
        #expect(k.estimatedState() == nil)
        #expect(prediction(k, InkModelerTipState(x: 4, y: 3, vx: 2, vy: -4, t: 3)).isEmpty)
        k.update(x: 0.3, y: 0, t: 0.03)
        let e = try #require(k.estimatedState())
        #expect(Self.near(e.px, 0.30078) && Self.near(e.vx, 13.584) && Self.near(e.ax, -66.806) && Self.near(e.jx, -3382.8))
        #expect(e.py == 0 && e.vy == 0)
        let p = prediction(k, InkModelerTipState(x: 0.2, y: 0, vx: 10, vy: 0, t: 0.03))
        try #require(p.count == 3)
        expectState(p[0], (0.2454, 0), (7.7094, 0), (322.5341, 0), 0.0356)
        expectState(p[1], (0.3008, 0), (13.5837, 0), (1792.2293, 0), 0.0411)
        expectState(p[2], (0.3751, 0), (13.1604, 0), (-85.5994, 0), 0.0467)

        k.update(x: 0.5, y: 0.1, t: 0.04)
        let e2 = try #require(k.estimatedState())
        #expect(Self.near(e2.px, 0.49705) && Self.near(e2.py, 0.097146))
        #expect(Self.near(e2.vx, 28.217) && Self.near(e2.vy, 16.732))
        #expect(Self.near(e2.ax, 671.91) && Self.near(e2.ay, 813.82))
        #expect(Self.near(e2.jx, 4454.3) && Self.near(e2.jy, 6998.2))
        let p2 = prediction(k, InkModelerTipState(x: 0.3, y: 0, vx: 10, vy: 0, t: 0.04))
        try #require(p2.count == 3)
        expectState(p2[0], (0.3732, 0.0253), (17.047, 8.9317), (1639.5513, 1505.8695), 0.0456)
        expectState(p2[1], (0.497, 0.0971), (28.2172, 16.7319), (2381.7412, 1302.1912), 0.0511)
        expectState(p2[2], (0.6643, 0.2029), (32.0188, 21.3611), (696.6608, 852.6960), 0.0567)
    }

    /// `StrokeEndPredictorTest.SingleInput` and `MultipleInputs` (first prediction, 7 points).
    @Test func strokeEndMultipleInputs() throws {
        var p = InkModelerStrokeEndPredictor()
        p.updatePredictorOnly(x: 4, y: 5)
        var none: [InkModelerTipState] = []
        p.constructPrediction(from: InkModelerTipState(x: 4, y: 5, t: 2)) { none.append($0); return true }
        #expect(none.isEmpty)

        p.updatePredictorOnly(x: -1, y: 1.2)
        var out: [InkModelerTipState] = []
        p.constructPrediction(from: InkModelerTipState(x: -1, y: 1.1, vx: 0, vy: 5, t: 1.02)) { out.append($0); return true }
        try #require(out.count == 7)
        let expected: [(Double, Double, Double, Double)] = [
            (1.1258, 4.6364, -65.4545, 1.0256), (1.1480, 3.9967, -115.1404, 1.0311),
            (1.1660, 3.2496, -134.4845, 1.0367), (1.1799, 2.5059, -133.8652, 1.0422),
            (1.1901, 1.8318, -121.3242, 1.0478), (1.1971, 1.2609, -102.7701, 1.0533),
            (1.2000, 1.0323, -82.2949, 1.0561),
        ]
        for (s, e) in zip(out, expected) { expectState(s, (-1, e.0), (0, e.1), (0, e.2), e.3) }
    }

    /// The strategy ends the end predictor's tip at the newest input, never past it, and the
    /// Kalman strategy answers the modeled tip before it is stable.
    @Test func strategiesAnswerFromTheTip() throws {
        var end = InkModelerStrokeEndPredictor()
        var kalman = InkModelerKalmanPredictor()
        for i in 0..<3 {
            let s = PenPoint(t: Double(i) / 240, x: Double(i), y: 0)
            end.update(s)
            kalman.update(s)
        }
        let q = try #require(end.predict(at: 1))
        #expect(abs(q.x - 2) < 0.02 && q.x <= 2 + 1e-9)
        let k = try #require(kalman.predict(at: 3.0 / 240))
        #expect(abs(k.x - kalman.tip.x * 10) < 1e-12)
        #expect(throws: PredictorParameterError.self) { try InkModelerKalmanPredictor.Parameters(unitMM: -1).validate() }
    }
}
