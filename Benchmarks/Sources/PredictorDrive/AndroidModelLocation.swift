import Foundation
import InkModels
import InkPrediction

extension PredictorDrive {
    /// Android's motion-prediction model for the `android` benchmarks: the copy the InkBench
    /// package ships (`Datasets/models/android-motion-predictor/`, found as `bench` finds it:
    /// `$INKBENCH_ANDROID_MODEL` first), or `nil` where it cannot be read (the benchmark is then
    /// skipped). The benchmark package never needs it to build.
    public static func androidModel() -> AndroidMotionModel? {
        try? AndroidModelFile.read(path: AndroidModelFile.resolvedDefaultPath)
    }
}
