import InkImport
import InkReplay
@testable import InkSession
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

    /// The session's schedule (truths in parts, replays, scoring parts as units of their own:
    /// `splitFrames` 0 splits every pair, a large value none) gives the figures, frames and
    /// tails of one core, to the bit, with 2, 3 and 5 slots: on a lone recording of several
    /// strokes (its truth built in parts), on several recordings with `recorded` (a strategy
    /// some traces skip), on a batch of the synthetic suite (each trace's bounds a unit after
    /// its paths) and on a lone recording of one stroke (its replays beside its bounds).
    @Test func scheduledUnitsEqualOneCore() async throws {
        let strategies = try ["linear", "kalman", "quadratic", "recorded"].map { try StrategySpec.parse($0) }
        let recordings = try Self.corpus()
        let several = try #require(recordings.filter { $0.strokes.count >= 5 }.max { $0.sampleCount < $1.sampleCount })
        let withRecorded = recordings.filter(\.hasRecordedPredictions).prefix(2)
        #expect(!withRecorded.isEmpty)
        // A lone recording of one stroke (the corpus's longest, as a trace of its own): its truth is
        // one unit, and its replays start while another slot derives its bounds.
        let longestStroke = try #require(recordings.flatMap(\.strokes).max { $0.count < $1.count })
        let oneStroke = try Trace(name: "one stroke", strokes: [longestStroke], source: "one stroke")
        let batches: [[Trace]] = [
            [several], Array(withRecorded) + recordings.filter { !$0.hasRecordedPredictions }.prefix(3),
            Array(try SyntheticSuite.default.generate(seed: 2).prefix(12)), [oneStroke],
        ]
        for traces in batches {
            let detail = RunDetail(frames: true, tailsForTraces: [traces[0].name])
            func rows(_ jobs: Int, split: Int) async -> [String] {
                let results = await BenchRunner.run(
                    traces: traces, strategies: strategies, timing: Timing(), detail: detail, maxConcurrency: jobs, splitFrames: split)
                return results.map { r in
                    let frames = (r.frames ?? []).map { "\($0)" }.joined(separator: ";")
                    let tails = (r.tails ?? []).map { $0.map { "\($0.x.bitPattern),\($0.y.bitPattern),\($0.t.bitPattern)" }.joined() }
                    return "\(r.trace) \(r.strategy) n=\(r.frames?.count ?? -1) tails=\(r.tails?.count ?? -1) \(Self.bits(r.figures)) \(frames) \(tails.joined(separator: "|"))"
                }
            }
            let one = await rows(1, split: 0)
            #expect(one.count >= traces.count * 3)
            #expect(one.allSatisfy { !$0.contains(" n=-1 ") && !$0.contains(" n=0 ") }, "frames kept")
            #expect(one.contains { !$0.contains(" tails=-1 ") && !$0.contains(" tails=0 ") }, "tails kept")
            for jobs in [2, 3, 5] {
                for split in [0, 1 << 30] {
                    let many = await rows(jobs, split: split)
                    #expect(many == one, "\(traces.map(\.name)) jobs \(jobs) split at \(split)")
                }
            }
        }
    }

    /// A lone trace's truth cut into parts of whole strokes: every stroke once, in order, at
    /// most one part per slot, none empty; one unit when there are fewer strokes than slots.
    @Test func truthPartsCoverTheStrokes() throws {
        var spec = SyntheticSpec.sCurve(name: "parts", duration: 0.3)
        for strokes in [1, 2, 3, 7, 40] {
            spec.strokes = strokes
            let trace = try spec.generate(seed: 1)
            for slots in [1, 2, 3, 8] {
                let parts = RunSchedule.truthParts(trace, slots: slots)
                if slots == 1 || strokes < slots {
                    #expect(parts.isEmpty, "\(strokes) strokes, \(slots) slots")
                    continue
                }
                #expect(parts.count == slots)
                #expect(parts.allSatisfy { !$0.isEmpty })
                #expect(parts.flatMap { Array($0) } == Array(0..<strokes), "\(strokes) strokes, \(slots) slots")
            }
        }
    }
}
