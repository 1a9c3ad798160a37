import Foundation
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

@testable import InkImport

/// The SVC, MobileHCI and Pointer Events byte readers against their text oracles (`readOracle`):
/// the same traces, to the bit, and the same errors (message, file, line), on every file of
/// that format in `Datasets/recordings` and on seeded mutations of them (truncations, byte
/// flips, inserted junk, repeated lines).
struct ByteReaderFormatsTests {
    /// The public reader's and the oracle's results agree (trace and notices to the bit, or the
    /// same error); returns whether the oracle read the file.
    @discardableResult
    static func compare(
        _ file: String, read: () throws(ImportError) -> Trace, oracle: () throws(ImportError) -> Trace
    ) -> Bool {
        let a: Result<Trace, ImportError>, b: Result<Trace, ImportError>
        do { a = .success(try oracle()) } catch { a = .failure(error) }
        do { b = .success(try read()) } catch { b = .failure(error) }
        switch (a, b) {
        case (.success(let x), .success(let y)):
            #expect(
                sameTrace(x, y) && x.notices == y.notices && x.name == y.name && x.source == y.source && x.device == y.device,
                "\(file): the byte reader's trace differs from the oracle's")
            return true
        case (.failure(let x), .failure(let y)):
            #expect(x == y && x.message == y.message && x.file == y.file && x.line == y.line, "\(file): errors differ: \(x) / \(y)")
        default:
            Issue.record("\(file): oracle \(a), byte reader \(b)")
        }
        return false
    }

    /// The recordings of one extension under `Datasets/recordings`, with the manifest's options.
    static func corpus(_ ext: String) throws -> [(path: String, bytes: [UInt8], options: ImportOptions)] {
        let manifest = try RecordingManifest.load(path: ProjectData.recordingsManifest)
        var out: [(String, [UInt8], ImportOptions)] = []
        guard let e = FileManager.default.enumerator(atPath: ProjectData.recordings) else { return [] }
        while let relative = e.nextObject() as? String {
            guard relative.hasSuffix("." + ext) else { continue }
            let path = (ProjectData.recordings as NSString).appendingPathComponent(relative)
            var options = ImportOptions()
            for entry in manifest.entries(forRelativePath: relative, givenPath: path) { _ = options.apply(entry, source: "manifest") }
            out.append((path, try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), options))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// A seeded mutation of `bytes`: one to `most` (default four) of truncation, a byte replaced, a byte or a
    /// word inserted, a byte removed, a line repeated elsewhere.
    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64, alphabet: [UInt8], words: [[UInt8]], most: UInt64 = 4) -> [UInt8] {
        var b = bytes
        for _ in 0..<(1 + Int(rng.next() % most)) {
            if b.isEmpty { b = [alphabet[0]] }
            let at = Int(rng.next() % UInt64(b.count))
            switch rng.next() % 6 {
            case 0: b.removeSubrange(at...)
            case 1: b[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
            case 2: b.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
            case 3: b.remove(at: at)
            case 4: b.insert(contentsOf: words[Int(rng.next() % UInt64(words.count))], at: at)
            default:
                let start = b[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let end = b[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? b.count
                let line = Array(b[start..<end])
                b.insert(contentsOf: line, at: Int(rng.next() % UInt64(b.count + 1)))
            }
        }
        return b
    }

    // MARK: SVC

    @discardableResult
    static func compareSVC(_ bytes: [UInt8], file: String, options: ImportOptions) -> (fast: Bool, oracle: Bool) {
        let oracle = compare(
            file, read: { () throws(ImportError) -> Trace in try SVCReader.read(bytes, file: file, options: options) },
            oracle: { () throws(ImportError) -> Trace in try SVCReader.readOracle(bytes, file: file, options: options) })
        // The rows may parse and the trace still fail (time going backwards: the shared
        // assembly's error, compared above), so `fast` can be true where `oracle` is false.
        return (SVCBytes.rows(bytes, options: options) != nil, oracle)
    }

    @Test func everySVCOfTheCorpusReadsAsTheOracleReadsIt() throws {
        let files = try Self.corpus("svc")
        #expect(files.count >= 2, "found \(files.count) SVC files")
        for f in files {
            #expect(Self.compareSVC(f.bytes, file: f.path, options: f.options) == (true, true), "\(f.path): not read by the byte reader")
            var other = f.options
            other.includeHover = true
            other.pressureMax = 1024
            other.yAxisUp = false
            #expect(Self.compareSVC(f.bytes, file: f.path, options: other) == (true, true))
            let crlf: [UInt8] = [0xEF, 0xBB, 0xBF] + f.bytes.flatMap { $0 == 0x0A ? [UInt8(0x0D), 0x0A] : [$0] }
            #expect(Self.compareSVC(crlf, file: f.path, options: f.options) == (true, true))
            // Without a scale: the same error both ways.
            Self.compareSVC(f.bytes, file: f.path, options: ImportOptions())
        }
    }

    @Test func fuzzedSVCsReadAsTheOracleReadsThem() throws {
        let alphabet: [UInt8] = Array("0123456789.-+eE \t\r\nx".utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        let words = ["1e400", "0x10", "inf", "  ", "\n\n", "7 7 7 7 7 7 7\n", "5 5 10 2 0 0 0\n", "é"].map { Array($0.utf8) }
        var rng = SplitMix64(seed: 2029)
        var fast = 0, readable = 0, cases = 0
        for f in try Self.corpus("svc") {
            let window = Array(f.bytes.prefix(6_000))
            for c in 0..<600 {
                let b = Self.mutate(window, &rng, alphabet: alphabet, words: words)
                let r = Self.compareSVC(b, file: f.path + ".fuzz\(c)", options: f.options)
                cases += 1
                if r.fast { fast += 1 }
                if r.oracle { readable += 1 }
            }
        }
        // Most mutations break a row or the time order; the comparisons above are the test, this
        // only checks that the mutations leave enough files for the byte path to read.
        #expect(readable >= 10 && fast >= readable / 2, "the byte reader read \(fast); \(readable) fuzzed files were readable (of \(cases))")
    }

    // MARK: MobileHCI

    /// Compares rows and traces; returns whether the byte path read the rows and whether the oracle did.
    @discardableResult
    static func compareMobileHCI(_ bytes: [UInt8], file: String, options: ImportOptions) -> (fast: Bool, oracle: Bool) {
        let rowsOracle: Result<[MobileHCI17Reader.Row], ImportError>, rows: Result<[MobileHCI17Reader.Row], ImportError>
        do { rowsOracle = .success(try MobileHCI17Reader.readRowsOracle(bytes, file: file)) } catch { rowsOracle = .failure(error) }
        do { rows = .success(try MobileHCI17Reader.readRows(bytes, file: file)) } catch { rows = .failure(error) }
        switch (rowsOracle, rows) {
        case (.success(let x), .success(let y)):
            #expect(
                x.count == y.count
                    && zip(x, y).allSatisfy {
                        $0.line == $1.line && $0.action == $1.action && $0.eventTimeMs.bitPattern == $1.eventTimeMs.bitPattern
                            && $0.xPx.bitPattern == $1.xPx.bitPattern && $0.yPx.bitPattern == $1.yPx.bitPattern && $0.size.bitPattern == $1.size.bitPattern
                    }, "\(file): rows differ")
        case (.failure(let x), .failure(let y)):
            #expect(x == y, "\(file): row errors differ: \(x) / \(y)")
        default:
            Issue.record("\(file): oracle \(rowsOracle), byte reader \(rows)")
        }
        compare(
            file, read: { () throws(ImportError) -> Trace in try MobileHCI17Reader.read(bytes, file: file, options: options) },
            oracle: { () throws(ImportError) -> Trace in try MobileHCI17Reader.readOracle(bytes, file: file, options: options) })
        let fast = MobileHCIBytes.rows(bytes) != nil
        guard case .success = rowsOracle else {
            if fast { Issue.record("\(file): the byte reader took rows the oracle rejects") }
            return (fast, false)
        }
        return (fast, true)
    }

    @Test func everyMobileHCILogOfTheCorpusReadsAsTheOracleReadsIt() throws {
        let files = try Self.corpus("txt").filter { $0.path.contains("mobilehci17") }
        #expect(files.count >= 20, "found \(files.count) MobileHCI logs")
        for f in files {
            var options = f.options
            options.scaleUnitsPerMM = 17.8
            #expect(Self.compareMobileHCI(f.bytes, file: f.path, options: options) == (true, true), "\(f.path): not read by the byte reader")
            // Without a scale (as the manifest leaves them): the same error both ways.
            Self.compareMobileHCI(f.bytes, file: f.path, options: f.options)
        }
    }

    @Test func fuzzedMobileHCILogsReadAsTheOracleReadsThem() throws {
        let files = try Self.corpus("txt").filter { $0.path.contains("mobilehci17") }.prefix(4)
        let alphabet: [UInt8] = Array("0123456789.;-+eE \t\r\n".utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        let words = ["1e400", "0x10", ";;", "1;2;3;4;5;0\n", "9e99", " ;", "é", "3.0"].map { Array($0.utf8) }
        var rng = SplitMix64(seed: 2030)
        var fast = 0, readable = 0, cases = 0
        for f in files {
            let window = Array(f.bytes.prefix(5_000))
            var options = f.options
            options.scaleUnitsPerMM = 17.8
            for c in 0..<500 {
                // One mutation each: a row of six ';'-separated numbers in time order breaks easily.
                let b = Self.mutate(window, &rng, alphabet: alphabet, words: words, most: 1)
                let r = Self.compareMobileHCI(b, file: f.path + ".fuzz\(c)", options: options)
                cases += 1
                if r.fast { fast += 1 }
                if r.oracle { readable += 1 }
            }
        }
        #expect(readable >= 10 && fast * 2 > readable, "the byte reader read \(fast) of the \(readable) fuzzed files whose rows were readable (of \(cases))")
    }

    // MARK: Pointer Events JSON

    @discardableResult
    static func comparePointerEvents(_ bytes: [UInt8], file: String, options: ImportOptions) -> Bool {
        compare(
            file, read: { () throws(ImportError) -> Trace in try PointerEventsReader.read(bytes, file: file, options: options) },
            oracle: { () throws(ImportError) -> Trace in try PointerEventsReader.readOracle(bytes, file: file, options: options) })
    }

    @Test func everyPointerEventsCaptureOfTheCorpusReadsAsTheOracleReadsIt() throws {
        let files = try Self.corpus("json").filter { !$0.path.contains("json_data") }
        #expect(files.count >= 20, "found \(files.count) JSON files")
        var read = 0
        for f in files where Self.comparePointerEvents(f.bytes, file: f.path, options: f.options) { read += 1 }
        #expect(read >= 20, "read \(read) of \(files.count)")
    }

    @Test func fuzzedPointerEventsCapturesReadAsTheOracleReadsThem() throws {
        let files = try Self.corpus("json").filter { !$0.path.contains("json_data") }
        let alphabet: [UInt8] = Array("0123456789.,-+eE \t\r\n[]{}\":".utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        let words = ["1e400", "-0", "0.1e-5", "\"x\"", "null", "1E+2", "\"buttons\": [1],", "00", "-"].map { Array($0.utf8) }
        var rng = SplitMix64(seed: 2031)
        var readable = 0, cases = 0
        for f in files.prefix(6) {
            for c in 0..<300 {
                let b = Self.mutate(Array(f.bytes.prefix(8_000)), &rng, alphabet: alphabet, words: words)
                cases += 1
                if Self.comparePointerEvents(b, file: f.path + ".fuzz\(c)", options: f.options) { readable += 1 }
            }
        }
        #expect(readable >= 50, "\(readable) of \(cases) fuzzed files were readable")
    }

    // MARK: InkML

    @discardableResult
    static func compareInkML(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) -> Bool {
        compare(
            file, read: { () throws(ImportError) -> Trace in try InkMLReader.read(bytes, file: file, options: options) },
            oracle: { () throws(ImportError) -> Trace in try InkMLReader.readOracle(bytes, file: file, options: options) })
    }

    /// The InkML fixtures (there are no InkML recordings in Datasets/recordings), a long
    /// generated document, and their trace texts alone.
    @Test func everyInkMLFixtureReadsAsTheOracleReadsIt() throws {
        let root = (ProjectData.fixtures as NSString).appendingPathComponent("inkml")
        let files = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasSuffix(".inkml") }.sorted()
        #expect(files.count >= 2)
        for name in files {
            let path = (root as NSString).appendingPathComponent(name)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(Self.compareInkML(bytes, file: path), "\(path): not read")
            var hover = ImportOptions()
            hover.includeHover = true
            Self.compareInkML(bytes, file: path, options: hover)
        }
        #expect(Self.compareInkML(Array(Self.longInkML().utf8), file: "long.inkml"))
        let texts = [
            "1 2, 3 4", "1 2,'1'1,\"0\"0", " 10 20,'2'1,\"1\"0,0 0,!20!25 ", "1-2,3-4,", "1e-21 4.7113193934883446e-05, 0.00016494294955341632 2",
            "1 2,,3 4", "1 2, 3", "+1 .5, 1. 2", "1e400 2, 3 4", "'1 2, 3 4", "1\u{301} 2", "1 2\r\n,3\t4", "", " , ,", "1 2, x", "-e5 1",
        ]
        for text in texts {
            let fast: Result<[[Double]], ImportError>, oracle: Result<[[Double]], ImportError>
            do { fast = .success(try TraceData.parse(text, channels: 2, file: "t", line: 1)) } catch { fast = .failure(error) }
            do { oracle = .success(try TraceData.parseOracle(text, channels: 2, file: "t", line: 1)) } catch { oracle = .failure(error) }
            switch (fast, oracle) {
            case (.success(let a), .success(let b)):
                #expect(a.map { $0.map(\.bitPattern) } == b.map { $0.map(\.bitPattern) }, "'\(text)'")
            case (.failure(let a), .failure(let b)): #expect(a == b, "'\(text)'")
            default: Issue.record("'\(text)': \(fast) / \(oracle)")
            }
        }
    }

    /// A document of three traces of 400 points each, with noisy values in every form.
    static func longInkML() -> String {
        var rng = SplitMix64(seed: 5)
        var out = "<ink xmlns=\"http://www.w3.org/2003/InkML\"><context><traceFormat><channel name=\"X\" units=\"mm\"/>"
        out += "<channel name=\"Y\" units=\"mm\"/><channel name=\"T\" units=\"s\"/></traceFormat></context>\n"
        var t = 0.0
        for _ in 0..<3 {
            out += "<trace>"
            for p in 0..<400 {
                t += 1 / 240
                let x = Double(Int64(bitPattern: rng.next()) >> 20) / 1e12, y = Double(Int64(bitPattern: rng.next()) >> 30) / 1e9
                out += (p == 0 ? "" : ",\n") + "\(x) \(y) \(t)"
            }
            out += "</trace>\n"
        }
        return out + "</ink>\n"
    }

    @Test func fuzzedInkMLReadsAsTheOracleReadsIt() throws {
        // Cut after a whole point: a document cut short is not well-formed XML (the XML reader
        // refuses it; libxml2 in recovery mode read on).
        let head = Array(Self.longInkML().utf8.prefix(9_000))
        let base = Array(head[..<(head.lastIndex(of: 0x2C) ?? head.count)]) + Array("</trace></ink>".utf8)
        let alphabet: [UInt8] = Array("0123456789.,-+eE \t\r\n!'\"<>/".utf8) + [0xC3, 0xA9, 0xFF]
        let words = ["1e400", ".5", "+1", ",,", "'1", "\"2", "!3", "</trace><trace>", "é"].map { Array($0.utf8) }
        var rng = SplitMix64(seed: 2032)
        var readable = 0
        for c in 0..<600 {
            let b = Self.mutate(base, &rng, alphabet: alphabet, words: words)
            if Self.compareInkML(b, file: "fuzz\(c).inkml") { readable += 1 }
        }
        #expect(readable >= 10, "\(readable) of 600 fuzzed documents were readable")
    }

    /// Attribute numbers are strict decimals: no hex, `inf` or `nan` (`Double(String)` took them).
    @Test func inkMLAttributeNumbersAreStrictDecimals() {
        for bad in ["0x10", "inf", "nan", " 5", "1e-400"] {
            let doc = """
                <ink xmlns="http://www.w3.org/2003/InkML"><context><inkSource><traceFormat><channel name="X" units="mm"/><channel name="Y" units="mm"/></traceFormat><sampleRate value="\(bad)"/></inkSource></context><trace timeOffset="0">1 2, 3 4</trace></ink>
                """
            #expect(throws: ImportError.self, "sample rate '\(bad)'") { try InkMLReader.read(Array(doc.utf8), file: "a.inkml") }
        }
    }
}
