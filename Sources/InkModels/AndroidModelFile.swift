import Foundation
import InkPrediction

/// Reads Android's stylus motion-prediction model (`motion_predictor_model.tflite`) into an
/// ``InkPrediction/AndroidMotionModel``.
///
/// The file is AOSP `platform/frameworks/native` `data/etc/input/motion_predictor_model.tflite`
/// (Android 14 and 15, blob `45fc162c…`, 179,532 bytes, sha256 `66dd372b…`; Apache-2.0, the
/// repository's NOTICE). It is not part of InkBench: the workspace keeps a copy in
/// `../shared/models/android-motion-predictor/`, and a device has it at
/// `/system/etc/motion_predictor_model.tflite`.
///
/// The reader parses the flatbuffer (``TFLiteModel``), checks it is this model (a
/// `serving_default` signature with inputs r, phi, pressure, tilt, orientation; 5
/// CONCATENATION, 51 FULLY_CONNECTED and 32 exact GELU ops), then takes each weight by its
/// tensor name (`stylus_predictor/{r,phi,pressure}/…`) with its shape checked. Anything else
/// fails with a ``ModelFileError`` naming the byte offset (or the missing tensor) and what was
/// expected.
///
/// ```swift
/// let model = try AndroidModelFile.read(path: "../shared/models/android-motion-predictor/motion_predictor_model.tflite")
/// ```
public enum AndroidModelFile {
    /// Where the workspace keeps the model, relative to the package (and working) directory.
    public static let defaultPath = "../shared/models/android-motion-predictor/motion_predictor_model.tflite"

    /// The default model path: `$INKBENCH_SHARED/models/android-motion-predictor/motion_predictor_model.tflite`
    /// when that variable is set, else ``defaultPath`` (relative to the working directory).
    public static var resolvedDefaultPath: String {
        if let shared = ProcessInfo.processInfo.environment["INKBENCH_SHARED"], !shared.isEmpty {
            return shared + "/models/android-motion-predictor/motion_predictor_model.tflite"
        }
        return defaultPath
    }

    /// Whether nothing exists at `path` (as opposed to a file that cannot be used).
    public static func isMissing(_ path: String) -> Bool { !FileManager.default.fileExists(atPath: path) }

    /// Where to get the model when it is missing, for notices.
    public static let whereToGetIt =
        "get it from AOSP platform/frameworks/native, data/etc/input/motion_predictor_model.tflite "
        + "(Android 14 or 15; Apache-2.0, see the repository's NOTICE), or from a device's /system/etc/, and pass model=PATH"

    /// Reads and checks the model at `path`.
    ///
    /// - Throws: ``ModelFileError`` if the file cannot be read or is not this model.
    public static func read(path: String) throws(ModelFileError) -> AndroidMotionModel {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ModelFileError(file: path, exists ? "cannot be read" : "no such file; \(whereToGetIt)")
        }
        return try read(bytes: [UInt8](data), file: path)
    }

    /// Reads and checks the model from the whole file's bytes.
    public static func read(bytes: [UInt8], file: String) throws(ModelFileError) -> AndroidMotionModel {
        let m = try TFLiteModel(bytes: bytes, file: file)
        guard let signature = m.signatures.first(where: { $0.key == "serving_default" }) else {
            throw ModelFileError(
                file: file, "no 'serving_default' signature (found: \(m.signatures.map(\.key))); expected Android's motion predictor model")
        }
        let inputs = Set(signature.inputs.map(\.name))
        guard inputs == ["r", "phi", "pressure", "tilt", "orientation"] else {
            throw ModelFileError(
                file: file, "signature inputs are \(inputs.sorted()); expected orientation, phi, pressure, r, tilt")
        }
        var counts: [Int: Int] = [:]
        for op in m.operators { counts[op.builtinCode, default: 0] += 1 }
        let expected = [TFLiteModel.concatenation: 5, TFLiteModel.fullyConnected: 51, TFLiteModel.gelu: 32]
        guard counts == expected else {
            throw ModelFileError(
                file: file,
                "operators are \(counts.sorted { $0.key < $1.key }.map { "\($0.value)× code \($0.key)" }); expected 5× CONCATENATION (2), 51× FULLY_CONNECTED (9), 32× GELU (150)")
        }
        if let approximate = m.operators.first(where: { $0.builtinCode == TFLiteModel.gelu && ($0.firstOptionByte ?? 0) != 0 }) {
            throw ModelFileError(
                file: file, byteOffset: approximate.byteOffset, "a GELU has approximate=true; expected the exact erf GELU")
        }
        let concat = m.operators.first { $0.builtinCode == TFLiteModel.concatenation }
        let order = concat?.inputs.map { m.tensors[$0].name } ?? []
        let wanted = ["r", "phi", "pressure", "orientation", "tilt"].map { "serving_default_\($0):0" }
        guard order == wanted else {
            throw ModelFileError(
                file: file, byteOffset: concat?.byteOffset,
                "the input concatenation is \(order); expected \(wanted) (the order the port assumes)")
        }

        func tensor(_ name: String, _ shape: [Int]) throws(ModelFileError) -> [Float] {
            let full = "stylus_predictor/" + name
            guard let i = m.tensors.firstIndex(where: { $0.name == full }) else {
                throw ModelFileError(file: file, "no tensor named '\(full)'; expected Android's motion predictor model")
            }
            guard m.tensors[i].shape == shape else {
                throw ModelFileError(
                    file: file, byteOffset: m.tensors[i].byteOffset, "tensor '\(full)' has shape \(m.tensors[i].shape); expected \(shape)")
            }
            return try m.floats(i)
        }
        func head(_ h: String) throws(ModelFileError) -> AndroidMotionModel.Head {
            AndroidMotionModel.Head(
                embedding: try tensor(h == "phi" ? "phi/embedding/MatMul1" : "\(h)/embedding/MatMul", [64, 25]),
                firstBias: try tensor("\(h)/linear/MatMul;stylus_predictor/\(h)/linear/Add", [64]),
                a: try tensor("\(h)/linear/MatMul_8", [64, 64]),
                aBias: try tensor("\(h)/linear/Add/ReadVariableOp", [64]),
                b: try tensor("\(h)/linear/MatMul_9", [64, 64]),
                bBias: try tensor("\(h)/linear/Add_1/ReadVariableOp", [64]),
                output: try tensor("\(h)/output/MatMul_4", [1, 64]),
                outputBias: try tensor("\(h)/output/Add/ReadVariableOp", [1])[0])
        }
        let confidence = AndroidMotionModel.Confidence(
            w0: try tensor("confidence/confidence_0/MatMul", [64, 40]),
            b0: try tensor("confidence/confidence_0/Add/ReadVariableOp", [64]),
            w1: try tensor("confidence/confidence_1/MatMul", [64, 64]),
            b1: try tensor("confidence/confidence_1/Add/ReadVariableOp", [64]),
            w2: try tensor("confidence/confidence_output/MatMul", [5, 64]),
            b2: try tensor("confidence/confidence_output/Add/ReadVariableOp", [5]))
        let r = try head("r"), phi = try head("phi"), pressure = try head("pressure")
        do throws(PredictorParameterError) {
            return try AndroidMotionModel(r: r, phi: phi, pressure: pressure, confidence: confidence)
        } catch {
            throw ModelFileError(file: file, error.description)
        }
    }
}
