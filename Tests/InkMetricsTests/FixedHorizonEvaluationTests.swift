import InkMetrics
import InkPrediction
import InkReplay
import InkStrategies
import InkTraces
import Testing

/// The window rules of the fixed-horizon evaluation on small hand-checked sequences.
@Suite("Fixed-horizon evaluation: window rules")
struct FixedHorizonEvaluationTests {
    /// x = 0, 1, 2, ... px at 10 ms steps (a constant speed of 0.1 px/ms), y = 0.
    static func line(_ n: Int, stepMs: Double = 10) -> HorizonSequence {
        HorizonSequence(timesMs: (0..<n).map { Double($0) * stepMs }, x: (0..<n).map(Double.init), y: Array(repeating: 0, count: n))
    }

    static func options(history: Int = 3, pad: Bool = true) -> FixedHorizonOptions {
        var o = FixedHorizonOptions()
        o.historyCount = history
        o.minimumRealPoints = history + 1
        o.padWithLift = pad
        return o
    }

    /// Issue 29, hostile item 14: `--min-real 1e9` said "expected at least history + 1 = 12",
    /// naming neither the upper limit nor that the value was too large.
    @Test("a minimum of real points out of range names both ends")
    func minimumRealPointsNamesItsRange() {
        var o = FixedHorizonOptions()
        o.minimumRealPoints = 1_000_000_000
        #expect(throws: FixedHorizonError(
            "minimum real points = 1000000000 is invalid: expected from history + 1 = 12 to history + 1000 = 1011")) { try o.validate() }
        o.minimumRealPoints = 1011
        #expect(throws: Never.self) { try o.validate() }
    }

    @Test func noneAndLinearOnALine() throws {
        let linear = try StrategySpec.parse("linear")
        // 6 points, history 3, k = 2: windows start at 0, 1, 2 (at least 4 real points);
        // targets x = 4, 5, 5 (the last padded with the lift point).
        let none = FixedHorizonEvaluation.evaluate([Self.line(6)], strategy: .none, horizon: .samples(2), options: Self.options())
        #expect(none.windows == 3)
        #expect(none.meanError == (2 + 2 + 1) / 3.0)
        #expect(none.p50Error == 2 && none.p95Error == 2)
        let lin = FixedHorizonEvaluation.evaluate([Self.line(6)], strategy: linear, horizon: .samples(2), options: Self.options())
        // linear predicts 4, 5, 6: errors 0, 0, 1 (it runs past the lift).
        #expect(lin.meanError == 1 / 3.0 && lin.declined == 0)
        // Without padding only the window whose target is real is kept... two of them.
        let unpadded = FixedHorizonEvaluation.evaluate([Self.line(6)], strategy: linear, horizon: .samples(2), options: Self.options(pad: false))
        #expect(unpadded.windows == 2 && unpadded.meanError == 0)
    }

    @Test func shortIntervalsDropWindows() {
        var s = Self.line(6)
        s.timesMs[4] = s.timesMs[3] + 0.5  // a 0.5 ms interval between points 3 and 4
        let r = FixedHorizonEvaluation.evaluate([s], strategy: .none, horizon: .samples(2), options: Self.options())
        // Windows 0 (points 0-4), 1 (1-5) and 2 (2-5, padded) all hold the short interval.
        #expect(r.windows == 0 && r.droppedShortInterval == 3)
        var keep = Self.options()
        keep.minimumIntervalMs = nil
        #expect(FixedHorizonEvaluation.evaluate([s], strategy: .none, horizon: .samples(2), options: keep).windows == 3)
    }

    @Test func sampleClockAgainstRealTime() throws {
        let linear = try StrategySpec.parse("linear")
        // Irregular times: 0, 10, 30, 40, 60 ms; x = 0, 1, 2, 3, 4.
        let s = HorizonSequence(timesMs: [0, 10, 30, 40, 60], x: [0, 1, 2, 3, 4], y: [0, 0, 0, 0, 0])
        var o = Self.options()
        o.minimumRealPoints = 4
        // Counted in samples, linear predicts p2 + 1 (p2 - p1) = 3: exact for k = 1.
        let counted = FixedHorizonEvaluation.evaluate([s], strategy: linear, horizon: .samples(1), options: o)
        #expect(counted.windows == 2 && counted.meanError == 0)
        // In real time, the first window's velocity is 1 px / 20 ms and the target 10 ms later: 2.5, error 0.5.
        o.extrapolation = .time
        let timed = FixedHorizonEvaluation.evaluate([s], strategy: linear, horizon: .samples(1), options: o)
        // Second window: points 1-3 (10, 30, 40 ms), velocity 1/10 ms, target at 60 ms: 3 + 2 = 5, error 1.
        #expect(timed.windows == 2 && abs((timed.meanError ?? 0) - 0.75) < 1e-9, "\(String(describing: timed.meanError))")
    }

    @Test func millisecondHorizonsInterpolateTheTruth() throws {
        let linear = try StrategySpec.parse("linear")
        let r = FixedHorizonEvaluation.evaluate([Self.line(8)], strategy: linear, horizon: .milliseconds(15), options: Self.options())
        #expect(r.windows == 5)
        // On a line at constant speed linear is exact except where the target passes the lift.
        let none = FixedHorizonEvaluation.evaluate([Self.line(8)], strategy: .none, horizon: .milliseconds(15), options: Self.options())
        #expect(none.p50Error == 1.5)
        #expect((r.meanError ?? 1) < (none.meanError ?? 0))
    }

    @Test func aStrategyCapApplies() throws {
        let capped = try StrategySpec.parse("linear:cap_ms=10")
        // Asked 2 samples (33.3 ms on the sample clock) ahead, capped at 10 ms: 0.6 samples, error 1.4.
        let r = FixedHorizonEvaluation.evaluate([Self.line(8)], strategy: capped, horizon: .samples(2), options: Self.options())
        let first = try #require(r.p50Error)
        #expect(abs(first - (2 - 10 / (1000.0 / 60))) < 1e-9)
    }

    @Test func optionsAreValidated() {
        var o = FixedHorizonOptions()
        o.minimumRealPoints = 5
        #expect(throws: FixedHorizonError.self) { try o.validate() }
        o = FixedHorizonOptions()
        o.extrapolation = .samples(intervalMs: 0)
        #expect(throws: FixedHorizonError.self) { try o.validate() }
        #expect(throws: Never.self) { try FixedHorizonOptions().validate() }
    }
}
