import InkTestSupport
import InkTraces
import Testing

@Suite("Stroke validation")
struct StrokeTests {
    @Test func rejectsNonIncreasingTimeNamingTheSample() {
        #expect(throws: TraceError(sample: 2, "time 0.004 s does not increase (previous sample at 0.008 s); expected strictly increasing time")) {
            try Stroke(samples: [Sample(t: 0, x: 0, y: 0), Sample(t: 0.008, x: 1, y: 0), Sample(t: 0.004, x: 2, y: 0)])
        }
    }
}
