// libFuzzer entry point for the Google Ink protobuf reader, then replay and score with the
// recorded predictions (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport
import InkTraces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGoogleInk(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let trace = try? GoogleInkReader.read(bytes, file: "fuzz.binarypb", options: ImportOptions(scaleUnitsPerMM: 10.8)) {
        fuzzReplayAndScore(trace, strategyName: trace.hasRecordedPredictionsForFuzz ? "recorded" : "kalman")
    }
    return 0
}

extension InkTraces.Trace {
    var hasRecordedPredictionsForFuzz: Bool { strokes.contains { $0.recordedPredictions != nil } }
}
