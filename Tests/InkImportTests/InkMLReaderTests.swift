import Foundation
import InkImport
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

/// The W3C InkML reader, on files written from the specification's examples
/// (Tests/Fixtures/inkml) and on malformed documents.
@Suite("InkML reader")
struct InkMLReaderTests {
    static let folder = ProjectData.path("Tests/Fixtures/inkml")

    static func read(_ name: String, _ options: ImportOptions = ImportOptions()) throws -> Trace {
        try RecordingLoader.readFile("\(folder)/\(name)", options: options)
    }

    static func read(text: String, _ options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try InkMLReader.read(Array(text.utf8), file: "t.inkml", options: options)
    }

    @Test func resolutionForceTimeOffsetAndPenUp() throws {
        let trace = try Self.read("tablet-200hz.inkml")
        #expect(trace.strokes.map(\.count) == [5, 3])
        let a = trace.strokes[0], b = trace.strokes[1]
        // 1000 units per cm: 100 units per mm.
        #expect(a.x.map { ($0 * 1000).rounded() / 1000 } == [10, 11, 12, 13, 14])
        #expect(a.y.map { ($0 * 1000).rounded() / 1000 } == [20, 20, 20.5, 21, 21.5])
        #expect(a.t.map { ($0 * 1e6).rounded() / 1e6 } == [0, 0.005, 0.01, 0.015, 0.02])
        #expect(abs((a.pressure?[2] ?? 0) - 512.0 / 1023) < 1e-12)
        #expect(b.t.map { ($0 * 1e6).rounded() / 1e6 } == [0.04, 0.045, 0.05])
        #expect(abs(1 / trace.nominalInterval - 200) < 1e-9)
        #expect(trace.notices.contains { $0.contains("1 penUp traces") })
        let hover = try Self.read("tablet-200hz.inkml", ImportOptions(includeHover: true))
        #expect(hover.strokes.map(\.count) == [5, 2, 3])
        #expect(hover.strokes[1].pressure == nil)
    }

    @Test func differencesAndSampleRate() throws {
        let trace = try Self.read("differences.inkml")
        #expect(trace.strokes.count == 2)
        let a = trace.strokes[0], b = trace.strokes[1]
        #expect(zip(a.x, a.y).map { [$0, $1] } == [[10, 20], [12, 21], [15, 22], [18, 23], [20, 25]])
        #expect(zip(b.x, b.y).map { [$0, $1] } == [[30, 50], [31, 49], [32, 48]])
        #expect(a.t.map { ($0 * 1e6).rounded() / 1e6 } == [0, 0.01, 0.02, 0.03, 0.04])
        #expect(b.t.map { ($0 * 1e6).rounded() / 1e6 } == [0.1, 0.11, 0.12])
    }

    @Test func detectedByExtension() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.folder)/differences.inkml")))
        #expect(FormatDetector.detect(path: "x.inkml", head: bytes) == .format(.inkML))
        #expect(FormatDetector.detect(path: "x.xml", head: bytes) == .format(.inkML))
        #expect(TraceFormat(name: "InkML") == .inkML)
    }

    @Test func aScaleOverridesTheUnits() throws {
        let trace = try Self.read("differences.inkml", ImportOptions(scaleUnitsPerMM: 2))
        #expect(trace.strokes[0].x.first == 5)
    }

    static let body = #"<channel name="X" units="mm"/><channel name="Y" units="mm"/><channel name="T" units="ms"/>"#
    static func doc(_ traces: String, format: String = body) -> String {
        #"<ink xmlns="http://www.w3.org/2003/InkML"><context xml:id="c"><traceFormat>"# + format
            + "</traceFormat></context>\n" + traces + "\n</ink>\n"
    }

    /// Each malformed document, and the line its error must name.
    static let malformed: [(String, String, Int)] = [
        ("not XML", "<ink><trace>1 2 3</ink>", 1),
        ("wrong root", "<svg></svg>", 1),
        ("too few values", doc("<trace>1 2 3, 4 5</trace>"), 2),
        ("a letter", doc("<trace>1 2 3, 4 x 5</trace>"), 2),
        ("a boolean", doc("<trace>1 2 T</trace>"), 2),
        ("difference first", doc("<trace>'1 2 3</trace>"), 2),
        ("empty point", doc("<trace>1 2 3,,4 5 6</trace>"), 2),
        ("time back", doc("<trace>1 2 3, 4 5 1</trace>"), 2),
        ("no time", doc("<trace>1 2, 3 4</trace>", format: #"<channel name="X" units="mm"/><channel name="Y" units="mm"/>"#), 2),
        ("device units", doc("<trace>1 2 0, 3 4 5</trace>", format: #"<channel name="X"/><channel name="Y"/><channel name="T"/>"#), 2),
        ("no X", doc("<trace>1 2 0, 3 4 5</trace>", format: #"<channel name="A"/><channel name="Y"/><channel name="T"/>"#), 2),
        ("bad units", doc("<trace>1 2 0, 3 4 5</trace>", format: #"<channel name="X" units="furlong"/><channel name="Y" units="mm"/><channel name="T"/>"#), 2),
        ("bad type", doc(#"<trace type="penSideways">1 2 3, 4 5 6</trace>"#), 2),
        ("dangling ref", doc(##"<trace contextRef="#nowhere">1 2 3, 4 5 6</trace>"##), 2),
        ("huge", doc("<trace>1 2 3, 1e999 5 6</trace>"), 2),
        ("no traces", doc(""), 3),
    ]

    @Test(arguments: 0..<malformed.count)
    func rejectsWithFileAndLine(_ i: Int) {
        let (name, text, line) = Self.malformed[i]
        do {
            let trace = try Self.read(text: text)
            Issue.record("\(name) was accepted: \(trace.sampleCount) samples")
        } catch {
            #expect(error.file == "t.inkml", "\(name)")
            #expect(error.message.contains("expected"), "\(name): \(error)")
            #expect(error.line == line, "\(name): \(error)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func truncationsAndByteFlipsNeverCrash() throws {
        let base = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(Self.folder)/tablet-200hz.inkml")))
        var random = SplitMix64(seed: 7)
        var variants: [[UInt8]] = stride(from: 0, through: base.count, by: 7).map { Array(base.prefix($0)) }
        for _ in 0..<300 {
            var v = base
            v[Int(random.next() % UInt64(v.count))] = UInt8(truncatingIfNeeded: random.next())
            variants.append(v)
        }
        var accepted = 0
        for v in variants {
            do {
                _ = try InkMLReader.read(v, file: "variant")
                accepted += 1
            } catch {
                #expect(error.file == "variant")
            }
        }
        #expect(accepted > 0 && accepted < variants.count)
    }
}
