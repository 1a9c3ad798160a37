import InkTraces
import Testing

/// Issue 18, case 18: `dt_in` of a recording is the median sample interval, and for an even
/// count the mean of the two middle values (benchmark model v3, section 4).
struct MedianIntervalTests {
    @Test func evenCountTakesTheMeanOfTheMiddleTwo() throws {
        // Intervals 0.004, 0.004, 0.006, 0.006: the middle two are 0.004 and 0.006.
        let stroke = try Stroke(t: [0, 0.004, 0.008, 0.014, 0.020], x: [0, 1, 2, 3, 4], y: [0, 0, 0, 0, 0])
        let median = try #require(Trace.medianInterval(of: [stroke]))
        #expect(abs(median - 0.005) < 1e-12)
        #expect(abs(try Trace(name: "t", strokes: [stroke]).nominalInterval - 0.005) < 1e-12)
    }

    @Test func oddCountTakesTheMiddle() throws {
        let stroke = try Stroke(t: [0, 0.004, 0.010, 0.020], x: [0, 1, 2, 3], y: [0, 0, 0, 0])
        #expect(Trace.medianInterval(of: [stroke]) == 0.006)
    }

    /// A nominal interval outside 1 µs ... 10 s is refused (it spaces the frame phases).
    @Test func nominalIntervalIsBounded() throws {
        let stroke = try Stroke(t: [0, 0.004], x: [0, 1], y: [0, 0])
        #expect(throws: TraceError.self) { try Trace(name: "t", strokes: [stroke], nominalInterval: 1e-300) }
        #expect(throws: TraceError.self) { try Trace(name: "t", strokes: [stroke], nominalInterval: 1e300) }
    }
}
