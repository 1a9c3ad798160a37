import Foundation
import InkPrediction
import Testing

/// The whole modeler pipeline (upsampled spring tip, then the predictor) against
/// google/ink-stroke-modeler's own `StrokeModeler` run on the same stroke (``InkModelerGolden``):
/// 60 inputs at 240 Hz in cm, a fast stroke (where the wobble smoother cannot act) and a slow one
/// (where it does), the README example's and the tests' constants.
@Suite("ink-stroke-modeler pipeline")
struct InkModelerPipelineTests {
    /// The stroke the golden run was fed, rounded to float as the library's `Vec2` holds it.
    static func input(_ i: Int, slow: Bool = false) -> PenPoint {
        let t = Double(i) / 240
        let x = slow ? Float(0.1 * sin(2 * Double.pi * 2.0 * t)) : Float(3.0 * sin(2 * Double.pi * 0.8 * t))
        let y = slow ? Float(1.2 * t) : Float(6.0 * t + 0.5 * cos(2 * Double.pi * 1.3 * t))
        return PenPoint(t: t, x: Double(x), y: Double(y))
    }

    static func golden(_ text: String) -> [Int: [(t: Double, x: Double, y: Double)]] {
        var out: [Int: [(t: Double, x: Double, y: Double)]] = [:]
        for line in text.split(separator: "\n") {
            let f = line.split(separator: ",").compactMap { Double($0) }
            guard f.count >= 2 else { continue }
            let n = Int(f[1])
            out[Int(f[0])] = (0..<n).map { (f[2 + 3 * $0], f[3 + 3 * $0], f[4 + 3 * $0]) }
        }
        return out
    }

    /// Compares every predicted point; returns (points compared, count mismatches, largest
    /// position difference in cm).
    func compare(
        _ golden: [Int: [(t: Double, x: Double, y: Double)]], points: (Int) -> [InkModelerTipState]
    ) -> (Int, Int, Double) {
        var compared = 0, countMismatches = 0, worst = 0.0
        for (i, expected) in golden {
            let got = points(i)
            if got.count != expected.count { countMismatches += 1 }
            for (g, e) in zip(got, expected) {
                #expect(abs(g.t - e.t) < 1e-6, "input \(i): time \(g.t) vs \(e.t)")
                worst = max(worst, abs(g.x - e.x), abs(g.y - e.y))
                compared += 1
            }
        }
        return (compared, countMismatches, worst)
    }

    /// Feeds the 60 inputs to `predictor` and keeps its predicted points after each input the
    /// golden file has a row for.
    static func replay<P: Predictor>(
        _ predictor: inout P, slow: Bool, at golden: [Int: [(t: Double, x: Double, y: Double)]],
        points: (P, (InkModelerTipState) -> Bool) -> Void
    ) -> [Int: [InkModelerTipState]] {
        var byInput: [Int: [InkModelerTipState]] = [:]
        for i in 0..<60 {
            predictor.update(input(i, slow: slow))
            if golden[i] != nil {
                var list: [InkModelerTipState] = []
                points(predictor) { list.append($0); return true }
                byInput[i] = list
            }
        }
        return byInput
    }

    @Test(arguments: [false, true])
    func kalmanPipelineMatchesTheLibrary(slow: Bool) {
        let golden = Self.golden(slow ? InkModelerGolden.kalmanSlowWobble : InkModelerGolden.kalman)
        #expect(golden.count == 15)
        var predictor = InkModelerKalmanPredictor(parameters: .init(unitMM: 1))
        let byInput = Self.replay(&predictor, slow: slow, at: golden) { p, visit in p.predictedPoints(visit) }
        let (compared, mismatches, worst) = compare(golden) { byInput[$0] ?? [] }
        print("ink-modeler pipeline (slow: \(slow)): \(compared) points, \(mismatches) count mismatches, largest difference \(worst) cm")
        #expect(mismatches == 0)
        #expect(compared > 40)
        #expect(worst < 1e-5, "largest difference \(worst) cm")
    }

    @Test(arguments: [false, true])
    func strokeEndPipelineMatchesTheLibrary(slow: Bool) {
        let golden = Self.golden(slow ? InkModelerGolden.strokeEndSlowWobble : InkModelerGolden.strokeEnd)
        var predictor = InkModelerStrokeEndPredictor(parameters: .init(unitMM: 1))
        let byInput = Self.replay(&predictor, slow: slow, at: golden) { p, visit in p.predictedPoints(visit) }
        let (compared, mismatches, worst) = compare(golden) { byInput[$0] ?? [] }
        print("ink-modeler-end pipeline (slow: \(slow)): \(compared) points, \(mismatches) count mismatches, largest difference \(worst) cm")
        #expect(mismatches == 0)
        #expect(compared > 40)
        #expect(worst < 1e-5, "largest difference \(worst) cm")
    }
}
