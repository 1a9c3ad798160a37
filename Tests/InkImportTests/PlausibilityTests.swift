import Foundation
import InkImport
import InkTestSupport
import InkTraces
import Testing

/// The plausibility check every import makes (issue 29, item 4): rate, stroke length, speed.
@Suite("Plausibility of imported recordings")
struct PlausibilityTests {
    /// A straight stroke of `n` samples `interval` s apart, `step` mm apart.
    static func trace(n: Int = 50, interval: Double, step: Double, strokes: Int = 1) throws -> Trace {
        let list = try (0..<strokes).map { k in
            try Stroke(
                t: (0..<n).map { Double(k) + Double($0) * interval }, x: (0..<n).map { Double($0) * step }, y: [Double](repeating: 0, count: n))
        }
        return try Trace(name: "t", strokes: list, nominalInterval: interval, source: "test")
    }

    @Test("a plausible pen: 240 Hz, 0.4 mm steps (100 mm/s) gives no finding")
    func plausible() throws {
        #expect(Plausibility.findings(try Self.trace(interval: 1.0 / 240, step: 100.0 / 240)).isEmpty)
    }

    @Test("each bound gives one finding naming its numbers and the likely cause")
    func findings() throws {
        // Times read 1000 times too small: the rate, and so the speed, are 1000 times too high.
        let fast = Plausibility.findings(try Self.trace(interval: 8e-6, step: 0.0005))
        #expect(fast.first?.contains("125000 Hz") == true && fast.first?.contains("--time-unit") == true, "\(fast)")
        let slow = Plausibility.findings(try Self.trace(interval: 0.1, step: 1))
        #expect(slow.count == 1 && slow[0].contains("10 Hz"), "\(slow)")
        let tiny = Plausibility.findings(try Self.trace(n: 10, interval: 1.0 / 240, step: 0.001), scale: "--scale '200'")
        #expect(tiny.count == 1 && tiny[0].contains("shorter than 0.1 mm") && tiny[0].contains("--scale '200'"), "\(tiny)")
        let huge = Plausibility.findings(try Self.trace(n: 10, interval: 0.5, step: 300))
        #expect(huge.contains { $0.contains("longer than 2 m") }, "\(huge)")
        let speedy = Plausibility.findings(try Self.trace(n: 20, interval: 1.0 / 240, step: 50))
        #expect(speedy.count == 1 && speedy[0].contains("12 m/s") && speedy[0].contains("scale"), "\(speedy)")
    }

    @Test("the loader warns in the trace's notices, and with strict refuses the file")
    func loader() throws {
        let dir = NSTemporaryDirectory() + "inkplausible-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/fast.csv"
        try TraceCSVWriter.write(try Self.trace(interval: 8e-6, step: 0.0005)).write(toFile: path, atomically: true, encoding: .utf8)
        let trace = try RecordingLoader.readFile(path)
        #expect(trace.notices.contains { $0.hasPrefix("warning: implausible input rate 125000 Hz") }, "\(trace.notices)")
        var strict = ImportOptions()
        strict.strict = true
        let error = #expect(throws: ImportError.self) { try RecordingLoader.readFile(path, options: strict) }
        #expect(error?.description.contains("fast.csv") == true && error?.description.contains("--strict stops here") == true)
    }

    @Test("the project's recordings, read with their manifest, raise no finding")
    func projectRecordingsArePlausible() throws {
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: ProjectData.recordingsManifest)]
        loader.strict = false
        let loaded = try loader.load(paths: [ProjectData.recordings])
        #expect(!loaded.traces.isEmpty)
        for trace in loaded.traces { #expect(!trace.notices.contains { $0.hasPrefix("warning:") }, "\(trace.name): \(trace.notices)") }
    }
}
