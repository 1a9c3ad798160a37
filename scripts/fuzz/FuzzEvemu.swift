// libFuzzer entry point for the evemu reader, with and without hover strokes. Built by scripts/fuzz.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? EvemuReader.read(bytes, file: "fuzz.events")
    _ = try? EvemuReader.read(bytes, file: "fuzz.events", options: ImportOptions(scaleUnitsPerMM: 200, includeHover: true))
    return 0
}
