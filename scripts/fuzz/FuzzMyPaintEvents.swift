// libFuzzer entry point for the MyPaintEventsReader, then replay and score (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMyPaintEvents(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let trace = try? MyPaintEventsReader.read(bytes, file: "fuzz.dat", options: ImportOptions(scaleUnitsPerMM: 3.78)) {
        fuzzReplayAndScore(trace)
    }
    _ = try? MyPaintEventsReader.read(bytes, file: "fuzz.dat", options: ImportOptions(scaleUnitsPerMM: 1, timeUnitSeconds: 1, includeHover: true))
    return 0
}
