import Foundation
import InkImport
import InkTraces
import Testing

/// Issue 18, case 9: Pointer Events JSON as browsers and scripts write it, and its errors.
struct PointerEventsJSONTests {
    static func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// A capture over 1 MB (its `time` key after the first MB) is still recognised.
    @Test func largeCaptureIsDetected() throws {
        let n = 120_000
        var text = "{\"x\": ["
        text += (0..<n).map { String(Double($0) * 0.01 + 0.123456) }.joined(separator: ",")
        text += "],\n\"y\": [" + Array(repeating: "1.5", count: n).joined(separator: ",")
        text += "],\n\"time\": [" + (0..<n).map { String(Double($0) * 4) }.joined(separator: ",") + "]}"
        let bytes = Self.utf8(text)
        #expect(bytes.count > 1 << 20)
        #expect(FormatDetector.detect(path: "capture.json", head: bytes) == .format(.pointerEvents))
        let trace = try PointerEventsReader.read(bytes, file: "capture.json")
        #expect(trace.sampleCount == n)
    }

    /// A file cut off says so, with the line.
    @Test func truncatedFile() {
        let text = "{\"x\": [1, 2,\n 3],\n\"y\": [1, 1, 1],\n\"time\": [0, 4"
        #expect {
            try PointerEventsReader.read(Self.utf8(text), file: "cut.json")
        } throws: { error in "\(error)".contains("cut.json:4") && "\(error)".contains("unexpected end of file at line 4") }
    }

    /// Booleans and strings are not numbers: the error names the value and its line.
    @Test func nonNumbersNamedWithTheirLine() {
        let booleans = "{\"x\": [true, false],\n\"y\": [1, 1],\n\"time\": [0, 4]}"
        #expect {
            try PointerEventsReader.read(Self.utf8(booleans), file: "b.json")
        } throws: { error in "\(error)".contains("b.json:1") && "\(error)".contains("'x'[0] is true") }
        var events = "["
        for i in 0..<80 { events += "\n{\"x\": \(i == 70 ? "\"12\"" : "\(i)"), \"y\": 1, \"time\": \(i * 4), \"buttons\": 1}," }
        events.removeLast()
        events += "\n]"
        #expect {
            try PointerEventsReader.read(Self.utf8(events), file: "s.json")
        } throws: { error in
            "\(error)".contains("s.json:72") && "\(error)".contains("event 70: 'x' is the string \"12\"; expected a number")
        }
    }

    /// Syntax errors name the line.
    @Test func syntaxErrorLine() {
        #expect {
            try PointerEventsReader.read(Self.utf8("{\"x\": [1,\n2,\n@]}"), file: "bad.json")
        } throws: { error in "\(error)".contains("bad.json:3") }
    }
}

/// Issue 18, case 8 on the reader side: a UTF-8 BOM and CRLF line ends in every text format.
struct BOMAndCRLFTests {
    static func windows(_ s: String) -> [UInt8] { [0xEF, 0xBB, 0xBF] + Array(s.replacingOccurrences(of: "\n", with: "\r\n").utf8) }

    @Test func traceCSVIsDetectedAndRead() throws {
        let bytes = Self.windows("t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n")
        #expect(FormatDetector.detect(path: "excel.csv", head: bytes) == .format(.traceCSV))
        #expect(FormatDetector.detect(path: "excel", head: bytes) == .format(.traceCSV))
        #expect(try TraceCSVReader.read(bytes, file: "excel.csv").sampleCount == 2)
    }

    @Test func otherFormats() throws {
        let svc = Self.windows("2\n100 200 0 1 0 900 0.5\n110 200 8 1 0 900 0.5\n")
        #expect(try SVCReader.read(svc, file: "a.svc", options: ImportOptions(scaleUnitsPerMM: 200)).sampleCount == 2)
        let evemu = Self.windows(
            "# EVEMU 1.3\nA: 00 0 1000 0 0 10\nA: 01 0 1000 0 0 10\nE: 0.000000 0003 0000 100\nE: 0.000000 0003 0001 100\nE: 0.000000 0001 014a 1\nE: 0.000000 0000 0000 0\nE: 0.004000 0003 0000 110\nE: 0.004000 0000 0000 0\n")
        #expect(try EvemuReader.read(evemu, file: "a.events").sampleCount == 2)
        let manifest = try RecordingManifest.parse(Self.windows("[*.svc]\nscale = 200\n"), path: "m")
        #expect(manifest.entries.first?.scaleUnitsPerMM == 200)
        let json = [0xEF, 0xBB, 0xBF] + Array("{\"x\":[1,2],\r\n\"y\":[1,1],\r\n\"time\":[0,4],\"buttons\":[1,1]}".utf8)
        #expect(FormatDetector.detect(path: "a.json", head: json) == .format(.pointerEvents))
        #expect(try PointerEventsReader.read(json, file: "a.json").sampleCount == 2)
    }

    /// Deeply nested JSON is refused with a line, not a stack overflow.
    @Test func deepNestingIsRefused() {
        let text = String(repeating: "[", count: 100_000)
        #expect {
            try PointerEventsReader.read(Array(text.utf8), file: "deep.json")
        } throws: { error in "\(error)".contains("nested over 256") }
    }
}
