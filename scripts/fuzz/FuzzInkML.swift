// libFuzzer entry point for the InkMLReader: its XMLReader against Foundation's XMLParser (the
// oracle in Tests/InkImportTests/XMLParserOracle.swift, compiled into this harness by
// scripts/fuzz.sh), its trace texts against the text oracle, then replay and score
// (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkImport
import InkTraces

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInkML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let trace = try? InkMLReader.read(bytes, file: "fuzz.inkml", options: ImportOptions()) {
        fuzzReplayAndScore(trace)
    }
    let options = ImportOptions(scaleUnitsPerMM: 1, timeUnitSeconds: 1, includeHover: true)
    let (reader, oracle) = XMLParserOracle.outcomes(bytes, file: "fuzz.inkml", options: options)
    if let why = XMLParserOracle.disagreement(reader: reader, oracle: oracle) {
        fatalError("inkml: XMLReader and XMLParser disagree: \(why)")
    }
    fuzzSameAsOracle(
        "inkml", read: { () throws(ImportError) -> Trace in try InkMLReader.read(bytes, file: "fuzz.inkml", options: options) },
        oracle: { () throws(ImportError) -> Trace in try InkMLReader.readOracle(bytes, file: "fuzz.inkml", options: options) })
    return 0
}
