import InkMetrics
import Testing

/// The nearest-rank percentile by selection equals the one by sorting, to the bit.
@Suite("Percentiles")
struct PercentileTests {
    @Test(arguments: [1, 2, 3, 7, 20, 101, 1_000, 4_096])
    func selectionMatchesSorting(count: Int) {
        // Deterministic values with many repeats, runs and extremes.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(count)
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let shapes: [[Double]] = [
            (0..<count).map { _ in Double(next() % 1_000) / 7 },
            (0..<count).map { _ in Double(next() % 3) },
            (0..<count).map { Double($0) },
            (0..<count).map { Double(count - $0) },
            (0..<count).map { $0 % 2 == 0 ? 0 : Double(next() % 50) * 1e-6 },
        ]
        for values in shapes {
            for q in [0.0, 0.05, 0.5, 0.95, 0.999, 1.0] {
                var scratch = values
                let selected = nearestRankPercentileSelecting(&scratch, q)
                #expect(selected == nearestRankPercentile(values, q), "n \(count), q \(q)")
                #expect(scratch.sorted() == values.sorted(), "selection must only reorder")
            }
        }
        var empty: [Double] = []
        #expect(nearestRankPercentileSelecting(&empty, 0.95) == nil)
    }
}
