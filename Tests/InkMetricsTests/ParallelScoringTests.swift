import InkImport
import InkReplay
import InkSession
import InkStrategies
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

@testable import InkMetrics

/// Scoring one run on several threads (`FigureAccumulator.jobs`: the perceived-latency search
/// and the overshoot selection side by side) gives the figures of scoring it on one, to the
/// bit, on recordings (polyline truth) and synthetic strokes (analytic truth); and a session's
/// rows are the same with any `--jobs`.
@Suite("Parallel scoring")
struct ParallelScoringTests {
    /// Every stored field as its bit pattern (a `Double`'s, so `-0.0` and `0.0` differ and NaN
    /// equals itself), in column order.
    static func bits(_ f: TraceFigures) -> [String] {
        TraceFigures.fields.map { field in
            switch field.storage {
            case .count(let k): "\(field.name)=\(f[keyPath: k])"
            case .optionalCount(let k): "\(field.name)=\(f[keyPath: k].map(String.init) ?? "nil")"
            case .flag(let k): "\(field.name)=\(f[keyPath: k])"
            case .number(let k): "\(field.name)=\(f[keyPath: k].map { String($0.bitPattern) } ?? "nil")"
            }
        }
    }

    /// One run scored with `jobs` threads, splitting at `splitFrames` in-stroke frames.
    static func score(_ trace: Trace, _ truth: TraceTruth, _ strategy: Strategy, jobs: Int, splitFrames: Int) -> TraceFigures {
        var acc = FigureAccumulator(truth: truth)
        acc.jobs = jobs
        acc.splitFrames = splitFrames
        Replay.run(trace: trace, strategy: strategy, timing: Timing(), into: &acc)
        return acc.finish()
    }

    static func corpus() throws -> [Trace] {
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: ProjectData.recordingsManifest)]
        return try loader.load(paths: [ProjectData.recordings]).traces
    }

    /// Split at every size (`splitFrames` 0) against one thread, run by run.
    @Test func sideBySideEqualsOneThread() throws {
        let strategies = try ["none", "linear", "kalman", "quadratic"].map { try StrategySpec.parse($0) }
        let recordings = try Self.corpus()
        #expect(recordings.count >= 10)
        let synthetic = try SyntheticSuite.default.generate(seed: 3)
        var compared = 0, withOvershoot = 0
        for trace in recordings + synthetic {
            let truth = TraceTruth(trace)
            for strategy in strategies {
                let one = Self.score(trace, truth, strategy, jobs: 1, splitFrames: 0)
                for jobs in [2, 4] {
                    let split = Self.score(trace, truth, strategy, jobs: jobs, splitFrames: 0)
                    #expect(Self.bits(split) == Self.bits(one), "\(trace.name) \(strategy.name) jobs \(jobs)")
                }
                compared += 1
                if one.overshootSearches > 0 && one.perceivedLatencyTenthsMs != nil { withOvershoot += 1 }
            }
        }
        // The comparison ran on runs where both parts had work.
        #expect(compared == (recordings.count + synthetic.count) * strategies.count)
        #expect(withOvershoot > compared / 2)
    }

    /// A whole session's results with `--jobs` 1, 2 and 4, on a recording long enough to split
    /// at the default size and on the synthetic suite: the same figures, to the bit.
    @Test func sessionRowsDoNotDependOnJobs() async throws {
        let strategies = try ["none", "linear", "kalman", "kalman-chromium"].map { try StrategySpec.parse($0) }
        let recordings = try Self.corpus()
        let longest = try #require(recordings.max { $0.sampleCount < $1.sampleCount })
        let synthetic = try SyntheticSuite.default.generate(seed: 1)
        // 40 strokes of 0.8 s: more in-stroke frames than the default split size.
        var spec = SyntheticSpec.sCurve(name: "long", duration: 0.8)
        spec.noiseMM = 0.05
        spec.strokes = 40
        let long = try spec.generate(seed: 1)
        for traces in [[longest], synthetic, [long]] {
            var rows: [[[String]]] = []
            for jobs in [1, 2, 4] {
                let results = await BenchRunner.run(traces: traces, strategies: strategies, timing: Timing(), maxConcurrency: jobs)
                rows.append(results.map { Self.bits($0.figures) })
            }
            #expect(rows[1] == rows[0], "\(traces.map(\.name)) jobs 2")
            #expect(rows[2] == rows[0], "\(traces.map(\.name)) jobs 4")
        }
        var acc = FigureAccumulator(truth: TraceTruth(long))
        Replay.run(trace: long, strategy: strategies[1], timing: Timing(), into: &acc)
        #expect(acc.finish().inStrokeFrames >= FigureAccumulator.defaultSplitFrames, "the long trace splits at the default size")
    }
}
