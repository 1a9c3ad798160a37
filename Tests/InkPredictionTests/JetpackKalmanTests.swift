import InkPrediction
import Testing

/// AndroidX `SinglePointerPredictorTest.kt` (commit 61b8efc7), in px and ms (px_mm = 1, so
/// InkBench's mm are the test's px): events every 5 ms from (500, 500).
@Suite("Jetpack Kalman: androidx input-motionprediction")
struct JetpackKalmanTests {
    static let generators: [@Sendable (Double) -> Double] = [
        { _ in 0 },
        { d in d }, { d in -d }, { d in 2 * d },
        { d in d * d / 4 }, { d in -d * d / 4 }, { d in d * d / 2 },
        { d in d + d * d / 4 }, { d in -d - d * d / 4 },
    ]

    func event(_ i: Int, _ gx: (Double) -> Double, _ gy: (Double) -> Double) -> PenPoint {
        let d = Double(i * 5)
        return PenPoint(t: d / 1000, x: 500 + gx(d), y: 500 + gy(d))
    }

    /// `simplePrediction`: after 20 events, each one-frame (5 ms) prediction lies within
    /// 0.5 px of the next event, for every pair of generators but (constant, constant).
    @Test func simplePrediction() throws {
        let parameters = JetpackKalmanPredictor.Parameters(pxPerMM: 1)
        var worst = 0.0
        for (xi, gx) in Self.generators.enumerated() {
            for (yi, gy) in Self.generators.enumerated() where xi != 0 || yi != 0 {
                var p = JetpackKalmanPredictor(parameters: parameters)
                for i in 0..<20 { p.update(event(i, gx, gy)) }
                for i in 20..<30 {
                    let next = event(i, gx, gy)
                    let predicted = try #require(p.predict(at: next.t), "generators \(xi), \(yi) at event \(i)")
                    let e = max(abs(predicted.x - next.x), abs(predicted.y - next.y))
                    worst = max(worst, e)
                    #expect(e <= 0.5, "generators \(xi), \(yi) at event \(i): off by \(e) px")
                    p.update(next)
                }
            }
        }
        print("jetpack simplePrediction: largest error \(worst) px (limit 0.5)")
    }

    /// `predictionNeverGoesBackwards`: a 10-frame horizon's predicted tip never moves back
    /// along the line as events arrive.
    @Test func predictionNeverGoesBackwards() {
        var p = JetpackKalmanPredictor(parameters: .init(pxPerMM: 1))
        var lastX = -Double.infinity
        for i in 0..<40 {
            let e = event(i, { $0 }, { $0 })
            p.update(e)
            if let q = p.predict(at: e.t + 0.05) {
                #expect(q.x >= lastX)
                lastX = q.x
            }
        }
    }

    /// The 32 ms horizon cap, the 4-sample warm-up, ignored repeats, and the strategies.
    @Test func capWarmUpRepeatsAndModes() throws {
        var p = JetpackKalmanPredictor(parameters: .init(mode: .aggressive, pxPerMM: 1))
        for i in 0..<3 { p.update(event(i, { $0 }, { _ in 0 })) }
        #expect(p.predict(at: 0.02) == nil)
        p.update(event(3, { $0 }, { _ in 0 }))
        #expect(p.filterIterations == 4)
        for i in 4..<30 { p.update(event(i, { $0 }, { _ in 0 })) }
        let last = event(29, { $0 }, { _ in 0 })
        let far = try #require(p.predict(at: last.t + 1))
        // The horizon is capped at 32 ms: ceil(32 / 5) = 7 whole steps of 5 px (1 px/ms), held.
        #expect(abs(far.x - (last.x + 35)) < 0.5)
        #expect(p.steps(horizonMs: 32) == 7)
        p.update(PenPoint(t: last.t + 0.001, x: last.x, y: last.y))   // same place within 20 ms
        #expect(p.filterIterations == 30)
        // A pen at rest: a stylus's speed factor is NaN (0/0), so balanced predicts no step;
        // safe still predicts one.
        var rest = JetpackKalmanPredictor(parameters: .init(pxPerMM: 1))
        var safe = JetpackKalmanPredictor(parameters: .init(mode: .safe, pxPerMM: 1))
        for i in 0..<10 {
            rest.update(PenPoint(t: Double(i) * 0.025, x: 1, y: 1))
            safe.update(PenPoint(t: Double(i) * 0.025, x: 1, y: 1))
        }
        #expect(rest.predict(at: 0.3) == nil)
        #expect(safe.predict(at: 0.3) != nil)
        #expect(throws: PredictorParameterError.self) { try JetpackKalmanPredictor.Parameters(pxPerMM: 0).validate() }
    }
}
