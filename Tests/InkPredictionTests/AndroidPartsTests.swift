import Foundation
import InkPrediction
import Testing

/// The parts of the Android port that need no model: the float32 maths (correctly rounded as the
/// golden data assumes), the encoder's rules, the jerk tracker, and the parameters' validation.
@Suite("Android MotionPredictor: parts")
struct AndroidPartsTests {
    @Test func float32MathIsCorrectlyRounded() {
        var mismatches = 0, checked = 0
        var seed: UInt64 = 7
        func next() -> Float {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Float(Int64(bitPattern: seed) >> 20) / Float(1 << 30)   // about ±4096
        }
        for _ in 0..<20_000 {
            let y = next(), x = next()
            checked += 1
            if Float32Math.atan2(y, x) != Float(Foundation.atan2(Double(y), Double(x))) { mismatches += 1 }
            let a = y / 512
            if Float32Math.sin(a) != Float(Foundation.sin(Double(a))) { mismatches += 1 }
            if Float32Math.cos(a) != Float(Foundation.cos(Double(a))) { mismatches += 1 }
            if Float32Math.hypot(x, y) != Float((Double(x) * Double(x) + Double(y) * Double(y)).squareRoot()) { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(mismatches) of \(4 * checked) differ from glibc's double rounded to float")
        #expect(Float32Math.atan2(0, -0.0) == Float(Double.pi))   // rounded to nearest, not Float.pi (rounded down)
        #expect(Float32Math.atan2(-0.0, 1).sign == .minus)
        #expect(Float32Math.atan2(0, 0) == 0)
        #expect(Float32Math.atan2(1, 0) == Float(Double.pi / 2))
        #expect(Float32Math.sin(.nan).isNaN)
        #expect(Float32Math.cos(1e30).isFinite)
    }

    @Test func encoderFollowsTheAxis() {
        var e = AndroidMotionEncoder()
        e.push(timeNs: 0, x: 0, y: 0, pressure: 0.5, tilt: 0.1, orientation: 0)
        #expect(!e.isReady)
        #expect(e.window == AndroidMotionModel.Window())   // the first sample pushes nothing
        e.push(timeNs: 4, x: 3, y: 4, pressure: 0.5, tilt: 0.1, orientation: 0)
        #expect(e.isReady)
        #expect(e.window.r[4] == 5)
        #expect(e.window.phi[4] == 0)
        #expect(e.window.pressure[4] == 0.5 && e.window.tilt[4] == 0.1)
        // Orientation relative to the axis: π/2 − 0 − atan2(4, 3).
        #expect(e.window.orientation[4] == Float(Double.pi / 2 - Double(Float32Math.atan2(4, 3))))
        // A stationary sample: r = 0, φ = −axis angle, the axis stays.
        e.push(timeNs: 8, x: 3, y: 4, pressure: 0.5, tilt: 0.1, orientation: 0)
        #expect(e.window.r[4] == 0)
        #expect(e.window.phi[4] == -Float32Math.atan2(4, 3))
        #expect(e.axisFrom == SIMD2(0, 0) && e.axisTo == SIMD2(3, 4))
        // A left turn of 90°: φ = +π/2 (not wrapped), r = 5.
        e.push(timeNs: 12, x: -1, y: 7, pressure: 0.5, tilt: 0.1, orientation: 0)
        #expect(e.window.r[4] == 5)
        #expect(abs(e.window.phi[4] - Float.pi / 2) < 1e-6)
        #expect(e.window.r[0] == 0 && e.window.r[2] == 5)   // oldest first, zero-padded
        e.reset()
        #expect(!e.isReady && e.window == AndroidMotionModel.Window())
    }

    @Test func jerkTrackerHandWorked() {
        // Hand-worked: x = 0, 1, 2, 3 has no third difference (0); each later sample smooths the
        // new third difference in with α = 0.25. (The AOSP JerkTracker tests' values are in
        // stroke-golden.csv's jerk column, checked by AndroidPipelineTests.)
        var j = AndroidJerkTracker(alpha: 0.25)
        for x in [Float(0), 1, 2] { j.push(x: x, y: 0) }
        #expect(j.jerkMagnitude == nil)
        j.push(x: 3, y: 0)
        #expect(j.jerkMagnitude == 0)
        j.push(x: 5, y: 0)   // third difference of 1, 2, 3, 5: 1
        #expect(j.jerkMagnitude == 0.25)
        j.push(x: 10, y: 0)  // 2, 3, 5, 10: third difference 2; J = 0.25 + 0.25·(2 − 0.25)
        #expect(j.jerkMagnitude == 0.6875)
        j.reset()
        #expect(j.jerkMagnitude == nil)
    }

    @Test func parametersAreValidated() {
        #expect(throws: PredictorParameterError.self) { try AndroidMotionPredictor.Parameters(pxPerMm: 0).validate() }
        #expect(throws: PredictorParameterError.self) { try AndroidMotionPredictor.Parameters(leadMs: -1).validate() }
        #expect(throws: PredictorParameterError.self) { try AndroidMotionPredictor.Parameters(pressure: 2).validate() }
        #expect(throws: Never.self) { try AndroidMotionPredictor.Parameters().validate() }
    }
}
