import InkPrediction
import InkReplay
import InkStrategies
import InkTraces
import Testing

/// `Timing.pressureDelayMs`: UIKit's estimated pressure, the true value arriving D ms late.
@Suite("pressure delay (estimated pressure)")
struct PressureDelayTests {
    /// A 240 Hz stroke whose pressure rises by 0.01 per sample.
    static func stroke() throws -> (Trace, [Double], [Double]) {
        let n = 60
        let t = (0..<n).map { Double($0) / 240 }
        let pressure = (0..<n).map { 0.2 + Double($0) / 100 }
        let stroke = try Stroke(t: t, x: t.map { 100 * $0 }, y: t.map { _ in 0 }, pressure: pressure)
        return (try Trace(name: "p", strokes: [stroke]), t, pressure)
    }

    /// With D = 10 ms each sample is fed the pressure of the newest sample at least 10 ms older
    /// (the first sample's while none is); with D = 0 its own.
    @Test(arguments: [0.0, 10.0, 25.0])
    func strategiesSeeTheLastPressureArrived(delayMs: Double) throws {
        let (trace, t, pressure) = try Self.stroke()
        var timing = Timing()
        timing.pressureDelayMs = delayMs
        var sink = FrameKeeper()
        Replay.run(trace: trace, strategy: Strategy(name: "spy") { _ in PressureSpy() }, timing: timing, into: &sink)
        #expect(sink.frames.count > 10)
        var stale = 0
        for f in sink.frames where f.predicted {
            let i = f.newestIndex
            let visible = (0...i).last { t[$0] <= t[i] - delayMs / 1000 } ?? 0
            #expect(f.tipX == pressure[delayMs == 0 ? i : visible], "frame \(f.index), newest \(i)")
            if f.tipX != pressure[i] { stale += 1 }
        }
        #expect(delayMs == 0 ? stale == 0 : stale > 10)
    }

    /// The delay is validated and shows in the timing line only when on.
    @Test func validatedAndDescribed() {
        var timing = Timing()
        #expect(!timing.summary.contains("pressure"))
        timing.pressureDelayMs = 8
        #expect(timing.summary.contains("pressure delay 8 ms"))
        timing.pressureDelayMs = -1
        #expect(throws: TimingError.self) { try timing.validate() }
        timing.pressureDelayMs = .nan
        #expect(throws: TimingError.self) { try timing.validate() }
    }

    /// Braking's lift detector, fed the stale pressure, no longer stops the ink at a lift whose
    /// pressure falls only in the last samples (lead cut-off off, so the ink shows how far).
    @Test func brakingLosesTheLiftWithALatePressure() throws {
        let n = 48
        let t = (0..<n).map { Double($0) / 240 }
        let pressure = (0..<n).map { $0 >= n - 3 ? 0.6 - 0.15 * Double($0 - (n - 4)) : 0.6 }
        let stroke = try Stroke(t: t, x: t.map { 150 * $0 }, y: t.map { _ in 0 }, pressure: pressure)
        let trace = try Trace(name: "lift", strokes: [stroke])
        func ahead(delayMs: Double) throws -> Double {
            var timing = Timing()
            timing.pressureDelayMs = delayMs
            var sink = FrameKeeper()
            Replay.run(trace: trace, strategy: try StrategySpec.parse("braking:lead_mm=100"), timing: timing, into: &sink)
            return sink.frames.filter { $0.newestIndex >= n - 3 }.map { $0.tipX - $0.newest.x }.max() ?? 0
        }
        #expect(try ahead(delayMs: 0) <= 1e-9)
        #expect(try ahead(delayMs: 20) > 1)
    }
}
