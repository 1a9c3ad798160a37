import Foundation
import InkImport
import InkSynthesis
import InkTraces
import Testing

/// A generated corpus of malformed files: every reader must reject each with an ``ImportError``
/// naming the file and the line (text) or byte offset (binary), and must never crash or hang on
/// truncations, byte flips or random bytes.
struct MalformedInputTests {
    /// One malformed file.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var format: TraceFormat
        var bytes: [UInt8]
        /// The line (text) or byte offset (binary) the error must name; `nil`: any location.
        var line: Int?
        var description: String { name }
    }

    static let options = ImportOptions(scaleUnitsPerMM: 1)

    static func read(_ c: Case) throws(ImportError) -> Trace {
        try RecordingLoader.read(c.bytes, path: c.name, format: c.format, options: options)
    }

    // Valid base files, one per text format.
    static let csv = "t_s,x_mm,y_mm,stroke,pressure\n0,0,0,0,0.5\n0.004,1,0,0,0.5\n0.008,2,0,0,0.5\n"
    static let svc = "3\n100 200 1000 1 0 900 0.5\n110 200 1008 1 0 900 0.5\n120 200 1016 1 0 900 0.5\n"
    static let evemuHeader = "# EVEMU 1.3\nA: 00 0 1000 0 0 10\nA: 01 0 1000 0 0 10\n"
    static let evemu = evemuHeader + """
        E: 0.000000 0003 0000 100
        E: 0.000000 0003 0001 100
        E: 0.000000 0001 014a 1
        E: 0.000000 0000 0000 0
        E: 0.004000 0003 0000 110
        E: 0.004000 0000 0000 0
        E: 0.008000 0003 0000 120
        E: 0.008000 0000 0000 0

        """
    static let json = #"{"x":[1,2,3],"y":[1,1,1],"time":[0,4,8],"buttons":[1,1,1],"pointerType":"pen"}"#

    static func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// A small valid Google Ink protobuf: `events` inputs of one real sample and a 2-point predicted tail.
    static func googleInk(events: Int = 4) -> [UInt8] {
        var file: [UInt8] = []
        for i in 0..<events {
            let real = batch(x: [Int32(10 * i)], y: [5], tMs: [Int32(4 * i)])
            let predicted = batch(x: [Int32(10 * i + 5), Int32(10 * i + 9)], y: [5, 5], tMs: [Int32(4 * i + 2), Int32(4 * i + 4)])
            let input = field(1, real) + field(2, predicted)
            file += field(1, input)
        }
        return file
    }

    static func varint(_ v: UInt64) -> [UInt8] {
        var v = v, out: [UInt8] = []
        repeat {
            out.append(UInt8(v & 0x7F) | (v >= 0x80 ? 0x80 : 0))
            v >>= 7
        } while v > 0
        return out
    }

    static func field(_ number: Int, _ body: [UInt8]) -> [UInt8] { varint(UInt64(number << 3 | 2)) + varint(UInt64(body.count)) + body }

    static func run(_ values: [Int32], scale: Float = 1) -> [UInt8] {
        var deltas: [UInt8] = []
        var previous: Int32 = 0
        for v in values {
            let d = v - previous
            previous = v
            deltas += varint(UInt64(UInt32(bitPattern: (d << 1) ^ (d >> 31))))
        }
        var out = field(1, deltas)
        if scale != 1 {
            out.append(0x15)
            let bits = scale.bitPattern
            for k in 0..<4 { out.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt32(k)))) }
        }
        return out
    }

    static func batch(x: [Int32], y: [Int32], tMs: [Int32]) -> [UInt8] {
        field(1, run(x)) + field(2, run(y)) + field(3, run(tMs, scale: 0.001))
    }

    /// The corpus: each case with the line or byte its error must name.
    static let corpus: [Case] = {
        var c: [Case] = []
        func text(_ name: String, _ f: TraceFormat, _ s: String, _ line: Int?) { c.append(Case(name: name, format: f, bytes: utf8(s), line: line)) }
        // Trace CSV
        text("csv-wrong-columns.csv", .traceCSV, csv + "0.012,3,0\n", 5)
        text("csv-nan.csv", .traceCSV, csv + "0.012,nan,0,0,0.5\n", 5)
        text("csv-time-back.csv", .traceCSV, csv + "0.002,3,0,0,0.5\n", 5)
        text("csv-huge.csv", .traceCSV, csv + "1e999,3,0,0,0.5\n", 5)
        text("csv-huge-position.csv", .traceCSV, csv + "0.012,-1e400,0,0,0.5\n", 5)
        text("csv-pressure-range.csv", .traceCSV, csv + "0.012,3,0,0,7\n", 5)
        text("csv-empty.csv", .traceCSV, "t_s,x_mm,y_mm,stroke\n", 1)
        text("csv-no-header.csv", .traceCSV, "", 1)
        text("csv-bad-header.csv", .traceCSV, "t,x,y\n0,0,0\n", 1)
        text("csv-stroke-again.csv", .traceCSV, csv + "1,0,0,1,0.5\n1.1,0,0,0,0.5\n", 6)
        text("csv-orphan-prediction.csv", .traceCSV, "t_s,x_mm,y_mm,stroke,kind\n0,0,0,0,predicted\n", 2)
        text("csv-partial-pressure.csv", .traceCSV, csv + "0.012,3,0,0,\n", 5)
        text("csv-tool-change.csv", .traceCSV, "t_s,x_mm,y_mm,stroke,tool\n0,0,0,0,pen\n0.004,1,0,0,finger\n", 3)
        text("csv-bad-stroke-id.csv", .traceCSV, csv + "0.012,3,0,-1,0.5\n", 5)
        c.append(Case(name: "csv-bad-utf8.csv", format: .traceCSV, bytes: utf8(csv) + [0xFF, 0xFE] + utf8(",1\n"), line: 5))
        // SVC
        text("svc-wrong-columns.svc", .svc, svc + "1 2 3\n", 5)
        text("svc-nan.svc", .svc, svc + "130 NaN 1024 1 0 900 0.5\n", 5)
        text("svc-time-back.svc", .svc, svc + "130 200 1010 1 0 900 0.5\n", 5)
        text("svc-huge.svc", .svc, svc + "1e999 200 1024 1 0 900 0.5\n", 5)
        text("svc-status.svc", .svc, svc + "130 200 1024 7 0 900 0.5\n", 5)
        text("svc-no-rows.svc", .svc, "0\n", 1)
        text("svc-all-in-air.svc", .svc, "2\n1 2 3 0 0 900 0\n1 2 4 0 0 900 0\n", 3)
        text("svc-no-count.svc", .svc, "100 200 1000 1 0 900 0.5\n", 1)
        c.append(Case(name: "svc-bad-utf8.svc", format: .svc, bytes: utf8("3\n") + [0xC3, 0x28] + utf8(" 1 2\n"), line: 2))
        // evemu
        text("evemu-fields.events", .evemu, evemu + "E: 0.012000 0003 0000\n", 12)
        text("evemu-time.events", .evemu, evemu + "E: 0.0x2000 0003 0000 1\n", 12)
        text("evemu-hex.events", .evemu, evemu + "E: 0.012000 00zz 0000 1\n", 12)
        text("evemu-huge.events", .evemu, evemu + "E: 0.012000 0003 0000 99999999999999999999999\n", 12)
        text("evemu-time-back.events", .evemu, evemu + "E: 0.002000 0003 0000 130\nE: 0.002000 0000 0000 0\n", 13)
        text("evemu-int-min.events", .evemu, evemu + "E: 0.012000 0003 0000 -9223372036854775808\n", 12)
        text("evemu-no-events.events", .evemu, evemuHeader, 3)
        text("evemu-no-contact.events", .evemu, evemuHeader + "E: 0.0 0003 0000 1\nE: 0.0 0000 0000 0\n", 5)
        text("evemu-garbage.events", .evemu, evemu + "Z: nonsense\n", 12)
        text("evemu-bad-axis.events", .evemu, "A: 00 zero 10 0 0 1\n", 1)
        c.append(Case(name: "evemu-bad-utf8.events", format: .evemu, bytes: utf8(evemuHeader) + [0xED, 0xA0, 0x80], line: 4))
        // Pointer Events (JSON: syntax errors name a line where the parser gives one)
        text("pe-truncated.json", .pointerEvents, String(json.dropLast(10)), nil)
        text("pe-unequal.json", .pointerEvents, #"{"x":[1,2],"y":[1],"time":[0,4]}"#, nil)
        text("pe-string.json", .pointerEvents, #"{"x":[1,"a"],"y":[1,2],"time":[0,4]}"#, nil)
        text("pe-nan.json", .pointerEvents, #"{"x":[1,NaN],"y":[1,2],"time":[0,4]}"#, nil)
        text("pe-empty.json", .pointerEvents, #"{"x":[],"y":[],"time":[]}"#, nil)
        text("pe-time-back.json", .pointerEvents, #"{"x":[1,2,3],"y":[1,1,1],"time":[0,8,4],"buttons":[1,1,1]}"#, nil)
        text("pe-huge.json", .pointerEvents, #"{"x":[1,2e308],"y":[1,1],"time":[0,4]}"#, nil)
        text("pe-bdalab.json", .pointerEvents, #"{"meta_data":{},"data":{"x":[1]}}"#, nil)
        c.append(Case(name: "pe-bad-utf8.json", format: .pointerEvents, bytes: [0x7B, 0x0A, 0xFF, 0x7D], line: 2))
        // Google Ink (binary: byte offsets)
        let ink = googleInk()
        c.append(Case(name: "ink-truncated.binarypb", format: .googleInk, bytes: Array(ink.dropLast(3)), line: nil))
        c.append(Case(name: "ink-empty.binarypb", format: .googleInk, bytes: [], line: 0))
        c.append(Case(name: "ink-long-length.binarypb", format: .googleInk, bytes: [0x0A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x00], line: 1))
        c.append(Case(name: "ink-long-varint.binarypb", format: .googleInk, bytes: [0x0A] + [UInt8](repeating: 0xFF, count: 11), line: 1))
        c.append(Case(name: "ink-group.binarypb", format: .googleInk, bytes: [0x0B, 0x0C], line: 0))
        c.append(Case(name: "ink-field-zero.binarypb", format: .googleInk, bytes: [0x00, 0x00], line: 0))
        c.append(Case(name: "ink-wrong-wire.binarypb", format: .googleInk, bytes: [0x08, 0x01], line: 0))
        let unequal = field(1, field(1, field(1, run([1, 2])) + field(2, run([1])) + field(3, run([1, 2]))))
        c.append(Case(name: "ink-unequal.binarypb", format: .googleInk, bytes: unequal, line: 4))
        let back = field(1, field(1, batch(x: [1], y: [1], tMs: [8]))) + field(1, field(1, batch(x: [2], y: [1], tMs: [4])))
        c.append(Case(name: "ink-time-back.binarypb", format: .googleInk, bytes: back, line: nil))
        return c
    }()

    @Test(.timeLimit(.minutes(1)), arguments: corpus)
    func rejectsWithFileAndLocation(_ c: Case) {
        do {
            let trace = try Self.read(c)
            Issue.record("\(c.name) was accepted: \(trace.sampleCount) samples")
        } catch {
            #expect(error.file == c.name)
            #expect(!error.message.isEmpty && error.message.contains("expected"), "\(error)")
            let location = error.line ?? error.byteOffset
            if c.format != .pointerEvents { #expect(location != nil, "\(error)") }
            if let want = c.line { #expect(location == want, "\(error)") }
        }
    }

    /// Every prefix, and single-byte corruptions, of each valid file: an ImportError or a trace, never a crash.
    @Test(.timeLimit(.minutes(1)))
    func truncationsAndByteFlipsNeverCrash() {
        let bases: [(TraceFormat, [UInt8])] = [
            (.traceCSV, Self.utf8(Self.csv)), (.svc, Self.utf8(Self.svc)), (.evemu, Self.utf8(Self.evemu)),
            (.pointerEvents, Self.utf8(Self.json)), (.googleInk, Self.googleInk()),
        ]
        var outcomes = 0
        var random = SplitMix64(seed: 42)
        for (format, base) in bases {
            #expect((try? RecordingLoader.read(base, path: "base", format: format, options: Self.options)) != nil, "\(format) base")
            var variants: [[UInt8]] = (0...base.count).map { Array(base.prefix($0)) }
            for _ in 0..<300 {
                var v = base
                let i = Int(random.next() % UInt64(v.count))
                v[i] = UInt8(truncatingIfNeeded: random.next())
                variants.append(v)
            }
            for v in variants {
                do { _ = try RecordingLoader.read(v, path: "variant", format: format, options: Self.options) } catch {
                    #expect(error.file == "variant")
                }
                outcomes += 1
            }
        }
        #expect(outcomes > 1500)
    }

    @Test(.timeLimit(.minutes(1)))
    func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 7)
        for format in TraceFormat.allCases {
            for _ in 0..<200 {
                let count = Int(random.next() % 600)
                var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                if random.next() % 2 == 0 { bytes = bytes.map { $0 & 0x7F } }  // ASCII-ish, to get past UTF-8 checks
                do { _ = try RecordingLoader.read(bytes, path: "random", format: format, options: Self.options) } catch {
                    #expect(error.file == "random")
                    #expect(error.line != nil || error.byteOffset != nil || format == .pointerEvents || format == .evemu, "\(error)")
                }
            }
        }
    }
}
