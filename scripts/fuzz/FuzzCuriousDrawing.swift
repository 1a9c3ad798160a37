// libFuzzer entry point for the CuriousDrawingReader, then replay and score (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCuriousDrawing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let trace = try? CuriousDrawingReader.read(bytes, file: "fuzz.csv", options: ImportOptions(scaleUnitsPerMM: 0.667)) {
        fuzzReplayAndScore(trace)
    }
    _ = try? CuriousDrawingReader.read(bytes, file: "fuzz.csv", options: ImportOptions(scaleUnitsPerMM: 1, timeUnitSeconds: 1, includeHover: true))
    return 0
}
