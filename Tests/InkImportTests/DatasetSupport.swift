import Foundation
import InkImport
import InkTestSupport
import InkTraces

/// Helpers shared by the tests that read `Datasets/recordings` with the project's manifest.
enum DatasetSupport {
    /// The project's manifest for the shared recordings.
    static var manifestPath: String { (Requirement.packageRoot as NSString).appendingPathComponent("Datasets/recordings.manifest") }

    /// Loads the whole shared folder with the project's manifest.
    static func loadAll() throws -> RecordingLoader.Result {
        let root = ProjectData.recordings
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: manifestPath)]
        return try loader.load(paths: [root])
    }

    /// Figures of a trace: strokes, samples, duration (sum of stroke durations, s), median interval (s).
    static func figures(_ trace: Trace) -> (strokes: Int, samples: Int, perStroke: [Int], duration: Double, median: Double) {
        (
            trace.strokes.count, trace.sampleCount, trace.strokes.map(\.count),
            trace.endTime - trace.startTime, trace.nominalInterval
        )
    }
}
