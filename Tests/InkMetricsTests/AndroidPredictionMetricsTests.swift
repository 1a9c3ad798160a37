import Foundation
import InkMetrics
import Testing

/// `AndroidPredictionMetrics` against the expectations of AOSP's own
/// `libs/input/tests/MotionPredictorMetricsManager_test.cpp` (LineageOS mirror, 4b884cf1): the
/// same inputs (points given as Android's (y, x) vectors), the same helper formulas, and the
/// same comparison of truncated integer milli-units within 1.
@Suite("Android MotionPredictor metrics")
struct AndroidPredictionMetricsTests {
    typealias Real = AndroidPredictionMetrics.RealPoint
    typealias Predicted = AndroidPredictionMetrics.PredictedPoint

    static let interval: Int64 = 12_500_000 / 3
    static let t0: Int64 = 1_000_000_000
    static let buckets = 5

    /// A point from Android's (position[0], position[1]) = (y, x) vector.
    static func real(_ p0: Double, _ p1: Double, _ pressure: Double, _ t: Int64) -> Real {
        Real(timeNs: t, xPx: p1, yPx: p0, pressure: pressure)
    }

    // The test's helpers, re-expressed.
    static func average(_ v: [Double]) -> Double { v.reduce(0, +) / Double(v.count) }
    static func sd(_ v: [Double]) -> Double {
        let m = average(v)
        return (max(0, v.reduce(0) { $0 + $1 * $1 - m * m }) / Double(v.count)).squareRoot()
    }
    static func rmse(_ v: [Double]) -> Double { (v.reduce(0) { $0 + $1 * $1 } / Double(v.count)).squareRoot() }
    static func milli(_ v: Double) -> Int { Int((1000 * v).rounded(.towardZero)) }

    /// `generatePredictionsByLinearExtrapolation`: 5 points continuing the last segment.
    static func linear(_ a: Real, _ b: Real) -> [Predicted] {
        (1...buckets).map { j in
            let k = Double(j)
            return Predicted(
                targetNs: b.timeNs + Int64(j) * interval, xPx: b.xPx + k * (b.xPx - a.xPx), yPx: b.yPx + k * (b.yPx - a.yPx),
                pressure: b.pressure + k * (b.pressure - a.pressure))
        }
    }

    static func allLinear(_ truth: [Real]) -> [[Predicted]] {
        [[]] + (1..<truth.count).map { linear(truth[$0 - 1], truth[$0]) }
    }

    /// `runMetricsManager`: each real point, then its predictions; then a lift.
    static func run(_ truth: [Real], _ predictions: [[Predicted]]) -> (atoms: [AndroidPredictionMetrics.Atom]?, m: AndroidPredictionMetrics) {
        var m = AndroidPredictionMetrics()
        for (i, p) in truth.enumerated() {
            m.record(p)
            if !predictions[i].isEmpty { m.predict(predictions[i]) }
        }
        let atoms = m.up()
        return (atoms, m)
    }

    /// `computeGeneralPositionErrors`: per bucket, the along and off errors of each prediction
    /// against its target point, split along the segment ending there.
    static func generalErrors(_ truth: [Real], _ predictions: [[Predicted]]) -> [(mean: Double, sd: Double, off: Double, along: [Double])] {
        (0..<buckets).map { j in
            var along: [Double] = [], off: [Double] = []
            for source in 1..<truth.count {
                let target = source + j + 1
                guard target < truth.count else { continue }
                var ux = truth[target].xPx - truth[target - 1].xPx, uy = truth[target].yPx - truth[target - 1].yPx
                let n = (ux * ux + uy * uy).squareRoot()
                if n > 0 { ux /= n; uy /= n }
                let ex = predictions[source][j].xPx - truth[target].xPx, ey = predictions[source][j].yPx - truth[target].yPx
                along.append(ex * ux + ey * uy)
                off.append(-ex * uy + ey * ux)
            }
            return (average(along), sd(along), rmse(off), along)
        }
    }

    @Test func noPredictionsReportsNothing() {
        var m = AndroidPredictionMetrics()
        m.record(Self.real(0, 0, 0, 0))
        #expect(m.up() == nil)
    }

    @Test func constantTruthPerfectPredictions() throws {
        var truth: [Real] = [], predictions: [[Predicted]] = []
        for i in 0..<(Self.buckets + 2) {
            let p = Self.real(10, 20, 0.6, Self.t0 + Int64(i) * Self.interval)
            truth.append(p)
            predictions.append(
                i > 0 ? (1...Self.buckets).map { Predicted(targetNs: p.timeNs + Int64($0) * Self.interval, xPx: 20, yPx: 10, pressure: 0.6) } : [])
        }
        let atoms = try #require(Self.run(truth, predictions).atoms)
        #expect(atoms.count == Self.buckets)
        for (i, a) in atoms.enumerated() {
            #expect(a.deltaTimeBucketMs == Int(Self.interval * Int64(i + 1) / 1_000_000))
            #expect(a.alongMeanMilliPx == 0 && a.alongSDMilliPx == 0 && a.offRMSEMilliPx == 0 && a.pressureRMSEMilli == 0)
            #expect(a.highVelocityAlongRMSEMilliPx == nil && a.highVelocityOffRMSEMilliPx == nil)
            if i + 1 == atoms.count {
                #expect(a.scaleInvariantAlongRMSEMilli == 0 && a.scaleInvariantOffRMSEMilli == 0)
            } else {
                #expect(a.scaleInvariantAlongRMSEMilli == nil && a.scaleInvariantOffRMSEMilli == nil)
            }
        }
        #expect(atoms.map(\.deltaTimeBucketMs) == [4, 8, 12, 16, 20])
    }

    @Test func quadraticPressureLinearPredictions() throws {
        var truth: [Real] = []
        for i in 0..<(Self.buckets + 2) {
            let t: Int64 = Self.t0 + Int64(i) * Self.interval
            truth.append(Self.real(0, 0, 0.5 + 0.01 * Double(i * i), t))
        }
        let predictions = Self.allLinear(truth)
        let atoms = try #require(Self.run(truth, predictions).atoms)
        for j in 0..<Self.buckets {
            var errors: [Double] = []
            for source in 1..<truth.count where source + j + 1 < truth.count {
                errors.append(predictions[source][j].pressure - truth[source + j + 1].pressure)
            }
            let got = try #require(atoms[j].pressureRMSEMilli)
            #expect(abs(got - Self.milli(Self.rmse(errors))) <= 1, "bucket \(j)")
        }
    }

    @Test func quadraticPositionLinearPredictions() throws {
        var truth: [Real] = []
        for i in 0..<(Self.buckets + 2) {
            let q = Double(i * i)
            let t: Int64 = Self.t0 + Int64(i) * Self.interval
            truth.append(Self.real(200 - 2 * q, 300 + 3 * q, 0.5, t))
        }
        let predictions = Self.allLinear(truth)
        let expected = Self.generalErrors(truth, predictions)
        let atoms = try #require(Self.run(truth, predictions).atoms)
        for j in 0..<Self.buckets {
            #expect(abs((atoms[j].alongMeanMilliPx ?? .min) - Self.milli(expected[j].mean)) <= 1, "bucket \(j)")
            #expect(abs((atoms[j].alongSDMilliPx ?? .min) - Self.milli(expected[j].sd)) <= 1, "bucket \(j)")
            #expect(abs((atoms[j].offRMSEMilliPx ?? .min) - Self.milli(expected[j].off)) <= 1, "bucket \(j)")
        }
    }

    /// The hand-made table of `ComputeGeneralPositionErrorsSimpleTest`, through the manager.
    @Test func handTableThroughTheManager() throws {
        var truth = (0..<(Self.buckets + 2)).map { i in Self.real(0, 0, 0, Self.t0 + Int64(i) * Self.interval) }
        for (i, p) in [(3, (1.0, 0.0)), (4, (1, 1)), (5, (1, 3)), (6, (2, 3))] {
            truth[i] = Self.real(p.0, p.1, 0, truth[i].timeNs)
        }
        let along: [[Double]] = [[0, -1, -1, -1, -1], [-1, -1, -3, -1], [-1, -3, 2], [-3, -2], [-2]]
        let off: [[Double]] = [[0, 0, 1, 0, 2], [0, 1, 2, 0], [1, 1, 3], [1, 3], [3]]
        let atoms = try #require(Self.run(truth, Self.allLinear(truth)).atoms)
        for j in 0..<Self.buckets {
            #expect(abs((atoms[j].alongMeanMilliPx ?? .min) - Self.milli(Self.average(along[j]))) <= 1, "bucket \(j)")
            #expect(abs((atoms[j].alongSDMilliPx ?? .min) - Self.milli(Self.sd(along[j]))) <= 1, "bucket \(j)")
            #expect(abs((atoms[j].offRMSEMilliPx ?? .min) - Self.milli(Self.rmse(off[j]))) <= 1, "bucket \(j)")
        }
    }

    /// `CounterclockwiseOctagonGroundTruthLinearPredictions`: 10 px per input at 240 Hz (over
    /// the 1100 px/s threshold), turning 45° each input.
    @Test func octagonWithHighVelocityAndScaleInvariantErrors() throws {
        var truth: [Real] = [Self.real(100, 100, 0, Self.t0)]
        var angle = Double.pi / 2
        for _ in 1..<(Self.buckets + 2) {
            let last = truth[truth.count - 1]
            // Android's vector (p0, p1) advances by 10 (cos a, sin a).
            let p0 = last.yPx + 10 * cos(angle), p1 = last.xPx + 10 * sin(angle)
            truth.append(Self.real(p0, p1, 0, last.timeNs + Self.interval))
            angle -= Double.pi / 4
        }
        let predictions = Self.allLinear(truth)
        let expected = Self.generalErrors(truth, predictions)
        let atoms = try #require(Self.run(truth, predictions).atoms)
        for j in 0..<Self.buckets {
            let a = atoms[j]
            #expect(abs((a.alongMeanMilliPx ?? .min) - Self.milli(expected[j].mean)) <= 1, "bucket \(j)")
            #expect(abs(Double(a.alongSDMilliPx ?? .min) - 1000 * expected[j].sd) <= 20)
            #expect(abs(a.alongSDMilliPx ?? .min) <= 20)
            #expect(abs((a.offRMSEMilliPx ?? .min) - Self.milli(expected[j].off)) <= 1, "bucket \(j)")
            if j + 2 >= Self.buckets {
                #expect(abs((a.highVelocityAlongRMSEMilliPx ?? .min) - Self.milli(abs(expected[j].mean))) <= 1)
                #expect(abs((a.highVelocityOffRMSEMilliPx ?? .min) - Self.milli(abs(expected[j].off))) <= 1)
            } else {
                #expect(a.highVelocityAlongRMSEMilliPx == nil && a.highVelocityOffRMSEMilliPx == nil)
            }
            if j + 1 == Self.buckets {
                let path = 10.0 * Double(Self.buckets)
                let along = Self.average(expected.map { abs($0.mean) }), off = Self.average(expected.map { abs($0.off) })
                #expect(abs((a.scaleInvariantAlongRMSEMilli ?? .min) - Self.milli(along / path)) <= 1)
                #expect(abs((a.scaleInvariantOffRMSEMilli ?? .min) - Self.milli(off / path)) <= 1)
            } else {
                #expect(a.scaleInvariantAlongRMSEMilli == nil)
            }
        }
        // The errors are not all zero: the test would catch a manager that reported nothing.
        #expect(atoms.contains { ($0.offRMSEMilliPx ?? 0) > 1000 })
    }

    /// `MismatchedInputAndPredictionInterval`: input 5 buckets apart runs, and only the last
    /// bucket gets data (the C++ test asserts only that it does not crash).
    @Test func mismatchedInputAndPredictionInterval() throws {
        let truth = [Self.real(0, 0, 0.5, Self.t0), Self.real(0, 0, 0.5, Self.t0 + 5 * Self.interval)]
        let predictions = truth.map { p in
            (1...Self.buckets).map { Predicted(targetNs: p.timeNs + Int64($0) * Self.interval, xPx: 0, yPx: 0, pressure: 0.5) }
        }
        let atoms = try #require(Self.run(truth, predictions).atoms)
        #expect(atoms.map { $0.alongMeanMilliPx != nil } == [false, false, false, false, true])
    }

    /// Beyond Android's tests: 120 Hz input predicted 25 ms ahead puts a point in bucket
    /// round(25 / 4.17 - 1) = 5, which Android's C++ would write past its array; it is dropped
    /// and counted.
    @Test func pointsOutsideTheBucketsAreDroppedAndCounted() throws {
        let step: Int64 = 25_000_000 / 3  // 8.33 ms, 120 Hz
        let truth = (0..<6).map { i in Self.real(0, Double(i), 0.5, Self.t0 + Int64(i) * step) }
        let predictions: [[Predicted]] = truth.map { p in
            [Predicted(targetNs: p.timeNs + 3 * step, xPx: p.xPx + 3, yPx: 0, pressure: 0.5)]  // 25 ms ahead
        }
        let (atoms, m) = Self.run(truth, predictions)
        #expect(m.droppedOutsideBuckets == 3)
        #expect(m.matches == 3)
        #expect(atoms?.allSatisfy { $0.alongMeanMilliPx == nil } == true)
    }
}
