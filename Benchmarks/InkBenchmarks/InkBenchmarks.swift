// InkBench's benchmark suites (issue 7), on ordo-one/benchmark with its malloc counter.
//
//   swift package --disable-sandbox benchmark --target InkBenchmarks           # every suite but the 10-hour one
//   swift package --disable-sandbox benchmark --target InkBenchmarks --scale   # per-sample figures for predict-*
//   INKBENCH_TEN_HOURS=1 swift package --disable-sandbox benchmark --target InkBenchmarks --filter memory
//   INKBENCH_SMOKE=1 swift package --disable-sandbox benchmark thresholds check --target InkBenchmarks --path DIR
//
// Suites:
// - predict-<strategy> and predict-<stage>-<strategy>: one sample through each predictor the
//   registry implies (StrategyCatalog.predictorBenchmarks: every built-in strategy that predicts
//   from samples alone, predict-android only where Datasets/models holds Android's model; every
//   input stage in front of the strategy its definition names, braking by default); update then one prediction
//   33 ms ahead (a frame's horizon), as the replay drives it; 1,000 samples per scaled
//   iteration, so with `--scale` the wall clock reads in ns per sample and mallocs per sample.
//   The predictor is made before the measurement starts (construction, once per stroke, may
//   allocate: the resamplers' rings, ink-modeler's sample times).
// - replay-long: the timing model alone (6 minutes of input, kalman, 4 phases) into a sink that
//   only counts frames.
// - metrics-pass: every figure of one run from its frames (overshoot windows, the perceived-
//   latency search, percentiles), frames recorded beforehand.
// - default-run: the whole default suite, every built-in strategy, one core.
// - memory-10h: the 10-hour synthetic trace, every strategy, frames off: peak resident memory.
//   Only with INKBENCH_TEN_HOURS=1 (minutes of CPU and about a gigabyte; never in CI).
//
// INKBENCH_SMOKE=1 keeps only the predictor suites, briefly, measuring mallocs alone: the counts
// are deterministic, and CI checks them against AllocationGate's thresholds (0 per sample),
// written for every predict-* suite by `inkperf gates DIR`:
//   swift run -c release inkperf gates .build/allocation-gates
//   INKBENCH_SMOKE=1 swift package --disable-sandbox benchmark thresholds check --target InkBenchmarks --path .build/allocation-gates
import Benchmark
import Foundation
import InkMetrics
import InkPrediction
import InkReplay
import InkSession
import InkStrategies
import InkSynthesis
import InkTraces
import PredictorDrive

let environment = ProcessInfo.processInfo.environment
let smoke = environment["INKBENCH_SMOKE"] != nil
let tenHours = environment["INKBENCH_TEN_HOURS"] != nil

/// A frame sink that only counts, so the replay suite measures the timing model and predictor.
struct CountingSink: FrameSink {
    var frames = 0
    var tipSum = 0.0
    mutating func consume(_ frame: Frame, tail: [PenPoint]?) {
        frames += 1
        tipSum += frame.tipX
    }
}

/// Keeps frames without their tails: what the metrics suite replays into a fresh accumulator.
struct FrameList: FrameSink {
    var frames: [Frame] = []
    mutating func consume(_ frame: Frame, tail: [PenPoint]?) { frames.append(frame) }
}

func builtIn(_ names: [String]) -> [Strategy] {
    (try? StrategyCatalog.strategies(named: names)) ?? []
}

/// One benchmark per built-in predictor: update with a sample, then predict one frame ahead.
/// Generic over the concrete type, so it measures the predictor, not an existential call.
func predictorBenchmark<P: Predictor>(_ name: String, samples: [PenPoint], make: @escaping @Sendable () -> P) {
    let metrics: [BenchmarkMetric] =
        smoke ? [.mallocCountTotal] : [.wallClock, .instructions, .mallocCountTotal, .throughput]
    Benchmark(
        "predict-\(name)",
        configuration: .init(
            metrics: metrics, warmupIterations: smoke ? 1 : 10, scalingFactor: .kilo,
            maxDuration: .seconds(smoke ? 1 : 3), maxIterations: smoke ? 20 : 100_000)
    ) { benchmark in
        // Made before the measurement starts: a resampler's ring or ink-modeler's sample times
        // are allocated once per stroke, at construction; the gate is on update + predict.
        var predictor = make()
        benchmark.startMeasurement()
        blackHole(PredictorDrive.run(&predictor, samples, count: benchmark.scaledIterations.count))
    }
}

/// ``predictorBenchmark(_:samples:make:)`` for a registry strategy's predictor: the existential
/// is opened here, once, so the benchmark drives the concrete type (as the replay does).
///
/// Each measurement gets a predictor made afresh by the strategy (outside the measured part),
/// not a copy of `first`: a copy would share `first`'s buffers, and its first update would copy
/// them inside the measurement (a malloc the replay, which makes one predictor per stroke, never
/// pays).
func openedPredictorBenchmark<P: Predictor>(
    _ name: String, samples: [PenPoint], strategy: Strategy, stroke: Stroke, first: P
) {
    predictorBenchmark(name, samples: samples) { (strategy.makePredictor(stroke) as? P) ?? first }
}

let benchmarks: @Sendable () -> Void = {
    let samples = (try? PredictorDrive.samples()) ?? []
    // Every predictor the registry implies, by its default parameters: each strategy that
    // predicts from samples alone (android only where the workspace has its model: its strategy
    // cannot be made otherwise), and each input stage in front of the strategy it names.
    if let stroke = PredictorDrive.stroke() {
        for b in StrategyCatalog.predictorBenchmarks {
            guard let strategy = b.strategy else { continue }
            openedPredictorBenchmark(
                String(b.name.dropFirst("predict-".count)), samples: samples, strategy: strategy, stroke: stroke,
                first: strategy.makePredictor(stroke))
        }
    }
    if smoke { return }

    let timing = Timing()
    let metrics: [BenchmarkMetric] = [.wallClock, .instructions, .mallocCountTotal, .peakMemoryResident, .throughput]

    // The timing model alone over 6 minutes of input.
    if let long = try? SyntheticSuite.long(hours: 0.1).generate(seed: 1), let kalman = builtIn(["kalman"]).first {
        Benchmark(
            "replay-long (\(long.sampleCount) samples, kalman, 4 phases)",
            configuration: .init(metrics: metrics, maxDuration: .seconds(5), maxIterations: 50)
        ) { _ in
            var sink = CountingSink()
            Replay.run(trace: long, strategy: kalman, timing: timing, into: &sink)
            blackHole(sink.tipSum)
        }
    }

    // Every figure from recorded frames: what FigureAccumulator and the search cost.
    if let trace = try? SyntheticSuite.long(hours: 0.01).generate(seed: 1), let kalman = builtIn(["kalman"]).first {
        var list = FrameList()
        Replay.run(trace: trace, strategy: kalman, timing: timing, into: &list)
        let frames = list.frames
        let truth = TraceTruth(trace)
        Benchmark(
            "metrics-pass (\(frames.count) frames of \(trace.sampleCount) samples, kalman)",
            configuration: .init(metrics: metrics, maxDuration: .seconds(5), maxIterations: 200)
        ) { _ in
            var accumulator = FigureAccumulator(truth: truth)
            for frame in frames { accumulator.consume(frame, tail: nil) }
            blackHole(accumulator.finish().perceivedLatencyTenthsMs)
        }
    }

    // The whole default run on one core: replay, 5 strategies, 4 phases, every figure.
    if let traces = try? SyntheticSuite.default.generate(seed: 1) {
        let strategies = builtIn(StrategyCatalog.defaultNames)
        let count = traces.reduce(0) { $0 + $1.sampleCount }
        Benchmark(
            "default-run (\(count) samples, \(strategies.count) strategies, 1 core)",
            configuration: .init(metrics: metrics, maxDuration: .seconds(5), maxIterations: 500)
        ) { _ in
            let results = await BenchRunner.run(traces: traces, strategies: strategies, timing: timing, maxConcurrency: 1)
            blackHole(results.count)
        }
    }

    // The 10-hour trace for memory: opt-in only.
    if tenHours {
        Benchmark(
            "memory-10h (8.6 M samples, every strategy, frames off)",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], warmupIterations: 0,
                maxDuration: .seconds(1), maxIterations: 1)
        ) { _ in
            guard let trace = try? SyntheticSuite.long(hours: 10).generate(seed: 1) else { return }
            let strategies = builtIn(StrategyCatalog.defaultNames)
            let results = await BenchRunner.run(traces: [trace], strategies: strategies, timing: timing)
            blackHole(results.count)
        }
    }
}
