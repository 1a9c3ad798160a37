import Foundation
import InkModels
import InkPrediction
import InkReplay
import InkStrategies
import InkSynthesis
import InkTestSupport
import Testing

/// The `android` strategy in the catalog: the path parameter, a missing model (an error naming
/// the path and where to get the model), the model the package ships found with no `model=`, and
/// a run that is deterministic.
@Suite("android strategy")
struct AndroidStrategyTests {
    @Test func missingModelIsAnError() throws {
        do {
            _ = try StrategySpec.parse("android:model=/nonexistent/m.tflite")
            Issue.record("a missing model was accepted")
        } catch {
            #expect(error.description.contains("/nonexistent/m.tflite"), "\(error)")
            #expect(error.description.contains("no such file"), "\(error)")
            #expect(error.description.contains(AndroidModelFile.packageRelativePath), "\(error)")
        }
        #expect(throws: StrategySpecError.self) {
            try StrategySpec.parseList("none,android:model=/nonexistent/m.tflite,px_mm=8,jerk=0,linear")
        }
        // The path parameter takes text, numbers stay numbers.
        let model = AndroidGolden.modelPath
        let list = try StrategySpec.parseList("none,android:model=\(model),px_mm=8,jerk=0,linear")
        #expect(list.map(\.name) == ["none", "android[model=\(model),px_mm=8,jerk=0]", "linear"])
    }

    @Test func theShippedModelIsFoundWithoutAPath() throws {
        let resolved = AndroidModelFile.resolvedDefaultPath
        #expect(FileManager.default.fileExists(atPath: resolved), "resolved to \(resolved)")
        #expect(resolved.hasSuffix(AndroidModelFile.packageRelativePath))
        let strategy = try StrategySpec.parse("android")
        #expect(strategy.parameters.first?.value == resolved)
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

    @Test
    func replaysDeterministically() throws {
        let model = AndroidGolden.modelPath
        let strategy = try StrategySpec.parse("android:model=\(model)")
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
