@testable import InkMetrics
import InkImport
import InkPrediction
import InkReplay
import InkStrategies
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

/// The overshoot figures, which search only the frames their bounds cannot settle, equal the
/// percentile and maximum of every in-stroke frame's exact overshoot.
@Suite("Overshoot selection")
struct OvershootSelectionTests {
    /// Feeds the accumulator and keeps every in-stroke frame.
    struct Tee: FrameSink {
        var accumulator: FigureAccumulator
        var inStroke: [Frame] = []
        mutating func consume(_ frame: Frame, tail: [PenPoint]?) {
            accumulator.consume(frame, tail: tail)
            if frame.kind == .inStroke { inStroke.append(frame) }
        }
    }

    static let strategies = StrategyCatalog.defaultNames + ["linear:cap_ms=40"]

    @Test(arguments: strategies)
    func equalsEveryFrameSearched(strategyName: String) throws {
        let strategy = try StrategySpec.parse(strategyName)
        var searches = 0, frames = 0
        for trace in try SyntheticSuite.default.generate(seed: 5) + [try SyntheticSuite.straightLine.generate(seed: 1)] {
            let truth = TraceTruth(trace)
            var tee = Tee(accumulator: FigureAccumulator(truth: truth))
            Replay.run(trace: trace, strategy: strategy, timing: Timing(), into: &tee)
            let f = tee.accumulator.finish()
            let every = tee.inStroke.map { FigureAccumulator.overshoot($0, truth: truth.strokes[$0.stroke]) }
            #expect(f.overshootP95MM == nearestRankPercentile(every, 0.95), "\(trace.name) / \(strategyName): p95")
            #expect(f.overshootMaxMM == every.max(), "\(trace.name) / \(strategyName): max")
            searches += f.overshootSearches
            frames += every.count
        }
        // The bounds settle most frames: on these traces about one search in ten frames.
        #expect(searches * 4 < frames, "\(strategyName): \(searches) searches for \(frames) frames")
    }

    /// Step 2 with its keyed heap (`settle`) against the heap that reads each key from the
    /// bounds (`settleOracle`): the same percentile, maximum and number of searches, and the
    /// same refined bounds left in place, to the bit, on every corpus recording and the
    /// synthetic suite, with strategies that lag, lead and scatter.
    @Test func keyedHeapEqualsOracleHeap() throws {
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: ProjectData.recordingsManifest)]
        let traces = try loader.load(paths: [ProjectData.recordings]).traces + (try SyntheticSuite.default.generate(seed: 2))
        var refinedRuns = 0
        for trace in traces {
            let truth = TraceTruth(trace)
            let views = truth.strokes.map(\.unowned)
            for name in ["none", "linear", "kalman", "quadratic"] {
                var acc = FigureAccumulator(truth: truth)
                Replay.run(trace: trace, strategy: try StrategySpec.parse(name), timing: Timing(), into: &acc)
                var keyed = acc.inStrokeFrames, oracle = acc.inStrokeFrames
                let a = withExtendedLifetime(truth) { keyed.percentileAndMaximum(0.95, truths: views) }
                let b = withExtendedLifetime(truth) { oracle.percentileAndMaximum(0.95, truths: views, oracleHeap: true) }
                let label = "\(trace.name) / \(name)"
                #expect(a?.percentile.bitPattern == b?.percentile.bitPattern, "\(label): p95")
                #expect(a?.maximum.bitPattern == b?.maximum.bitPattern, "\(label): max")
                #expect(a?.searches == b?.searches, "\(label): searches")
                #expect(keyed.movingBound.map(\.bitPattern) == oracle.movingBound.map(\.bitPattern), "\(label): refined bounds")
                #expect(keyed.stillBound.map(\.bitPattern) == oracle.stillBound.map(\.bitPattern), "\(label): refined bounds")
                if keyed.movingBound != acc.inStrokeFrames.movingBound { refinedRuns += 1 }
            }
        }
        // Step 2 had work to do (it refined bounds) in most runs.
        #expect(refinedRuns >= traces.count, "\(refinedRuns) of \(traces.count * 4) runs refined bounds")
    }

    @Test func largestBySelectionAndByRadix() {
        // Both paths (a copy and quickselect up to 65,536 values, byte-wise radix beyond),
        // with ties, zeros and an infinity, against sorting.
        var state: UInt64 = 12345
        func next() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let u = Float(state >> 40) / Float(1 << 24)
            return u < 0.05 ? 0 : u < 0.5 ? (u * 64).rounded() / 8 : u * u * 30
        }
        for n in [1, 2, 9, 1_000, 70_000, 150_001] {
            var a = (0..<(n / 3)).map { _ in next() }
            let b = (0..<(n - n / 3)).map { _ in next() }
            if n > 5 { a[0] = .infinity }
            let sorted = (a + b).sorted(by: >)
            for m in Set([1, 2, n / 20 + 1, n / 2 + 1, n].filter { $0 >= 1 && $0 <= n }) {
                #expect(OvershootFrames.largest(m, of: a, b) == sorted[m - 1], "n \(n), m \(m)")
            }
        }
    }

    @Test func storedBoundsRoundUp() {
        for v in [0.0, 1e-300, 0.1, 1.0 / 3, 2.5, 1e39, .infinity] {
            let f = OvershootFrames.stored(v)
            #expect(Double(f) >= v && (f == 0 || f.nextDown < Float(v) || Double(f.nextDown) < v), "\(v)")
        }
    }

    @Test func boundsNeverBelowTheDistance() throws {
        // Tips lagging, leading and beside the path, hints right and wrong: the two-point bound
        // is never below the distance, to the bit.
        let trace = try SyntheticSuite.default.generate(seed: 1)[2]
        let truth = TraceTruth(trace).strokes[0]
        var checked = 0
        for i in 0..<200 {
            let tau = truth.startTime + Double(i) * 0.002
            let p = truth.position(at: tau - 0.02)
            for (dx, dy, hintBack) in [(0.0, 0.0, 0.0), (0.5, -0.2, 0.03), (-3.0, 4.0, 0.1), (1e-6, 0, 0.3)] {
                let qx = p.x + dx, qy = p.y + dy, hint = tau - hintBack
                let d = truth.distance(fromX: qx, y: qy, from: tau - 0.25, to: tau, near: hint)
                let u = truth.distanceBound(fromX: qx, y: qy, from: tau - 0.25, to: tau, near: hint)
                #expect(d <= u, "at \(tau): distance \(d) above its bound \(u)")
                checked += 1
            }
        }
        #expect(checked == 800)
        // A tip that is not finite (a broken predictor) is infinitely far, and does not trap.
        let tau = truth.startTime + 0.2
        for (qx, qy) in [(Double.nan, 1.0), (1e308, -1e308), (Double.infinity, 0)] {
            #expect(truth.distance(fromX: qx, y: qy, from: tau - 0.25, to: tau, near: tau - 0.03) == .infinity)
            #expect(truth.distanceBound(fromX: qx, y: qy, from: tau - 0.25, to: tau, near: tau - 0.03, refined: true) == .infinity)
        }
    }

    /// On a recording (a polyline), a tip exactly at a knot in the window, as `none` shows the
    /// last sample: the search gives 0, the bounds (plain, refined, and the one computed with
    /// the frame's position) give 0 where the hint lies in the knot's piece or the one before,
    /// and every bound stays at or above the distance, to the bit, for those tips, for tips a
    /// hair off the knot and for hints far off.
    @Test func tipsAtKnotsHaveZeroBoundsNeverBelowTheDistance() throws {
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: ProjectData.recordingsManifest)]
        let traces = try loader.load(paths: [ProjectData.recordings]).traces
        let stroke = try #require(traces.flatMap(\.strokes).max { $0.count < $1.count })
        let truth = stroke.groundTruth()
        #expect(truth.path.isPiecewiseLinear)
        var rng = SplitMix64(seed: 13)
        var zeros = 0
        for _ in 0..<2_000 {
            let k = Int(rng.next() % UInt64(stroke.count))
            let tk = stroke.t[k]
            let tau = tk + Double(rng.next() % 2_000) / 10_000  // 0 to 200 ms after the sample
            let from = tau - 0.25
            for (dx, hintOffset) in [(0.0, 0.0), (0.0, 0.00005), (0.0, -0.00005), (0.0, -0.03), (1e-9, 0.0)] {
                let qx = stroke.x[k] + dx, qy = stroke.y[k]
                let hint = tk + hintOffset
                let d = truth.distance(fromX: qx, y: qy, from: from, to: tau, near: hint)
                let plain = truth.distanceBound(fromX: qx, y: qy, from: from, to: tau, near: hint)
                let refined = truth.distanceBound(fromX: qx, y: qy, from: from, to: tau, near: hint, refined: true)
                let withPosition = truth.positionVelocityAndBound(at: tau, fromX: qx, y: qy, from: from, near: hint).bound
                #expect(d <= refined && refined <= plain && d <= withPosition, "knot \(k), tau \(tau), dx \(dx), hint \(hintOffset)")
                if dx == 0 {
                    #expect(d.bitPattern == 0, "knot \(k): the search finds the knot itself")
                    #expect(truth.distance(fromX: qx, y: qy, from: from, to: tau).bitPattern == 0)
                    if abs(hintOffset) < 0.001 {
                        #expect(plain.bitPattern == 0 && withPosition.bitPattern == 0, "knot \(k), hint \(hintOffset): bound \(plain)")
                        zeros += 1
                    }
                }
            }
        }
        #expect(zeros == 6_000)
    }

    /// `none` on recordings: the selection equals every frame searched, and searches almost
    /// nothing (each tip is a sample, a knot of the path: its bound is 0, its exact value).
    @Test func noneOnRecordingsSearchesAlmostNothing() throws {
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: ProjectData.recordingsManifest)]
        var frames = 0, searches = 0
        for trace in try loader.load(paths: [ProjectData.recordings]).traces.prefix(6) {
            let truth = TraceTruth(trace)
            for name in ["none", "kalman-chromium"] {
                var tee = Tee(accumulator: FigureAccumulator(truth: truth))
                Replay.run(trace: trace, strategy: try StrategySpec.parse(name), timing: Timing(), into: &tee)
                let f = tee.accumulator.finish()
                let every = tee.inStroke.map { FigureAccumulator.overshoot($0, truth: truth.strokes[$0.stroke]) }
                #expect(f.overshootP95MM?.bitPattern == nearestRankPercentile(every, 0.95)?.bitPattern, "\(trace.name) / \(name): p95")
                #expect(f.overshootMaxMM?.bitPattern == every.max()?.bitPattern, "\(trace.name) / \(name): max")
                if name == "none" {
                    frames += every.count
                    searches += f.overshootSearches
                }
            }
        }
        #expect(frames > 1_000)
        #expect(searches * 100 < frames, "none: \(searches) searches for \(frames) frames")
    }
}
