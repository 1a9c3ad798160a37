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
    /// The pen-lift stop (`predictLift`, SinglePointerPredictor.predict at 62575c42): off by
    /// default, so pressure changes nothing; on, a pressure falling towards 0 cuts the predicted
    /// steps where it would drop below 0.1, and at once (no prediction) when the first step does.
    @Test func penLiftStopIsOffByDefaultAndCutsTheSteps() throws {
        let off = JetpackKalmanPredictor.Parameters(pxPerMM: 1)
        var on = off
        on.predictLift = true
        // 1 px per ms along x; pressure 1 for 20 events, then falling by `drop` per event.
        func fed(_ parameters: JetpackKalmanPredictor.Parameters, drop: Double, events: Int) -> JetpackKalmanPredictor {
            var p = JetpackKalmanPredictor(parameters: parameters)
            for i in 0..<events {
                let pressure = i < 20 ? 1.0 : max(0, 1 - drop * Double(i - 19))
                p.update(PenPoint(t: Double(i) * 0.005, x: Double(i) * 5, y: 0), pressure: pressure)
            }
            return p
        }
        let horizon = 0.030
        let last = 24 * 0.005
        // Off: the pressure is ignored (the same answer as without pressure).
        var plain = JetpackKalmanPredictor(parameters: off)
        for i in 0..<25 { plain.update(PenPoint(t: Double(i) * 0.005, x: Double(i) * 5, y: 0)) }
        let reference = try #require(plain.predict(at: last + horizon))
        #expect(fed(off, drop: 0.2, events: 25).predict(at: last + horizon) == reference)
        // On with a steady pressure: unchanged.
        #expect(fed(on, drop: 0, events: 25).predict(at: last + horizon) == reference)
        // On, pressure falling by 0.1 per event (0.5 at the newest): the filter's pressure
        // rate is about -0.1 per step, so the steps end before the pressure reaches 0.1 and
        // the tail is held short of the full prediction.
        let cut = try #require(fed(on, drop: 0.1, events: 25).predict(at: last + horizon))
        #expect(cut.x < reference.x - 5, "lift: \(cut.x) px vs \(reference.x) px without")
        #expect(cut.x > 24 * 5, "lift: at least one step is kept (\(cut.x) px)")
        // On, pressure already at 0.1 and falling: the first step is below 0.1, no prediction.
        #expect(fed(on, drop: 0.3, events: 23).predict(at: 22 * 0.005 + horizon) == nil)
        #expect(fed(off, drop: 0.3, events: 23).predict(at: 22 * 0.005 + horizon) != nil)
    }
}
