import Foundation
import InkImport
import InkModels
import InkPrediction
import InkReplay
import InkStrategies
import InkTestSupport
import InkTraces
import Testing

/// The predictions an Android device made with this model, recorded in the Google Ink files
/// (`Datasets/recordings/google-ink-stylus`): each recorded tail's n points must be
/// `android`'s first n within 0.01 px (the files' storage quantisation), except at the events
/// where the device's window held something the file does not (the model folder's README §5:
/// `spring_shape` events 1–4, `straight_line` events 1–7). The device did not prune by jerk, so
/// the strategy runs with `jerk=0`; the device asked for an unknown target, so its tails often
/// hold 4 points where `android` gives 5.
@Suite(
    "Android MotionPredictor: the recording device's predictions")
struct AndroidRecordedTests {
    static let pxPerMm = 10.8

    @Test func matchesTheRecordedTails() throws {
        let model = AndroidGolden.modelPath
        let datasets = ProjectData.recordings
        let strategy = try StrategySpec.parse("android:model=\(model),jerk=0")
        var all: [Double] = []
        for (name, firstEvent) in [("spring_shape", 5), ("straight_line", 8)] {
            let file = "\(datasets)/google-ink-stylus/\(name).binarypb"
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            let trace = try GoogleInkReader.read(bytes, file: file, options: ImportOptions(scaleUnitsPerMM: Self.pxPerMm))
            let stroke = try #require(trace.strokes.first)
            let tails = try #require(stroke.recordedPredictions)
            var predictor = try #require(strategy.makePredictor(stroke) as? AndroidMotionPredictor)
            var errors: [Double] = []
            for i in 0..<stroke.count {
                predictor.update(stroke.point(i))
                guard i >= firstEvent else { continue }
                let recorded = tails[i]
                let ours = predictor.candidates
                #expect(ours.count >= recorded.count, "\(name) event \(i): android gives \(ours.count) points, the device \(recorded.count)")
                for (k, (r, o)) in zip(recorded, ours).enumerated() {
                    let error = max(abs(r.x - o.x), abs(r.y - o.y)) * Self.pxPerMm
                    #expect(error <= 0.01, "\(name) event \(i) point \(k + 1): \(error) px apart")
                    errors.append(error)
                }
            }
            errors.sort()
            print("android vs \(name)'s recorded tails: \(errors.count) points, median \(errors[errors.count / 2]) px, max \(errors.last ?? 0) px")
            all += errors
        }
        all.sort()
        #expect(all.count == 755)
        print("android vs the recorded tails: \(all.count) points, median \(all[all.count / 2]) px, max \(all.last ?? 0) px")
    }
}
