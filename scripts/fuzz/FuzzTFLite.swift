// libFuzzer entry point for the TFLite (FlatBuffers) reader and Android's model loader, built
// like the other readers' entry points but from the InkPrediction and InkModels sources:
//
//   mkdir -p .build-fuzz/tflite-src
//   for f in Sources/InkPrediction/*.swift Sources/InkModels/*.swift; do
//     sed -e '/^import InkPrediction$/d' "$f" > ".build-fuzz/tflite-src/$(basename "$(dirname "$f")")_$(basename "$f")"
//   done
//   swiftc -O -sanitize=fuzzer -parse-as-library -module-name InkFuzz -package-name InkBench \
//     .build-fuzz/tflite-src/*.swift scripts/fuzz/FuzzTFLite.swift -o .build-fuzz/fuzz-tflite
//   .build-fuzz/fuzz-tflite CORPUS -max_total_time=600 -max_len=200000   # seed: the model file
//
// Every input must end in a ModelFileError or a model, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTFLite(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let model = try? TFLiteModel(bytes: bytes, file: "fuzz.tflite") {
        for i in model.tensors.indices { _ = try? model.floats(i) }
    }
    _ = try? AndroidModelFile.read(bytes: bytes, file: "fuzz.tflite")
    return 0
}
