import Foundation
import InkFigures
import InkOutput
import Testing

@Suite("CSV writer and reader")
struct CSVWriterTests {
    @Test("numbers print as the shortest text that reads back to the same value")
    func numbersRoundTrip() throws {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 35.4, 1e-5, 1e-300, 123456789.125, 1e15, 1e16, .pi, -2.5e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for _ in 0..<2000 { values.append(Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random() ? 1 : -1)) }
        for v in values {
            let text = NumberText.exact(v)
            #expect(Double(text) == v, "\(v) printed as \(text)")
            #expect(!text.contains(","), "no locale decimal comma in \(text)")
        }
        #expect(NumberText.exact(240) == "240")
        #expect(NumberText.exact(0.1) == "0.1")
        #expect(NumberText.exact(35.4) == "35.4")
    }

    @Test("perceived latency stored in tenths prints exactly", arguments: [(354, "35.4"), (-6, "-0.6"), (0, "0.0"), (12, "1.2"), (-1234, "-123.4"), (5, "0.5")])
    func tenths(_ value: Int, _ text: String) {
        #expect(CSVWriter.tenthsText(value) == text)
    }

    @Test("RFC 4180 quoting: commas, quotes and line breaks are quoted, nil is an empty cell")
    func quoting() throws {
        var csv = CSVWriter()
        csv.row(["trace", "strategy", "value", "latency"])
        csv.text("s-curve, slow")
        csv.text("kalman[sigma_p=0.02,cap_ms=16] \"x\"")
        csv.number(nil)
        csv.tenths(354)
        csv.endRow()
        csv.text("two\nlines")
        csv.text("plain")
        csv.number(.nan)
        csv.integer(nil)
        csv.endRow()
        #expect(csv.string == "trace,strategy,value,latency\n\"s-curve, slow\",\"kalman[sigma_p=0.02,cap_ms=16] \"\"x\"\"\",,35.4\n\"two\nlines\",plain,,\n")
        let table = try CSVTable(parsing: csv.string)
        #expect(table.header == ["trace", "strategy", "value", "latency"])
        #expect(table.rows.count == 2)
        #expect(table.rows[0] == ["s-curve, slow", "kalman[sigma_p=0.02,cap_ms=16] \"x\"", "", "35.4"])
        #expect(table.rows[1] == ["two\nlines", "plain", "", ""])
        #expect(table.double(row: 0, "latency") == 35.4)
        #expect(table.double(row: 0, "value") == nil)
    }

    @Test("a quoted field left open is an error")
    func unclosedQuote() {
        #expect(throws: CSVTableError.self) { try CSVTable(parsing: "a,b\n\"x,1\n") }
    }

    @Test("SHA-256 of known messages")
    func sha256() {
        #expect(Digest.sha256Hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Digest.sha256Hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(Digest.sha256Hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("a file's SHA-256, read 1 MiB at a time, is its bytes' SHA-256; a folder or missing file has none")
    func sha256OfFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-digest-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for size in [0, 1, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) - 7] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }
            let path = folder + "/f\(size)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let hashed = try #require(Digest.sha256Hex(ofFile: path))
            #expect(hashed.hex == Digest.sha256Hex(bytes) && hashed.bytes == size)
            #expect(Manifest.FileRecord(hashing: path) == Manifest.FileRecord(path: path, sha256: Digest.sha256Hex(bytes), bytes: size))
            #expect(FileHashes(paths: [folder + "/missing", path]).records == [Manifest.FileRecord(path: path, sha256: Digest.sha256Hex(bytes), bytes: size)])
        }
        #expect(Digest.sha256Hex(ofFile: folder) == nil)
        #expect(Digest.sha256Hex(ofFile: folder + "/missing") == nil)
        #expect(FileHashes(paths: []).records.isEmpty)
    }

    @Test("hashes started early are taken for the files they hold, the others hashed then")
    func earlyHashesReused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-early-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (a, b) = (folder + "/a.csv", folder + "/b.csv")
        try Data("first\n".utf8).write(to: URL(fileURLWithPath: a))
        try Data("other\n".utf8).write(to: URL(fileURLWithPath: b))
        let early = HandedOverHashes(paths: [a])  // nothing handed over: read from disk at the finish
        early.finishHandingOver()
        let first = early.records
        // Changed after the early hash: the early record is the one reused (not read again).
        try Data("second, longer\n".utf8).write(to: URL(fileURLWithPath: a))
        let later = FileHashes(paths: [b, folder + "/missing", a], reusing: early)
        #expect(later.records == [Manifest.FileRecord(path: b, sha256: Digest.sha256Hex(Array("other\n".utf8)), bytes: 6)] + first)
        #expect(first == [Manifest.FileRecord(path: a, sha256: Digest.sha256Hex(Array("first\n".utf8)), bytes: 6)])
        let none = HandedOverHashes(paths: [])
        none.finishHandingOver()
        #expect(FileHashes(paths: [a], reusing: none).records.map(\.bytes) == [15])
    }

    @Test("means of tenths stay exact")
    func tenthsMean() throws {
        let six = try #require(TenthsMean.mean(of: Array(repeating: TenthsMean(total: 354, count: 1), count: 6)))
        #expect(six.exactTenths == 354)
        #expect(NumberText.exact(six.value) == "35.4")
        let mixed = try #require(TenthsMean.mean(of: [TenthsMean(total: 354, count: 1), TenthsMean(total: 1062, count: 3)]))
        #expect(mixed.value == 35.4)
        #expect(TenthsMean([]) == nil)
    }

    @Test("an output file is replaced whole, and other files stay")
    func atomicWrite() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = try OutputFolder(path: dir + "/nested folder")
        try out.write("keep.txt", text: "keep")
        try out.write("a b.csv", text: "one")
        try out.write("a b.csv", text: "two")
        #expect(try out.read("a b.csv") == "two")
        #expect(try out.read("keep.txt") == "keep")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["a b.csv", "keep.txt"], "no temporary files left")
    }
}
