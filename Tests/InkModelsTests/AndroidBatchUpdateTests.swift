import Foundation
import InkModels
import InkPrediction
import InkTestSupport
import Testing

/// `AndroidMotionPredictor.update(contentsOf:)` (the network run once, for the last sample)
/// against `update(_:)` on each sample (the network run per sample): the same candidates,
/// outputs and answers, to the bit, whatever the batches' sizes, before and after the encoder is
/// ready, through a reset, with and without the pen's state.
@Suite("Android MotionPredictor: batched updates")
struct AndroidBatchUpdateTests {
    /// A 240 Hz stroke in mm: a rest (the encoder not ready), then a curve that speeds up and
    /// turns, with a repeated position.
    static let samples: [PenPoint] = {
        var out: [PenPoint] = []
        for i in 0..<60 {
            let t = Double(i) / 240
            let (x, y): (Double, Double)
            if i < 4 {
                (x, y) = (10, 20)
            } else if i == 30 {
                (x, y) = (out[29].x, out[29].y)
            } else {
                let u = Double(i - 4) / 56
                (x, y) = (10 + 30 * u * u + 5 * sin(6 * u), 20 + 12 * u + 4 * cos(5 * u))
            }
            out.append(PenPoint(t: t, x: x, y: y))
        }
        return out
    }()

    static func states() -> AndroidMotionPredictor.PenStates {
        let n = samples.count
        return AndroidMotionPredictor.PenStates(
            times: samples.map(\.t), pressure: (0..<n).map { 0.3 + Float($0) / Float(2 * n) },
            tilt: (0..<n).map { Float($0) / Float(n) }, orientation: (0..<n).map { -1 + Float($0) / Float(n) })
    }

    /// A point's bits.
    static func bits(_ p: PenPoint?) -> [UInt64]? { p.map { [$0.t.bitPattern, $0.x.bitPattern, $0.y.bitPattern] } }

    /// Whether two predictors answer alike: their candidates, and the answer and reach at
    /// several targets, compared by bits.
    static func same(_ a: AndroidMotionPredictor, _ b: AndroidMotionPredictor) -> Bool {
        guard a.candidates.map(bits) == b.candidates.map(bits) else { return false }
        let base = a.candidates.first?.t ?? 0
        for dt in [0.0, 0.001, 0.004, 0.0083, 0.016, 0.05] {
            let t = base + dt
            let pa = a.predict(at: t), pb = b.predict(at: t)
            guard bits(pa) == bits(pb) else { return false }
            if pa != nil, a.reach(at: t).bitPattern != b.reach(at: t).bitPattern { return false }
        }
        return true
    }

    @Test("the pipeline: recordSkippingModel then runModel is record, outputs and candidates to the bit")
    func pipelineSkippingModel() throws {
        let model = try AndroidGolden.model()
        var single = AndroidMotionPipeline(model: model)
        var batched = single
        for (i, s) in Self.samples.enumerated() {
            let (t, x, y) = (Int64((s.t * 1e9).rounded()), Float(s.x * 10.8), Float(s.y * 10.8))
            single.record(timeNs: t, x: x, y: y, pressure: 0.5, tilt: 0.1, orientation: 0.2)
            batched.recordSkippingModel(timeNs: t, x: x, y: y, pressure: 0.5, tilt: 0.1, orientation: 0.2)
            #expect(batched.candidates.isEmpty)
            if i % 5 == 4 || i == Self.samples.count - 1 {
                batched.runModel()
                #expect(batched.outputs == single.outputs, "after sample \(i)")
                #expect(Array(batched.candidates) == Array(single.candidates), "after sample \(i)")
            }
        }
        #expect(!single.candidates.isEmpty)
    }

    @Test("batches of 1 to 12 samples, with and without pen state, jerk pruning on and off", arguments: [false, true])
    func batchesMatchOneByOne(withStates: Bool) throws {
        let model = try AndroidGolden.model()
        for jerk in [true, false] {
            let parameters = AndroidMotionPredictor.Parameters(jerkPruning: jerk)
            for size in 1...12 {
                var single = AndroidMotionPredictor(model: model, parameters: parameters, penStates: withStates ? Self.states() : nil)
                var batched = single
                var start = 0
                var answered = 0
                while start < Self.samples.count {
                    let end = min(start + size, Self.samples.count)
                    for s in Self.samples[start..<end] { single.update(s) }
                    batched.update(contentsOf: Self.samples[start..<end])
                    #expect(Self.same(single, batched), "size \(size), jerk \(jerk), states \(withStates): after sample \(end - 1)")
                    if !single.candidates.isEmpty { answered += 1 }
                    // A reset in the middle of the stroke, as a gap reset does.
                    if start < 24, end >= 24 {
                        single.reset()
                        batched.reset()
                    }
                    start = end
                }
                #expect(answered > 0, "size \(size): the network never answered, so nothing was compared")
            }
        }
    }

    @Test("an empty batch changes nothing")
    func emptyBatch() throws {
        let model = try AndroidGolden.model()
        var p = AndroidMotionPredictor(model: model)
        p.update(contentsOf: Self.samples[0..<20])
        let before = p
        p.update(contentsOf: Self.samples[20..<20])
        #expect(Self.same(before, p))
        #expect(!p.candidates.isEmpty)
    }
}
