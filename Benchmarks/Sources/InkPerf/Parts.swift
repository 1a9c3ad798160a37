import Foundation
import InkMetrics
import InkPrediction
import InkReplay
import InkSynthesis
import InkTraces

/// Collects the frames whose overshoot ``FigureAccumulator`` measures (in-stroke frames, and
/// after-lift frames that show a prediction), each with its stroke's truth.
struct QuerySink: FrameSink {
    let truths: [GroundTruth]
    var queries: [(frame: Frame, truth: GroundTruth)] = []
    mutating func consume(_ frame: Frame, tail: [PenPoint]?) {
        if frame.kind == .afterLift && !frame.predicted { return }
        queries.append((frame, truths[frame.stroke]))
    }
}

/// The fastest of `runs` timings of `body` (s): on a shared machine the minimum is the
/// steadiest reading of a CPU-bound loop.
func fastest(runs: Int, _ body: () -> Double) -> (seconds: Double, checksum: Double) {
    var best = Double.infinity
    var checksum = 0.0
    for _ in 0..<max(1, runs) {
        let t0 = now()
        checksum = body()
        best = min(best, now() - t0)
    }
    return (best, checksum)
}

/// `inkperf parts`: the default run's work split into its parts, each timed alone on one
/// core (fastest of N): replay with predictors only; replay into the figure accumulators
/// (every frame's figures and overshoot bound); their finish (the perceived-latency searches,
/// timed alone too, and the exact overshoot searches that decide p95 and max); the whole run;
/// and, for scale, an exact overshoot search of every frame.
func parts(_ args: [String]) {
    let runs = Int(option("--runs", args, default: 31))
    let traces = generate(SyntheticSuite.default.specs)
    let strategies = builtInStrategies()
    let samples = traces.reduce(0) { $0 + $1.sampleCount }
    let timing = Timing()
    var queries: [(frame: Frame, truth: GroundTruth)] = []
    var latency: [(LatencyFrames, TraceTruth)] = []
    for trace in traces {
        let truth = TraceTruth(trace)
        for strategy in strategies {
            var sink = QuerySink(truths: truth.strokes)
            Replay.run(trace: trace, strategy: strategy, timing: timing, into: &sink)
            queries += sink.queries
            var acc = FigureAccumulator(truth: truth)
            Replay.run(trace: trace, strategy: strategy, timing: timing, into: &acc)
            latency.append((acc.latencyFrames, truth))
        }
    }
    struct NullSink: FrameSink {
        var sum = 0.0
        mutating func consume(_ frame: Frame, tail: [PenPoint]?) { sum += frame.tipX }
    }
    if let i = args.firstIndex(of: "--only"), i + 1 < args.count {
        // For profiling one part: run it alone, many times.
        for _ in 0..<runs {
            if args[i + 1] == "consume" {
                let truths = traces.map { TraceTruth($0) }
                for (trace, truth) in zip(traces, truths) {
                    for s in strategies {
                        var acc = FigureAccumulator(truth: truth)
                        Replay.run(trace: trace, strategy: s, timing: timing, into: &acc)
                    }
                }
            } else if args[i + 1] == "search" {
                for (frames, truth) in latency { _ = PerceivedLatency.search(frames, truth: truth) }
            } else {
                for q in queries { _ = FigureAccumulator.overshoot(q.frame, truth: q.truth) }
            }
        }
        return
    }
    let replay = fastest(runs: runs) {
        var sink = NullSink()
        for trace in traces { for s in strategies { Replay.run(trace: trace, strategy: s, timing: timing, into: &sink) } }
        return sink.sum
    }
    // Replay into the figure accumulators (every frame's figures and overshoot bound), then
    // their finish (perceived-latency search and the overshoot searches that decide p95/max).
    let truths = traces.map { TraceTruth($0) }
    var accumulators: [FigureAccumulator] = []
    let consume = fastest(runs: runs) {
        accumulators.removeAll(keepingCapacity: true)
        for (trace, truth) in zip(traces, truths) {
            for s in strategies {
                var acc = FigureAccumulator(truth: truth)
                Replay.run(trace: trace, strategy: s, timing: timing, into: &acc)
                accumulators.append(acc)
            }
        }
        return Double(accumulators.count)
    }
    var overshootSearches = 0
    let finish = fastest(runs: runs) {
        var sum = 0.0
        overshootSearches = 0
        for acc in accumulators {
            var a = acc
            let f = a.finish()
            sum += f.overshootP95MM ?? 0
            overshootSearches += f.overshootSearches
        }
        return sum
    }
    let distance = fastest(runs: max(1, runs / 4)) {
        var sum = 0.0
        for q in queries { sum += FigureAccumulator.overshoot(q.frame, truth: q.truth) }
        return sum
    }
    var evaluations = 0
    let search = fastest(runs: runs) {
        var sum = 0.0
        evaluations = 0
        for (frames, truth) in latency {
            if let r = PerceivedLatency.search(frames, truth: truth) {
                sum += Double(r.tenthsMs)
                evaluations += r.evaluations
            }
        }
        return sum
    }
    let whole = fastest(runs: runs) { Double(runBlocking(traces: traces, strategies: strategies, cores: 1).count) }
    let frames = latency.reduce(0) { $0 + $1.0.count }
    let ms = { (s: Double) in fmt(s * 1000, 3) }
    print("default suite, \(samples) input samples, \(strategies.count) strategies x 4 phases, 1 core, fastest of \(runs):")
    print("  replay and predictors only:   \(ms(replay.seconds)) ms")
    print("  replay into the figures:      \(ms(consume.seconds)) ms  (every frame's figures and overshoot bound)")
    print("  finish:                       \(ms(finish.seconds)) ms  (the searches below, and \(overshootSearches) exact overshoot searches of \(queries.count) frames)")
    print("  perceived-latency searches:   \(ms(search.seconds)) ms  (\(latency.count) runs, \(frames) moving frames, \(evaluations) full-cost evaluations, probes included)")
    print("  whole run:                    \(ms(whole.seconds)) ms = \(fmt(Double(samples) / whole.seconds, 0)) input samples/s")
    print("  for scale, an exact overshoot search of every frame: \(ms(distance.seconds)) ms (\(fmt(distance.seconds / Double(queries.count) * 1e9, 0)) ns each)")
}
