import InkBaseline
// libFuzzer entry point for the baseline and summary.csv readers and the comparison of a
// record with itself (which must pass). Built by scripts/fuzz.sh.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaseline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let record = try? BaselineFile.parse(text, path: "fuzz.baseline") {
        _ = BaselineFile.render(record)
        _ = try? BaselineCheck.compare(baseline: record, now: record, tolerances: ToleranceTable())
    }
    _ = try? ResultsFolder.parseSummary(text, path: "fuzz/summary.csv")
    return 0
}
