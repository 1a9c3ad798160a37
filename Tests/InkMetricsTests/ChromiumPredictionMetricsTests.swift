@testable import InkMetrics
import Testing

/// `ChromiumPredictionMetrics` against Chromium's own `prediction_metrics_handler_unittest.cc`
/// (chromium/chromium 03d27022): the same real and predicted events, the same expected
/// histogram buckets (integer samples, counted).
@Suite("Chromium prediction metrics")
struct ChromiumPredictionMetricsTests {
    /// The unit test's `AddEvents`: six real events 8 ms apart and five predictions.
    static func addEvents(_ m: inout ChromiumPredictionMetrics) {
        let reals: [(Double, Double)] = [(1, 8), (2, 16), (4, 24), (7, 32), (5, 40), (3, 48)]
        for (p, t) in reals { m.addReal(x: p, y: p, timeMs: t) }
        let predictions: [(Double, Double, Double)] = [(1, 10, 12), (3.5, 18, 20), (5, 26, 28), (7, 34, 36), (3, 42, 44)]
        for (p, t, f) in predictions { m.addPredicted(x: p, y: p, timeMs: t, frameTimeMs: f) }
    }

    /// Histogram bucket -> count of the truncated samples.
    static func histogram(_ values: [Double]) -> [Int: Int] {
        var h: [Int: Int] = [:]
        for v in values { h[ChromiumPredictionMetrics.histogramSample(v), default: 0] += 1 }
        return h
    }

    @Test func predictionMetricTest() {
        var m = ChromiumPredictionMetrics()
        Self.addEvents(&m)
        m.evaluate()
        let r = m.records
        #expect(r.count == 5)
        let over = r.map(\.overUnderPx).filter { $0 >= 0 }, under = r.map(\.overUnderPx).filter { $0 < 0 }.map { -$0 }
        #expect(Self.histogram(over) == [0: 1, 1: 1, 2: 1])
        #expect(Self.histogram(under) == [0: 2])
        #expect(Self.histogram(r.map { abs($0.overUnderPx) }) == [0: 3, 1: 1, 2: 1])
        let frameOver = r.map(\.frameOverUnderPx).filter { $0 >= 0 }
        let frameUnder = r.map(\.frameOverUnderPx).filter { $0 < 0 }.map { -$0 }
        #expect(Self.histogram(frameOver) == [0: 1, 1: 1])
        #expect(Self.histogram(frameUnder) == [0: 2, 1: 1])
        #expect(Self.histogram(r.map { abs($0.frameOverUnderPx) }) == [0: 3, 1: 2])
        #expect(Self.histogram(r.compactMap(\.predictionJitterPx)) == [0: 1, 1: 2, 2: 1])
        #expect(Self.histogram(r.compactMap(\.visualJitterPx)) == [1: 2, 2: 2])
        // The comments' interpolations: P0 is under-predicted by |(1,1) - (1.25,1.25)|.
        #expect(abs(r[0].overUnderPx + 0.25 * 2.0.squareRoot()) < 1e-12)
    }

    @Test func canComputeMetrics() {
        // At least two real events are needed.
        var m = ChromiumPredictionMetrics()
        m.addReal(x: 0, y: 0, timeMs: 24)
        m.addPredicted(x: 0, y: 0, timeMs: 24, frameTimeMs: 0)
        m.evaluate()
        #expect(m.records.isEmpty)
        // And a real event strictly after the predicted one.
        m = ChromiumPredictionMetrics()
        m.addReal(x: 0, y: 0, timeMs: 0)
        m.addReal(x: 0, y: 0, timeMs: 8)
        m.addPredicted(x: 0, y: 0, timeMs: 16, frameTimeMs: 0)
        m.addPredicted(x: 0, y: 0, timeMs: 24, frameTimeMs: 0)
        m.evaluate()
        #expect(m.records.isEmpty)
        m.addReal(x: 0, y: 0, timeMs: 24)
        m.evaluate()
        #expect(m.records.count == 1)  // the first prediction (16 ms); not yet the one at 24 ms
        m.addReal(x: 0, y: 0, timeMs: 24.8)
        m.evaluate()
        #expect(m.records.count == 2 && m.records[1].predictionJitterPx != nil)
    }

    @Test func interpolation() {
        var m = ChromiumPredictionMetrics()
        for (p, t) in [(2.0, 8.0), (3, 16), (5, 24), (8, 32)] { m.addReal(x: p, y: p, timeMs: t) }
        let a = m.interpolate(12)
        #expect(a?.low == 0 && a?.x == 2.5 && a?.y == 2.5)
        let b = m.interpolate(28)
        #expect(b?.low == 2 && b?.x == 6.5 && b?.y == 6.5)
        #expect(m.interpolate(4) == nil && m.interpolate(40) == nil)
    }

    @Test func predictedTimePriorToReal() {
        var m = ChromiumPredictionMetrics()
        m.addReal(x: 1, y: 1, timeMs: 8)
        m.addReal(x: 2, y: 2, timeMs: 10)
        m.addPredicted(x: 0, y: 0, timeMs: 7, frameTimeMs: 12)
        m.evaluate()
        #expect(m.records.isEmpty && m.ignored == 1)
    }
}
