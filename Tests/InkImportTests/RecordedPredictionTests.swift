import InkImport
import InkPrediction
import InkTestSupport
import InkTraces
import Testing

/// The `recorded` strategy (``RecordedPredictor`` over ``Stroke/recordedPredictions``) replays
/// the points the platform predicted, exactly.
@Suite
struct RecordedPredictionTests {
    @Test func reproducesTheRecordedPredictedPoints() throws {
        let result = try DatasetSupport.loadAll()
        let traces = result.traces.filter { $0.strokes.contains { $0.recordedPredictions != nil } }
        #expect(traces.count == 2)
        var checked = 0
        for trace in traces {
            for stroke in trace.strokes {
                let tails = try #require(stroke.recordedPredictions)
                var predictor = RecordedPredictor(tails: tails)
                for i in 0..<stroke.count {
                    predictor.update(stroke.point(i))
                    for p in tails[i] {
                        let q = try #require(predictor.predict(at: p.t))
                        #expect(q.x == p.x && q.y == p.y, "\(trace.name) sample \(i) at \(p.t)")
                        checked += 1
                    }
                    if let last = tails[i].last {
                        // Beyond the tail: held at its last point.
                        let q = try #require(predictor.predict(at: last.t + 0.05))
                        #expect(q.x == last.x && q.y == last.y)
                    } else {
                        #expect(predictor.predict(at: stroke.t[i] + 0.01) == nil)
                    }
                }
            }
        }
        #expect(checked > 600)
    }

    @Test func survivesTheTraceCSVRoundTrip() throws {
        let result = try DatasetSupport.loadAll()
        for trace in result.traces where trace.strokes.contains(where: { $0.recordedPredictions != nil }) {
            let back = try TraceCSVReader.read(Array(TraceCSVWriter.write(trace).utf8), file: "rt.csv")
            #expect(back.strokes.map(\.recordedPredictions) == trace.strokes.map(\.recordedPredictions))
        }
    }
}
