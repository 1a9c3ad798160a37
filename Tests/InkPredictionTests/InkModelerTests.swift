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

    /// `KalmanPredictorTest.AlternateParams` (prediction interval 25 ms, output rate 200 Hz):
    /// the estimate after four inputs and the first three predicted points.
    @Test func kalmanAlternateParams() throws {
        var parameters = InkModelerKalman.Parameters()
        parameters.predictionInterval = 0.025
        var k = InkModelerKalman(parameters: parameters)
        k.update(x: 2, y: 5, t: 1)
        k.update(x: 2.2, y: 4.9, t: 1.02)
        k.update(x: 2.3, y: 4.7, t: 1.04)
        k.update(x: 2.3, y: 4.4, t: 1.06)
        let e = try #require(k.estimatedState())
        #expect(Self.near(e.px, 2.3016) && Self.near(e.py, 4.3992) && Self.near(e.vx, -3.9981) && Self.near(e.vy, -24.374))
        #expect(Self.near(e.ax, -338.22) && Self.near(e.ay, -288.12) && Self.near(e.jx, -1852.9) && Self.near(e.jy, -584.31))
        var p: [InkModelerTipState] = []
        k.constructPrediction(from: InkModelerTipState(x: 2.25, y: 4.75, vx: 1, vy: -20, t: 1.06), outputRateHz: 200) {
            p.append($0)
            return true
        }
        try #require(p.count >= 4)
        expectState(p[0], (2.27, 4.6417), (5.917, -23.0547), (325.0957, -451.2554), 1.065)
        expectState(p[1], (2.2982, 4.5221), (4.251, -24.5126), (-991.5108, -131.8937), 1.07)
        expectState(p[2], (2.3016, 4.3992), (-3.9981, -24.3736), (-2308.1169, 187.4680), 1.075)
        expectState(p[3], (2.2773, 4.2738), (-5.7123, -25.8215), (-347.4863, -291.0376), 1.08)
    }

    /// `PositionModelerTest.StraightLine`: four spring steps at 180 Hz towards 1, 2, 3, 4
    /// (the library's tolerance there, 5e-4).
    @Test func positionModelerStraightLine() {
        var m = InkModelerPositionModeler()
        m.state = InkModelerTipState(x: 0, y: 0, t: 0)
        let expected: [(Double, Double, Double)] = [
            (0.0909, 16.3636, 2945.4546), (0.319, 41.0579, 4444.9590), (0.6996, 68.5055, 4940.5737),
            (1.228, 95.1099, 4788.8003),
        ]
        for (i, e) in expected.enumerated() {
            m.step(anchorX: Double(i + 1), anchorY: 0, t: Double(i + 1) / 180)
            #expect(abs(m.state.x - e.0) < 5e-4 && abs(m.state.vx - e.1) < 5e-4 * max(1, e.1) && abs(m.state.ax - e.2) < 5e-4 * e.2)
        }
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
