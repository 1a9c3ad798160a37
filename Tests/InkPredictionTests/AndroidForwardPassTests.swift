import InkPrediction
import Testing

/// The fast forward pass of Android's model against its plain scalar oracle
/// (``AndroidMotionModel/referencePredict(_:)``), on seeded weights of the model's own
/// magnitudes, so it runs without the model file (`AndroidModelTests` repeats it on the real
/// weights and the golden windows).
///
/// Tolerance: none. Both sum in the same order (inputs 0, 1, … from 0, then the bias, with one
/// rounding per multiply and per add) and share the GELU, so every output must be bit-identical; a change
/// that reorders a sum in one of them fails here and has to say why.
@Suite("Android MotionPredictor: fast pass = scalar oracle")
struct AndroidForwardPassTests {
    /// A small linear congruential generator (deterministic across platforms).
    struct Seeded {
        var state: UInt64
        mutating func next(_ scale: Float) -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Float(state >> 40) / Float(1 << 24) * 2 - 1) * scale
        }
        mutating func array(_ n: Int, _ scale: Float) -> [Float] { (0..<n).map { _ in next(scale) } }
    }

    static func model(seed: UInt64) throws -> AndroidMotionModel {
        var g = Seeded(state: seed)
        func head() -> AndroidMotionModel.Head {
            AndroidMotionModel.Head(
                embedding: g.array(64 * 25, 0.5), firstBias: g.array(64, 0.2), a: g.array(64 * 64, 0.25),
                aBias: g.array(64, 0.2), b: g.array(64 * 64, 0.25), bBias: g.array(64, 0.2), output: g.array(64, 0.3),
                outputBias: g.next(0.1))
        }
        return try AndroidMotionModel(r: head(), phi: head(), pressure: head())
    }

    @Test func fastPassEqualsTheOracleBitForBit() throws {
        let model = try Self.model(seed: 7)
        var g = Seeded(state: 11)
        var windows: [AndroidMotionModel.Window] = [AndroidMotionModel.Window()]
        for k in 0..<60 {
            var w = AndroidMotionModel.Window()
            // Normal strokes (r of a few px), then the `large` class (r up to 1e6 px) the model
            // also sees.
            let rScale: Float = k < 40 ? 8 : 1e6
            for i in 0..<5 {
                w.r[i] = abs(g.next(rScale))
                w.phi[i] = g.next(3.2)
                w.pressure[i] = abs(g.next(1))
                w.tilt[i] = abs(g.next(1.2))
                w.orientation[i] = g.next(3.2)
            }
            windows.append(w)
        }
        for (k, w) in windows.enumerated() {
            let fast = model.predict(w), oracle = model.referencePredict(w)
            for (name, a, b) in [("r", fast.r, oracle.r), ("phi", fast.phi, oracle.phi), ("pressure", fast.pressure, oracle.pressure)] {
                for i in 0..<5 {
                    #expect(a[i].bitPattern == b[i].bitPattern, "window \(k) \(name)_\(i): fast \(a[i]), oracle \(b[i])")
                }
            }
        }
    }
}
