// libFuzzer entry point for the InkMLReader, then replay and score (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInkML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let trace = try? InkMLReader.read(bytes, file: "fuzz.inkml", options: ImportOptions()) {
        fuzzReplayAndScore(trace)
    }
    _ = try? InkMLReader.read(bytes, file: "fuzz.inkml", options: ImportOptions(scaleUnitsPerMM: 1, timeUnitSeconds: 1, includeHover: true))
    return 0
}
