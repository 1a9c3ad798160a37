import InkPrediction
import InkReplay
import InkStrategies
import InkTraces
import Testing

/// Shows the pressure it was last fed as its prediction's x (-1 for `nil`), so the frames
/// tell what the harness fed.
struct PressureSpy: Predictor {
    var lastPressure: Double?
    var fed = 0
    mutating func update(_ sample: PenPoint) { fed += 1; lastPressure = -2 }
    mutating func update(_ sample: PenPoint, pressure: Double?) { fed += 1; lastPressure = pressure }
    func predict(at t: Double) -> PenPoint? { fed > 0 ? PenPoint(t: t, x: lastPressure ?? -1, y: 0) : nil }
    mutating func reset() { fed = 0 }
}

/// A sink that keeps the frames.
struct FrameKeeper: FrameSink {
    var frames: [Frame] = []
    mutating func consume(_ frame: Frame, tail: [PenPoint]?) { frames.append(frame) }
}

@Suite("braking strategy and pressure feeding")
struct BrakingStrategyTests {
    @Test func catalogBuildsBrakingWithItsParameters() throws {
        let s = try StrategySpec.parse("braking:turn_limit_rad=0.2,lift_ratio=0.5")
        #expect(s.name == "braking[turn_limit_rad=0.2,lift_ratio=0.5]")
        #expect(s.capMs == BrakingPredictor.defaultCapMs)
        #expect(s.parameters.contains { $0 == ("lift_ratio", "0.5") })
        #expect(!StrategyCatalog.defaultNames.contains("braking"))
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("braking:lift_ratio=1.5") }
        do {
            _ = try StrategySpec.parse("braking:window_ms=0")
        } catch {
            #expect(error.description.contains("window_ms"))
            #expect(error.description.contains("expected a number of ms from 1 to 200"))
        }
    }

    /// A stroke with pressure: the harness feeds each sample's pressure; without a pressure
    /// column it feeds `nil`.
    @Test(arguments: [true, false])
    func replayFeedsPressure(withPressure: Bool) throws {
        let n = 40
        let t = (0..<n).map { Double($0) / 240 }
        let pressure = (0..<n).map { 0.5 + Double($0) / 100 }
        let stroke = try Stroke(
            t: t, x: t.map { 100 * $0 }, y: t.map { _ in 0 }, pressure: withPressure ? pressure : nil)
        let trace = try Trace(name: "p", strokes: [stroke])
        let strategy = Strategy(name: "spy") { _ in PressureSpy() }
        var sink = FrameKeeper()
        Replay.run(trace: trace, strategy: strategy, timing: Timing(), into: &sink)
        #expect(sink.frames.count > 10)
        for f in sink.frames where f.predicted {
            #expect(f.tipX == (withPressure ? pressure[f.newestIndex] : -1))
        }
    }

    /// Through the replay, once the pressure falls below the lift ratio the frames show the
    /// newest sample (no ink ahead of it); with the detector off they show ink millimetres ahead.
    @Test func liftDetectorStopsInkAheadInReplay() throws {
        let n = 48
        let t = (0..<n).map { Double($0) / 240 }
        // 150 mm/s to the lift; pressure 0.6, falling to 0.45, 0.30, 0.15 over the last 3 samples.
        let pressure = (0..<n).map { $0 >= n - 3 ? 0.6 - 0.15 * Double($0 - (n - 4)) : 0.6 }
        let stroke = try Stroke(t: t, x: t.map { 150 * $0 }, y: t.map { _ in 0 }, pressure: pressure)
        let trace = try Trace(name: "lift", strokes: [stroke])
        func aheadWhileLifting(_ spec: String) throws -> (ahead: Double, frames: Int) {
            var sink = FrameKeeper()
            Replay.run(trace: trace, strategy: try StrategySpec.parse(spec), timing: Timing(), into: &sink)
            let lifting = sink.frames.filter { $0.newestIndex >= n - 3 }
            return (lifting.map { $0.tipX - $0.newest.x }.max() ?? 0, lifting.count)
        }
        let on = try aheadWhileLifting("braking:lift_ratio=0.8,lead_mm=4")
        let off = try aheadWhileLifting("braking:lift_ratio=0,lead_mm=4")
        #expect(on.frames > 0)
        #expect(on.ahead <= 1e-9)
        #expect(off.ahead > 1)
    }
}
