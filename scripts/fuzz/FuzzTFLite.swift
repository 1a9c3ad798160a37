// libFuzzer entry point for the TFLite (FlatBuffers) reader and Android's model loader
// (InkModels), built by scripts/fuzz.sh like the other harnesses:
//
//   FUZZ_SECONDS=600 FUZZ_MAX_LEN=200000 scripts/fuzz.sh tflite
//
// For long runs, add the model file of Datasets/models/android-motion-predictor to the
// corpus folder (.build-fuzz/corpus-tflite/); it is not committed. Every input must end in a
// ModelFileError or a model, never a crash.
import InkModels

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTFLite(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let model = try? TFLiteModel(bytes: bytes, file: "fuzz.tflite") {
        for i in model.tensors.indices { _ = try? model.floats(i) }
    }
    _ = try? AndroidModelFile.read(bytes: bytes, file: "fuzz.tflite")
    return 0
}
