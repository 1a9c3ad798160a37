// libFuzzer entry point for the SVC reader, then replay and score (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport
import InkTraces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let trace = try? SVCReader.read(bytes, file: "fuzz.svc", options: ImportOptions(scaleUnitsPerMM: 200)) {
        fuzzReplayAndScore(trace)
    }
    let options = ImportOptions(scaleUnitsPerMM: 1, timeUnitSeconds: 1, includeHover: true, pressureMax: 1023)
    fuzzSameAsOracle(
        "svc", read: { () throws(ImportError) -> Trace in try SVCReader.read(bytes, file: "fuzz.svc", options: options) },
        oracle: { () throws(ImportError) -> Trace in try SVCReader.readOracle(bytes, file: "fuzz.svc", options: options) })
    return 0
}
