import Foundation
import InkImport
import InkPrediction
import InkTestSupport
import InkTraces
import Testing

/// Bitwise equality of two columns (so -0.0 and 0.0 differ, and no tolerance hides a change).
func sameBits(_ a: [Double]?, _ b: [Double]?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
}

/// Whether two traces hold the same strokes, bit for bit.
func sameTrace(_ a: Trace, _ b: Trace) -> Bool {
    guard a.strokes.count == b.strokes.count, a.nominalInterval.bitPattern == b.nominalInterval.bitPattern else { return false }
    for (s, r) in zip(a.strokes, b.strokes) {
        guard sameBits(s.t, r.t), sameBits(s.x, r.x), sameBits(s.y, r.y), sameBits(s.pressure, r.pressure),
            sameBits(s.tilt, r.tilt), sameBits(s.azimuth, r.azimuth), s.tool == r.tool
        else { return false }
        let pa = s.recordedPredictions?.map { $0.flatMap { [$0.t, $0.x, $0.y] } }
        let pb = r.recordedPredictions?.map { $0.flatMap { [$0.t, $0.x, $0.y] } }
        guard (pa == nil) == (pb == nil) else { return false }
        for (u, v) in zip(pa ?? [], pb ?? []) where !sameBits(u, v) { return false }
    }
    return true
}

struct TraceCSVRoundTripTests {
    /// A trace with every optional column, awkward numbers and recorded predictions.
    static func awkwardTrace() throws -> Trace {
        let s0 = try Stroke(
            t: [0.1, 0.1 + 0.2, 1.0 / 3.0, 1e-300 + 1],
            // Within InputLimits.positionMM, and no step a reader would split as a jump.
            x: [-0.0, .leastNonzeroMagnitude, 12.345678000001, -1234.56789],
            y: [0.30000000000000004, 2.0 / 3.0, .ulpOfOne, 1e-7],
            pressure: [0, 1, 0.5, 0.1],
            tilt: [0.2, 0.3, .pi / 4, 1e-20],
            azimuth: [-.pi, .pi, 0, 6.283185307179586],
            tool: .pen,
            recordedPredictions: [[], [PenPoint(t: 0.30000000000000004, x: 1, y: 2), PenPoint(t: 0.31, x: 1.5, y: 2.5)], [], [PenPoint(t: 2, x: 0, y: 0)]])
        let s1 = try Stroke(t: [2, 2.004, 2.008], x: [1, 2, 3], y: [3, 2, 1], tool: .finger, recordedPredictions: [[], [], []])
        return try Trace(name: "awkward", strokes: [s0, s1], nominalInterval: 1.0 / 240.0)
    }

    @Test func writesAndReadsBackWithoutLoss() throws {
        let trace = try Self.awkwardTrace()
        let text = TraceCSVWriter.write(trace)
        let back = try TraceCSVReader.read(Array(text.utf8), file: "awkward.csv")
        #expect(sameTrace(trace, back))
        // Writing again gives the same bytes (deterministic).
        #expect(TraceCSVWriter.write(back) == text)
    }

    @Test func minimalFileReads() throws {
        let text = "t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n0.008,2,0,0\n1,5,5,1\n1.004,6,5,1\n"
        let trace = try TraceCSVReader.read(Array(text.utf8), file: "min.csv")
        #expect(trace.strokes.map(\.count) == [3, 2])
        #expect(trace.strokes[0].pressure == nil)
        #expect(trace.nominalInterval == 0.004)
    }

    @Test func equalTimestampsAreMergedWithANotice() throws {
        let text = "t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n0.004,1.5,0,0\n0.008,2,0,0\n"
        let trace = try TraceCSVReader.read(Array(text.utf8), file: "dup.csv")
        #expect(trace.strokes[0].x == [0, 1.5, 2])
        #expect(trace.notices.contains { $0.contains("merged 1 sample") })
    }

    @Test
    func everyRecordingRoundTrips() throws {
        let result = try DatasetSupport.loadAll()
        #expect(!result.traces.isEmpty)
        for trace in result.traces {
            let back = try TraceCSVReader.read(Array(TraceCSVWriter.write(trace).utf8), file: "rt.csv")
            #expect(sameTrace(trace, back), "\(trace.name)")
        }
    }
}
