import Foundation
import InkModels
import InkPrediction
import InkTestSupport
import Testing

/// The whole MotionPredictor pipeline against `stroke-golden.csv`: Android 15's pipeline replayed
/// on the two Google Ink strokes and the AOSP `MotionPredictor_test.cpp` scenarios, with and
/// without jerk pruning. Counts, stop reasons, `maxNumPredictions` and times exactly; positions
/// within 1e-3 px and pressure within 1e-5 (1e-3 relative on the AOSP high-jerk scenario, whose
/// r ≈ 40,000 px puts the model in its `large` tolerance class).
@Suite("Android MotionPredictor: pipeline")
struct AndroidPipelineTests {
    @Test func reproducesStrokeGolden() throws {
        let model = try AndroidGolden.model()
        let rows = try AndroidGolden.rows("stroke-golden.csv")
        #expect(rows.count == 422)
        var pipeline = AndroidMotionPipeline(model: model)
        var current = ""
        var worstInk: Float = 0, worstAOSP: Float = 0, worstLarge: Float = 0, predictions = 0, points = 0
        for row in rows {
            let stroke = try #require(row["stroke"]), event = try #require(row["event"])
            let key = "\(stroke):\(event)"
            if key != current {
                if !current.hasPrefix(stroke + ":") {
                    pipeline = AndroidMotionPipeline(model: model, offsetNs: Int64(row["offset_ns"] ?? "0") ?? 0)
                }
                current = key
                if row["action"] == "UP" || row["action"] == "CANCEL" {
                    pipeline.reset()
                } else {
                    pipeline.record(
                        timeNs: try #require(Int64(row["t_ns"] ?? "")),
                        x: try #require(AndroidGolden.float(row, "x")), y: try #require(AndroidGolden.float(row, "y")),
                        pressure: try #require(AndroidGolden.float(row, "pressure")),
                        tilt: try #require(AndroidGolden.float(row, "tilt")),
                        orientation: try #require(AndroidGolden.float(row, "orientation")))
                }
                #expect(pipeline.isReady == (row["ready"] == "1"), "\(key): ready")
                if let jerk = AndroidGolden.float(row, "jerk") {
                    let got = try #require(pipeline.jerkTracker.jerkMagnitude, "\(key): jerk missing")
                    #expect(abs(got - jerk) <= 1e-5 * max(1, abs(jerk)), "\(key): jerk \(got) vs \(jerk)")
                } else if row["ready"] == "1", row["predict_time_ns"]?.isEmpty == false {
                    #expect(pipeline.jerkTracker.jerkMagnitude == nil, "\(key): jerk should be unavailable")
                }
            }
            guard let predictTime = row["predict_time_ns"].flatMap({ Int64($0) }) else { continue }
            predictions += 1
            var on = pipeline
            on.jerkPruning = true
            var off = pipeline
            off.jerkPruning = false
            let withJerk = on.predict(timeNs: predictTime), without = off.predict(timeNs: predictTime)
            let label = "\(key) at \(predictTime)"
            #expect(withJerk.points.count == Int(row["n_jerk_on"] ?? ""), "\(label): n_jerk_on \(withJerk.points.count)")
            #expect(without.points.count == Int(row["n_jerk_off"] ?? ""), "\(label): n_jerk_off \(without.points.count)")
            #expect(withJerk.stop.rawValue == row["stop_jerk_on"], "\(label): stop_jerk_on \(withJerk.stop)")
            #expect(without.stop.rawValue == row["stop_jerk_off"], "\(label): stop_jerk_off \(without.stop)")
            if let fraction = AndroidGolden.float(row, "fraction_kept") {
                #expect(withJerk.fractionKept == fraction, "\(label): fraction_kept \(withJerk.fractionKept)")
            }
            if let maxNum = row["max_num_predictions"].flatMap({ Int($0) }) {
                #expect(withJerk.maxNumPredictions == maxNum, "\(label): max_num_predictions \(withJerk.maxNumPredictions)")
            }
            // The jerk-on list is a prefix of the jerk-off list.
            for (a, b) in zip(withJerk.points, without.points) { #expect(a == b, "\(label): jerk-on list is not a prefix") }
            for (k, p) in without.points.enumerated() {
                let n = k + 1
                points += 1
                #expect(p.timeNs == Int64(row["p\(n)_t_ns"] ?? ""), "\(label): p\(n) time \(p.timeNs)")
                let x = try #require(AndroidGolden.float(row, "p\(n)_x")), y = try #require(AndroidGolden.float(row, "p\(n)_y"))
                let pressure = try #require(AndroidGolden.float(row, "p\(n)_pressure"))
                // The high-jerk scenario feeds r ≈ 40,000 px: the model's `large` class, 1e-3 relative.
                let large = stroke == "aosp_HighJerkPredictionsPruned"
                let scale = large ? max(1, abs(x), abs(y)) : 1
                let error = max(abs(p.x - x), abs(p.y - y))
                #expect(error <= 1e-3 * scale, "\(label): p\(n) (\(p.x), \(p.y)) vs (\(x), \(y))")
                let pressureTolerance: Float = large ? 1e-3 : 1e-5
                #expect(abs(p.pressure - pressure) <= pressureTolerance * max(1, abs(pressure)), "\(label): p\(n) pressure \(p.pressure) vs \(pressure)")
                if large { worstLarge = max(worstLarge, error / scale) } else if stroke.hasPrefix("aosp_") { worstAOSP = max(worstAOSP, error) } else { worstInk = max(worstInk, error) }
            }
        }
        print("android stroke-golden: \(predictions) predictions, \(points) points; worst position error \(worstInk) px on the ink strokes, \(worstAOSP) px on the AOSP scenarios, \(worstLarge) relative on the high-jerk one (y ≈ 41,000 px)")
    }

    /// The AOSP unit tests' own expectations (MotionPredictor_test.cpp), independently of the CSV.
    @Test func aospExpectations() throws {
        let model = try AndroidGolden.model()
        func run(_ ys: [Float], xs: [Float]? = nil, at time: Int64, jerk: Bool = true) -> Int {
            var p = AndroidMotionPipeline(model: model, jerkPruning: jerk)
            for (i, y) in ys.enumerated() {
                p.record(timeNs: 20_000_000 + Int64(i) * 10_000_000, x: xs?[i] ?? 0, y: y, pressure: 0, tilt: 0, orientation: 0)
            }
            return p.predict(timeNs: time).points.count
        }
        // HighJerkPredictionsPruned: every prediction pruned.
        #expect(run([5, 70, 139, 1421, 41233], at: 90_000_000) == 0)
        // MediumJerkPredictionsSomePruned: 3 kept (5 without pruning).
        #expect(run([5, 9, 16, 27.75, 46], at: 82_000_000) == 3)
        #expect(run([5, 9, 16, 27.75, 46], at: 82_000_000, jerk: false) == 5)
        // LowJerkNoPruning (x moving): all 5 kept.
        #expect(run([7, 7, 7, 7, 7], xs: [2, 2.75, 3.8, 5.2, 7], at: 90_000_000) == 5)
        // Not ready with one position; a stationary pen predicts nothing (noise floor).
        var p = AndroidMotionPipeline(model: model, offsetNs: 1)
        p.record(timeNs: 30_000_000, x: 0, y: 1, pressure: 0, tilt: 0, orientation: 0)
        #expect(!p.isReady)
        #expect(p.predict(timeNs: 40_000_000).points.isEmpty)
    }
}
