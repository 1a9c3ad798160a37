import Foundation
import InkSynthesis
import InkTestSupport
import Testing

@testable import InkImport

/// `FormatSniff` finds the first line on the bytes, decoding only the lines up to it; the
/// oracle is what it did before: decode the first 1 MB and split it at newline `Character`s.
@Suite struct FormatSniffTests {
    /// The first line as the text oracle finds it.
    static func oracleFirstLine(_ head: [UInt8]) -> String {
        let bom = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let text = String(decoding: head[bom...].prefix(FormatSniff.headBytes), as: UTF8.self)
        return text.split(whereSeparator: { $0.isNewline }).first { !$0.hasPrefix("#") }.map(String.init) ?? ""
    }

    static func check(_ head: [UInt8], _ comment: Comment? = nil) {
        let sniff = FormatSniff(path: "a/b.csv", head: head)
        #expect(sniff.firstLine == oracleFirstLine(head), comment ?? Comment(rawValue: "bytes \(head)"))
    }

    @Test func handWrittenCases() {
        let cases: [String] = [
            "", "\n", "\n\n\r\n", "t_s,x_mm\n1,2", "# inkbench-trace\nt_s,x_mm,y_mm\n", "#a\n#b\r\n\r\nx",
            "\u{FEFF}# c\nhead", "a\u{85}b", "#\u{85}b", "#\u{2028}line", "#\u{2029}p\u{2029}q", "#\u{0B}v", "#\u{0C}f",
            "#\r\rline\r", "#\u{301}x\nnext", "\u{301}#x", "#x\n\u{301}#y\nz", "é,ü\nq", "#only", "   \n# a\n b ",
            "#\r\n\u{301}", "\u{1F469}\u{200D}\u{1F4BB},x\ny",
        ]
        for c in cases { Self.check(Array(c.utf8), "case \(c.debugDescription)") }
        // Ill-formed UTF-8 around the separators: truncated sequences, lone continuations,
        // a lead byte before a newline's bytes.
        let raw: [[UInt8]] = [
            [0xE2, 0x80, 0x0A, 0x41], [0x23, 0xE2, 0x0A, 0x41], [0x23, 0xE2, 0xC2, 0x85, 0x42], [0x23, 0xF0, 0x9F, 0x0A, 0x43],
            [0x80, 0x80, 0x0A], [0x23, 0xE2, 0x80], [0x23, 0xE2, 0x80, 0xA8], [0x23, 0xE2, 0x80, 0xA9, 0xFF],
            [0x23, 0xC2], [0x23, 0xC2, 0x0D, 0x85], [0xEF, 0xBB, 0xBF, 0x23, 0x0A, 0xEF, 0xBB, 0xBF, 0x41], [0xEF, 0xBB],
            [0x23, 0xE2, 0xE2, 0x80, 0xA8, 0x44], [0xC0, 0x85, 0x0A, 0x45],
        ]
        for r in raw { Self.check(r) }
    }

    @Test func aLineThatStraddlesTheFirstMegabyteIsCutThere() {
        var head = Array("# comment\n".utf8) + [UInt8](repeating: 0x41, count: FormatSniff.headBytes)
        Self.check(head)
        head = [UInt8](repeating: 0x23, count: FormatSniff.headBytes - 2) + [0xE2, 0x80, 0xA8, 0x42]
        Self.check(head)
        head = [UInt8](repeating: 0x23, count: FormatSniff.headBytes - 1) + [0xC2, 0x85, 0x42]
        Self.check(head)
    }

    /// Random byte strings over the separators, `#`, blanks, multi-byte and ill-formed pieces.
    @Test func seededRandomBytesAgreeWithTheOracle() {
        let pieces: [[UInt8]] = [
            [0x0A], [0x0D], [0x0D, 0x0A], [0x0B], [0x0C], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0x23], [0x23],
            [0x20], [0x41], [0x2C], [0xCC, 0x81], [0xC3, 0xA9], [0xE2, 0x80], [0xE2], [0xC2], [0x80], [0xFF], [0xF0, 0x9F, 0x92],
            [0xEF, 0xBB, 0xBF], [0xE2, 0x80, 0x8D], [0xF0, 0x9F, 0x91, 0xA9],
        ]
        var rng = SplitMix64(seed: 2041)
        for _ in 0..<20_000 {
            var head: [UInt8] = []
            for _ in 0..<Int(rng.next() % 12) { head += pieces[Int(rng.next() % UInt64(pieces.count))] }
            Self.check(head)
        }
    }

    @Test func textAndTheVerdictsAreUnchanged() throws {
        let head = Array("\u{FEFF}# inkbench-trace\nt_s,x_mm,y_mm,stroke\n0,1,2,0\n".utf8)
        let sniff = FormatSniff(path: "x/trace", head: head)
        #expect(sniff.text == "# inkbench-trace\nt_s,x_mm,y_mm,stroke\n0,1,2,0\n")
        #expect(sniff.firstLine == "t_s,x_mm,y_mm,stroke")
        #expect(FormatDetector.detect(path: "x/trace", head: head) == .format(.traceCSV))
        #expect(FormatDetector.detect(path: "x/trace.csv", head: head) == .format(.traceCSV))
    }
}

/// `RecordingLoader.readBytes` reads straight into the array: the same bytes as Foundation's
/// `FileManager.contents`, the same errors, and files the system gives no size for read whole.
@Suite struct ReadBytesTests {
    @Test func sameBytesAsFoundationAndTheSameErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-readbytes-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for size in [0, 1, 65_535, 65_537, (1 << 20) + 3] {
            let path = folder + "/f\(size)"
            try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
            let read = try RecordingLoader.readBytes(path, limit: 1 << 21)
            #expect(read == [UInt8](try #require(FileManager.default.contents(atPath: path))))
        }
        let big = folder + "/f\((1 << 20) + 3)"
        #expect(throws: ImportError(file: big, "file is \((1 << 20) + 3) bytes; expected at most 1000")) {
            try RecordingLoader.readBytes(big, limit: 1000)
        }
        for unreadable in [folder, folder + "/missing"] {
            #expect(throws: ImportError(file: unreadable, "cannot read the file; expected a readable file")) {
                try RecordingLoader.readBytes(unreadable, limit: 1 << 21)
            }
        }
        #if os(Linux)
            // A file whose size the system does not give (0 bytes by stat) is read to its end.
            let proc = "/proc/self/cmdline"
            #expect(try RecordingLoader.readBytes(proc, limit: 10) == [UInt8](try #require(FileManager.default.contents(atPath: proc))))
        #endif
    }
}
