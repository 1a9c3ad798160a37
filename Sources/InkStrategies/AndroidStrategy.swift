import InkModels
import InkPrediction
import InkReplay
import InkTraces

/// The `android` strategy's parameters: the model file, then the predictor's own
/// (``/InkPrediction/AndroidMotionPredictor/Parameters``), each stated once as a field.
struct AndroidStrategyParameters: DescribedParameters, Equatable {
    /// `model=PATH` as given; `nil`: ``/InkModels/AndroidModelFile/resolvedDefaultPath``
    /// (`$INKBENCH_ANDROID_MODEL`, else the package's copy), resolved when the strategy is made.
    var modelPath: String? = nil
    /// The app's side of the predictor.
    var predictor = AndroidMotionPredictor.Parameters()

    static let fields: [ParameterField<Self>] =
        [
            ParameterField(
                "model", path: \.modelPath, shownDefault: AndroidModelFile.packageRelativePath,
                about: "motion_predictor_model.tflite (default: $INKBENCH_ANDROID_MODEL, else the copy the package ships in Datasets/models/android-motion-predictor/, found from any working directory)"
            )
        ] + AndroidMotionPredictor.Parameters.fields.map { $0.nested(in: \.predictor) }

    func validate(predictor name: String) throws(PredictorParameterError) {
        try predictor.validate(predictor: name)
    }
}

extension StrategyCatalog {
    /// The `android` strategy's parameters: ``AndroidStrategyParameters``' fields, then the limits.
    static let androidParameters: [StrategyParameter] = parameters(of: AndroidStrategyParameters()) + limits

    /// Android 14/15's learned stylus MotionPredictor (``/InkPrediction/AndroidMotionPredictor``), its model
    /// read from `model=PATH` at run time (default: ``/InkModels/AndroidModelFile/resolvedDefaultPath``).
    /// A missing or unreadable file, or one that is not the model, is an error naming the path
    /// and where to get the model: a strategy the user named never silently drops out of a run.
    static let android = StrategyDefinition(
        name: "android",
        about: "Android 14/15's learned stylus MotionPredictor (AOSP frameworks/native libs/input/MotionPredictor.cpp, model data/etc/input/motion_predictor_model.tflite; Apache-2.0); needs the model file",
        parameters: androidParameters, needsRecordedPredictions: false,
        build: { values throws(StrategySpecError) in try androidStrategy(values, [:]) },
        buildWithPaths: { values, paths throws(StrategySpecError) in try androidStrategy(values, paths) })

    static func androidStrategy(_ values: [String: Double?], _ paths: [String: String]) throws(StrategySpecError) -> Strategy {
        let p = try resolve(AndroidStrategyParameters(), values, paths: paths, strategy: "android")
        let path = p.modelPath ?? AndroidModelFile.resolvedDefaultPath
        var described = describe(androidParameters.filter { $0.kind == .number }, values)
        described.insert(("model", path), at: 0)
        let model: AndroidMotionModel
        do throws(ModelFileError) {
            model = try AndroidModelFile.read(path: path)
        } catch {
            throw StrategySpecError("android: model=\(path): \(error.description)")
        }
        let parameters = p.predictor
        return Strategy(
            name: "android", parameters: described, gapResetMs: values["gap_ms"] ?? nil,
            makePredictor: { stroke in
                AndroidMotionPredictor(model: model, parameters: parameters, penStates: androidPenStates(stroke))
            })
    }

    /// The stroke's pen state as Android records it: pressure, tilt, and orientation
    /// (`AXIS_ORIENTATION`) = azimuth − π/2, the convention of the Google Ink recordings (they
    /// store Android's orientation + π/2; see docs/android.md).
    static func androidPenStates(_ stroke: Stroke) -> AndroidMotionPredictor.PenStates? {
        guard stroke.pressure != nil || stroke.tilt != nil || stroke.azimuth != nil else { return nil }
        return AndroidMotionPredictor.PenStates(
            times: stroke.t, pressure: stroke.pressure?.map { Float($0) }, tilt: stroke.tilt?.map { Float($0) },
            orientation: stroke.azimuth?.map { Float($0 - Double.pi / 2) })
    }
}
