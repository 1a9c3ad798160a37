import Foundation
import InkBenchKit
import InkModels
import InkPrediction
import InkReplay
import InkSynthesis
import InkTestSupport
import Testing

/// The `android` strategy in the catalog: the path parameter, a missing model (left out with a
/// notice, not an error), and a run that is deterministic.
@Suite("android strategy")
struct AndroidStrategyTests {
    @Test func missingModelLeavesTheStrategyOut() throws {
        let s = try StrategySpec.parse("android:model=/nonexistent/m.tflite")
        let reason = try #require(s.unavailable)
        #expect(reason.contains("/nonexistent/m.tflite"))
        #expect(reason.contains("AOSP platform/frameworks/native"))
        // Other strategies in the same list still parse; the path parameter takes text, numbers stay numbers.
        let list = try StrategySpec.parseList("none,android:model=/nonexistent/m.tflite,px_mm=8,jerk=0,linear")
        #expect(list.map(\.name) == ["none", "android[model=/nonexistent/m.tflite,px_mm=8,jerk=0]", "linear"])
        #expect(list[0].unavailable == nil && list[2].unavailable == nil)
    }

    @Test func badValuesAreErrors() {
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("android:jerk=2") }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("android:px_mm=-1") }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("android:model=") }
        // Existing syntax unchanged.
        #expect(throws: Never.self) { try StrategySpec.parse("kalman:sigma_p=0.02,cap_ms=off") }
    }

    @Test func aFileThatIsNotTheModelIsAnError() throws {
        let path = NSTemporaryDirectory() + "inkbench-not-a-model-\(getpid()).tflite"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try StrategySpec.parse("android:model=\(path)")
            Issue.record("a text file was accepted as the model")
        } catch {
            #expect(error.description.contains("expected a TFLite flatbuffer"), "\(error)")
        }
    }

    @Test(.enabled(if: Requirement.androidModel.isMetOrRequired, Requirement.androidModel.reason))
    func replaysDeterministically() throws {
        let model = try AndroidGolden.folder() + "/motion_predictor_model.tflite"
        let strategy = try StrategySpec.parse("android:model=\(model)")
        #expect(strategy.unavailable == nil)
        let trace = try #require(try SyntheticSuite.default.generate(seed: 1).first)
        var a = FrameRecorder(), b = FrameRecorder()
        Replay.run(trace: trace, strategy: strategy, timing: Timing(), into: &a)
        Replay.run(trace: trace, strategy: strategy, timing: Timing(), into: &b)
        #expect(a.frames.count > 100)
        #expect(a.frames.map(\.tipX) == b.frames.map(\.tipX))
        #expect(a.frames.contains { $0.predicted })
        // The reach never passes the target, and the tail never runs more than 5 steps ahead.
        for f in a.frames where f.predicted {
            #expect(f.reachTime <= f.targetTime)
            #expect(f.reachTime <= f.newest.t + 5 * 0.004166666 + 1e-9)
        }
    }
}
