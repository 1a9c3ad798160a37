// libFuzzer entry point for the W3C Pointer Events JSON reader. Built by scripts/fuzz.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointerEvents(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? PointerEventsReader.read(bytes, file: "fuzz.json")
    _ = try? PointerEventsReader.read(bytes, file: "fuzz.json", options: ImportOptions(includeHover: true))
    return 0
}
