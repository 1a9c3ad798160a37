import Foundation
import InkImport
import InkSynthesis
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

    /// The speed finding counts the speeds over the limit instead of sorting them: on strokes
    /// whose steps straddle the limit, it fires exactly when the sorted speeds' 95th
    /// percentile (the oracle, as the check was written before) exceeds it.
    @Test("the speed finding fires exactly when the sorted speeds' p95 exceeds the limit")
    func speedPercentileAgainstSorting() throws {
        var rng = SplitMix64(seed: 2042)
        var counts = [0, 0]
        for _ in 0..<300 {
            let n = 2 + Int(rng.next() % 60)
            var t = [0.0], x = [0.0]
            // Steps of 0.5 to 2 ms; a share of 0 to 15 % above the limit (so the p95 falls on
            // either side of it), the others at 4 m/s up to exactly the limit.
            let fastPercent = rng.next() % 16
            for _ in 1..<n {
                let dt = 0.0005 * Double(1 + rng.next() % 4)
                let speed =
                    rng.next() % 100 < fastPercent
                    ? Plausibility.maxSpeedMMPerS + 1 + Double(rng.next() % 1_000)
                    : (rng.next() % 4 == 0 ? Plausibility.maxSpeedMMPerS : 4_000 + Double(rng.next() % 1_000))
                t.append(t[t.count - 1] + dt)
                x.append(x[x.count - 1] + speed * dt)
            }
            let trace = try Trace(name: "t", strokes: [try Stroke(t: t, x: x, y: [Double](repeating: 0, count: n))], nominalInterval: 0.001, source: "test")
            var speeds: [Double] = []
            for i in 1..<n where t[i] > t[i - 1] { speeds.append(abs(x[i] - x[i - 1]) / (t[i] - t[i - 1])) }
            speeds.sort()
            let oracle = !speeds.isEmpty && speeds[min(speeds.count - 1, Int((0.95 * Double(speeds.count)).rounded(.up)) - 1)] > Plausibility.maxSpeedMMPerS
            let fired = Plausibility.findings(trace).contains { $0.contains("implausibly fast") }
            #expect(fired == oracle, "speeds \(speeds)")
            counts[oracle ? 1 : 0] += 1
        }
        #expect(counts[0] > 30 && counts[1] > 30, "both outcomes are exercised: \(counts)")
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
