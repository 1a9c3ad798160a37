import Foundation
import InkImport
import InkMetrics
import InkPrediction
import InkReplay
import InkSession
import InkStrategies
import InkTestSupport
import InkTraces
import Testing

/// `kalman-chromium` against what headless Chromium 156 predicted (`Tests/Fixtures/chromium`):
/// the same points after every sample, and the same figures as `recorded` replaying the browser's.
///
/// The 25 ms boundary rule (the fixtures' README): a list may have one point more or fewer than
/// the browser's only where that point lies within 1 µs of the 25 ms limit.
@Suite("Chromium fixtures")
struct ChromiumFixtureTests {
    static let files: [String] = {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: ProjectData.chromiumFixtures)
        else { return [] }
        return names.filter { $0.hasSuffix(".csv") }.sorted()
    }()

    static func load(_ name: String) throws -> Trace {
        let root = ProjectData.chromiumFixtures
        return try RecordingLoader.readFile((root as NSString).appendingPathComponent(name))
    }

    /// Whether the browser's and the port's counts differ only by the boundary rule.
    static func boundaryOnly(ours: ChromiumKalmanPredictor.Points, browser: Int) -> Bool {
        guard abs(ours.count - browser) == 1 else { return false }
        let exactUs = Double(max(ours.count, browser)) * ours.meanIntervalMs * 1000
        return abs(exactUs - 25_000) <= 1
    }

    @Test("the fixtures are there (all 11)")
    func fixturesPresent() throws {
        _ = ProjectData.chromiumFixtures
        #expect(Self.files.count >= 11, "found \(Self.files)")
    }

    @Test(
        "the predicted points equal the browser's after every sample (count; positions within 0.002 mm)",
        arguments: files)
    func points(file: String) throws {
        let trace = try Self.load(file)
        var tails = 0, boundary = 0, worstMM = 0.0, worstUs = 0.0
        for stroke in trace.strokes {
            let recorded = try #require(stroke.recordedPredictions, "\(file): no predicted rows")
            var p = ChromiumKalmanPredictor()
            for i in 0..<stroke.count {
                p.update(stroke.point(i))
                let ours = p.points, theirs = recorded[i]
                tails += 1
                if ours.count != theirs.count {
                    let ok = Self.boundaryOnly(ours: ours, browser: theirs.count)
                    #expect(ok, "\(file) stroke sample \(i): \(ours.count) points, browser \(theirs.count) (Δ̄ \(ours.intervalMicroseconds) µs)")
                    if ok { boundary += 1 } else { continue }
                }
                for (a, b) in zip(ours, theirs) {
                    let d = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                    worstMM = max(worstMM, d)
                    worstUs = max(worstUs, abs(a.t - b.t) * 1e6)
                }
            }
        }
        print("\(file): \(tails) tails, \(boundary) at the 25 ms boundary, worst position \(worstMM) mm, worst time \(worstUs) µs")
        #expect(worstMM <= 0.002, "\(file): worst position difference \(worstMM) mm")
        #expect(worstUs <= 20, "\(file): worst time difference \(worstUs) µs")
    }

    /// The trace with the browser's tails, except that a tail whose count differs from the
    /// port's by the boundary rule takes the port's count (its extra point added, or the
    /// browser's last dropped), so that "equal" allows the rule; and how many were changed.
    static func boundaryAligned(_ trace: Trace) throws -> (Trace, Int) {
        var strokes: [Stroke] = []
        var changed = 0
        for stroke in trace.strokes {
            var tails = stroke.recordedPredictions ?? []
            var p = ChromiumKalmanPredictor()
            for i in 0..<stroke.count {
                p.update(stroke.point(i))
                let ours = p.points
                guard i < tails.count, ours.count != tails[i].count, boundaryOnly(ours: ours, browser: tails[i].count) else {
                    continue
                }
                if ours.count > tails[i].count { tails[i].append(ours[ours.count - 1]) } else { tails[i].removeLast() }
                changed += 1
            }
            strokes.append(
                try Stroke(
                    t: stroke.t, x: stroke.x, y: stroke.y, pressure: stroke.pressure, tilt: stroke.tilt,
                    azimuth: stroke.azimuth, tool: stroke.tool, recordedPredictions: tails))
        }
        return (try Trace(name: trace.name, strokes: strokes, nominalInterval: trace.nominalInterval, source: trace.source), changed)
    }

    @Test(
        "kalman-chromium's figures equal recorded's (the browser's) at 240/60 and 240/120",
        arguments: files)
    func figures(file: String) throws {
        let raw = try Self.load(file)
        let (trace, changed) = try Self.boundaryAligned(raw)
        let truth = TraceTruth(trace)
        let port = try StrategySpec.parse("kalman-chromium")
        let browser = try StrategySpec.parse("recorded")
        let old = try StrategySpec.parse("kalman:cap_ms=25,gap_ms=20")
        for preset in ["ipad-60", "ipad-promotion"] {
            let timing = try #require(Timing.preset(named: preset))
            let a = BenchRunner.runOne(trace: trace, truth: truth, strategy: port, timing: timing).figures
            let b = BenchRunner.runOne(trace: trace, truth: truth, strategy: browser, timing: timing).figures
            let r = BenchRunner.runOne(trace: raw, truth: truth, strategy: browser, timing: timing).figures
            let o = BenchRunner.runOne(trace: raw, truth: truth, strategy: old, timing: timing).figures
            func text(_ f: TraceFigures) -> String {
                "\(f.perceivedLatencyMs.map { "\($0)" } ?? "-") ms, p95 \(f.overshootP95MM.map { String(format: "%.3f", $0) } ?? "-") mm"
            }
            print(
                "figures \(file) \(preset): new \(text(a)) | browser \(text(r))"
                    + (changed > 0 ? " (\(changed) boundary tails aligned: \(text(b)))" : "") + " | old \(text(o))")
            #expect(a.perceivedLatencyTenthsMs == b.perceivedLatencyTenthsMs, "\(file) \(preset): Λ \(text(a)) vs browser \(text(b))")
            let pa = try #require(a.overshootP95MM), pb = try #require(b.overshootP95MM)
            #expect(abs(pa - pb) <= 0.005, "\(file) \(preset): overshoot p95 \(pa) vs browser \(pb)")
            let ha = try #require(a.horizonMeanMs), hb = try #require(b.horizonMeanMs)
            #expect(abs(ha - hb) <= 0.05, "\(file) \(preset): horizon \(ha) vs browser \(hb) ms")
            if changed == 0 { #expect(r == b, "\(file): aligning changed nothing, so the figures are the raw file's") }
        }
    }
}
