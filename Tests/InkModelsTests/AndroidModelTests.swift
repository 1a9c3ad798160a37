import Foundation
import InkModels
import InkPrediction
import InkTestSupport
import Testing

/// The forward pass against the TFLite runtime's own outputs (`model-golden.csv`: 370 calls of
/// LiteRT 2.3.0's built-in kernels on Android's model).
@Suite("Android MotionPredictor: model")
struct AndroidModelTests {
    @Test func reproducesTheRuntimesOutputs() throws {
        let model = try AndroidGolden.model()
        let rows = try AndroidGolden.rows("model-golden.csv")
        #expect(rows.count == 370)
        var worst: [String: (error: Float, id: String)] = ["normal": (0, ""), "large": (0, "")]
        var worstZ: Float = 0
        for row in rows {
            let id = row["id"] ?? "?"
            var w = AndroidMotionModel.Window()
            for i in 0..<5 {
                w.r[i] = try #require(AndroidGolden.float(row, "in_r_\(i)"))
                w.phi[i] = try #require(AndroidGolden.float(row, "in_phi_\(i)"))
                w.pressure[i] = try #require(AndroidGolden.float(row, "in_pressure_\(i)"))
                w.tilt[i] = try #require(AndroidGolden.float(row, "in_tilt_\(i)"))
                w.orientation[i] = try #require(AndroidGolden.float(row, "in_orientation_\(i)"))
            }
            let out = model.predict(w)
            // The fast pass is its scalar oracle bit for bit (same summation order; see
            // AndroidForwardPassTests).
            let oracle = model.referencePredict(w)
            #expect(out == oracle, "\(id): the fast pass differs from the scalar oracle")
            let tolerance: Float = row["tolerance_class"] == "large" ? 1e-3 : 1e-5
            let klass = row["tolerance_class"] == "large" ? "large" : "normal"
            for (name, lanes) in [("r", out.r), ("phi", out.phi), ("pressure", out.pressure)] {
                for i in 0..<5 {
                    let want = try #require(AndroidGolden.float(row, "out_\(name)_\(i)"))
                    let error = abs(lanes[i] - want) / max(1, abs(want))
                    #expect(error <= tolerance, "\(id) out_\(name)_\(i): \(lanes[i]) vs \(want) (relative error \(error))")
                    if error > worst[klass, default: (0, "")].error { worst[klass] = (error, "\(id) \(name)_\(i)") }
                }
            }
            let z = try #require(model.confidence(input: w, outputs: out))
            for i in 0..<5 {
                let want = try #require(AndroidGolden.float(row, "out_z_\(i)"))
                let error = abs(z[i] - want) / max(1, abs(want))
                #expect(error <= tolerance, "\(id) out_z_\(i): \(z[i]) vs \(want)")
                worstZ = max(worstZ, klass == "normal" ? error : 0)
            }
        }
        print("android model-golden: worst relative error normal \(worst["normal"]!.error) at \(worst["normal"]!.id), large \(worst["large"]!.error) at \(worst["large"]!.id); z (normal rows) \(worstZ)")
    }

    @Test func erfAndGELUStayCloseToTheExactOnes() {
        var worst = 0.0
        var v: Float = -8
        while v <= 8 {
            let e = Double(AndroidMotionModel.erf(SIMD16(repeating: v))[0])
            worst = max(worst, abs(e - Foundation.erf(Double(v))))
            let g = Double(AndroidMotionModel.gelu(v))
            let exact = 0.5 * Double(v) * (1 + Foundation.erf(Double(v) / 2.0.squareRoot()))
            #expect(abs(g - exact) <= 4e-6 * max(1, abs(exact)), "gelu(\(v)) = \(g), exact \(exact)")
            v += 0.0009765625
        }
        #expect(worst <= 7e-7, "erf's worst error \(worst)")
        #expect(AndroidMotionModel.erf(SIMD16(repeating: .infinity))[0] == 1)
        #expect(AndroidMotionModel.erf(SIMD16(repeating: -.infinity))[0] == -1)
        #expect(AndroidMotionModel.gelu(1e6) == 1e6)
        #expect(AndroidMotionModel.erf(SIMD16(repeating: .nan))[0].isNaN)
    }
}
