import Foundation
import InkPrediction
import InkTestSupport
import Testing

@Suite("braking (InkBench's own predictor)")
struct BrakingPredictorTests {
    static let horizons = [0.0, 0.004, 0.0167, 0.025, 0.05]
    static let regular = AnalyticReplay.times(start: 0.3, intervals: [1.0 / 240], count: 60)
    static let irregular = AnalyticReplay.times(start: 0.3, intervals: [0.001, 0.016, 0.004, 0.0075], count: 60)

    static func times(_ spacing: String) -> [Double] { spacing == "regular" ? regular : irregular }

    /// Like ``AnalyticReplay/maxError(_:times:horizons:trajectory:)``, but feeds the first
    /// three samples unchecked: with two samples the predictor is a plain linear extrapolation
    /// (no acceleration yet), which the tests of the quadratic fit do not judge.
    static func maxError(
        _ p: inout BrakingPredictor, times: [Double], horizons: [Double],
        trajectory: (Double) -> (x: Double, y: Double)
    ) -> (error: Double, checked: Int) {
        for t in times.prefix(3) {
            let q = trajectory(t)
            p.update(PenPoint(t: t, x: q.x, y: q.y))
        }
        return AnalyticReplay.maxError(&p, times: Array(times.dropFirst(3)), horizons: horizons, trajectory: trajectory)
    }

    @Test(arguments: ["regular", "irregular"])
    func exactOnConstantVelocity(spacing: String) {
        let times = Self.times(spacing)
        // The lead cut-off off: 50 ms at 96 mm/s is 4.8 mm ahead, past the default 4 mm.
        var p = BrakingPredictor(parameters: .init(leadMm: 100))
        let r = AnalyticReplay.maxError(&p, times: times, horizons: Self.horizons) { t in
            (12 + 87.5 * t, -3 - 41.25 * t)
        }
        #expect(r.checked == (times.count - 1) * Self.horizons.count)
        #expect(r.error < 1e-6)
    }

    @Test(arguments: ["regular", "irregular"])
    func exactOnASpeedUpWithFullAccelerationGain(spacing: String) {
        // A straight line speeding up (along-track acceleration > 0), gain 1: the fit of a
        // quadratic is exact, so is the prediction.
        var p = BrakingPredictor(parameters: .init(windowMs: 30, accelGain: 1, decelGain: 1, turnGain: 0, windowMm: 100, turnLimitRad: 10, liftRatio: 0, bendMm: 100, leadMm: 100))
        let r = Self.maxError(&p, times: Self.times(spacing), horizons: Self.horizons) { t in
            let s = 40 * t + 300 * t * t
            return (3 + 0.6 * s, 7 + 0.8 * s)
        }
        #expect(r.error < 1e-6)
    }

    @Test func speedUpGainZeroKeepsTheSpeed() {
        // With accel_gain 0 the prediction continues at the fitted speed: it lags a speed-up
        // by a h^2 / 2 exactly (a = 600 mm/s^2, h = 25 ms: 0.1875 mm).
        var p = BrakingPredictor(parameters: .init(windowMs: 30, accelGain: 0, decelGain: 1, turnGain: 0, windowMm: 100, turnLimitRad: 10, liftRatio: 0, bendMm: 100, leadMm: 100))
        let r = Self.maxError(&p, times: Self.regular, horizons: [0.025]) { t in (40 * t + 300 * t * t, 0) }
        #expect(abs(r.error - 0.1875) < 1e-6)
    }

    /// A pen decelerating at 2,000 mm/s² from 200 mm/s along a diagonal: it stops after
    /// 100 ms, 10 mm from where it started, and stays there.
    static func braking(_ t: Double) -> (x: Double, y: Double) {
        let tt = min(max(t - 0.3, 0), 0.1)
        let s = 200 * tt - 1000 * tt * tt
        return (5 + 0.8 * s, 1 - 0.6 * s)
    }

    /// How far along the braking path (mm from its start) the predictor's tips reach at most,
    /// asked 50 ms ahead after each sample from the third on (with two it has no acceleration yet).
    static func furthestAlongBraking(_ p: inout BrakingPredictor, times: [Double]) -> Double {
        var furthest = 0.0
        for (i, t) in times.enumerated() {
            let q = braking(t)
            p.update(PenPoint(t: t, x: q.x, y: q.y))
            guard i >= 2, let r = p.predict(at: t + 0.05) else { continue }
            furthest = max(furthest, ((r.x - 5) * 0.8 - (r.y - 1) * 0.6))
        }
        return furthest
    }

    @Test(arguments: ["regular", "irregular"])
    func neverPassesTheStoppingPointWhenBraking(spacing: String) {
        // Samples only while the pen is still moving (as before a lift), asked far ahead.
        let times = Self.times(spacing).filter { $0 < 0.3 + 0.095 }
        var p = BrakingPredictor(parameters: .init(windowMs: 20, accelGain: 0, decelGain: 1, turnGain: 0, windowMm: 100, turnLimitRad: 10, liftRatio: 0, bendMm: 100, leadMm: 100))
        let furthest = Self.furthestAlongBraking(&p, times: times)
        #expect(furthest <= 10 + 1e-6)
        #expect(furthest > 9.9)
        // Without braking (decel_gain 0) the same prediction runs past the stop by millimetres.
        var linear = BrakingPredictor(parameters: .init(windowMs: 20, accelGain: 0, decelGain: 0, turnGain: 0, windowMm: 100, turnLimitRad: 10, liftRatio: 0, bendMm: 100, leadMm: 100))
        let r = Self.maxError(&linear, times: times, horizons: [0.05], trajectory: Self.braking)
        #expect(r.error > 2)
    }

    @Test(arguments: ["regular", "irregular"])
    func defaultsStopShortOfTheStoppingPoint(spacing: String) {
        // The defaults (decel_gain 2: the pen is taken to stop twice as fast as it slows now)
        // never draw past where the decelerating pen stops, however far ahead they are asked.
        let times = Self.times(spacing).filter { $0 < 0.3 + 0.095 }
        var p = BrakingPredictor()
        let furthest = Self.furthestAlongBraking(&p, times: times)
        #expect(furthest <= 10 + 1e-6)
        #expect(furthest > 9.5)
    }

    @Test func bendsWithTheTurn() {
        // Uniform circular motion, radius 20 mm at 150 mm/s: the turn term follows the bend,
        // the straight extrapolation cuts outside it.
        func circle(_ t: Double) -> (x: Double, y: Double) {
            let w = 150.0 / 20
            return (20 * cos(w * t), 20 * sin(w * t))
        }
        var turning = BrakingPredictor(parameters: .init(windowMs: 20, accelGain: 0, decelGain: 0, turnGain: 1, windowMm: 100, turnLimitRad: 10, liftRatio: 0, bendMm: 100, leadMm: 100))
        var straight = BrakingPredictor(parameters: .init(windowMs: 20, accelGain: 0, decelGain: 0, turnGain: 0, windowMm: 100, turnLimitRad: 10, liftRatio: 0, bendMm: 100, leadMm: 100))
        let a = Self.maxError(&turning, times: Self.regular, horizons: [0.025], trajectory: circle)
        let b = Self.maxError(&straight, times: Self.regular, horizons: [0.025], trajectory: circle)
        // Straight: the chord error of 3.75 mm of arc on a 20 mm circle is about 0.35 mm.
        #expect(b.error > 0.3)
        #expect(a.error < 0.1)
    }

    @Test(arguments: ["regular", "irregular"])
    func followsAConstantSpeedCircleAlongItsArc(spacing: String) {
        // Uniform circular motion, radius 5 mm at 150 mm/s (30 rad/s): 25 ms ahead is 0.75 rad
        // of arc. The prediction runs along the fitted curvature's circle, so its error stays
        // a fraction of a millimetre; a straight line is off by more than 1.2 mm.
        func circle(_ t: Double) -> (x: Double, y: Double) { (5 * cos(30 * t), 5 * sin(30 * t)) }
        var arc = BrakingPredictor(parameters: .init(windowMs: 15, accelGain: 0, decelGain: 0, turnGain: 1, windowMm: 100, turnLimitRad: 10, liftRatio: 0, bendMm: 100, leadMm: 100))
        var straight = BrakingPredictor(parameters: .init(windowMs: 15, accelGain: 0, decelGain: 0, turnGain: 0, windowMm: 100, turnLimitRad: 10, liftRatio: 0, bendMm: 100, leadMm: 100))
        let times = Self.times(spacing)
        let a = Self.maxError(&arc, times: Array(times.dropFirst(2)), horizons: [0.0167, 0.025], trajectory: circle)
        let b = Self.maxError(&straight, times: Array(times.dropFirst(2)), horizons: [0.025], trajectory: circle)
        #expect(b.error > 1.2)
        // Irregular spacing (gaps up to 16 ms in a 15 ms window) fits fewer samples: the
        // quadratic's bias on the circle grows to about 0.23 mm.
        #expect(a.error < (spacing == "regular" ? 0.1 : 0.25))
    }

    @Test func bendCutOffBoundsHowFarTheTurnIsTrusted() {
        // Circle of radius 20 mm at 150 mm/s: normal acceleration 1,125 mm/s². With bend_mm
        // 0.1 the horizon is cut to sqrt(2 · 0.1 / 1125) s = 13.3 ms, 2.0 mm of arc, instead of
        // 25 ms (3.75 mm).
        var p = BrakingPredictor(parameters: .init(
            windowMs: 20, accelGain: 0, decelGain: 0, turnGain: 1, windowMm: 100, turnLimitRad: 10, liftRatio: 0,
            bendMm: 0.1, leadMm: 100))
        let longest = Self.longestTipOnCircle(&p)
        #expect(longest < 2.02)
        #expect(longest > 1.95)
    }

    /// The farthest tip from the newest sample on a 20 mm circle at 150 mm/s (7.5 rad/s),
    /// asked 25 ms ahead after each regular sample from the fifth on (before, the fit has too
    /// few samples for a turn rate).
    static func longestTipOnCircle(_ p: inout BrakingPredictor) -> Double {
        var longest = 0.0
        for (i, t) in regular.enumerated() {
            let c = (x: 20 * cos(7.5 * t), y: 20 * sin(7.5 * t))
            p.update(PenPoint(t: t, x: c.x, y: c.y))
            guard i >= 4, let q = p.predict(at: t + 0.025) else { continue }
            longest = max(longest, ((q.x - c.x) * (q.x - c.x) + (q.y - c.y) * (q.y - c.y)).squareRoot())
        }
        return longest
    }

    @Test(arguments: [0.5, 1.0, 2.5])
    func leadCutOffBoundsTheInkPastAnAbruptStop(leadMm: Double) {
        // 300 mm/s straight, then the pen lifts without slowing (the flick that braking and
        // pressure cannot see): the ink drawn past the last sample is at most lead_mm.
        var p = BrakingPredictor(parameters: .init(liftRatio: 0, bendMm: 100, leadMm: leadMm))
        var worst = 0.0
        for i in 0..<30 {
            let t = Double(i) / 240
            p.update(PenPoint(t: t, x: 300 * t, y: 0))
            guard i >= 2, let q = p.predict(at: t + 0.035) else { continue }
            worst = max(worst, q.x - 300 * t)
        }
        #expect(abs(worst - leadMm) < 1e-9)
    }

    @Test(arguments: [(240.0, 0.5), (240.0, 1.0), (125.0, 1.0), (500.0, 2.0)])
    func leadIntervalsAddAShareOfOneIntervalsTravel(rateHz: Double, share: Double) {
        // 300 mm/s straight at rateHz, asked 35 ms ahead (10.5 mm, far past any cut-off): the
        // tip leads the newest sample by lead_mm plus share x (300 mm/s x one interval), and
        // by lead_mm alone with lead_intervals 0.
        func farthest(_ leadIntervals: Double) -> Double {
            var p = BrakingPredictor(parameters: .init(liftRatio: 0, bendMm: 100, leadMm: 1, leadIntervals: leadIntervals))
            var worst = 0.0
            for i in 0..<30 {
                let t = Double(i) / rateHz
                p.update(PenPoint(t: t, x: 300 * t, y: 0))
                guard i >= 2, let q = p.predict(at: t + 0.035) else { continue }
                worst = max(worst, q.x - 300 * t)
            }
            return worst
        }
        #expect(abs(farthest(share) - (1 + share * 300 / rateHz)) < 1e-6)
        #expect(abs(farthest(0) - 1) < 1e-9)
    }

    @Test func leadIntervalsUseTheMeanIntervalOfTheFit() {
        // Intervals alternating 8 and 16 ms (a 125 Hz stream dropping every other event): the
        // cut-off's interval is the mean over the fitted samples, between the two.
        var p = BrakingPredictor(parameters: .init(windowMs: 200, windowMm: 100, liftRatio: 0, bendMm: 100, leadMm: 1, leadIntervals: 1))
        var t = 0.0
        var lead = 0.0
        for i in 0..<12 {
            p.update(PenPoint(t: t, x: 100 * t, y: 0))
            if let q = p.predict(at: t + 0.2) { lead = q.x - 100 * t }
            t += i.isMultiple(of: 2) ? 0.008 : 0.016
        }
        // 12 samples over 11 intervals: 6 x 8 ms + 5 x 16 ms = 128 ms; mean 11.64 ms.
        #expect(abs(lead - (1 + 100 * 0.128 / 11)) < 1e-6)
    }

    @Test func directionCutOffShortensTheHorizonInATightTurn() {
        // The same circle (turning at 7.5 rad/s): with a 0.05 rad cut-off the prediction goes
        // at most 0.05 / 7.5 s = 6.7 ms ahead, 1 mm at 150 mm/s, instead of 25 ms (3.75 mm).
        var p = BrakingPredictor(parameters: .init(
            windowMs: 20, accelGain: 0, decelGain: 0, turnGain: 1, windowMm: 100, turnLimitRad: 0.05, liftRatio: 0, bendMm: 100, leadMm: 100))
        let longest = Self.longestTipOnCircle(&p)
        #expect(longest < 1.02)
        #expect(longest > 0.95)
    }

    @Test(arguments: [0.0, 5.0, 20.0, 200.0])
    func weightedFitIsExactOnAQuadratic(weightMs: Double) {
        // Weighted least squares still fits a quadratic exactly, whatever the weights.
        var p = BrakingPredictor(parameters: .init(windowMs: 60, windowMm: 100, weightMs: weightMs))
        for t in Self.irregular.prefix(30) {
            p.update(PenPoint(t: t, x: 3 + 40 * t - 90 * t * t, y: -2 + 15 * t + 60 * t * t))
        }
        let t = Self.irregular[29]
        #expect(abs(p.motion.vx - (40 - 180 * t)) < 1e-6)
        #expect(abs(p.motion.vy - (15 + 120 * t)) < 1e-6)
        #expect(abs(p.motion.ax + 180) < 1e-5)
        #expect(abs(p.motion.ay - 120) < 1e-5)
    }

    @Test func weightedFitLagsLessWhenTheAccelerationChanges() {
        // x = j t³ / 6 (constant jerk j = 20,000 mm/s³): a quadratic fit over 60 ms is biased
        // towards the window's average acceleration; weighting the newest samples (half weight
        // at 20 ms) moves the velocity and acceleration towards their values at the newest
        // sample (measured: velocity error 4.8 -> 3.7 mm/s, acceleration 500 -> 451 mm/s²;
        // the Cauchy weights' tails keep the gain modest). Both errors must shrink by 5 %.
        func errors(weightMs: Double) -> (v: Double, a: Double) {
            var p = BrakingPredictor(parameters: .init(windowMs: 60, windowMm: 100, weightMs: weightMs))
            let times = Self.regular.prefix(40)
            for t in times { p.update(PenPoint(t: t, x: 20_000 * t * t * t / 6, y: 0)) }
            let t = times.last ?? 0
            return (abs(p.motion.vx - 10_000 * t * t), abs(p.motion.ax - 20_000 * t))
        }
        let flat = errors(weightMs: 0), weighted = errors(weightMs: 20)
        #expect(flat.v > 0.01 && flat.a > 1)
        #expect(weighted.v < 0.95 * flat.v)
        #expect(weighted.a < 0.95 * flat.a)
    }

    @Test func pathWindowFitsASlowPenOverLongerThanAFastOne() {
        // A 4 mm path window on a straight line: at 20 mm/s the fit covers the whole 40 ms
        // time window, so 0.05 mm noise on one sample moves the velocity less than at 400 mm/s
        // where 4 mm is 10 ms (3 samples). Measured by the velocity error a bump causes.
        func velocityError(speed: Double) -> Double {
            var p = BrakingPredictor(parameters: .init(
                windowMs: 40, accelGain: 0, decelGain: 0, turnGain: 0, windowMm: 4, turnLimitRad: 10, liftRatio: 0, bendMm: 100, leadMm: 100))
            for i in 0..<30 {
                let t = Double(i) / 240
                p.update(PenPoint(t: t, x: speed * t, y: i == 29 ? 0.05 : 0))
            }
            return abs(p.motion.vy)
        }
        #expect(velocityError(speed: 20) < 0.5 * velocityError(speed: 400))
    }

    @Test func fallingPressureStopsThePrediction() {
        // 100 mm/s to the right at pressure 0.6, then the pressure falls as the pen lifts.
        let pressures = Array(repeating: 0.6, count: 20) + [0.55, 0.45, 0.3]
        var lifting = BrakingPredictor(parameters: .init(liftRatio: 0.8, leadMm: 100))
        var blind = BrakingPredictor(parameters: .init(liftRatio: 0, bendMm: 100, leadMm: 100))
        var shares: [Double] = []
        for (i, pressure) in pressures.enumerated() {
            let s = PenPoint(t: Double(i) / 240, x: 100 * Double(i) / 240, y: 0)
            lifting.update(s, pressure: pressure)
            blind.update(s, pressure: pressure)
            let a = lifting.predict(at: s.t + 0.02), b = blind.predict(at: s.t + 0.02)
            shares.append(((a?.x ?? 0) - s.x) / ((b?.x ?? 0) - s.x))
        }
        // Full horizon while the ratio to the peak is at least 0.9 (0.55 / 0.6 = 0.917), then
        // linear down to none at 0.8 (0.45 / 0.6 = 0.75 and 0.5 are below it).
        #expect(shares[1...20].allSatisfy { abs($0 - 1) < 1e-9 })
        #expect(shares[21] == 0 && shares[22] == 0)
        // Without pressure the detector stays out of the way.
        var noPressure = BrakingPredictor(parameters: .init(liftRatio: 0.8))
        for i in 0..<5 { noPressure.update(PenPoint(t: Double(i) / 240, x: Double(i), y: 0), pressure: nil) }
        #expect(noPressure.predict(at: 4.0 / 240 + 0.01).map { $0.x > 4.5 } == true)
    }

    @Test func liftAheadJudgesAFallingPressureWhereItsSlopeLeads() {
        // 100 mm/s at 240 Hz, pressure 0.6 then falling 0.01 per interval (2.4 per s): the
        // newest ratio stays above 0.9 (0.57 / 0.6 = 0.95), so lift_ahead_ms 0 keeps the full
        // horizon; 20 ms ahead the pressure is 0.57 - 2.4 x 0.02 = 0.522 (ratio 0.87), which
        // the detector scales to (0.87 - 0.8) / 0.1 = 0.7 of the horizon.
        let pressures = Array(repeating: 0.6, count: 20) + [0.59, 0.58, 0.57]
        func share(liftAheadMs: Double) -> Double {
            var p = BrakingPredictor(parameters: .init(liftRatio: 0.8, bendMm: 100, leadMm: 100, liftAheadMs: liftAheadMs))
            var blind = BrakingPredictor(parameters: .init(liftRatio: 0, bendMm: 100, leadMm: 100))
            var last = 0.0
            for (i, pressure) in pressures.enumerated() {
                let s = PenPoint(t: Double(i) / 240, x: 100 * Double(i) / 240, y: 0)
                p.update(s, pressure: pressure)
                blind.update(s, pressure: pressure)
                last = ((p.predict(at: s.t + 0.02)?.x ?? 0) - s.x) / ((blind.predict(at: s.t + 0.02)?.x ?? 0) - s.x)
            }
            return last
        }
        #expect(abs(share(liftAheadMs: 0) - 1) < 1e-9)
        #expect(abs(share(liftAheadMs: 20) - 0.7) < 1e-6)
        // A rising or steady pressure is judged as it is.
        var steady = BrakingPredictor(parameters: .init(liftRatio: 0.8, bendMm: 100, leadMm: 100, liftAheadMs: 50))
        for i in 0..<10 { steady.update(PenPoint(t: Double(i) / 240, x: 100 * Double(i) / 240, y: 0), pressure: 0.3 + 0.01 * Double(i)) }
        #expect(steady.predict(at: 9.0 / 240 + 0.02).map { abs($0.x - 100 * (9.0 / 240 + 0.02)) < 1e-6 } == true)
    }

    @Test(arguments: [(1.0, 2.5), (1.5, 0.5)])
    func pressedLeadReplacesTheLeadWhileTheSampleCarriesPressure(leadMm: Double, pressedLeadMm: Double) {
        // 300 mm/s straight, asked 35 ms ahead: the tip leads by pressed_lead_mm while the
        // samples carry a steady pressure above 0, by lead_mm when they carry none or 0, and by lead_mm
        // throughout with pressed_lead_mm 0.
        func farthest(pressure: Double?, pressedLeadMm: Double) -> Double {
            var p = BrakingPredictor(parameters: .init(bendMm: 100, leadMm: leadMm, pressedLeadMm: pressedLeadMm))
            var worst = 0.0
            for i in 0..<30 {
                let t = Double(i) / 240
                p.update(PenPoint(t: t, x: 300 * t, y: 0), pressure: pressure)
                guard i >= 2, let q = p.predict(at: t + 0.035) else { continue }
                worst = max(worst, q.x - 300 * t)
            }
            return worst
        }
        #expect(abs(farthest(pressure: 0.5, pressedLeadMm: pressedLeadMm) - pressedLeadMm) < 1e-9)
        #expect(abs(farthest(pressure: nil, pressedLeadMm: pressedLeadMm) - leadMm) < 1e-9)
        #expect(abs(farthest(pressure: 0.5, pressedLeadMm: 0) - leadMm) < 1e-9)
        // A hover sample (pressure 0) gets lead_mm.
        #expect(abs(farthest(pressure: 0, pressedLeadMm: pressedLeadMm) - leadMm) < 1e-9)
    }

    @Test func leadFallShrinksTheLeadInProportionToThePressureFall() {
        // 300 mm/s straight, asked 35 ms ahead (10.5 mm: the 3 mm lead binds), lift detector
        // off. Pressure 0.6 steady, then falling 0.01 per interval (2.4 per s, 4 per s of the
        // 0.6 peak): with lead_fall_ms 100 the lead is 3 x (1 - 4 x 0.1) = 1.8 mm; with 250 ms,
        // 3 x 0 = 0 (the newest sample); a steady pressure and lead_fall_ms 0 keep 3 mm.
        func lead(leadFallMs: Double, falling: Bool) -> Double {
            var p = BrakingPredictor(parameters: .init(liftRatio: 0, bendMm: 100, leadMm: 3, leadFallMs: leadFallMs))
            var last = 0.0
            for i in 0..<24 {
                let t = Double(i) / 240
                let pressure = falling && i >= 20 ? 0.6 - 0.01 * Double(i - 19) : 0.6
                p.update(PenPoint(t: t, x: 300 * t, y: 0), pressure: pressure)
                last = (p.predict(at: t + 0.035)?.x ?? -1) - 300 * t
            }
            return last
        }
        #expect(abs(lead(leadFallMs: 100, falling: true) - 1.8) < 1e-6)
        #expect(abs(lead(leadFallMs: 250, falling: true)) < 1e-6)
        #expect(abs(lead(leadFallMs: 100, falling: false) - 3) < 1e-9)
        #expect(abs(lead(leadFallMs: 0, falling: true) - 3) < 1e-9)
        // No pressure: the lead stays.
        var blind = BrakingPredictor(parameters: .init(liftRatio: 0, bendMm: 100, leadMm: 3, leadFallMs: 250))
        for i in 0..<24 { blind.update(PenPoint(t: Double(i) / 240, x: 300 * Double(i) / 240, y: 0), pressure: nil) }
        #expect(blind.predict(at: 23.0 / 240 + 0.035).map { abs($0.x - 300 * 23.0 / 240 - 3) < 1e-9 } == true)
    }

    @Test func jerkShareCutsTheHorizonWhereTheFittedAccelerationChanges() {
        // y = c t³ across x = 200 t (jerk 6c = 6000 mm/s³ on y), 240 Hz, 60 samples, asked
        // 35 ms ahead, with the other cut-offs out of the way (no lead, bend, turn or speed-up
        // term; a fixed 11-sample window, so successive fits differ by the jerk exactly). With
        // jerk_share 0.005 the horizon is √(2 · 0.005 · s / 6000) (about 21 ms at the final speed of
        // about 270 mm/s, under the 35 asked);
        // off, all 35 ms. On a quadratic path (no jerk) the share changes nothing.
        func tip(jerkShare: Double, c: Double) -> (distance: Double, speed: Double) {
            var p = BrakingPredictor(parameters: .init(
                windowMs: 45, turnGain: 0, windowMm: 100, liftRatio: 0, bendMm: 100, leadMm: 100, jerkShare: jerkShare))
            var last = PenPoint(t: 0, x: 0, y: 0)
            for i in 0..<60 {
                let t = Double(i) / 240
                last = PenPoint(t: t, x: 200 * t, y: c * t * t * t)
                p.update(last)
            }
            let m = p.motion
            let q = p.predict(at: last.t + 0.035)
            let distance = q.map { (($0.x - last.x) * ($0.x - last.x) + ($0.y - last.y) * ($0.y - last.y)).squareRoot() } ?? -1
            return (distance, (m.vx * m.vx + m.vy * m.vy).squareRoot())
        }
        let on = tip(jerkShare: 0.005, c: 1000), off = tip(jerkShare: 0, c: 1000)
        let expected = on.speed * (2 * 0.005 * on.speed / 6000).squareRoot()
        #expect(abs(on.distance - expected) < 1e-4 * expected)
        #expect(on.distance < 0.8 * off.distance)
        #expect(abs(off.distance - off.speed * 0.035) < 1e-9 * off.distance)
        // No jerk (a parabola in y): the share keeps the whole horizon.
        func parabola(jerkShare: Double) -> PenPoint? {
            var p = BrakingPredictor(parameters: .init(
                windowMs: 45, turnGain: 0, windowMm: 100, liftRatio: 0, bendMm: 100, leadMm: 100, jerkShare: jerkShare))
            for i in 0..<60 {
                let t = Double(i) / 240
                p.update(PenPoint(t: t, x: 200 * t, y: 300 * t * t))
            }
            return p.predict(at: 59.0 / 240 + 0.035)
        }
        let a = parabola(jerkShare: 0.01), b = parabola(jerkShare: 0)
        #expect(a != nil && b != nil)
        if let a, let b { #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6) }
        // After a reset the jerk is forgotten: three samples of a straight line predict in full.
        var p = BrakingPredictor(parameters: .init(liftRatio: 0, bendMm: 100, leadMm: 100, jerkShare: 0.01))
        for i in 0..<60 { p.update(PenPoint(t: Double(i) / 240, x: 200 * Double(i) / 240, y: 1000 * pow(Double(i) / 240, 3))) }
        p.reset()
        for i in 0..<3 { p.update(PenPoint(t: Double(i) / 240, x: 200 * Double(i) / 240, y: 0)) }
        #expect(p.predict(at: 2.0 / 240 + 0.035).map { abs($0.x - 200 * (2.0 / 240 + 0.035)) < 1e-9 } == true)
    }

    /// The fitted velocity's RMS error (mm/s) over a stroke of `count` samples taken every
    /// `periodS` on the device's clock and stamped `stamp(true time)`, from the 12th sample on,
    /// against the true velocity at each sample's true time.
    static func velocityError(
        clockFit: Bool, periodS: Double, count: Int, stamp: (Double) -> Double
    ) -> Double {
        // A parabola (constant acceleration): the quadratic fit is exact at exact times, so the
        // error left is the time axis's.
        func position(_ t: Double) -> (x: Double, y: Double) { (120 * t + 150 * t * t, 40 * t - 80 * t * t) }
        func velocity(_ t: Double) -> (x: Double, y: Double) { (120 + 300 * t, 40 - 160 * t) }
        var p = BrakingPredictor(parameters: .init(clockFit: clockFit))
        var sum = 0.0, n = 0
        for i in 0..<count {
            let t = 0.137 + Double(i) * periodS
            let q = position(t)
            p.update(PenPoint(t: stamp(t), x: q.x, y: q.y))
            guard i >= 12 else { continue }
            let m = p.motion, v = velocity(t)
            sum += (m.vx - v.x) * (m.vx - v.x) + (m.vy - v.y) * (m.vy - v.y)
            n += 1
        }
        return (sum / Double(max(1, n))).squareRoot()
    }

    @Test(arguments: [1 / 480.0, 1 / 455.0, 1 / 417.0])
    func clockFitRecoversTheSampleClockOfWholeMillisecondTimestamps(periodS: Double) {
        // A digitizer at 417-480 Hz that stamps whole milliseconds (truncated): intervals of
        // 1, 2 and 3 ms for a steady 2.08-2.4 ms. Against those stamps the fitted velocity is
        // noisy; against the recovered clock it is close to the truth.
        let wholeMs: (Double) -> Double = { ($0 * 1000).rounded(.down) / 1000 }
        let without = Self.velocityError(clockFit: false, periodS: periodS, count: 200, stamp: wholeMs)
        let with = Self.velocityError(clockFit: true, periodS: periodS, count: 200, stamp: wholeMs)
        let exact = Self.velocityError(clockFit: false, periodS: periodS, count: 200, stamp: { $0 })
        #expect(with < 0.2 * without, "RMS velocity error \(with) mm/s with clock_fit, \(without) without")
        // Against exact stamps the fit is exact; the recovered clock's period settles over the
        // stroke (its error is a quantum over the ticks counted), so a small error remains.
        #expect(with < 2, "RMS velocity error \(with) mm/s with clock_fit, \(exact) with exact stamps")
    }

    @Test func clockFitChangesNothingOnExactTimestampsWithDroppedSamples() {
        // An even 125 Hz clock whose every third event is dropped (intervals 8 and 16 ms, as the
        // MyPaint recording), and an even 240 Hz one: exact stamps are the clock's own times.
        for (period, dropEvery) in [(0.008, 3), (1 / 240.0, 0)] {
            var on = BrakingPredictor(parameters: .init(clockFit: true)), off = BrakingPredictor()
            var k = 0
            for _ in 0..<80 {
                k += 1
                if dropEvery > 0 && k % dropEvery == 0 { k += 1 }
                let t = Double(k) * period
                let s = PenPoint(t: t, x: 90 * t + 400 * t * t, y: 5 * sin(11 * t))
                on.update(s); off.update(s)
                let a = on.motion, b = off.motion
                #expect(abs(a.vx - b.vx) < 1e-6 * max(1, abs(b.vx)) && abs(a.vy - b.vy) < 1e-6 * max(1, abs(b.vy)))
                #expect(abs(a.ax - b.ax) < 1e-5 * max(1, abs(b.ax)) && abs(a.ay - b.ay) < 1e-5 * max(1, abs(b.ay)))
            }
        }
        // A gap of more than 8 periods restarts the clock; a reset forgets it.
        var p = BrakingPredictor(parameters: .init(clockFit: true))
        for i in 0..<20 { p.update(PenPoint(t: Double(i) * 0.002, x: Double(i) * 0.2, y: 0)) }
        for i in 0..<20 { p.update(PenPoint(t: 0.2 + Double(i) * 0.004, x: 10 + Double(i) * 0.4, y: 0)) }
        #expect(abs(p.motion.vx - 100) < 1e-6)
        p.reset()
        for i in 0..<5 { p.update(PenPoint(t: Double(i) * 0.01, x: Double(i), y: 0)) }
        #expect(abs(p.motion.vx - 100) < 1e-6)
    }

    @Test func clothoidFollowsATighteningBend() {
        // Constant speed 200 mm/s, heading θ = c t² (curvature 2 c t / s, growing along the path:
        // a clothoid), integrated finely; 240 Hz; asked 30 ms ahead with the cut-offs out of the
        // way and the circle unscaled (turn_gain 1). The clothoid gain brings the tip nearer the
        // path than the circle of the current curvature; on a circle it changes nothing.
        func path(_ t: Double, c: Double) -> (x: Double, y: Double) {
            let steps = 2000
            var x = 0.0, y = 0.0
            let dt = t / Double(steps)
            for k in 0..<steps {
                let tm = (Double(k) + 0.5) * dt
                x += 200 * cos(c * tm * tm) * dt
                y += 200 * sin(c * tm * tm) * dt
            }
            return (x, y)
        }
        func error(gain: Double, c: Double) -> Double {
            var p = BrakingPredictor(parameters: .init(
                windowMs: 13, decelGain: 0, turnGain: 1, windowMm: 100, liftRatio: 0, bendMm: 100, leadMm: 100, weightMs: 0,
                clothoidGain: gain))
            let times = (0..<40).map { Double($0) / 240 }
            for t in times {
                let q = path(t, c: c)
                p.update(PenPoint(t: t, x: q.x, y: q.y))
            }
            let target = times[times.count - 1] + 0.03
            let truth = path(target, c: c)
            guard let tip = p.predict(at: target) else { return .infinity }
            return ((tip.x - truth.x) * (tip.x - truth.x) + (tip.y - truth.y) * (tip.y - truth.y)).squareRoot()
        }
        let circle = error(gain: 0, c: 40), clothoid = error(gain: 1, c: 40)
        #expect(clothoid < 0.75 * circle, "tip error \(clothoid) mm with the clothoid, \(circle) mm on the circle")
        // A circle (x, y) = r (sin ω t, 1 - cos ω t), r 20 mm at 160 mm/s, 4.8 mm ahead: no
        // curvature rate, so nearly the same tip. Not exactly: the fitted acceleration lags the
        // turn, and its along-track part reads as a slight tightening (-3 a_n a_t / s³).
        func circleTip(gain: Double) -> PenPoint? {
            var p = BrakingPredictor(parameters: .init(turnGain: 1, liftRatio: 0, bendMm: 100, leadMm: 100, clothoidGain: gain))
            for i in 0..<40 {
                let t = Double(i) / 240
                p.update(PenPoint(t: t, x: 20 * sin(8 * t), y: 20 * (1 - cos(8 * t))))
            }
            return p.predict(at: 39.0 / 240 + 0.03)
        }
        let a = circleTip(gain: 1), b = circleTip(gain: 0)
        #expect(a != nil && b != nil)
        if let a, let b {
            let moved = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
            #expect(moved < 0.03, "the clothoid moved a circle's tip by \(moved) mm")
        }
    }

    @Test func declinesWithOneSampleAndAfterReset() {
        var p = BrakingPredictor()
        #expect(p.predict(at: 0) == nil)
        p.update(PenPoint(t: 0, x: 1, y: 2))
        #expect(p.predict(at: 0.01) == nil)
        p.update(PenPoint(t: 0.01, x: 2, y: 2))
        let q = p.predict(at: 0.02)
        #expect(q.map { abs($0.x - 3) < 1e-9 && $0.y == 2 && $0.t == 0.02 } == true)
        p.reset()
        #expect(p.predict(at: 1) == nil)
        // A pen at rest: the newest sample.
        for i in 0..<5 { p.update(PenPoint(t: Double(i) * 0.004, x: 7, y: 8)) }
        #expect(p.predict(at: 0.05) == PenPoint(t: 0.05, x: 7, y: 8))
    }

    @Test func predictDoesNotDependOnBeingAsked() {
        var p = BrakingPredictor()
        var q = BrakingPredictor()
        for i in 0..<20 {
            let t = Double(i) / 240
            let s = PenPoint(t: t, x: 30 * t + 200 * t * t, y: sin(9 * t))
            p.update(s); q.update(s)
            _ = p.predict(at: t + 0.03)
            _ = p.predict(at: t + 0.01)
        }
        #expect(p.predict(at: 0.2) == q.predict(at: 0.2))
    }

    @Test(arguments: [
        ("window_ms", BrakingPredictor.Parameters(windowMs: 0.5)),
        ("accel_gain", BrakingPredictor.Parameters(accelGain: -0.1)),
        ("decel_gain", BrakingPredictor.Parameters(decelGain: .nan)),
        ("turn_gain", BrakingPredictor.Parameters(turnGain: 5)),
        ("window_mm", BrakingPredictor.Parameters(windowMm: 0)),
        ("turn_limit_rad", BrakingPredictor.Parameters(turnLimitRad: 0)),
        ("lift_ratio", BrakingPredictor.Parameters(liftRatio: 1)),
        ("bend_mm", BrakingPredictor.Parameters(bendMm: 0)),
        ("lead_mm", BrakingPredictor.Parameters(leadMm: .infinity)),
        ("weight_ms", BrakingPredictor.Parameters(weightMs: -1)),
        ("weight_ms", BrakingPredictor.Parameters(weightMs: 201)),
        ("lead_intervals", BrakingPredictor.Parameters(leadIntervals: -0.5)),
        ("lead_intervals", BrakingPredictor.Parameters(leadIntervals: 5)),
        ("lift_ahead_ms", BrakingPredictor.Parameters(liftAheadMs: -1)),
        ("lift_ahead_ms", BrakingPredictor.Parameters(liftAheadMs: 101)),
        ("pressed_lead_mm", BrakingPredictor.Parameters(pressedLeadMm: .nan)),
        ("pressed_lead_mm", BrakingPredictor.Parameters(pressedLeadMm: 101)),
        ("lead_fall_ms", BrakingPredictor.Parameters(leadFallMs: -1)),
        ("lead_fall_ms", BrakingPredictor.Parameters(leadFallMs: 1001)),
        ("jerk_share", BrakingPredictor.Parameters(jerkShare: -0.1)),
        ("jerk_share", BrakingPredictor.Parameters(jerkShare: 11)),
        ("clothoid_gain", BrakingPredictor.Parameters(clothoidGain: -0.1)),
        ("clothoid_gain", BrakingPredictor.Parameters(clothoidGain: 5)),
    ])
    func rejectsConstantsOutOfRange(name: String, parameters: BrakingPredictor.Parameters) {
        #expect(throws: PredictorParameterError.self) { try parameters.validate() }
        do throws(PredictorParameterError) {
            try parameters.validate()
        } catch {
            #expect(error.parameter == name)
            // What was expected is the field's range in words ("a number of ms from 1 to 200").
            let field = BrakingPredictor.Parameters.field(named: name)
            #expect(field != nil && error.description.hasSuffix("expected \(field?.expected ?? "?")"))
            #expect(error.description.contains(" from "))
        }
        #expect(throws: Never.self) { try BrakingPredictor.Parameters().validate() }
    }
}
