import ArgumentParser
import Foundation
import InkImport
import InkTestSupport
import Testing

@testable import BenchCLI

@Suite("bench --resample-hz and convert --resample-hz")
struct ResampleOptionTests {
    @Test func aRunGainsDecimatedCopies() throws {
        let root = ProjectData.recordings + "/google-ink-stylus"
        let options = try RecordingOptions.parse(["--traces", root, "--scale", "10.8", "--resample-hz", "120", "--resample-hz", "300"])
        let (traces, skipped) = try options.load()
        #expect(traces.map(\.name) == ["spring_shape.binarypb", "straight_line.binarypb", "spring_shape.binarypb @120Hz", "straight_line.binarypb @120Hz"])
        #expect(skipped.contains { $0.contains("@300Hz: not made") })
        #expect(throws: ValidationError.self) { try RecordingOptions.parse(["--traces", root, "--resample-hz", "0"]).load() }
    }

    @Test func convertDecimates() async throws {
        let out = temporaryFolder("resample")
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let input = ProjectData.recordings + "/google-ink-stylus/spring_shape.binarypb"
        #expect(await benchQuietly(["convert", input, "--scale", "10.8", "--resample-hz", "120", "--to", out + "/a.csv"]) == 0)
        let text = try String(contentsOfFile: out + "/a.csv", encoding: .utf8)
        // The model's rule (4a), counted here on the recording's own times: each stroke's first
        // sample, each at least 0.99/120 s after the last kept, and its last.
        let source = try RecordingLoader.readFile(input, options: ImportOptions(scaleUnitsPerMM: 10.8))
        var kept = 0
        for stroke in source.strokes {
            var last = stroke.t[0]
            kept += 1
            for (i, t) in stroke.t.enumerated().dropFirst() where t - last >= 0.99 / 120 || i == stroke.t.count - 1 {
                kept += 1
                last = t
            }
        }
        #expect(text.split(separator: "\n").filter { $0.hasSuffix(",sample") }.count == kept)
        let read = try RecordingLoader.readFile(out + "/a.csv")
        #expect(read.strokes.flatMap(\.t).allSatisfy(Set(source.strokes.flatMap(\.t)).contains))
        #expect(read.nominalInterval >= 0.99 / 120)
        #expect(await benchQuietly(["convert", input, "--scale", "10.8", "--resample-hz", "500", "--to", out + "/b.csv"]) == 2)
    }
}
