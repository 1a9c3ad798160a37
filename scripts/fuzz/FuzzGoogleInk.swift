// libFuzzer entry point for the Google Ink protobuf reader. Built by scripts/fuzz.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGoogleInk(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? GoogleInkReader.read(bytes, file: "fuzz.binarypb", options: ImportOptions(scaleUnitsPerMM: 10.8))
    return 0
}
