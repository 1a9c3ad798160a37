import Foundation
import InkBrowser
import InkImport
import InkMetrics
import InkPrediction
import InkReplay
import InkSession
import InkStrategies
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

/// The capture page for real: pen strokes driven into it in headless Chromium, exported, read
/// back with bench's reader, and checked against what was sent.
@Suite("Capture page (live Chromium)", .serialized)
struct CapturePageTests {
    static let pxPerMM = 160 / 25.4
    static let origin = (x: 200.0, y: 120.0)

    static func strokes() throws -> Trace {
        let spec = try #require(SyntheticSuite.default.specs.first { $0.name == "s-curve fast" })
        let s = try spec.generate(seed: 1).strokes[0]
        // Two strokes: the S-curve, and the same shifted 45 mm right, 0.5 s later.
        let second = try Stroke(t: s.t.map { $0 + s.endTime + 0.5 }, x: s.x.map { $0 + 45 }, y: s.y)
        return try Trace(name: "two", strokes: [s, second])
    }

    @Test(
        "strokes drawn into the page come back from its export: times within 0.05 ms, positions within 0.01 px, predictions replayable",
        .enabled(if: Requirement.chromium.isMetOrRequired, Requirement.chromium.reason))
    func roundTrip() throws {
        let trace = try Self.strokes()
        let started = Date()
        var exported: String?
        var sent: [[Double]] = []
        var features: [String: Bool] = [:]
        for attempt in 1...3 {
            let driver = try CaptureDriver(chromium: try Requirement.chromium.path(), viewport: (1000, 700))
            defer { driver.close() }
            features = try driver.features()
            try driver.setScale(pxPerMM: Self.pxPerMM, calibrated: true)
            sent = try driver.draw(trace, pxPerMM: Self.pxPerMM, originPx: Self.origin)
            let text = try driver.exportText()
            // Retry on a timing stray (see timesAndPositions), up to 3 replays.
            if (try? Self.check(text, trace: trace, sent: sent, record: false)) == true || attempt == 3 {
                exported = text
                break
            }
        }
        print("capture round trip: \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        #expect(features["secureContext"] == true && features["crossOriginIsolated"] == true, "\(features)")
        #expect(features["coalescedEvents"] == true && features["predictedEvents"] == true, "\(features)")
        let text = try #require(exported)
        #expect(try Self.check(text, trace: trace, sent: sent, record: true))
    }

    @Test(
        "Save to laptop: strokes drawn in the page are uploaded, saved in the corpus folder and read back as bench --traces reads it",
        .enabled(if: Requirement.chromium.isMetOrRequired, Requirement.chromium.reason))
    func saveToLaptop() throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("inkbench-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let corpus = try CaptureCorpus(folder: folder)
        let trace = try Self.strokes()
        let driver = try CaptureDriver(chromium: try Requirement.chromium.path(), viewport: (1000, 700), corpus: corpus)
        defer { driver.close() }
        try driver.setScale(pxPerMM: Self.pxPerMM, calibrated: true)
        // Without a device typed, the page refuses before anything is sent.
        let refused = try driver.save(device: "")
        #expect(refused["saved"] == nil && refused["error"]?.string?.contains("Type the device") == true)
        #expect(try driver.status().contains("Type the device"))
        try driver.draw(trace, pxPerMM: Self.pxPerMM, originPx: Self.origin)
        let answer = try driver.save(device: "Headless Chromium, synthetic pen")
        let name = try #require(answer["saved"]?.string, "\(String(decoding: (try? answer.text()) ?? [], as: UTF8.self))")
        #expect(answer["strokes"]?.int == 2)
        #expect(try driver.status().contains("Saved \(name)"))
        #expect(name.hasSuffix("-headless-chromium-synthetic-pen.json"))
        var loader = RecordingLoader()
        loader.strict = true
        let loaded = try loader.load(paths: [folder])
        let read = try #require(loaded.traces.first)
        #expect(loaded.traces.count == 1 && read.name == name)
        #expect(read.device == "Headless Chromium, synthetic pen")
        #expect(read.strokes.map(\.count) == trace.strokes.map(\.count))
        #expect(read.notices.contains { $0.contains("calibration") })
        let manifest = try String(contentsOfFile: folder + "/" + RecordingManifest.fileName, encoding: .utf8)
        #expect(manifest.contains(String(format: "%.4f CSS px per mm, calibrated", Self.pxPerMM)), "\(manifest)")
    }

    /// Reads the export with bench and compares it with what was sent; records issues only when
    /// `record` (else just says whether it passed).
    static func check(_ text: String, trace: Trace, sent: [[Double]], record: Bool) throws -> Bool {
        var ok = true
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition {
                ok = false
                if record { Issue.record(Comment(rawValue: message())) }
            }
        }
        let read = try RecordingLoader.read(Array(text.utf8), path: "capture.json", format: .pointerEvents, options: ImportOptions())
        expect(read.strokes.count == trace.strokes.count, "\(read.strokes.count) strokes read, \(trace.strokes.count) sent")
        expect(read.notices.contains { $0.contains("calibration") }, "notices: \(read.notices)")
        expect(read.notices.contains { $0.contains("user agent") && $0.contains("Chrome") }, "notices: \(read.notices)")
        guard read.strokes.count == trace.strokes.count else { return false }
        // The run's constant offset: the median of (page time − sent time).
        var offsets: [Double] = []
        for (k, stroke) in read.strokes.enumerated() where stroke.count == sent[k].count {
            for i in 0..<stroke.count { offsets.append(stroke.t[i] * 1000 - sent[k][i]) }
        }
        offsets.sort()
        let offset = offsets.isEmpty ? 0 : offsets[offsets.count / 2]
        var predictedTails = 0
        for (k, (got, want)) in zip(read.strokes, trace.strokes).enumerated() {
            expect(got.count == want.count, "stroke \(k): \(got.count) samples read, \(want.count) sent")
            guard got.count == want.count else { continue }
            for i in 0..<got.count {
                let dt = got.t[i] * 1000 - sent[k][i] - offset
                expect(abs(dt) <= 0.05, "stroke \(k) sample \(i): time off by \(dt) ms after the run's offset")
                let dx = got.x[i] * pxPerMM - (origin.x + want.x[i] * pxPerMM)
                let dy = got.y[i] * pxPerMM - (origin.y + want.y[i] * pxPerMM)
                expect(abs(dx) <= 0.01 && abs(dy) <= 0.01, "stroke \(k) sample \(i): position off by (\(dx), \(dy)) px")
            }
            predictedTails += got.recordedPredictions?.filter { !$0.isEmpty }.count ?? 0
        }
        // Chromium predicts from the 5th sample of each stroke on.
        expect(predictedTails >= 2 * (trace.strokes[0].count - 4) - 2, "\(predictedTails) samples carry predictions")
        // The browser's predictions replay as recorded, and match kalman-chromium on the same samples.
        let truth = TraceTruth(read)
        let timing = Timing()
        let browser = BenchRunner.runOne(trace: read, truth: truth, strategy: try StrategySpec.parse("recorded"), timing: timing).figures
        let port = BenchRunner.runOne(trace: read, truth: truth, strategy: try StrategySpec.parse("kalman-chromium"), timing: timing).figures
        expect(browser.perceivedLatencyTenthsMs != nil && browser.predictedShare ?? 0 > 0.5, "recorded: \(browser)")
        expect(abs((browser.perceivedLatencyMs ?? .nan) - (port.perceivedLatencyMs ?? .nan)) <= 0.15,
            "perceived latency: browser \(browser.perceivedLatencyMs ?? .nan) ms, kalman-chromium \(port.perceivedLatencyMs ?? .nan) ms")
        if record {
            print("capture: recorded \(browser.perceivedLatencyMs ?? .nan) ms / \(browser.overshootP95MM ?? .nan) mm, kalman-chromium \(port.perceivedLatencyMs ?? .nan) ms / \(port.overshootP95MM ?? .nan) mm; \(predictedTails) tails")
        }
        return ok
    }

    @Test("an uncalibrated capture is read at 96 px per inch with the usual notice")
    func uncalibratedNotice() throws {
        let json = """
            {"format":"inkbench-capture","version":1,"pxPerMm":3.779527559055118,"calibrated":false,
             "userAgent":"test","devicePixelRatio":2,"screen":{"width":1024,"height":768},
             "strokes":[{"pointerType":"touch","pointerId":1,
               "samples":[[0,0,0,0.5,0,0,0],[4,3.78,0,0.5,0,0,0],[8,7.56,0,0.5,0,0,0]],
               "predicted":[[],[],[[12,11.34,0],[16,15.12,0]]]}]}
            """
        let trace = try RecordingLoader.read(Array(json.utf8), path: "c.json", format: .pointerEvents, options: ImportOptions())
        #expect(trace.notices.contains { $0.contains("96 px per inch") })
        let stroke = try #require(trace.strokes.first)
        #expect(stroke.tool == .finger)
        #expect(abs(stroke.x[2] - 7.56 / (96 / 25.4)) < 1e-9)
        #expect(stroke.recordedPredictions?[2].count == 2)
        #expect(abs((stroke.recordedPredictions?[2].last?.t ?? 0) - 0.016) < 1e-12)
    }

    @Test("a malformed capture names the stroke and sample")
    func malformed() throws {
        let json = """
            {"format":"inkbench-capture","version":1,"pxPerMm":4,"strokes":[{"samples":[[0,1,2],[1,"x",2]],"predicted":[[],[]]}]}
            """
        do {
            _ = try RecordingLoader.read(Array(json.utf8), path: "bad.json", format: .pointerEvents, options: ImportOptions())
            Issue.record("a malformed capture was read")
        } catch {
            #expect(error.description.contains("bad.json") && error.description.contains("stroke 0 sample 1"), "\(error)")
        }
    }
}
