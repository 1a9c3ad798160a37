#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import InkPrediction

/// Reads Android's stylus motion-prediction model (`motion_predictor_model.tflite`) into an
/// ``/InkPrediction/AndroidMotionModel``.
///
/// The file is AOSP `platform/frameworks/native` `data/etc/input/motion_predictor_model.tflite`
/// (Android 14 and 15, blob `45fc162c…`, 179,532 bytes, sha256 `66dd372b…`; Apache-2.0, the
/// repository's NOTICE). InkBench ships a copy with its licence in
/// `Datasets/models/android-motion-predictor/` (found by ``resolvedDefaultPath``), and a device
/// has it at `/system/etc/motion_predictor_model.tflite`.
///
/// The reader parses the flatbuffer (``TFLiteModel``), checks it is this model (a
/// `serving_default` signature with inputs r, phi, pressure, tilt, orientation; 5
/// CONCATENATION, 51 FULLY_CONNECTED and 32 exact GELU ops), then takes each weight by its
/// tensor name (`stylus_predictor/{r,phi,pressure}/…`) with its shape checked. Anything else
/// fails with a ``ModelFileError`` naming the byte offset (or the missing tensor) and what was
/// expected.
///
/// ```swift
/// let model = try AndroidModelFile.read(path: "Datasets/models/android-motion-predictor/motion_predictor_model.tflite")
/// ```
public enum AndroidModelFile {
    /// Where the repository keeps the model, relative to the package's root folder.
    public static let packageRelativePath = "Datasets/models/android-motion-predictor/motion_predictor_model.tflite"

    /// The environment variable that names the model file, ahead of every other place.
    public static let overrideVariable = "INKBENCH_ANDROID_MODEL"

    /// The places `android` looks for the model when `model=` is not given, in order:
    /// 1. `$INKBENCH_ANDROID_MODEL`, when set (then the only place: a wrong override is an error,
    ///    never silently replaced by another file);
    /// 2. ``packageRelativePath`` under each folder above the running executable (a binary built
    ///    in the package, `.build/<config>/bench`, finds the package's copy from any working
    ///    directory);
    /// 3. `share/inkbench/motion_predictor_model.tflite` beside an installed binary's `bin/`
    ///    (`<prefix>/bin/bench` reads `<prefix>/share/inkbench/…`);
    /// 4. ``packageRelativePath`` in the package this library was compiled from.
    public static var searchPaths: [String] {
        let env = ProcessInfo.processInfo.environment
        if let given = env[overrideVariable], !given.isEmpty { return [given] }
        var paths: [String] = []
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        #if os(Linux)
            // The running executable, symbolic links resolved (what Foundation's Bundle.main reads).
            if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            }
        #else
            if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
                folder = executable.deletingLastPathComponent()
            }
        #endif
        paths.append(folder.deletingLastPathComponent().appendingPathComponent("share/inkbench/motion_predictor_model.tflite").path)
        var up = folder
        for _ in 0..<6 {
            paths.append(up.appendingPathComponent(packageRelativePath).path)
            let parent = up.deletingLastPathComponent()
            if parent.path == up.path { break }
            up = parent
        }
        var source = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { source.deleteLastPathComponent() }  // Sources/InkModels/this file
        paths.append(source.appendingPathComponent(packageRelativePath).path)
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// The model file `android` reads when `model=` is not given: the first of ``searchPaths``
    /// that exists, else the first of them (so the error names where it looked first).
    public static var resolvedDefaultPath: String {
        let paths = searchPaths
        return paths.first { FileManager.default.fileExists(atPath: $0) } ?? paths.first ?? packageRelativePath
    }

    /// Where to get the model when it is missing, for notices.
    public static let whereToGetIt =
        "InkBench ships it as \(packageRelativePath) (restore it with `git checkout -- \(packageRelativePath)`); "
        + "or get it from AOSP platform/frameworks/native, data/etc/input/motion_predictor_model.tflite "
        + "(Android 14 or 15; Apache-2.0), or from a device's /system/etc/, and pass model=PATH or set \(overrideVariable)"

    /// Reads and checks the model at `path`.
    ///
    /// - Throws: ``ModelFileError`` if the file cannot be read or is not this model.
    public static func read(path: String) throws(ModelFileError) -> AndroidMotionModel {
        try read(bytes: contents(path: path), file: path)
    }

    /// The largest weight magnitude accepted: Android's model's weights are far below it.
    public static let maximumWeight: Float = 1e4

    /// The largest model file read (bytes): Android's model is 179,532 bytes; a file far larger
    /// is not it, and reading it whole first (a 3 GB sparse file) would exhaust memory.
    public static let maximumFileBytes = 16 << 20

    /// The file's bytes, after checking that it is a regular file of at most ``maximumFileBytes``.
    ///
    /// - Throws: ``ModelFileError`` naming the file, its size or kind, and what was expected.
    public static func contents(path: String) throws(ModelFileError) -> [UInt8] {
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR {
                throw ModelFileError(file: path, "is a folder; expected a .tflite model file")
            }
            if Int64(info.st_size) > Int64(maximumFileBytes) {
                throw ModelFileError(
                    file: path,
                    "is \(info.st_size) bytes; expected a model file of at most \(maximumFileBytes) bytes (Android's is 179,532)")
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ModelFileError(file: path, exists ? "cannot be read" : "no such file; \(whereToGetIt)")
        }
        guard data.count <= maximumFileBytes else {
            throw ModelFileError(file: path, "is over \(maximumFileBytes) bytes; expected a model file (Android's is 179,532 bytes)")
        }
        return [UInt8](data)
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
            let weights = try m.floats(i)
            // A damaged file (one flipped exponent bit) can hold weights of 1e37 or inf, which
            // would give infinite predictions: Android's weights are all small.
            if let k = weights.firstIndex(where: { !$0.isFinite || abs($0) > maximumWeight }) {
                throw ModelFileError(
                    file: file, byteOffset: (m.tensors[i].data?.lowerBound).map { $0 + 4 * k },
                    "tensor '\(full)' weight \(k) is \(weights[k]); expected a finite weight within ±\(Int(maximumWeight)) (a damaged file?)")
            }
            return weights
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
