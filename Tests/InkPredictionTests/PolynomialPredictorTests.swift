import InkPrediction
import InkTestSupport
import Testing

@Suite("none, linear, quadratic, recorded")
struct PolynomialPredictorTests {
    static let horizons = [0.0, 0.001, 0.004, 0.0167, 0.0333, 0.05, 0.1, 0.25]
    static let regular = AnalyticReplay.times(start: 0.3, intervals: [1.0 / 240], count: 60)
    static let irregular = AnalyticReplay.times(start: 0.3, intervals: [0.001, 0.016, 0.004, 0.0075], count: 60)

    static func times(_ spacing: String) -> [Double] { spacing == "regular" ? regular : irregular }

    @Test(arguments: ["regular", "irregular"])
    func linearIsExactOnConstantVelocity(spacing: String) {
        let times = Self.times(spacing)
        var p = LinearPredictor()
        let r = AnalyticReplay.maxError(&p, times: times, horizons: Self.horizons) { t in
            (12 + 87.5 * t, -3 - 41.25 * t)
        }
        #expect(r.checked == (times.count - 1) * Self.horizons.count)
        #expect(r.error < 1e-9)
    }

    @Test(arguments: ["regular", "irregular"])
    func quadraticIsExactOnConstantAcceleration(spacing: String) {
        let times = Self.times(spacing)
        var p = QuadraticPredictor()
        let r = AnalyticReplay.maxError(&p, times: times, horizons: Self.horizons) { t in
            (5 + 30 * t + 400 * t * t, 2 - 60 * t - 250 * t * t)
        }
        #expect(r.checked == (times.count - 2) * Self.horizons.count)
        #expect(r.error < 1e-8)
    }

    @Test func linearIsNotExactOnAcceleration() {
        var p = LinearPredictor()
        let r = AnalyticReplay.maxError(&p, times: Self.regular, horizons: [0.05]) { t in (400 * t * t, 0) }
        #expect(r.error > 0.1)
    }

    @Test func declinesUntilEnoughSamplesAndAfterReset() {
        var linear = LinearPredictor()
        var quadratic = QuadraticPredictor()
        var none = NoPredictor()
        for i in 0..<3 {
            let s = PenPoint(t: Double(i) * 0.01, x: Double(i), y: 0)
            #expect((linear.predict(at: s.t) != nil) == (i >= 2))
            #expect((quadratic.predict(at: s.t) != nil) == (i >= 3))
            linear.update(s); quadratic.update(s); none.update(s)
            #expect(none.predict(at: s.t + 0.01) == nil)
        }
        linear.reset(); quadratic.reset()
        #expect(linear.predict(at: 1) == nil)
        #expect(quadratic.predict(at: 1) == nil)
    }

    @Test func recordedInterpolatesInsideTheTailAndHoldsBeyond() {
        let tails: [[PenPoint]] = [
            [],
            [PenPoint(t: 0.02, x: 2, y: 0), PenPoint(t: 0.03, x: 2, y: 4)],
        ]
        var p = RecordedPredictor(tails: tails)
        p.update(PenPoint(t: 0.00, x: 0, y: 0))
        #expect(p.predict(at: 0.01) == nil)
        p.update(PenPoint(t: 0.01, x: 1, y: 0))
        #expect(p.predict(at: 0.015) == PenPoint(t: 0.015, x: 1.5, y: 0))
        #expect(p.predict(at: 0.02) == PenPoint(t: 0.02, x: 2, y: 0))
        let mid = p.predict(at: 0.025)
        #expect(mid.map { abs($0.y - 2) < 1e-12 && $0.x == 2 } == true)
        #expect(p.predict(at: 0.5) == PenPoint(t: 0.5, x: 2, y: 4))
        p.reset()
        #expect(p.predict(at: 0.5) == nil)
    }
}
