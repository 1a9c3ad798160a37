// libFuzzer entry point for the SVC reader. Built by scripts/fuzz.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? SVCReader.read(bytes, file: "fuzz.svc", options: ImportOptions(scaleUnitsPerMM: 200))
    _ = try? SVCReader.read(bytes, file: "fuzz.svc", options: ImportOptions(scaleUnitsPerMM: 1, includeHover: true, pressureMax: 1024))
    return 0
}
