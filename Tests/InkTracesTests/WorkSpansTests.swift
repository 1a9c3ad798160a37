import Testing

import InkTraces

@Suite("Work spans (INKBENCH_TIMINGS=spans below the session layer)")
struct WorkSpansTests {
    @Test("on: each span keeps its name, thread, order of start and end, and the thread's CPU; a throwing body's span is kept and its error passed on")
    func recordsSpans() throws {
        let spans = WorkSpans(enabled: true)
        // Some work whose CPU time the thread clock sees.
        let sum = spans.span("sum") { (0..<2_000_000).reduce(0) { $0 &+ $1 &* 3 } }
        #expect(sum == (0..<2_000_000).reduce(0) { $0 &+ $1 &* 3 })
        struct Refused: Error {}
        #expect(throws: Refused.self) { try spans.span("refused") { () throws(Refused) in throw Refused() } }
        let recorded = spans.recorded
        #expect(recorded.map(\.name) == ["sum", "refused"])
        for s in recorded {
            #expect(s.thread == WorkSpans.currentThread)
            #expect(s.start <= s.end)
            #expect(s.cpuMs >= 0)
        }
        #expect(recorded[0].cpuMs > 0)
    }

    @Test("off: the body runs, its name is not evaluated and nothing is recorded")
    func offRecordsNothing() {
        let spans = WorkSpans(enabled: false)
        var named = false
        func name() -> String {
            named = true
            return "x"
        }
        #expect(spans.span(name()) { 42 } == 42)
        spans.add(WorkSpans.Span(name: "y", thread: 0, start: .now, end: .now, cpuMs: 0))
        #expect(!named)
        #expect(spans.recorded.isEmpty)
    }
}
