// libFuzzer entry point for the MobileHCI 2017 touch logs: the format detector on the same bytes,
// the rows in px and ms with their runs of moves (what `bench horizon` scores; every value must
// be within the reader's limits), and the trace in mm with a scale, then replay and score
// (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport
import InkTraces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMobileHCI17(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = FormatDetector.detect(path: "fuzz.txt", head: bytes)
    if let rows = try? MobileHCI17Reader.readRows(bytes, file: "fuzz.txt") {
        for run in MobileHCI17Reader.moveRuns(rows) {
            for row in run { precondition(row.eventTimeMs.isFinite && abs(row.xPx) <= MobileHCI17Reader.positionLimitPx) }
        }
    }
    if let trace = try? MobileHCI17Reader.read(bytes, file: "fuzz.txt", options: ImportOptions(scaleUnitsPerMM: 10)) {
        fuzzReplayAndScore(trace)
    }
    let options = ImportOptions(scaleUnitsPerMM: 1, timeUnitSeconds: 1)
    fuzzSameAsOracle(
        "mobilehci17", read: { () throws(ImportError) -> Trace in try MobileHCI17Reader.read(bytes, file: "fuzz.txt", options: options) },
        oracle: { () throws(ImportError) -> Trace in try MobileHCI17Reader.readOracle(bytes, file: "fuzz.txt", options: options) })
    return 0
}
