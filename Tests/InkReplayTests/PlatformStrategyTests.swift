import InkPrediction
import InkReplay
import InkStrategies
import InkSynthesis
import InkTraces
import Testing

/// Issue 20's strategies in the catalog and the harness: the stage syntax, the resamplers'
/// frame times, and that none of them joined the default run.
@Suite("Platform strategies and input stages")
struct PlatformStrategyTests {
    static let line = try! SyntheticSuite.straightLine.generate(seed: 1)

    /// Every registered strategy outside the default list builds by its name alone (`android`
    /// where its model file is present) and stays out of the default run.
    @Test func everyNewStrategyBuildsAndStaysOutOfTheDefaultRun() throws {
        for d in StrategyCatalog.builtIn where !StrategyCatalog.defaultNames.contains(d.name) {
            if d.name == "android", (try? d.strategy()) == nil { continue }
            let s = try StrategySpec.parse(d.name)
            #expect(s.name == d.name)
            #expect(!StrategyCatalog.defaultRunNames.contains(d.name))
        }
        #expect(StrategyCatalog.defaultNames == ["none", "linear", "quadratic", "kalman", "kalman-chromium"])
    }

    /// A stage's parameters go in its parentheses, the predictor's after the colon.
    @Test func stageSyntax() throws {
        let s = try StrategySpec.parse("oneeuro(beta=0.01,mincutoff=2)+kalman:cap_ms=16")
        #expect(s.name == "oneeuro(beta=0.01,mincutoff=2)+kalman[cap_ms=16]")
        #expect(s.capMs == 16)
        let names = s.parameters.map { "\($0.name)=\($0.value)" }
        #expect(names.contains("oneeuro.beta=0.01") && names.contains("oneeuro.mincutoff=2") && names.contains("cap_ms=16"))
        #expect(try StrategySpec.parse("oneeuro+kalman").name == "oneeuro+kalman")

        let list = try StrategySpec.parseList(
            "none,oneeuro+linear,oneeuro(beta=0.01,dcutoff=2)+kalman:cap_ms=16,gap_ms=20,flutter-resampler:offset_ms=-20")
        #expect(list.map(\.name) == [
            "none", "oneeuro+linear", "oneeuro(beta=0.01,dcutoff=2)+kalman[cap_ms=16,gap_ms=20]",
            "flutter-resampler[offset_ms=-20]",
        ])
        #expect(list[2].gapResetMs == 20)
    }

    @Test func stageErrorsSayWhatWasExpected() {
        func message(_ text: String) -> String {
            do {
                _ = try StrategySpec.parse(text)
                return ""
            } catch { return error.description }
        }
        #expect(message("kalman+oneeuro").contains("write stages first"))
        #expect(message("oneeuro(beta=-1)+none").contains("beta"))
        #expect(message("oneeuro(foo=1)+none").contains("known: mincutoff"))
        #expect(message("oneeuro(beta=1+none").contains("closing ')'") || message("oneeuro(beta=1+none") != "")
        #expect(message("flutter-resampler:offset_ms=-500").contains("offset_ms"))
        #expect(message("jetpack:stylus=2").contains("0 or 1"))
        #expect(message("linear-resampling:max_prediction_ms=-1").contains("max_prediction_ms"))
    }

    /// Through the harness, a resampler is asked with the frame's times: linear resampling's
    /// tip stands for `f − 5 ms` or the extrapolation cap, Flutter's for the photon time
    /// `τ − 38 ms` (the presentation time), recorded as the frame's target.
    @Test func resamplersGetTheFrameTimes() throws {
        let displayLatency = Timing().displayLatencySeconds
        for (spec, offset) in [("linear-resampling", -0.005), ("flutter-resampler", displayLatency - 0.038)] {
            var recorder = FrameRecorder()
            Replay.run(trace: Self.line, strategy: try StrategySpec.parse(spec), timing: Timing(), into: &recorder)
            let predicted = recorder.frames.filter(\.predicted)
            #expect(predicted.count > recorder.frames.count / 2, "\(spec)")
            let first = Self.line.strokes[0].t[0]
            for f in predicted {
                // Before the stroke's first sample the first sample is shown, standing for its time.
                #expect(f.targetTime <= max(first, f.startTime + offset) + 1e-12, "\(spec)")
                #expect(f.targetTime <= f.newest.t + 0.008 + 1e-12, "\(spec)")
            }
        }
    }

    /// A filter stage around a resampler keeps the frame times.
    @Test func stageKeepsFrameTimes() throws {
        let s = try StrategySpec.parse("oneeuro+linear-resampling")
        let p = s.makePredictor(Self.line.strokes[0])
        #expect(p.answersForFrameTimes)
        #expect(!(try StrategySpec.parse("oneeuro+kalman")).makePredictor(Self.line.strokes[0]).answersForFrameTimes)
    }
}
