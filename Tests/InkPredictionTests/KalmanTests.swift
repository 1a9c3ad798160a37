import InkPrediction
import InkTestSupport
import Testing

/// Chromium's golden values (benchmark model, section 9), in px and ms.
@Suite("Kalman: Chromium port")
struct KalmanTests {
    static let tolerance = 1e-3

    func feed(_ observations: [Double]) -> [(p: Double, v: Double, a: Double)] {
        var filter = KalmanFilter()
        filter.update(observation: 0, dt: 8)
        return observations.map { z in
            filter.update(observation: z, dt: 8)
            return (filter.position, filter.velocity, filter.acceleration)
        }
    }

    @Test func constantVelocityGoldenValues() {
        let got = feed([1, 2, 3, 4, 5, 6])
        let position = [0.999, 2.007, 3.001, 3.999, 5.000, 6.000]
        let velocity = [0.242, 0.130, 0.122, 0.124, 0.125, 0.125]
        let acceleration = [0.029, 0, 0, 0, 0, 0]
        for i in got.indices {
            #expect(abs(got[i].p - position[i]) <= Self.tolerance, "position \(i): \(got[i].p)")
            #expect(abs(got[i].v - velocity[i]) <= Self.tolerance, "velocity \(i): \(got[i].v)")
            #expect(abs(got[i].a - acceleration[i]) <= Self.tolerance, "acceleration \(i): \(got[i].a)")
        }
    }

    @Test func acceleratingGoldenValues() {
        let got = feed([1, 2, 4, 8, 16, 32])
        let position = [0.999, 2.007, 3.976, 7.970, 15.950, 31.896]
        let velocity = [0.242, 0.130, 0.298, 0.623, 1.240, 2.475]
        let acceleration = [0.029, 0.000, 0.015, 0.034, 0.065, 0.130]
        for i in got.indices {
            #expect(abs(got[i].p - position[i]) <= Self.tolerance, "position \(i): \(got[i].p)")
            #expect(abs(got[i].v - velocity[i]) <= Self.tolerance, "velocity \(i): \(got[i].v)")
            #expect(abs(got[i].a - acceleration[i]) <= Self.tolerance, "acceleration \(i): \(got[i].a)")
        }
    }

    @Test func stableAfterFourUpdates() {
        var filter = KalmanFilter()
        for i in 0..<4 {
            #expect(!filter.isStable)
            filter.update(observation: Double(i), dt: 8)
        }
        #expect(filter.isStable)
        filter.reset()
        #expect(!filter.isStable)
    }

    /// x = t²/32 + t/4 - 2 ... in px over ms: Chromium's quadratic test trajectory, fed at
    /// t = 8, 16, ..., 64 ms; once ready, each next sample is predicted within 0.1 px.
    @Test func predictsTheQuadraticTrajectoryWithinATenthOfAPixel() {
        let xs: [Double] = [0, 2, 8, 18, 32, 50, 72, 98]
        let ys: [Double] = [10, 11, 14, 19, 26, 35, 46, 59]
        let px = 0.15875
        var predictor = KalmanPredictor()
        var checked = 0
        for i in 0..<(xs.count - 1) {
            let tMs = Double(i + 1) * 8
            predictor.update(PenPoint(t: tMs / 1000, x: xs[i] * px, y: ys[i] * px))
            guard let p = predictor.predict(at: (tMs + 8) / 1000) else {
                #expect(i < 3, "declined after \(i + 1) updates")
                continue
            }
            #expect(abs(p.x / px - xs[i + 1]) < 0.1, "x at \(tMs + 8) ms: \(p.x / px) px")
            #expect(abs(p.y / px - ys[i + 1]) < 0.1, "y at \(tMs + 8) ms: \(p.y / px) px")
            checked += 1
        }
        #expect(checked == 4)
    }

    /// The interval the axis filters use is the running mean of the raw intervals since the reset.
    @Test func timeFilterIsTheRunningMeanOfIrregularIntervals() {
        let intervalsMs: [Double] = [1, 16, 1, 16, 4, 9, 2.5]
        var predictor = KalmanPredictor()
        var t = 0.0
        predictor.update(PenPoint(t: 0, x: 0, y: 0))
        var sum = 0.0
        for (i, dt) in intervalsMs.enumerated() {
            t += dt
            sum += dt
            predictor.update(PenPoint(t: t / 1000, x: t, y: 0))
            #expect(abs(predictor.filteredIntervalMs - sum / Double(i + 1)) < 1e-12)
        }
        predictor.reset()
        predictor.update(PenPoint(t: 1, x: 0, y: 0))
        #expect(predictor.filteredIntervalMs == 0)
    }

    /// On irregular intervals the port agrees with a textbook matrix implementation of the same
    /// filter (two independent axis filters, explicit F, Q, H, Joseph form), to 1e-9 px.
    @Test func matchesAReferenceImplementationOnIrregularIntervals() {
        let intervalsMs: [Double] = [1, 16, 1, 16, 3, 5, 8, 2, 13, 4]
        let px = 0.15875
        var predictor = KalmanPredictor()
        var refX = ReferenceKalman(), refY = ReferenceKalman(), refT = ReferenceKalman()
        var tMs = 0.0, lastMs = 0.0
        var compared = 0
        for i in 0..<40 {
            if i > 0 { tMs += intervalsMs[i % intervalsMs.count] }
            let x = 3 * sin(tMs / 40) * 20 + tMs * 0.4, y = 0.002 * tMs * tMs - cos(tMs / 25) * 9
            if i > 0 { refT.update(tMs - lastMs, dt: 0) }
            let dt = refT.x[0]
            refX.update(x, dt: dt)
            refY.update(y, dt: dt)
            lastMs = tMs
            predictor.update(PenPoint(t: tMs / 1000, x: x * px, y: y * px))
            for horizonMs in [4.0, 16.0, 33.0] {
                let got = predictor.predict(at: (tMs + horizonMs) / 1000)
                if refX.iterations < 4 {
                    #expect(got == nil)
                    continue
                }
                let ex = x + refX.x[1] * horizonMs + 0.5 * refX.x[2] * horizonMs * horizonMs
                let ey = y + refY.x[1] * horizonMs + 0.5 * refY.x[2] * horizonMs * horizonMs
                guard let got else {
                    Issue.record("no prediction after \(i + 1) updates")
                    continue
                }
                #expect(abs(got.x / px - ex) < 1e-9 * max(1, abs(ex)), "x at sample \(i), h \(horizonMs)")
                #expect(abs(got.y / px - ey) < 1e-9 * max(1, abs(ey)), "y at sample \(i), h \(horizonMs)")
                compared += 1
            }
        }
        #expect(compared > 100)
    }

    @Test func rejectsBadParameters() {
        #expect(throws: PredictorParameterError.self) {
            try KalmanPredictor.Parameters(filter: KalmanFilter.Parameters(sigmaProcess: -1)).validate()
        }
        #expect(throws: PredictorParameterError.self) {
            try KalmanPredictor.Parameters(pixelSizeMM: .nan).validate()
        }
        #expect((try? KalmanPredictor.Parameters().validate()) != nil)
    }
}

/// A textbook constant-acceleration Kalman filter with explicit 3x3 matrices, written
/// independently of the port it checks.
struct ReferenceKalman {
    var x = [0.0, 0.0, 0.0]
    var p: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    var iterations = 0

    static func mul(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }
    static func transpose(_ a: [[Double]]) -> [[Double]] { (0..<3).map { i in (0..<3).map { j in a[j][i] } } }

    mutating func update(_ z: Double, dt: Double) {
        defer { iterations += 1 }
        if iterations == 0 {
            x = [z, 0, 0]
            return
        }
        let f: [[Double]] = [[1, dt, dt * dt / 2], [0, 1, dt], [0, 0, 1]]
        let g = [dt * dt / 2, dt, 1]
        x = (0..<3).map { i in (0..<3).reduce(0) { $0 + f[i][$1] * x[$1] } }
        var pp = Self.mul(Self.mul(f, p), Self.transpose(f))
        for i in 0..<3 { for j in 0..<3 { pp[i][j] += 0.01 * g[i] * g[j] } }
        let s = pp[0][0] + 1
        let k = [pp[0][0] / s, pp[1][0] / s, pp[2][0] / s]
        let y = z - x[0]
        x = (0..<3).map { x[$0] + k[$0] * y }
        var ikh: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        for i in 0..<3 { ikh[i][0] -= k[i] }
        p = Self.mul(Self.mul(ikh, pp), Self.transpose(ikh))
        for i in 0..<3 { for j in 0..<3 { p[i][j] += k[i] * k[j] } }
    }
}

import Foundation
