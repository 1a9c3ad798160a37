import InkPrediction
import Testing

/// `kalman-chromium` as Blink drives Chromium's predictor (the fixture comparison is in
/// InkMetricsTests/ChromiumFixtureTests).
@Suite("Kalman: Chromium as shipped")
struct ChromiumKalmanTests {
    static func line(_ n: Int, hz: Double, start: Double = 0) -> [PenPoint] {
        (0..<n).map { PenPoint(t: start + Double($0) / hz, x: Double($0) * 0.5, y: 0) }
    }

    @Test("the pen-down is not fed: the first list comes with the fifth sample")
    func firstListAfterFifthSample() {
        var p = ChromiumKalmanPredictor()
        var plain = KalmanPredictor()
        for (i, s) in Self.line(6, hz: 240).enumerated() {
            p.update(s)
            plain.update(s)
            #expect((p.points.count > 0) == (i >= 4), "sample \(i)")
            #expect((p.predict(at: s.t + 0.01) != nil) == (i >= 4))
            #expect((plain.predict(at: s.t + 0.01) != nil) == (i >= 3))
        }
    }

    @Test("points every truncated mean interval within 25 ms: 6 at 240 Hz, 3 at 120 Hz, 10 at the 2.5 ms floor")
    func pointSpacing() {
        for (hz, count, us) in [(240.0, 6, 4166), (120.0, 3, 8333), (1000.0, 10, 2500), (50.0, 1, 20000)] {
            var p = ChromiumKalmanPredictor()
            for s in Self.line(60, hz: hz) { p.update(s) }
            #expect(p.points.count == count, "\(hz) Hz")
            #expect(p.points.intervalMicroseconds == us, "\(hz) Hz")
            let last = 59 / hz
            for (k, point) in p.points.enumerated() {
                #expect(abs(point.t - (last + Double((k + 1) * us) / 1e6)) < 1e-12)
                // A straight line at constant speed: once the filter has settled, the points continue it.
                #expect(abs(point.x - (29.5 + (point.t - last) * hz * 0.5)) < 1e-3, "\(hz) Hz point \(k)")
            }
        }
    }

    @Test("shown as an app draws the list: interpolated inside, held beyond; reach is the last point")
    func shownAsAList() throws {
        var p = ChromiumKalmanPredictor()
        for s in Self.line(8, hz: 240) { p.update(s) }
        let points = p.points
        let last = try #require(points.last)
        let held = try #require(p.predict(at: last.t + 0.01))
        #expect(held.x == last.x && held.y == last.y && held.t == last.t + 0.01)
        #expect(p.reach(at: last.t + 0.01) == last.t)
        #expect(p.reach(at: points[0].t) == points[0].t)
        let mid = (points[1].t + points[2].t) / 2
        let inside = try #require(p.predict(at: mid))
        #expect(abs(inside.x - (points[1].x + points[2].x) / 2) < 1e-9)
    }

    @Test("a gap over 20 ms restarts the filter from the sample after it; reset() waits for a new pen-down")
    func gapReset() {
        var p = ChromiumKalmanPredictor()
        for s in Self.line(8, hz: 240) { p.update(s) }
        #expect(p.points.count == 6)
        let after = Self.line(5, hz: 240, start: 7.0 / 240 + 0.0201)
        for (i, s) in after.enumerated() {
            p.update(s)
            // The sample after the gap is fed (unlike a pen-down): ready again at the fourth.
            #expect((p.points.count > 0) == (i >= 3), "sample \(i) after the gap")
        }
        p.reset()
        for (i, s) in Self.line(5, hz: 240).enumerated() {
            p.update(s)
            #expect((p.points.count > 0) == (i >= 4))
        }
    }

    @Test("parameters are checked with their names")
    func parameters() {
        var bad = ChromiumKalmanPredictor.Parameters()
        bad.minIntervalMs = 0
        #expect(throws: PredictorParameterError.self) { try bad.validate() }
        bad = ChromiumKalmanPredictor.Parameters()
        bad.maxPredictionMs = .nan
        #expect(throws: PredictorParameterError.self) { try bad.validate() }
        #expect(throws: Never.self) { try ChromiumKalmanPredictor.Parameters().validate() }
    }
}
