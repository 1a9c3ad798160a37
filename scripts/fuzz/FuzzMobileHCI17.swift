// libFuzzer entry point for the MobileHCI 2017 touch-log reader (and the format detector on the
// same bytes), then replay and score (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMobileHCI17(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = FormatDetector.detect(path: "fuzz.txt", head: bytes)
    if let trace = try? MobileHCI17Reader.read(bytes, file: "fuzz.txt", options: ImportOptions(scaleUnitsPerMM: 10)) {
        fuzzReplayAndScore(trace)
    }
    _ = try? MobileHCI17Reader.read(bytes, file: "fuzz.txt", options: ImportOptions(scaleUnitsPerMM: 1, timeUnitSeconds: 1))
    return 0
}
