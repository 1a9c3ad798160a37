import Foundation
import InkBenchKit
import InkImport
import InkMetrics
import InkPrediction
import InkReplay
import InkStrategies
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

/// The fast fixed-horizon path (`FixedHorizonEvaluation.tally`: one predictor per window for
/// every horizon on its clock, the history fed with `update(contentsOf:)`, a predictor that
/// follows the sequence when every window is fed from its start) against the plain path
/// (`evaluate(_:strategy:horizon:options:)`: a fresh predictor per window and horizon, fed
/// sample by sample): the same summaries, to the bit, for every built-in strategy, with limits,
/// under every window rule; and a pool scored in parts gives the tally of the whole.
@Suite("Fixed-horizon evaluation: fast path against the plain one")
struct FixedHorizonFastPathTests {
    /// Horizons of both kinds, so sample-count horizons with sample extrapolation form a
    /// second clock group beside the time horizons.
    static let horizons: [HorizonTarget] = [.milliseconds(4), .milliseconds(16), .samples(2), .milliseconds(33.3), .samples(5), .milliseconds(50)]

    /// Window rules: the default, and each rule changed.
    static let rules: [(name: String, options: FixedHorizonOptions)] = {
        var out: [(String, FixedHorizonOptions)] = [("default", FixedHorizonOptions())]
        var o = FixedHorizonOptions()
        o.extrapolation = .time
        out.append(("time", o))
        o = FixedHorizonOptions()
        o.feed = .sequence
        out.append(("fed the sequence", o))
        o = FixedHorizonOptions()
        o.padWithLift = false
        o.minimumIntervalMs = nil
        out.append(("no padding, all intervals", o))
        o = FixedHorizonOptions()
        o.historyCount = 4
        o.minimumRealPoints = 7
        o.minimumIntervalMs = 12
        out.append(("history 4, min real 7, intervals >= 12 ms", o))
        return out
    }()

    /// The same summary, every Double compared by its bits.
    static func same(_ a: HorizonErrorSummary, _ b: HorizonErrorSummary) -> Bool {
        func bits(_ v: Double?) -> UInt64? { v?.bitPattern }
        return a.windows == b.windows && a.declined == b.declined && a.droppedShortInterval == b.droppedShortInterval
            && bits(a.meanError) == bits(b.meanError) && bits(a.p50Error) == bits(b.p50Error) && bits(a.p95Error) == bits(b.p95Error)
    }

    static func check(
        _ sequences: [HorizonSequence], _ strategy: Strategy, _ rule: String, _ options: FixedHorizonOptions,
        horizons: [HorizonTarget] = FixedHorizonFastPathTests.horizons
    ) {
        let fast = FixedHorizonEvaluation.evaluate(sequences, strategy: strategy, horizons: horizons, options: options)
        #expect(fast.count == horizons.count)
        for (h, summary) in zip(horizons, fast) {
            let plain = FixedHorizonEvaluation.evaluate(sequences, strategy: strategy, horizon: h, options: options)
            #expect(same(summary, plain), "\(strategy.name), \(rule), \(h): fast \(summary) vs plain \(plain)")
        }
    }

    /// Runs of move rows of a MobileHCI 2017 log (px, 60 Hz, real gaps and short intervals).
    static func touchRuns(_ count: Int) throws -> [HorizonSequence] {
        let path = (ProjectData.recordings as NSString).appendingPathComponent("mobilehci17-touch/FittsTasks-participant1.txt")
        let data = try #require(FileManager.default.contents(atPath: path))
        let rows = try MobileHCI17Reader.readRows([UInt8](data), file: path)
        return Array(HorizonInputs.sequences(rows: rows).prefix(count))
    }

    /// The first synthetic trace's strokes in mm, as `bench horizon` scores the suite, each cut
    /// to its first `points` points.
    static func strokes(points: Int = .max) throws -> [HorizonSequence] {
        let spec = SyntheticSuite.sCurves(inputRateHz: 240).specs[0]
        return HorizonInputs.sequences(trace: try spec.generate(seed: 1)).map { q in
            let n = min(points, q.count)
            return HorizonSequence(timesMs: Array(q.timesMs[..<n]), x: Array(q.x[..<n]), y: Array(q.y[..<n]), stroke: q.stroke)
        }
    }

    /// Every built-in strategy whose predictor the harness makes from its name alone (not
    /// `recorded`, which needs recorded predictions: see ``recordedPredictions()``), and limits.
    static let strategyNames: [String] = {
        let names = StrategyCatalog.builtIn.filter { !$0.needsRecordedPredictions }.map(\.name)
        return names + ["kalman:cap_ms=8,gap_ms=20", "linear:gap_ms=30", "android:gap_ms=30,cap_ms=12", "oneeuro+jetpack:gap_ms=25"]
    }()

    @Test("every strategy, every window rule, on touch runs and strokes", arguments: strategyNames)
    func sameAsPlain(name: String) throws {
        let strategy = try StrategySpec.parse(name)
        // Android's plain path runs its network per sample per horizon (slow in a debug
        // build): a few windows for it, at one horizon of each clock, under the default rules
        // and fed the stroke (the follower).
        if name.contains("android") {
            let sequences = try Self.touchRuns(2) + (try Self.strokes(points: 20))
            for (rule, options) in Self.rules.prefix(3) where rule != "time" {
                Self.check(sequences, strategy, rule, options, horizons: [.milliseconds(16), .samples(2)])
            }
            return
        }
        let sequences = try Self.touchRuns(40) + (try Self.strokes())
        for (rule, options) in Self.rules {
            Self.check(sequences, strategy, rule, options)
        }
    }

    @Test("recorded predictions: the predictor follows the stroke from its start")
    func recordedPredictions() throws {
        let name = try #require(ChromiumFixtureTests.files.first)
        let trace = try ChromiumFixtureTests.load(name)
        let sequences = HorizonInputs.sequences(trace: trace)
        #expect(sequences.contains { $0.stroke?.recordedPredictions != nil })
        let recorded = try StrategySpec.parse("recorded")
        for (rule, options) in Self.rules { Self.check(sequences, recorded, rule, options) }
    }

    @Test("a pool scored in parts, tallies appended in order, is the whole pool's tally")
    func partsAppend() throws {
        let sequences = try Self.touchRuns(30) + (try Self.strokes())
        let kalman = try StrategySpec.parse("kalman")
        let whole = FixedHorizonEvaluation.tally(sequences[...], strategy: kalman, horizons: Self.horizons, options: FixedHorizonOptions())
        var joined = HorizonTally(horizons: Self.horizons.count)
        for cut in stride(from: 0, to: sequences.count, by: 7) {
            let part = sequences[cut..<min(cut + 7, sequences.count)]
            joined.append(FixedHorizonEvaluation.tally(part, strategy: kalman, horizons: Self.horizons, options: FixedHorizonOptions()))
        }
        #expect(joined.dropped == whole.dropped && joined.declined == whole.declined)
        #expect(joined.errors.map { $0.map(\.bitPattern) } == whole.errors.map { $0.map(\.bitPattern) })
        #expect(whole.errors.allSatisfy { !$0.isEmpty })
    }
}
