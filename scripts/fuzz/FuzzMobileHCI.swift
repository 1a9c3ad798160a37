// libFuzzer entry point for the MobileHCI 2017 touch logs: the rows in px and ms with their
// runs of moves (what `bench horizon` scores), and the trace in mm with a scale, then replay and
// score (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMobileHCI(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
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
    return 0
}
