import Foundation
import InkImport
import InkTestSupport
import InkTraces
import Testing

/// The MobileHCI 2017 touch-log reader: rows, runs of moves, traces (with a scale only), the
/// errors every reader gives, and detection.
@Suite("MobileHCI 2017 touch logs")
struct MobileHCI17ReaderTests {
    static let log = """
        1396861391620;23810324;100;200;0.4;0
        1396861391664;23810367;100;210;0.4;2
        1396861391696;23810400;103;220;0.4;2
        1396861391726;23810400;106;230;0.4;2
        1396861391743;23810451;106;230;0.4;1
        1396861391800;23810500;50;60;0.4;0
        1396861391816;23810516;52;61;0.4;2
        1396861391832;23810532;54;62;0.4;1

        """

    @Test func rowsAndRunsOfMoves() throws {
        let rows = try MobileHCI17Reader.readRows(Array(Self.log.utf8), file: "log.txt")
        #expect(rows.count == 8)
        #expect(rows[1].line == 2 && rows[1].eventTimeMs == 23_810_367 && rows[1].xPx == 100 && rows[1].yPx == 210)
        #expect(rows.map(\.action.rawValue) == [0, 2, 2, 2, 1, 0, 2, 1])
        let runs = MobileHCI17Reader.moveRuns(rows)
        #expect(runs.map { $0.map(\.line) } == [[2, 3, 4], [7]])
    }

    /// Spaces, tabs and a CR LF line end around a field are trimmed, by the byte path and its
    /// oracle alike, and in detection; other blanks are not.
    @Test func blanksAroundFields() throws {
        let text = "1396861391620; 23810324\t;\t100 ; 200;0.4; 0\r\n1396861391664;23810367;100;210;0.4;1 \r\n"
        for rows in [try MobileHCI17Reader.readRows(Array(text.utf8), file: "b.txt"), try MobileHCI17Reader.readRowsOracle(Array(text.utf8), file: "b.txt")] {
            #expect(rows.count == 2)
            #expect(rows[0].eventTimeMs == 23_810_324 && rows[0].xPx == 100 && rows[0].yPx == 200 && rows[0].action == .down)
            #expect(rows[1].action == .up)
        }
        let claims = { (text: String) in MobileHCI17Reader.claimsContent(FormatSniff(path: "b.txt", head: Array(text.utf8))) }
        #expect(claims(" 1 ;\t2;3;4;5; 0\r\n"))
        #expect(!claims("1;2;3;4;5; 3"))
        #expect(!claims("1;2;3;4;5;\u{A0}0"), "a no-break space is not a field blank")
        #expect(throws: ImportError.self) { try MobileHCI17Reader.readRowsOracle(Array("1;2;3;4;5;\u{A0}0\n".utf8), file: "b.txt") }
    }

    @Test func aTraceNeedsAScale() throws {
        #expect(throws: ImportError.self) { try MobileHCI17Reader.read(Array(Self.log.utf8), file: "log.txt") }
        do {
            _ = try MobileHCI17Reader.read(Array(Self.log.utf8), file: "log.txt")
        } catch {
            #expect(error.file == "log.txt" && error.message.contains("no scale"))
        }
        let trace = try MobileHCI17Reader.read(Array(Self.log.utf8), file: "log.txt", options: ImportOptions(scaleUnitsPerMM: 10))
        #expect(trace.strokes.count == 2)
        // Stroke 1: down, 2 moves, a move merged with the one before (same event time), up.
        #expect(trace.strokes[0].count == 4)
        #expect(trace.strokes[0].x[0] == 10 && trace.strokes[0].y[0] == 20)
        #expect(abs(trace.strokes[0].t[1] - 0.043) < 1e-12)
        #expect(trace.strokes[0].tool == .finger)
        #expect(trace.notices.contains { $0.hasPrefix("merged 1 sample ") }, "\(trace.notices)")
    }

    @Test(arguments: [
        ("1;2;3;4;5\n", 1, "6"),
        ("1;2;3;4;5;2\n1;3;x;4;5;2\n", 2, "column 3"),
        ("1;2;3;4;5;7\n", 1, "action"),
        ("1;20;3;4;5;0\n1;10;3;4;5;2\n", 2, "backwards"),
        ("\n\n", 1, "no rows"),
    ])
    func errorsNameTheLine(_ text: String, _ line: Int, _ words: String) {
        do {
            _ = try MobileHCI17Reader.readRows(Array(text.utf8), file: "bad.txt")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.file == "bad.txt" && error.line == line, "\(error)")
            #expect(error.message.contains(words) && error.message.contains("expected"), "\(error)")
        }
    }

    @Test func truncationsAndByteFlipsNeverCrash() {
        let base = Array(Self.log.utf8)
        var state: UInt64 = 11
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var variants: [[UInt8]] = (0...base.count).map { Array(base.prefix($0)) }
        for _ in 0..<300 {
            var v = base
            v[Int(next() % UInt64(v.count))] = UInt8(truncatingIfNeeded: next())
            variants.append(v)
        }
        for v in variants {
            do { _ = try MobileHCI17Reader.read(v, file: "variant", options: ImportOptions(scaleUnitsPerMM: 1)) } catch {
                #expect(error.file == "variant" && (error.line != nil || error.byteOffset != nil), "\(error)")
            }
        }
    }

    @Test func detectedByContent() {
        let head = Array(Self.log.utf8)
        #expect(FormatDetector.detect(path: "a/WriteTasks-participant1.txt", head: head) == .format(.mobileHCI17))
        #expect(FormatDetector.detect(path: "a/notes.txt", head: Array("hello; world\n".utf8)) != .format(.mobileHCI17))
        #expect(TraceFormat(name: "mobilehci17") == .mobileHCI17)
    }

    @Test(
        "the workspace's logs: read, and skipped by frame runs for want of a scale")
    func sharedLogs() throws {
        let root = ProjectData.recordings
        let file = (root as NSString).appendingPathComponent("mobilehci17-touch/WriteTasks-participant1.txt")
        let rows = try MobileHCI17Reader.readRows([UInt8](try Data(contentsOf: URL(fileURLWithPath: file))), file: file)
        #expect(rows.first?.action == .down)
        var loader = RecordingLoader()
        let manifest = (Requirement.packageRoot as NSString).appendingPathComponent("Datasets/recordings.manifest")
        loader.manifests = [try RecordingManifest.load(path: manifest)]
        let result = try loader.load(paths: [(root as NSString).appendingPathComponent("mobilehci17-touch")])
        #expect(result.traces.isEmpty)
        #expect(result.skipped.filter { $0.contains("no scale") }.count == 24)
        loader.scaleRules = [try ScaleRule(parsing: "*.txt=17")]
        let scaled = try loader.load(paths: [(root as NSString).appendingPathComponent("mobilehci17-touch")])
        #expect(scaled.traces.count == 24)
    }
}
