import InkMetrics
import InkPrediction
import InkReplay
import InkStrategies
import InkTraces

/// One run's result: a trace replayed through a strategy under a timing, and its figures.
///
/// Public, with ``BenchRunner/run(traces:strategies:timing:maxConcurrency:)``, for the
/// Benchmarks package (a package of its own, so it sees only `public` API): its throughput and
/// allocation benchmarks time this runner and dump these figures. Everything else of a run
/// (the session, its outcome, the summary rows, the outputs) is the command line's (`package`).
public struct RunResult: Sendable {
    /// The trace's name.
    public var trace: String
    /// The strategy's name.
    public var strategy: String
    /// The timing it ran with.
    package var timing: Timing
    /// Input samples in the trace.
    public var samples: Int
    /// Every figure.
    public var figures: TraceFigures
    /// Every open frame with its details, when frames were asked for.
    package var frames: [FrameDetail]?
    /// Each frame's predicted tail, when tails were asked for (same order as `frames`).
    package var tails: [[PenPoint]]?

    /// A run's result; `frames` and `tails` only when they were asked for.
    package init(
        trace: String, strategy: String, timing: Timing, samples: Int, figures: TraceFigures,
        frames: [FrameDetail]? = nil, tails: [[PenPoint]]? = nil
    ) {
        self.trace = trace
        self.strategy = strategy
        self.timing = timing
        self.samples = samples
        self.figures = figures
        self.frames = frames
        self.tails = tails
    }
}

/// What a run keeps beyond the figures.
package struct RunDetail: Sendable, Equatable {
    /// Keep every frame (for `frames.csv` and charts).
    package var frames: Bool
    /// Also keep each frame's predicted tail, for these traces only (the stroke-replay chart).
    package var tailsForTraces: Set<String>

    package init(frames: Bool = false, tailsForTraces: Set<String> = []) {
        self.frames = frames
        self.tailsForTraces = tailsForTraces
    }
}

/// Runs traces through strategies and computes every figure, spreading the (trace, strategy)
/// pairs over the cores. Results come back in trace order, then strategy order, and are the
/// same to the bit whatever the number of cores: each run is computed by one task alone
/// (whose scoring may split its two largest parts over two threads, `FigureAccumulator.jobs`,
/// with the same results).
///
/// `none` always runs (its `Λ` and spatial lag are the references for *latency removed* and
/// the *remaining lag ratio*); it is reported only if asked for.
///
/// ```swift
/// let traces = try SyntheticSuite.default.generate(seed: 1)
/// let results = await BenchRunner.run(traces: traces, strategies: [try StrategyCatalog.strategy(named: "linear")], timing: Timing())
/// ```
public enum BenchRunner {
    /// Runs every pair, keeping the figures only. `maxConcurrency` 1 runs on one core.
    public static func run(
        traces: [Trace], strategies: [Strategy], timing: Timing, maxConcurrency: Int = ProcessInfoCores.count
    ) async -> [RunResult] {
        await run(traces: traces, strategies: strategies, timing: timing, detail: RunDetail(), maxConcurrency: maxConcurrency)
    }

    /// Runs every pair, keeping what `detail` asks for beyond the figures.
    package static func run(
        traces: [Trace], strategies: [Strategy], timing: Timing, detail: RunDetail,
        maxConcurrency: Int = ProcessInfoCores.count
    ) async -> [RunResult] {
        await runByTrace(traces: traces, strategies: strategies, timing: timing, detail: detail, maxConcurrency: maxConcurrency)
            .flatMap { $0.map(\.result) }
    }

    /// ``run(traces:strategies:timing:detail:maxConcurrency:)``'s results, one array per trace
    /// (in `traces` order; traces may share a name, as one spec's seeds do), each with its
    /// strategy's position in `strategies` (the caller's pairs, matched without reading names;
    /// `recorded` has no result on a trace without recorded predictions). Every pair of every
    /// trace is one unit of work for the `maxConcurrency` tasks, and the traces' ground truths
    /// are built side by side too, so several short traces keep every core busy.
    package static func runByTrace(
        traces: [Trace], strategies: [Strategy], timing: Timing, detail: RunDetail,
        maxConcurrency: Int = ProcessInfoCores.count
    ) async -> [[(strategy: Int, result: RunResult)]] {
        let wantsNone = strategies.contains { $0.name == "none" }
        let all = wantsNone ? strategies : [Strategy.none] + strategies
        let added = wantsNone ? 0 : 1  // `none` put in front: positions in `all` are one more
        var jobs: [(trace: Int, strategy: Int)] = []
        for t in traces.indices {
            for s in all.indices where !all[s].needsRecordedPredictions || traces[t].hasRecordedPredictions {
                jobs.append((t, s))
            }
        }
        let truths = await groundTruths(traces, maxConcurrency: maxConcurrency)
        var results = [RunResult?](repeating: nil, count: jobs.count)
        if maxConcurrency <= 1 || jobs.count <= 1 {
            // One core: the runs one after the other in this task (child tasks would only add
            // their scheduling, about 10 µs each).
            for (j, job) in jobs.enumerated() {
                results[j] = runOne(
                    trace: traces[job.trace], truth: truths[job.trace], strategy: all[job.strategy], timing: timing,
                    detail: detail, jobs: maxConcurrency)
            }
        } else {
            await runConcurrently(jobs, traces, truths, all, timing, detail, maxConcurrency, into: &results)
        }
        var out = [[(strategy: Int, result: RunResult)]](repeating: [], count: traces.count)
        var noneByTrace: [Int: TraceFigures] = [:]
        for (j, r) in results.enumerated() {
            guard let r else { continue }
            if all[jobs[j].strategy].name == "none" { noneByTrace[jobs[j].trace] = r.figures }
        }
        for (j, r) in results.enumerated() {
            guard var r else { continue }
            if all[jobs[j].strategy].name == "none" && !wantsNone { continue }
            if let none = noneByTrace[jobs[j].trace] { r.figures.relate(toNone: none) }
            out[jobs[j].trace].append((jobs[j].strategy - added, r))
        }
        return out
    }

    /// Each trace's ground truth, in order; up to `maxConcurrency` built at once (each by one
    /// task alone, so the same to the bit); a single trace's paths are built by up to
    /// `maxConcurrency` threads (the same truth for any number).
    static func groundTruths(_ traces: [Trace], maxConcurrency: Int) async -> [TraceTruth] {
        if maxConcurrency <= 1 || traces.count <= 1 { return traces.map { TraceTruth($0, jobs: maxConcurrency) } }
        var truths = [TraceTruth?](repeating: nil, count: traces.count)
        await withTaskGroup(of: (Int, TraceTruth).self) { group in
            var next = 0
            while next < min(maxConcurrency, traces.count) {
                let i = next, trace = traces[i]
                group.addTask { (i, TraceTruth(trace)) }
                next += 1
            }
            for await (i, truth) in group {
                truths[i] = truth
                if next < traces.count {
                    let k = next, trace = traces[k]
                    group.addTask { (k, TraceTruth(trace)) }
                    next += 1
                }
            }
        }
        return truths.compactMap { $0 }
    }

    /// The runs spread over up to `maxConcurrency` child tasks, each result put in its slot.
    static func runConcurrently(
        _ jobs: [(trace: Int, strategy: Int)], _ traces: [Trace], _ truths: [TraceTruth], _ all: [Strategy],
        _ timing: Timing, _ detail: RunDetail, _ maxConcurrency: Int, into results: inout [RunResult?]
    ) async {
        await withTaskGroup(of: (Int, RunResult).self) { group in
            var next = 0
            func add() {
                let j = next
                let job = jobs[j]
                let trace = traces[job.trace], strategy = all[job.strategy], truth = truths[job.trace]
                group.addTask {
                    (j, runOne(trace: trace, truth: truth, strategy: strategy, timing: timing, detail: detail, jobs: maxConcurrency))
                }
                next += 1
            }
            while next < min(max(1, maxConcurrency), jobs.count) { add() }
            for await (j, result) in group {
                results[j] = result
                if next < jobs.count { add() }
            }
        }
    }

    /// Runs one trace through one strategy; its scoring may use up to `jobs` threads
    /// (``/InkMetrics/FigureAccumulator/jobs``: the same figures, to the bit, with any).
    package static func runOne(
        trace: Trace, truth: TraceTruth, strategy: Strategy, timing: Timing, detail: RunDetail = RunDetail(), jobs: Int = 1
    ) -> RunResult {
        var accumulator = FigureAccumulator(truth: truth)
        accumulator.jobs = jobs
        accumulator.reserveCapacity(frames: expectedFrames(trace, timing))
        var frames: [FrameDetail]? = nil
        var tails: [[PenPoint]]? = nil
        if detail.frames {
            let withTails = detail.tailsForTraces.contains(trace.name)
            var both = Tee(accumulator: accumulator, recorder: FrameRecorder())
            Replay.run(trace: trace, strategy: strategy, timing: timing, tails: withTails, into: &both)
            accumulator = both.accumulator
            frames = both.recorder.frames.map { FrameDetail($0, truth: truth.strokes[$0.stroke]) }
            if withTails { tails = both.recorder.tails }
        } else {
            Replay.run(trace: trace, strategy: strategy, timing: timing, into: &accumulator)
        }
        return RunResult(
            trace: trace.name, strategy: strategy.name, timing: timing, samples: trace.sampleCount,
            figures: accumulator.finish(), frames: frames, tails: tails)
    }

    /// An upper bound on a run's open frames: per phase and stroke, the frames from the first
    /// sample's arrival to the pen-up's, plus one. Used only to size buffers.
    static func expectedFrames(_ trace: Trace, _ timing: Timing) -> Int {
        var frames = 0.0
        for stroke in trace.strokes { frames += stroke.duration * timing.frameRateHz + 2 }
        let total = frames * Double(max(1, timing.phases))
        return total.isFinite && total < 1e9 ? Int(total) : 0
    }

    struct Tee: FrameSink {
        var accumulator: FigureAccumulator
        var recorder: FrameRecorder
        mutating func consume(_ frame: Frame, tail: [PenPoint]?) {
            accumulator.consume(frame, tail: tail)
            recorder.consume(frame, tail: tail)
        }
    }
}

extension TraceFigures {
    /// Fills the figures defined against `none` on the same trace and timing.
    mutating func relate(toNone none: TraceFigures) {
        if let a = none.perceivedLatencyTenthsMs, let b = perceivedLatencyTenthsMs { latencyRemovedTenthsMs = a - b }
        if let a = none.spatialLagMeanMM, let b = spatialLagMeanMM, a > 0 { remainingLagRatio = b / a }
    }
}

extension Trace {
    /// Whether any stroke carries recorded platform predictions.
    package var hasRecordedPredictions: Bool { strokes.contains { $0.recordedPredictions != nil } }
}
