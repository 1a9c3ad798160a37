// libFuzzer entry point for the evemu reader, with and without hover strokes and a scale, then
// replay and score (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport
import InkTraces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let trace = try? EvemuReader.read(bytes, file: "fuzz.events") { fuzzReplayAndScore(trace) }
    var options = ImportOptions(scaleUnitsPerMM: 200, includeHover: true)
    options.scaleYUnitsPerMM = 125
    fuzzSameAsOracle(
        "evemu", read: { () throws(ImportError) -> Trace in try EvemuReader.read(bytes, file: "fuzz.events", options: options) },
        oracle: { () throws(ImportError) -> Trace in try EvemuReader.readOracle(bytes, file: "fuzz.events", options: options) })
    if let trace = try? EvemuReader.read(bytes, file: "fuzz.events", options: options) {
        fuzzReplayAndScore(trace, strategyName: "linear")
    }
    return 0
}
