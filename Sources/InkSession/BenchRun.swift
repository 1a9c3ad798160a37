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
/// same to the bit whatever the number of cores: each unit of work (a trace's ground truth, a
/// pair's replay, a long pair's two scoring parts) computes what it computes alone, and only
/// the order in which the units run depends on the cores (`RunSchedule`).
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
        maxConcurrency: Int = ProcessInfoCores.count, splitFrames: Int = FigureAccumulator.defaultSplitFrames
    ) async -> [RunResult] {
        await runByTrace(
            traces: traces, strategies: strategies, timing: timing, detail: detail, maxConcurrency: maxConcurrency,
            splitFrames: splitFrames
        ).flatMap { $0.map(\.result) }
    }

    /// ``run(traces:strategies:timing:detail:maxConcurrency:)``'s results, one array per trace
    /// (in `traces` order; traces may share a name, as one spec's seeds do), each with its
    /// strategy's position in `strategies` (the caller's pairs, matched without reading names;
    /// `recorded` has no result on a trace without recorded predictions). With
    /// `maxConcurrency` 2 or more, the traces' ground truths, the pairs' replays and the
    /// scoring parts of pairs with at least `splitFrames` in-stroke frames are units of work
    /// for `maxConcurrency` tasks (`RunSchedule`: the longest chains first, no thread beyond
    /// them); with 1, everything runs in this task, one pair after the other.
    ///
    /// - Parameter splitFrames: the fewest in-stroke frames for which a pair's two scoring
    ///   parts are units of their own (default ``/InkMetrics/FigureAccumulator/defaultSplitFrames``;
    ///   tests lower it to split every pair). The figures do not depend on it.
    package static func runByTrace(
        traces: [Trace], strategies: [Strategy], timing: Timing, detail: RunDetail,
        maxConcurrency: Int = ProcessInfoCores.count, splitFrames: Int = FigureAccumulator.defaultSplitFrames
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
        PhaseTimes.shared.spanSlots(maxConcurrency)
        var results = [RunResult?](repeating: nil, count: jobs.count)
        if maxConcurrency <= 1 || jobs.count <= 1 {
            let truths = groundTruths(traces, maxConcurrency: maxConcurrency)
            // One core: the runs one after the other in this task (child tasks would only add
            // their scheduling, about 10 µs each).
            for (j, job) in jobs.enumerated() {
                results[j] = runOne(
                    trace: traces[job.trace], truth: truths[job.trace], strategy: all[job.strategy], timing: timing,
                    detail: detail, jobs: maxConcurrency)
            }
        } else {
            results = await RunSchedule.run(
                pairs: jobs, traces: traces, strategies: all, timing: timing, detail: detail, slots: maxConcurrency,
                splitFrames: splitFrames)
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

    /// Each trace's ground truth, in order, built here one after the other (the one-core path
    /// and a lone pair's); a trace's paths are built by up to `maxConcurrency` threads each
    /// (the same truth for any number).
    static func groundTruths(_ traces: [Trace], maxConcurrency: Int) -> [TraceTruth] {
        traces.indices.map { t in PhaseTimes.shared.span("truth \(t)") { TraceTruth(traces[t], jobs: maxConcurrency) } }
    }

    /// Runs one trace through one strategy; its scoring may use up to `jobs` threads
    /// (``/InkMetrics/FigureAccumulator/jobs``: the same figures, to the bit, with any).
    package static func runOne(
        trace: Trace, truth: TraceTruth, strategy: Strategy, timing: Timing, detail: RunDetail = RunDetail(), jobs: Int = 1
    ) -> RunResult {
        var run = PhaseTimes.shared.span("replay \(strategy.name)") {
            replay(trace: trace, truth: truth, strategy: strategy, timing: timing, detail: detail)
        }
        run.accumulator.jobs = jobs
        let figures = PhaseTimes.shared.span("score \(strategy.name)") { run.accumulator.finish() }
        return run.kept.result(figures)
    }

    /// What a pair's replay keeps for its ``RunResult`` besides the figures, which come when
    /// its scoring ends: ``result(_:)`` is the one place a run's result is assembled, whichever
    /// path scored it (`runOne`, or `RunSchedule`'s
    /// units).
    struct Kept: Sendable {
        /// The trace's name, its input samples and the strategy's name.
        let trace: String, samples: Int, strategy: String
        /// The timing it ran with.
        let timing: Timing
        /// Every open frame with its details, when frames were asked for.
        var frames: [FrameDetail]?
        /// Each frame's predicted tail, when tails were asked for (same order as `frames`).
        var tails: [[PenPoint]]?

        /// The run's result with these figures.
        func result(_ figures: TraceFigures) -> RunResult {
            RunResult(
                trace: trace, strategy: strategy, timing: timing, samples: samples, figures: figures, frames: frames,
                tails: tails)
        }
    }

    /// Replays one trace through one strategy into a ``/InkMetrics/FigureAccumulator`` (all its
    /// frames consumed, its scoring not yet finished), keeping the frames and tails `detail`
    /// asks for. Needs only the truth's paths, not its bounds (`TraceTruth(deferringBounds:)`).
    static func replay(
        trace: Trace, truth: TraceTruth, strategy: Strategy, timing: Timing, detail: RunDetail
    ) -> (accumulator: FigureAccumulator, kept: Kept) {
        var accumulator = FigureAccumulator(truth: truth)
        accumulator.reserveCapacity(frames: expectedFrames(trace, timing))
        var kept = Kept(trace: trace.name, samples: trace.sampleCount, strategy: strategy.name, timing: timing)
        if detail.frames {
            let withTails = detail.tailsForTraces.contains(trace.name)
            var both = Tee(accumulator: accumulator, recorder: FrameRecorder())
            Replay.run(trace: trace, strategy: strategy, timing: timing, tails: withTails, into: &both)
            accumulator = both.accumulator
            kept.frames = both.recorder.frames.map { FrameDetail($0, truth: truth.strokes[$0.stroke]) }
            if withTails { kept.tails = both.recorder.tails }
        } else {
            Replay.run(trace: trace, strategy: strategy, timing: timing, into: &accumulator)
        }
        return (accumulator, kept)
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
