import InkBaseline
// libFuzzer entry point for tolerance files and `--tolerance` options. Built by scripts/fuzz.sh.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTolerance(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var table = ToleranceTable()
    _ = try? table.apply(text: text, path: "fuzz.tolerances")
    var single = ToleranceTable()
    _ = try? single.apply(option: String(text.prefix(200)))
    return 0
}
