// libFuzzer entry point for the `.suite` parser: parse, generate each small enough trace, then
// replay and score it (FuzzPipeline.swift). Built by scripts/fuzz.sh.
import InkBenchKit
import InkSynthesis

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSuite(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let suite = try? SuiteFile.parse(text, name: "fuzz", file: "fuzz.suite") else { return 0 }
    for spec in suite.specs.prefix(4) {
        // Generation is bounded by InputLimits.syntheticSamples; the fuzzer keeps to small ones.
        guard (spec.duration * spec.inputRateHz + 1) * Double(spec.strokes) <= 20_000 else { continue }
        guard let trace = try? spec.generate(seed: 1) else { fatalError("a parsed spec does not generate") }
        fuzzReplayAndScore(trace)
    }
    return 0
}
