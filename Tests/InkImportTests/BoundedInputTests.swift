import Foundation
import InkImport
import InkTraces
import Testing

/// Issue 18, cases 1, 3, 4, 10 (and the fuzz regressions): every reader keeps timestamps,
/// intervals and numbers within ``InputLimits``, naming the file, the line (or byte) and the value.
struct BoundedInputTests {
    static func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// Case 1: a timestamp far from its neighbours splits the stroke (a gap over 30 s) instead
    /// of making a stroke 1e9 s long, with a notice; the figures then come from two strokes.
    @Test func farTimestampSplitsTheStroke() throws {
        let trace = try TraceCSVReader.read(Self.utf8("t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n1e9,2,0,0\n"), file: "a.csv")
        #expect(trace.strokes.count == 2)
        #expect(trace.strokes.allSatisfy { $0.duration <= InputLimits.strokeDurationS })
        #expect(trace.notices.contains { $0.contains("split 1 stroke at gaps over 30 s") && $0.contains("line 4") })
    }

    /// Case 1 through the other readers: evemu and Google Ink split too; SVC and Pointer Events
    /// times of 1e15 (ms) are beyond ±1e10 s and refused with the line or event.
    @Test func farTimestampsInEveryReader() throws {
        let evemu = """
            # EVEMU 1.3
            A: 00 0 1000 0 0 10
            A: 01 0 1000 0 0 10
            E: 0.000000 0003 0000 100
            E: 0.000000 0003 0001 100
            E: 0.000000 0001 014a 1
            E: 0.000000 0000 0000 0
            E: 0.004000 0003 0000 110
            E: 0.004000 0000 0000 0
            E: 999999999.000000 0003 0000 120
            E: 999999999.000000 0000 0000 0

            """
        let e = try EvemuReader.read(Self.utf8(evemu), file: "far.events")
        #expect(e.strokes.count == 2)
        #expect(e.notices.contains { $0.contains("gaps over 30 s") && $0.contains("line 11") })

        let svc = "3\n100 200 0 1 0 900 0.5\n110 200 8 1 0 900 0.5\n120 200 1000000000000000 1 0 900 0.5\n"
        #expect {
            try SVCReader.read(Self.utf8(svc), file: "far.svc", options: ImportOptions(scaleUnitsPerMM: 200))
        } throws: { error in
            let text = "\(error)"
            return text.contains("far.svc:4") && text.contains("outside the accepted range") && text.contains("1000000000000")
        }
        let json = #"{"x":[1,2,3],"y":[1,1,1],"time":[0,4,1e15],"buttons":[1,1,1]}"#
        #expect {
            try PointerEventsReader.read(Self.utf8(json), file: "far.json")
        } throws: { error in "\(error)".contains("event 2") && "\(error)".contains("outside the accepted range") }
    }

    /// Case 3: times near 1e300 are refused when read (they used to trap in `Replay.firstFrame`),
    /// and so is a manifest time unit of 1e300.
    @Test func hugeTimesAreRefused() throws {
        #expect {
            try TraceCSVReader.read(Self.utf8("t_s,x_mm,y_mm,stroke\n1e300,0,0,0\n1.0000000000000002e300,1,0,0\n"), file: "h.csv")
        } throws: { error in "\(error)".contains("h.csv:2") && "\(error)".contains("1e+300") }
        let json = #"{"x":[1,2],"y":[1,1],"time":[0,1e303],"buttons":[1,1]}"#
        #expect(throws: ImportError.self) { try PointerEventsReader.read(Self.utf8(json), file: "h.json") }
        #expect {
            try RecordingManifest.parse(Self.utf8("[*.svc]\ntime_unit = 1e300\n"), path: "m.manifest")
        } throws: { error in "\(error)".contains("m.manifest:2") && "\(error)".contains("time_unit") }
    }

    /// Case 4: `# nominal_interval_s` outside 1 µs ... 10 s names its line.
    @Test(arguments: ["1e-300", "1e300", "0"])
    func nominalIntervalIsBounded(_ value: String) {
        let text = "# nominal_interval_s: \(value)\nt_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n"
        #expect {
            try TraceCSVReader.read(Self.utf8(text), file: "n.csv")
        } throws: { error in "\(error)".contains("n.csv:1") && "\(error)".contains("nominal_interval_s") }
    }

    /// Case 10: a NUL byte inside a number is an error, not the end of the number.
    @Test func nulInsideANumber() {
        let bytes: [UInt8] = Self.utf8("t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1") + [0] + Self.utf8("9,0,0\n")
        #expect {
            try TraceCSVReader.read(bytes, file: "nul.csv")
        } throws: { error in "\(error)".contains("nul.csv:3") && "\(error)".contains("x_mm") }
        let svc: [UInt8] = Self.utf8("2\n100 200 0 1 0 900 0.5\n1") + [0] + Self.utf8("10 200 8 1 0 900 0.5\n")
        #expect(throws: ImportError.self) { try SVCReader.read(svc, file: "nul.svc", options: ImportOptions(scaleUnitsPerMM: 1)) }
    }

    /// Case 1/17 in the assembler: positions beyond ±1e7 mm and strokes over an hour are refused.
    @Test func positionsAndStrokeDurationsAreBounded() {
        #expect {
            try TraceCSVReader.read(Self.utf8("t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1e9,0,0\n"), file: "p.csv")
        } throws: { error in "\(error)".contains("p.csv:3") && "\(error)".contains("position") }
        var rows = "t_s,x_mm,y_mm,stroke\n"
        for k in 0...130 { rows += "\(Double(k) * 29),\(Double(k) * 0.01),0,0\n" }
        #expect {
            try TraceCSVReader.read(Self.utf8(rows), file: "long.csv")
        } throws: { error in "\(error)".contains("expected at most 3600") }
    }

    /// Case 16: manifest scale_x / scale_y and `--scale 'GLOB=SX,SY'` scale the axes apart.
    @Test func perAxisScales() throws {
        let manifest = try RecordingManifest.parse(Self.utf8("[*.svc]\nscale_x = 16\nscale_y = 25.6\n"), path: "m")
        var options = ImportOptions()
        for e in manifest.entries(forRelativePath: "a.svc") { _ = options.apply(e, source: "m") }
        let svc = "2\n1600 2560 0 1 0 900 0.5\n1616 2816 8 1 0 900 0.5\n"
        let trace = try SVCReader.read(Self.utf8(svc), file: "a.svc", options: options)
        #expect(trace.strokes[0].x == [100, 101])
        #expect(trace.strokes[0].y == [-100, -110])
        #expect(trace.notices.contains { $0.contains("16.0 x 25.6") })

        let rule = try ScaleRule(parsing: "touch/*.events=16,25.6")
        #expect(rule.unitsPerMM == 16 && rule.yUnitsPerMM == 25.6)
        #expect(throws: ImportError.self) { try ScaleRule(parsing: "*.svc=1,2,3") }
        #expect(throws: ImportError.self) { try ScaleRule(parsing: "*.svc=1e300") }
    }

    /// Fuzz regression (csv harness): a sample merged with an equal timestamp is checked against
    /// the sample before it, so a written trace reads back the same (scripts/fuzz/crashes/csv).
    @Test func mergedSampleIsCheckedForJumps() throws {
        let text = "t_s,x_mm,y_mm,stroke\n0,0,00,0\n.004,1,0,0\n0.004,90,40,0\n0.008,91,40,0\n05012,91,40,0\n"
        let trace = try TraceCSVReader.read(Self.utf8(text), file: "fuzz.csv")
        let written = TraceCSVWriter.write(trace)
        let back = try TraceCSVReader.read(Array(written.utf8), file: "again.csv")
        #expect(TraceCSVWriter.write(back) == written)
        #expect(trace.strokes.count == 3)
    }
}
