// libFuzzer entry point for the Pointer Events JSON reader (and the format detector on the same
// bytes), then replay and score (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport
import InkTraces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointerEvents(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = FormatDetector.detect(path: "fuzz.json", head: bytes)
    if let trace = try? PointerEventsReader.read(bytes, file: "fuzz.json") { fuzzReplayAndScore(trace) }
    let options = ImportOptions(includeHover: true)
    fuzzSameAsOracle(
        "pointer-events", read: { () throws(ImportError) -> Trace in try PointerEventsReader.read(bytes, file: "fuzz.json", options: options) },
        oracle: { () throws(ImportError) -> Trace in try PointerEventsReader.readOracle(bytes, file: "fuzz.json", options: options) })
    return 0
}
