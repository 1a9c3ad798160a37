import Foundation
import InkImport
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

@testable import BenchCLI

/// `bench convert --suite`: a synthetic trace written as trace CSV reads back as the same samples, to the bit.
@Suite("bench convert --suite")
struct ConvertSuiteTests {
    @Test("the suite's trace is written exactly; a suite of several needs --trace")
    func writesTheSamplesExactly() async throws {
        let folder = temporaryFolder("convert suite")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let suite = folder + "/two.suite"
        let text = "suite two\ns-curve \"a\" duration_s=0.3\ns-curve \"b\" duration_s=0.4 noise_mm=0.05 jitter_ms=0.3 strokes=3 pause_s=0.2\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: suite))
        let out = folder + "/b.csv"
        #expect(await benchQuietly(["convert", "--suite", suite, "--to", out]) == 2, "two traces and no --trace")
        #expect(await benchQuietly(["convert", "--suite", suite, "--trace", "c", "--to", out]) == 2, "no trace c")
        #expect(await benchQuietly(["convert", "in.csv", "--suite", suite, "--to", out]) == 2, "a file and a suite")
        #expect(await benchQuietly(["convert", "--suite", suite, "--trace", "b", "--seed", "4", "--to", out]) == 0)

        var spec = SyntheticSpec.sCurve(name: "b", duration: 0.4)
        spec.noiseMM = 0.05
        spec.jitterMs = 0.3
        spec.strokes = 3
        spec.pause = 0.2
        let generated = try spec.generate(seed: 4)
        let read = try TraceCSVReader.read([UInt8](Data(contentsOf: URL(fileURLWithPath: out))), file: out)
        #expect(read.nominalInterval.bitPattern == generated.nominalInterval.bitPattern)
        #expect(read.strokes.count == 3)
        for (a, b) in zip(read.strokes, generated.strokes) {
            #expect(a.t.map(\.bitPattern) == b.t.map(\.bitPattern))
            #expect(a.x.map(\.bitPattern) == b.x.map(\.bitPattern))
            #expect(a.y.map(\.bitPattern) == b.y.map(\.bitPattern))
        }
    }
}
