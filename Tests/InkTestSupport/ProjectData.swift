import Foundation

/// The data the repository carries, for tests: every path is inside the package, so a clone
/// with nothing beside it runs every test that reads recordings, the model or fixtures.
///
/// - `Datasets/recordings/`: the real recordings, one folder per source, each with its upstream
///   LICENSE and a README (Datasets/README.md lists them), read with `Datasets/recordings.manifest`.
/// - `Datasets/models/android-motion-predictor/`: Android's motion-prediction model (Apache-2.0).
/// - `Tests/Fixtures/`: golden files (`android/`), headless Chromium's recorded predictions
///   (`chromium/`) and other projects' conformance vectors (`oneeuro/`).
public enum ProjectData {
    /// `Datasets/recordings` (the recordings folder, as `bench --traces` takes it).
    public static let recordings = path("Datasets/recordings")

    /// `Datasets/recordings.manifest`: the formats, scales and devices of ``recordings``.
    public static let recordingsManifest = path("Datasets/recordings.manifest")

    /// `Datasets/models/android-motion-predictor`: the folder holding `motion_predictor_model.tflite`.
    public static let androidModelFolder = path("Datasets/models/android-motion-predictor")

    /// `Datasets/models/android-motion-predictor/motion_predictor_model.tflite`.
    public static let androidModel = path("Datasets/models/android-motion-predictor/motion_predictor_model.tflite")

    /// `Tests/Fixtures`: the root of the test fixtures.
    public static let fixtures = path("Tests/Fixtures")

    /// `Tests/Fixtures/android`: the Android model's golden CSVs.
    public static let androidGoldens = path("Tests/Fixtures/android")

    /// `Tests/Fixtures/chromium`: traces with the predictions headless Chromium made for them.
    public static let chromiumFixtures = path("Tests/Fixtures/chromium")

    /// A path relative to the package's root folder.
    public static func path(_ relative: String) -> String {
        (Requirement.packageRoot as NSString).appendingPathComponent(relative)
    }
}
