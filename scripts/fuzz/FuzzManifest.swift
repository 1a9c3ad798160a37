// libFuzzer entry point for the recordings manifest parser and the format detector. Built by scripts/fuzz.sh.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let manifest = try? RecordingManifest.parse(bytes, path: "fuzz.manifest") {
        for path in ["a/b.svc", "x.csv", "deep/er/path/file.events"] { _ = manifest.entries(forRelativePath: path) }
    }
    _ = FormatDetector.detect(path: "fuzz.bin", head: bytes)
    return 0
}
