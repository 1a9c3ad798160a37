import InkModels
import InkPrediction
import InkReplay
import InkTraces

extension StrategyCatalog {
    /// The `android` strategy's parameters.
    static let androidParameters: [StrategyParameter] = [
        StrategyParameter(
            name: "model", defaultValue: nil,
            about: "motion_predictor_model.tflite (default: $INKBENCH_ANDROID_MODEL, else the copy the package ships in Datasets/models/android-motion-predictor/, found from any working directory)",
            kind: .path, defaultText: AndroidModelFile.packageRelativePath),
        StrategyParameter(name: "px_mm", defaultValue: 10.8, about: "device px per mm: the model works in device px (10.8: the Google Ink recordings)"),
        StrategyParameter(name: "jerk", defaultValue: 1, about: "Android 15's jerk pruning: 1 on, 0 off (Android 14)"),
        StrategyParameter(name: "lead_ms", defaultValue: nil, about: "the app asks for the newest sample + this many ms (off: the frame's target)"),
        StrategyParameter(name: "pressure", defaultValue: 1, about: "pressure fed where the stroke has none (Android reports 1)"),
    ] + limits

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
        func value(_ key: String) -> Double? { values[key] ?? nil }
        let jerk = value("jerk") ?? 1
        guard jerk == 0 || jerk == 1 else {
            throw StrategySpecError("android: jerk = \(formatNumber(jerk)) is invalid: expected 1 (on, Android 15) or 0 (off, Android 14)")
        }
        let parameters = AndroidMotionPredictor.Parameters(
            pxPerMm: value("px_mm") ?? 10.8, jerkPruning: jerk == 1, leadMs: value("lead_ms"), pressure: value("pressure") ?? 1)
        do throws(PredictorParameterError) { try parameters.validate() } catch { throw StrategySpecError(error.description) }
        let given = paths["model"]
        let path = given ?? AndroidModelFile.resolvedDefaultPath
        var described = describe(androidParameters.filter { $0.kind == .number }, values)
        described.insert(("model", path), at: 0)
        let model: AndroidMotionModel
        do throws(ModelFileError) {
            model = try AndroidModelFile.read(path: path)
        } catch {
            throw StrategySpecError("android: model=\(path): \(error.description)")
        }
        return Strategy(
            name: "android", parameters: described, gapResetMs: value("gap_ms"),
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
