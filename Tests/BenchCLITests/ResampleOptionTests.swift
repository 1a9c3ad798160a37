import ArgumentParser
import Foundation
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
        #expect(await BenchMain.run(["convert", input, "--scale", "10.8", "--resample-hz", "120", "--to", out + "/a.csv"]) == 0)
        let text = try String(contentsOfFile: out + "/a.csv", encoding: .utf8)
        #expect(text.contains("# nominal_interval_s: 0.008333333333333333\n"))
        #expect(text.split(separator: "\n").filter { $0.hasSuffix(",sample") }.count == 84)
        #expect(await BenchMain.run(["convert", input, "--scale", "10.8", "--resample-hz", "500", "--to", out + "/b.csv"]) == 2)
    }
}
