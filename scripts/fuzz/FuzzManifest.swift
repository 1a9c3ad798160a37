// libFuzzer entry point for the recordings manifest parser, `--scale` rules and the format
// detector. Built by scripts/fuzz.sh.
import InkImport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let manifest = try? RecordingManifest.parse(bytes, path: "fuzz.manifest") {
        for path in ["a/b.svc", "x.csv", "deep/er/path/file.events"] {
            var options = ImportOptions()
            for entry in manifest.entries(forRelativePath: path) { _ = options.apply(entry, source: "fuzz.manifest") }
            _ = try? options.validate(file: path)
        }
    }
    _ = try? ScaleRule(parsing: String(decoding: bytes.prefix(200), as: UTF8.self))
    _ = FormatDetector.detect(path: "fuzz.bin", head: bytes)
    return 0
}
