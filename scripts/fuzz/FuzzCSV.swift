// libFuzzer entry point for the InkBench trace CSV: read, write and read back to the same trace,
// then replay and score (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport
import InkTraces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzSameAsOracle(
        "csv", read: { () throws(ImportError) -> Trace in try TraceCSVReader.read(bytes, file: "fuzz.csv") },
        oracle: { () throws(ImportError) -> Trace in try TraceCSVReader.readOracle(bytes, file: "fuzz.csv") })
    guard let trace = try? TraceCSVReader.read(bytes, file: "fuzz.csv") else { return 0 }
    let text = TraceCSVWriter.write(trace)
    guard let back = try? TraceCSVReader.read(Array(text.utf8), file: "again.csv") else {
        fatalError("a trace read from the fuzz input does not read back after writing")
    }
    if TraceCSVWriter.write(back) != text { fatalError("trace CSV round trip is not lossless") }
    fuzzReplayAndScore(trace)
    return 0
}
