import Foundation
import InkImport
import InkTraces
import Testing

struct GlobTests {
    @Test(arguments: [
        ("*.svc", "a/b/c.svc", true),
        ("*.svc", "c.svc.bak", false),
        ("a/*.svc", "a/c.svc", true),
        ("a/*.svc", "a/b/c.svc", false),
        ("a/**/*.svc", "a/c.svc", true),
        ("a/**/*.svc", "a/b/c/d.svc", true),
        ("**/README.md", "README.md", true),
        ("**/README.md", "x/y/README.md", true),
        ("**", "x/y/z", true),
        ("file?.csv", "file1.csv", true),
        ("file?.csv", "file12.csv", false),
        ("Wacom Intuos4 6x9.*.events", "t/Wacom Intuos4 6x9.stylus-tap.events", true),
    ])
    func matches(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(path: path) == expected)
    }
}

struct ManifestTests {
    @Test func parsesEveryKey() throws {
        let text = """
            # comment
            [svc_data/*.svc]
            format = svc
            scale = 200   # units per mm
            time_unit = ms
            y_axis = down
            hover = include
            pressure_max = 1024
            note = hello # not a comment in a note

            [*.csv]
            skip = decodings
            """
        let m = try RecordingManifest.parse(Array(text.utf8), path: "m")
        #expect(m.entries.count == 2)
        let e = m.entries[0]
        #expect(e.format == .svc && e.scaleUnitsPerMM == 200 && e.timeUnitSeconds == 0.001)
        #expect(e.yAxisUp == false && e.includeHover == true && e.pressureMax == 1024)
        #expect(e.notes == ["hello # not a comment in a note"])
        #expect(m.entries[1].skipReason == "decodings")
        #expect(m.entries(forRelativePath: "svc_data/a.svc").count == 1)
        #expect(m.entries(forRelativePath: "g/x.csv").count == 1)
    }

    @Test(arguments: [
        ("scale = 1\n", 1),
        ("[*.svc]\nscale = -1\n", 2),
        ("[*.svc]\nformat = pdf\n", 2),
        ("[*.svc]\ncolour = red\n", 2),
        ("[*.svc\n", 1),
        ("[*.svc]\ntime_unit = fortnights\n", 2),
        ("[*.svc]\njust words\n", 2),
    ])
    func rejectsWithLine(_ text: String, _ line: Int) {
        #expect {
            try RecordingManifest.parse(Array(text.utf8), path: "bad.manifest")
        } throws: { error in
            guard let e = error as? ImportError else { return false }
            return e.file == "bad.manifest" && e.line == line && e.message.contains("expected")
        }
    }

    @Test func scaleRules() throws {
        let r = try ScaleRule(parsing: "*.svc=200")
        #expect(r.unitsPerMM == 200 && r.glob.matches(path: "x/y.svc"))
        let bare = try ScaleRule(parsing: "10.8")
        #expect(bare.glob.matches(path: "any/where.binarypb"))
        #expect(throws: ImportError.self) { try ScaleRule(parsing: "*.svc=0") }
        #expect(throws: ImportError.self) { try ScaleRule(parsing: "*.svc=abc") }
        #expect(throws: ImportError.self) { try ScaleRule(parsing: "=2") }
        // Spaces (U+0020 only) around each value are trimmed; a tab is not.
        let spaced = try ScaleRule(parsing: "*.txt=  200 ,  100  ")
        #expect(spaced.unitsPerMM == 200 && spaced.yUnitsPerMM == 100)
        #expect(throws: ImportError.self) { try ScaleRule(parsing: "*.txt=\t200") }
    }
}

struct FormatDetectionTests {
    func detect(_ path: String, _ text: String) -> FormatDetector.Verdict { FormatDetector.detect(path: path, head: Array(text.utf8)) }

    @Test func byExtensionAndContent() {
        #expect(detect("a.csv", "t_s,x_mm,y_mm,stroke\n") == .format(.traceCSV))
        #expect(detect("a.events", "") == .format(.evemu))
        #expect(detect("a.svc", "") == .format(.svc))
        #expect(detect("a.binarypb", "") == .format(.googleInk))
        #expect(detect("a.json", #"{"x":[1],"y":[1],"time":[0]}"#) == .format(.pointerEvents))
        #expect(detect("noext", "# EVEMU 1.3\nE: 0.1 0000 0000 0\n") == .format(.evemu))
        #expect(detect("noext", "# inkbench-trace 1\nt_s,x_mm,y_mm,stroke\n") == .format(.traceCSV))
        #expect(detect("noext.txt", "2\n1 2 3 1 0 0 0\n") == .format(.svc))
    }

    @Test func googleInkDecodingsAreNotTraces() {
        guard case .notARecording(let why) = detect("spring_shape.csv", "event,kind,t,x,y,pressure,tilt,orientation\r\n0,real,0.016,1,2,0,0,0\r\n") else {
            Issue.record("a Google Ink decoding was taken for a trace")
            return
        }
        #expect(why.contains("Google Ink"))
    }

    @Test func unknownFilesHaveAReason() {
        guard case .notARecording(let why) = detect("notes.md", "# hello\n") else {
            Issue.record("a Markdown file was taken for a recording")
            return
        }
        #expect(why.contains("--format"))
        #expect(detect("json_data/signal.json", #"{"meta_data": {}, "data": {}}"#) != .format(.pointerEvents))
    }
}

struct LoaderTests {
    /// A temporary folder with a good trace, a bad one, a manifest and an unknown file.
    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "inkimport-\(UUID().uuidString)"
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try "t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n".write(toFile: dir + "/good.csv", atomically: true, encoding: .utf8)
        try "t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,oops,0,0\n".write(toFile: dir + "/sub/bad.csv", atomically: true, encoding: .utf8)
        try "3\n100 200 1000 1 0 900 0.5\n110 200 1008 1 0 900 0.5\n".write(toFile: dir + "/sub/pen.svc", atomically: true, encoding: .utf8)
        try "[sub/*.svc]\nscale = 100\n".write(toFile: dir + "/inkbench.manifest", atomically: true, encoding: .utf8)
        try "hello".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func skipsBadFilesAndGoesOn() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try RecordingLoader().load(paths: [dir])
        #expect(result.traces.map(\.name) == ["good.csv", "sub/pen.svc"])
        #expect(result.skipped.count == 2)
        #expect(result.skipped.contains { $0.contains("bad.csv:3:") && $0.contains("oops") })
        #expect(result.skipped.contains { $0.contains("notes.txt") && $0.contains("not a recording") })
        // The folder's manifest gave the SVC file 100 units per mm (y up, negated).
        let svc = try #require(result.traces.last)
        #expect(svc.strokes[0].x == [1, 1.1])
        #expect(svc.strokes[0].y == [-2, -2])
    }

    @Test func strictThrows() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var loader = RecordingLoader()
        loader.strict = true
        #expect(throws: ImportError.self) { try loader.load(paths: [dir]) }
    }

    @Test func scaleOptionWinsOverTheManifest() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var loader = RecordingLoader()
        loader.scaleRules = [try ScaleRule(parsing: "pen.svc=10")]
        let result = try loader.load(paths: [dir + "/sub/pen.svc"])
        #expect(result.traces.first?.strokes[0].x == [10, 11])
        #expect(result.traces.first?.notices.contains { $0.contains("--scale 'pen.svc=10'") } == true)
    }

    @Test func sameRelativeNamesGetTheirFullPaths() throws {
        let a = try folder(), b = try folder()
        defer {
            try? FileManager.default.removeItem(atPath: a)
            try? FileManager.default.removeItem(atPath: b)
        }
        let result = try RecordingLoader().load(paths: [a, b])
        #expect(result.traces.count == 4)
        #expect(Set(result.traces.map(\.name)).count == 4)
        #expect(result.traces.allSatisfy { $0.name.hasPrefix(a) || $0.name.hasPrefix(b) })
    }

    @Test func missingPathIsAnError() {
        #expect(throws: ImportError.self) { try RecordingLoader().load(paths: ["/no/such/place"]) }
    }
}

/// A manifest's `device` key names the trace's device (for `bench tune --split device`).
struct ManifestDeviceTests {
    @Test func deviceKeyNamesTheTracesDevice() throws {
        let dir = NSTemporaryDirectory() + "inkimport-device-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n".write(toFile: dir + "/a.csv", atomically: true, encoding: .utf8)
        try "t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n".write(toFile: dir + "/b.csv", atomically: true, encoding: .utf8)
        try "[a.csv]\ndevice = Tablet A\n".write(toFile: dir + "/inkbench.manifest", atomically: true, encoding: .utf8)
        let result = try RecordingLoader().load(paths: [dir])
        #expect(result.traces.map(\.device) == ["Tablet A", nil])
        #expect(throws: ImportError.self) { try RecordingManifest.parse(Array("[a.csv]\ndevice =\n".utf8), path: "m") }
    }
}
