import InkPrediction
import InkReplay
import InkStrategies
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

/// A predictor that records what the harness did to it, to check the timing model.
struct SpyPredictor: Predictor {
    var fed: [PenPoint] = []
    var resets = 0
    mutating func update(_ sample: PenPoint) { fed.append(sample) }
    func predict(at t: Double) -> PenPoint? { fed.count >= 2 ? PenPoint(t: t, x: 1000, y: Double(fed.count)) : nil }
    mutating func reset() { resets += 1; fed.removeAll() }
}

@Suite("Timing model")
struct TimingModelTests {
    static let line = try! SyntheticSuite.straightLine.generate(seed: 1)

    /// Section 4's check: the newest received sample is Lin + 0.85, 1.90, 2.94, 3.98 ms old at frame start.
    @Test func newestSampleAgePerPhase() {
        var recorder = FrameRecorder()
        Replay.run(trace: Self.line, strategy: .none, timing: Timing(), into: &recorder)
        for (phase, age) in [0.854, 1.896, 2.938, 3.979].enumerated() {
            let frames = recorder.frames.filter { $0.phase == phase }
            #expect(!frames.isEmpty)
            for f in frames.dropFirst() {
                #expect(abs((f.startTime - f.newest.t) * 1000 - (8 + age)) < 0.001, "phase \(phase)")
            }
        }
    }

    /// Each frame records the samples it received: together they tile the stroke in order, and
    /// each arrived no later than the frame start (`t_i + Lin <= f_k`) but after the previous one.
    @Test func framesRecordTheCoalescedSamples() {
        var recorder = FrameRecorder()
        Replay.run(trace: Self.line, strategy: .none, timing: Timing(), into: &recorder)
        let stroke = Self.line.strokes[0]
        for phase in 0..<4 {
            var next = 0
            var previousStart = -Double.infinity
            for f in recorder.frames where f.phase == phase {
                #expect(f.received.lowerBound == next)
                #expect(f.received.upperBound == f.newestIndex + 1)
                for i in f.received {
                    #expect(stroke.t[i] + 0.008 <= f.startTime)
                    #expect(stroke.t[i] + 0.008 > previousStart)
                }
                next = f.received.upperBound
                previousStart = f.startTime
            }
            // The samples of the pen-up frame (the last one among them) arrive in no open frame.
            #expect(next < stroke.count && next >= stroke.count - 5)
        }
    }

    @Test func photonTimeAndHorizonCap() {
        var timing = Timing()
        timing.capMs = 10
        var recorder = FrameRecorder()
        Replay.run(trace: Self.line, strategy: try! StrategySpec.parse("linear:cap_ms=16"), timing: timing, into: &recorder)
        for f in recorder.frames {
            #expect(abs(f.photonTime - f.startTime - 0.025) < 1e-12)
            #expect(f.targetTime <= f.newest.t + 0.010 + 1e-12)
            #expect(f.targetTime <= f.photonTime)
        }
    }

    @Test func penUpEndsTheStrokeAndTheLastSampleIsNeverShownWithAPrediction() {
        var recorder = FrameRecorder()
        Replay.run(trace: Self.line, strategy: try! StrategySpec.parse("linear"), timing: Timing(), into: &recorder)
        let stroke = Self.line.strokes[0]
        for f in recorder.frames {
            #expect(f.startTime < stroke.endTime + 0.008)
            #expect(f.newestIndex < stroke.count - 1)
        }
        // Every phase has after-lift frames (photons after the pen stopped, pen-up not yet received).
        #expect(Set(recorder.frames.filter { $0.kind == .afterLift }.map(\.phase)) == [0, 1, 2, 3])
    }

    @Test func freshPredictorPerStrokeAndGapReset() throws {
        // A 22 ms gap after the third sample (over the 20 ms limit), then five more samples.
        let a = try Stroke(
            t: [0, 0.004, 0.008, 0.030, 0.034, 0.038, 0.042, 0.046, 0.050, 0.054], x: Array(repeating: 0, count: 10),
            y: Array(repeating: 0, count: 10))
        let b = try Stroke(t: [0.2, 0.204, 0.208, 0.212], x: [0, 1, 2, 3], y: [5, 5, 5, 5])
        let trace = try Trace(name: "two", strokes: [a, b], nominalInterval: 0.004, source: "test")
        final class Counter: @unchecked Sendable { var made = 0 }
        let counter = Counter()
        let strategy = Strategy(name: "spy", gapResetMs: 20) { _ in counter.made += 1; return SpyPredictor() }
        var recorder = FrameRecorder()
        var timing = Timing()
        timing.phases = 2
        Replay.run(trace: trace, strategy: strategy, timing: timing, into: &recorder)
        #expect(counter.made == 2)  // one per stroke, shared by the two phases (the same samples feed both)
        // Frames start at 1 and 3 ms (two phases over a 4 ms interval), 16.7 ms apart. The frame
        // near 52 ms has received samples up to t = 42 ms: four since the reset at 30 ms, and the
        // spy's answer carries how many samples it holds.
        let afterGap = recorder.frames.filter { $0.stroke == 0 && $0.newestIndex == 6 }
        #expect(afterGap.count == 2)
        #expect(afterGap.allSatisfy { $0.predicted && $0.tipY == 4 })
        // Without the limit the predictor keeps all seven.
        var plain = FrameRecorder()
        Replay.run(trace: trace, strategy: Strategy(name: "spy") { _ in SpyPredictor() }, timing: timing, into: &plain)
        #expect(plain.frames.filter { $0.stroke == 0 && $0.newestIndex == 6 }.allSatisfy { $0.tipY == 7 })
        // The second stroke starts fresh: its first predicted frame holds only its own samples.
        #expect(recorder.frames.filter { $0.stroke == 1 && $0.predicted }.allSatisfy { $0.tipY <= 4 })
    }

    @Test func phasesSpreadOverOneInputInterval() {
        var recorder = FrameRecorder()
        Replay.run(trace: Self.line, strategy: .none, timing: Timing(), into: &recorder)
        let firstStarts = (0..<4).compactMap { p in recorder.frames.first { $0.phase == p }.map { $0.startTime - 16.0 / 960 * Double($0.index) } }
        #expect(firstStarts.count == 4)
        for (j, f0) in firstStarts.enumerated() {
            #expect(abs(f0 - (Double(j) + 0.5) / 4 / 240) < 1e-12)
        }
    }

    @Test func presetsAndValidation() throws {
        #expect(Timing.preset(named: "ipad-60")?.frameRateHz == 60)
        #expect(Timing.preset(named: "ipad-promotion")?.frameRateHz == 120)
        #expect(Timing.preset(named: "nope") == nil)
        var t = Timing()
        t.phases = 0
        #expect(throws: TimingError.self) { try t.validate() }
        t = Timing()
        t.displayLatency = .milliseconds(-1)
        #expect(throws: TimingError.self) { try t.validate() }
        #expect(abs(Timing().displayLatencySeconds - 0.025) < 1e-15)
    }

    /// The grammar's spaces (U+0020) are trimmed scalar by scalar, as every trim in the project
    /// is: a space before a combining mark goes, so the error names the text after it (trimming
    /// whole characters kept " \u{301}" as one character and named it).
    @Test func strategySpacesAreTrimmedAsScalars() throws {
        #expect(try StrategySpec.parse("  kalman:cap_ms=16 ").name == "kalman[cap_ms=16]")
        for text in [" \u{301}kalman", "  \u{301}kalman"] {
            let error = #expect(throws: StrategySpecError.self) { try StrategySpec.parse(text) }
            let message = error?.message ?? ""
            #expect(message.unicodeScalars.starts(with: "unknown strategy '\u{301}kalman'".unicodeScalars), "\(message.debugDescription)")
        }
    }

    @Test func strategyCatalogParsesParametersAndNamesErrors() throws {
        let k = try StrategySpec.parse("kalman:sigma_p=0.02,cap_ms=16")
        #expect(k.name == "kalman[sigma_p=0.02,cap_ms=16]")
        #expect(k.capMs == 16)
        // kalman-chromium keeps its limits inside the predictor (a point list, its own gap reset).
        let chromium = try StrategySpec.parse("kalman-chromium")
        #expect(chromium.gapResetMs == nil && chromium.capMs == nil)
        #expect(chromium.parameters.map(\.name) == ["sigma_p", "sigma_m", "ready_after", "px_mm", "max_ms", "gap_ms", "min_interval_ms"])
        #expect(throws: StrategySpecError("kalman-chromium: max_ms cannot be 'off': expected a number")) {
            try StrategySpec.parse("kalman-chromium:max_ms=off")
        }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("kalman-chromium:min_interval_ms=0") }
        #expect(try StrategySpec.parse("kalman:cap_ms=25,gap_ms=20").gapResetMs == 20)
        let list = try StrategySpec.parseList("none,kalman:sigma_p=0.02,cap_ms=16,linear")
        #expect(list.map(\.name) == ["none", "kalman[sigma_p=0.02,cap_ms=16]", "linear"])
        #expect(throws: StrategySpecError("unknown strategy 'lin'; known strategies: " + StrategyCatalog.all.map(\.name).joined(separator: ", "))) {
            try StrategySpec.parse("lin")
        }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("kalman:sigma_q=1") }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("kalman:sigma_p=-1") }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("linear:cap_ms=abc") }
        // A parameter given twice is refused, not settled silently by the last value.
        #expect(throws: StrategySpecError("kalman: cap_ms is given twice ('10' and '20'); expected each parameter once")) {
            try StrategySpec.parseList("none,kalman:cap_ms=10,cap_ms=20")
        }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("oneeuro(beta=0.01,beta=0.02)+kalman") }
    }
}
