import Foundation
import InkModels
import InkPrediction

extension PredictorDrive {
    /// Android's motion-prediction model for the `android` benchmarks, or `nil` (the benchmark
    /// is then skipped) where the workspace's `../shared/models` is absent: read from
    /// `$INKBENCH_SHARED/models/android-motion-predictor/` or `../shared/models/…` beside the
    /// InkBench package. The benchmark package never needs it to build.
    public static func androidModel() -> AndroidMotionModel? {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }   // …/Benchmarks/Sources/PredictorDrive/this file
        let shared = ProcessInfo.processInfo.environment["INKBENCH_SHARED"] ?? root.appendingPathComponent("../shared").path
        let path = shared + "/models/android-motion-predictor/motion_predictor_model.tflite"
        return try? AndroidModelFile.read(path: path)
    }
}
