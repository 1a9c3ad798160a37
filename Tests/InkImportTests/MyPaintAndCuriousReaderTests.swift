import Foundation
import InkImport
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

/// The MyPaint events reader and the Curious drawing reader: small files, the project's
/// recordings of each, errors that name file and line, and no crash on corrupted input.
@Suite("MyPaint and Curious readers")
struct MyPaintAndCuriousReaderTests {
    static let mypaint = """
        0.000000000000000000e+00 1.0e+01 2.0e+01 0.000000000000000000e+00
        8.000000000000000167e-03 1.1e+01 2.0e+01 2.5e-01
        1.600000000000000033e-02 1.2e+01 2.1e+01 5.0e-01
        2.400000000000000050e-02 1.3e+01 2.2e+01 0.0e+00
        3.200000000000000067e-02 1.4e+01 2.3e+01 4.0e-01
        4.000000000000000083e-02 1.5e+01 2.4e+01 4.0e-01

        """
    static let curious = """
        "line_number","x","y","UTC_Timestamp","seconds","epoch_time_in_seconds_start"
        "0","10","20","1691597354.603","0","1691597354.603"
        "0","11","20","1691597354.611","0.008",""
        "0","12","21","1691597354.619","0.016",""
        "1","50","50","1691597355.000","0.397",""
        "1","51","52","1691597355.008","0.405",""

        """

    @Test func myPaintStrokesArePressureRuns() throws {
        let trace = try MyPaintEventsReader.read(Array(Self.mypaint.utf8), file: "p.dat", options: ImportOptions(scaleUnitsPerMM: 2))
        #expect(trace.strokes.map(\.count) == [2, 2])
        #expect(trace.strokes[0].x == [5.5, 6])
        #expect(trace.strokes[0].pressure == [0.25, 0.5])
        #expect(abs(trace.strokes[1].t[0] - 0.032) < 1e-12)
        let hover = try MyPaintEventsReader.read(
            Array(Self.mypaint.utf8), file: "p.dat", options: ImportOptions(scaleUnitsPerMM: 2, includeHover: true))
        #expect(hover.strokes.map(\.count) == [1, 2, 1, 2])
        #expect(FormatDetector.detect(path: "p.dat", head: Array(Self.mypaint.utf8)) == .format(.myPaintEvents))
    }

    @Test func curiousStrokesAreLineNumbers() throws {
        let trace = try CuriousDrawingReader.read(Array(Self.curious.utf8), file: "c.csv", options: ImportOptions(scaleUnitsPerMM: 0.5))
        #expect(trace.strokes.map(\.count) == [3, 2])
        #expect(trace.strokes[0].x == [20, 22, 24])
        #expect(trace.strokes[1].y == [100, 104])
        #expect(abs(trace.strokes[1].t[1] - 0.405) < 1e-12)
        #expect(FormatDetector.detect(path: "c.csv", head: Array(Self.curious.utf8)) == .format(.curiousDrawing))
    }

    @Test func theProjectsRecordings() throws {
        let result = try DatasetSupport.loadAll()
        let paint = try #require(result.traces.first { $0.name == "mypaint-painting/painting30sec.dat" })
        #expect(paint.strokes.count == 30)
        #expect(paint.sampleCount == 2253)
        #expect(paint.device == "MyPaint tablet (model not stated)")
        let curious = result.traces.filter { $0.name.hasPrefix("graphomotor-curious/") }
        #expect(curious.count == 4, "sample_data only; the batch spirals are skipped by the pen manifest")
        let spiral = try #require(curious.first { $0.name.hasSuffix("spiral_trace1_Dom.csv") })
        #expect(spiral.strokes.count == 1)
        #expect(abs(1 / spiral.nominalInterval - 125) < 15)
    }

    /// Malformed files: (name, reader format, text, line the error must name).
    static let malformed: [(String, TraceFormat, String, Int)] = [
        ("mp-columns.dat", .myPaintEvents, mypaint + "1 2 3\n", 7),
        ("mp-letter.dat", .myPaintEvents, mypaint + "0.05 1 x 0.5\n", 7),
        ("mp-pressure.dat", .myPaintEvents, mypaint + "0.05 1 2 7\n", 7),
        ("mp-time-back.dat", .myPaintEvents, mypaint + "0.035 16 25 0.4\n", 7),
        ("mp-empty.dat", .myPaintEvents, "\n", 1),
        ("cu-header.csv", .curiousDrawing, "a,b,c\n1,2,3\n", 1),
        ("cu-no-time.csv", .curiousDrawing, "line_number,x,y\n0,1,2\n", 1),
        ("cu-short.csv", .curiousDrawing, curious + "\"1\",\"52\"\n", 7),
        ("cu-letter.csv", .curiousDrawing, curious + "1,52,zz,1,0.5,\n", 7),
        ("cu-time-back.csv", .curiousDrawing, curious + "1,52,53,1,0.1,\n", 7),
        ("cu-no-rows.csv", .curiousDrawing, "line_number,x,y,seconds\n", 1),
    ]

    @Test(arguments: 0..<malformed.count)
    func rejectsWithFileAndLine(_ i: Int) {
        let (name, format, text, line) = Self.malformed[i]
        do {
            let trace = try RecordingLoader.read(Array(text.utf8), path: name, format: format, options: ImportOptions(scaleUnitsPerMM: 1))
            Issue.record("\(name) was accepted: \(trace.sampleCount) samples")
        } catch {
            #expect(error.file == name)
            #expect(error.message.contains("expected"), "\(name): \(error)")
            #expect(error.line == line, "\(name): \(error)")
        }
    }

    @Test func aMissingScaleIsAnError() {
        for (format, text) in [(TraceFormat.myPaintEvents, Self.mypaint), (.curiousDrawing, Self.curious)] {
            #expect(throws: ImportError.self) { try RecordingLoader.read(Array(text.utf8), path: "f", format: format, options: ImportOptions()) }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func truncationsAndByteFlipsNeverCrash() {
        var random = SplitMix64(seed: 11)
        var accepted = 0, total = 0
        for (format, text) in [(TraceFormat.myPaintEvents, Self.mypaint), (.curiousDrawing, Self.curious)] {
            let base = Array(text.utf8)
            var variants: [[UInt8]] = (0...base.count).map { Array(base.prefix($0)) }
            for _ in 0..<300 {
                var v = base
                v[Int(random.next() % UInt64(v.count))] = UInt8(truncatingIfNeeded: random.next())
                variants.append(v)
            }
            for v in variants {
                total += 1
                do {
                    _ = try RecordingLoader.read(v, path: "variant", format: format, options: ImportOptions(scaleUnitsPerMM: 1))
                    accepted += 1
                } catch {
                    #expect(error.file == "variant")
                }
            }
        }
        #expect(accepted > 0 && accepted < total)
    }
}
