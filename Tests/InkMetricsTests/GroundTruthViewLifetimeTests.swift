import InkMetrics
import InkPrediction
import InkReplay
import InkSynthesis
import InkTraces
import Testing

/// `GroundTruth.Unowned` stays (an `unowned(unsafe)` path, so the per-frame truth lookups of the
/// figure pass make no atomic retain and release): its lifetime rule is that the views live in
/// the same value as the `[GroundTruth]` that owns their paths. `FigureAccumulator` keeps both
/// as `let`s of one struct (the views `private`), so every copy of an accumulator that has the
/// views also holds the truths. These tests use accumulators whose `TraceTruth` nothing else
/// holds, and copies whose original is gone: the figures must be those of an accumulator whose
/// truth the caller keeps (a dangling path would read freed memory instead).
@Suite struct GroundTruthViewLifetimeTests {
    /// An accumulator made from a truth that dies with this call.
    static func accumulatorOwningItsTruth(_ trace: Trace) -> FigureAccumulator {
        FigureAccumulator(truth: TraceTruth(trace))
    }

    /// A copy of an accumulator whose original goes out of scope here.
    static func copyOfDroppedAccumulator(_ trace: Trace) -> FigureAccumulator {
        let original = FigureAccumulator(truth: TraceTruth(trace))
        let copy = original
        return copy
    }

    @Test func figuresDoNotDependOnWhoKeepsTheTruth() throws {
        let strategy = Strategy(name: "linear") { _ in LinearPredictor() }
        for trace in try SyntheticSuite.default.generate(seed: 1) {
            let kept = TraceTruth(trace)
            var reference = FigureAccumulator(truth: kept)
            Replay.run(trace: trace, strategy: strategy, timing: Timing(), into: &reference)
            let expected = reference.finish()
            for make in [Self.accumulatorOwningItsTruth, Self.copyOfDroppedAccumulator] {
                var acc = make(trace)
                // Churn the allocator so freed path storage would be reused.
                let churn = (0..<64).map { [Double](repeating: Double($0), count: 4096) }
                Replay.run(trace: trace, strategy: strategy, timing: Timing(), into: &acc)
                #expect(acc.finish() == expected, "\(trace.name)")
                #expect(churn.count == 64)
            }
            withExtendedLifetime(kept) {}
        }
    }
}
