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
