// libFuzzer entry point for the capture page's export (`inkbench-capture` JSON, read through the
// Pointer Events reader that detects it), with and without a scale, then replay and score
// (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCapture(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let trace = try? PointerEventsReader.read(bytes, file: "fuzz-capture.json") { fuzzReplayAndScore(trace) }
    _ = try? PointerEventsReader.read(bytes, file: "fuzz-capture.json", options: ImportOptions(scaleUnitsPerMM: 6.3))
    return 0
}
