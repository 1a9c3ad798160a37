import Foundation
import InkBrowser
import InkMetrics
import InkPrediction
import InkReplay
import InkSession
import InkStrategies
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

/// Live tests: a real Chromium (skipped with a reason where none is installed; CI installs it).
///
/// They compare the browser with `kalman-chromium` run on the same samples, not with the
/// stored fixtures (Debian's Chromium moves on). Browser timing has strays: the replay retries
/// up to 3 times itself; predicted times are compared after the run's constant offset (they are
/// differences of the browser's own timestamps) within 0.05 ms; the 25 ms boundary rule applies.
@Suite("Browser replay (live Chromium)", .serialized)
struct BrowserReplayTests {
    static func chromium() throws -> String { try Requirement.chromium.path() }

    /// The s-curve fast of the default suite (97 samples at 240 Hz), clean.
    static func shortStroke() throws -> Trace {
        let spec = try #require(SyntheticSuite.default.specs.first { $0.name == "s-curve fast" })
        return try spec.generate(seed: 1)
    }

    @Test(
        "a short synthetic stroke: the browser's points equal kalman-chromium's, and so do the figures",
        .enabled(if: Requirement.chromium.isMetOrRequired, Requirement.chromium.reason))
    func shortStrokeMatchesThePort() throws {
        let trace = try Self.shortStroke()
        let started = Date()
        let result = try BrowserReplay.run(trace, settings: BrowserReplay.Settings(chromium: try Self.chromium()))
        print("browser replay of \(trace.sampleCount) samples: \(String(format: "%.1f", Date().timeIntervalSince(started))) s "
            + "(input \(String(format: "%.1f", result.wallSeconds)) s, \(result.attemptsUsed) attempt(s)), \(result.product)")
        #expect(result.attemptsUsed <= 3)
        var boundary = 0, compared = 0
        for (stroke, browserStroke) in zip(trace.strokes, result.trace.strokes) {
            let tails = try #require(browserStroke.recordedPredictions)
            var p = ChromiumKalmanPredictor()
            for i in 0..<stroke.count {
                p.update(stroke.point(i))
                let ours = p.points, theirs = tails[i]
                if ours.count != theirs.count {
                    let exactUs = Double(max(ours.count, theirs.count)) * ours.meanIntervalMs * 1000
                    #expect(abs(ours.count - theirs.count) == 1 && abs(exactUs - 25_000) <= 1,
                        "sample \(i): \(ours.count) points, browser \(theirs.count)")
                    boundary += 1
                }
                for (a, b) in zip(ours, theirs) {
                    compared += 1
                    #expect(abs(a.t - b.t) <= 0.05e-3, "sample \(i): time \(a.t) vs \(b.t)")
                    let d = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                    #expect(d <= 0.002, "sample \(i): position off by \(d) mm")
                }
            }
        }
        #expect(compared > 400)
        print("compared \(compared) points, \(boundary) tails at the 25 ms boundary")
        if boundary == 0 {
            let truth = TraceTruth(trace)
            for preset in ["ipad-60", "ipad-promotion"] {
                let timing = try #require(Timing.preset(named: preset))
                let a = BenchRunner.runOne(trace: trace, truth: truth, strategy: try StrategySpec.parse("kalman-chromium"), timing: timing).figures
                let b = BenchRunner.runOne(trace: result.trace, truth: truth, strategy: try StrategySpec.parse("recorded"), timing: timing).figures
                #expect(a.perceivedLatencyTenthsMs == b.perceivedLatencyTenthsMs, "\(preset)")
                #expect(abs((a.overshootP95MM ?? .nan) - (b.overshootP95MM ?? .nan)) <= 0.005, "\(preset)")
            }
        }
    }

    @Test("a trace too large for the screen is refused with the scale that fits, before any browser starts")
    func tooLarge() throws {
        let stroke = try Stroke(t: [0, 0.01, 0.02], x: [0, 500, 1000], y: [0, 0, 0])
        let trace = try Trace(name: "wide", strokes: [stroke])
        do {
            _ = try BrowserReplay.run(trace, settings: BrowserReplay.Settings(chromium: "/nonexistent/chromium"))
            Issue.record("a 1 m wide trace was accepted")
        } catch {
            #expect(error.message.contains("1000 x 0 mm") && error.message.contains("--px-per-mm 3.918"), "\(error.message)")
        }
    }

    @Test(
        "a browser that exits mid-run gives an error naming the stroke",
        .enabled(if: Requirement.chromium.isMetOrRequired, Requirement.chromium.reason))
    func browserExitsMidRun() throws {
        let real = try Self.chromium()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-dying-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Becomes the browser (same pid) and is killed 4 s after it starts.
        let wrapper = dir.appendingPathComponent("dying-chromium").path
        try "#!/bin/sh\n(sleep 4; kill $$) >/dev/null 2>&1 &\nexec \(real) \"$@\"\n".write(toFile: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper)
        let n = 3000
        let stroke = try Stroke(
            t: (0..<n).map { Double($0) / 240 }, x: (0..<n).map { 20 + 10 * sin(Double($0) / 100) }, y: (0..<n).map { Double($0) / 100 })
        let trace = try Trace(name: "long", strokes: [try Stroke(t: [0, 0.01], x: [0, 1], y: [0, 0]), stroke].map { s in
            // The second stroke starts after the first.
            s.count == 2 ? s : try Stroke(t: s.t.map { $0 + 1 }, x: s.x, y: s.y)
        })
        var settings = BrowserReplay.Settings(chromium: wrapper)
        settings.attempts = 1
        do {
            _ = try BrowserReplay.run(trace, settings: settings)
            Issue.record("the replay finished though the browser was killed")
        } catch {
            #expect(error.message.contains("stroke 2 of 2") && error.message.contains("exited"), "\(error.message)")
        }
    }
}
