// Shared by every format harness (built into each by scripts/fuzz.sh): takes a trace that a
// reader accepted through the rest of the path to figures, as `bench` does: validate the
// timing, replay one strategy (with the chart's predicted tails), score it against the
// ground truth, and check what must hold of any accepted input.
import InkImport
import InkMetrics
import InkPrediction
import InkReplay
import InkStrategies
import InkTraces

/// The frames a replay of `trace` gives at most at 60 Hz and 4 phases (from stroke durations).
func fuzzFrameEstimate(_ trace: Trace) -> Double {
    trace.strokes.reduce(0.0) { $0 + ($1.duration * 60 + 2) * 4 }
}

/// Collects frames and checks each one's tail.
struct FuzzSink: FrameSink {
    var accumulator: FigureAccumulator
    var frames = 0
    mutating func consume(_ frame: Frame, tail: [PenPoint]?) {
        frames += 1
        if let tail, tail.count > Replay.maxTailPoints { fatalError("a predicted tail of \(tail.count) points") }
        if !frame.startTime.isFinite || !frame.photonTime.isFinite { fatalError("a frame time is not finite") }
        accumulator.consume(frame, tail: tail)
    }
}

/// Replays and scores `trace` with `strategyName` (kalman by default), checking the frames stay
/// within the bound the input limits give. Traces whose replay would pass `maxFrames` frames
/// are read and checked but not replayed, to keep each execution short (the bound on a real
/// run is InputLimits', not this).
func fuzzReplayAndScore(_ trace: Trace, strategyName: String = "kalman", maxFrames: Double = 200_000) {
    for stroke in trace.strokes {
        if stroke.duration > InputLimits.strokeDurationS { fatalError("a stroke of \(stroke.duration) s was accepted") }
        for t in stroke.t where !InputLimits.timestampS.contains(t) { fatalError("a timestamp \(t) s was accepted") }
    }
    if !InputLimits.nominalIntervalS.contains(trace.nominalInterval) { fatalError("nominal interval \(trace.nominalInterval) accepted") }
    guard fuzzFrameEstimate(trace) <= maxFrames else { return }
    guard let strategy = try? StrategyCatalog.strategy(named: strategyName) else { fatalError("no strategy \(strategyName)") }
    let timing = Timing()
    do { try timing.validate() } catch { fatalError("the default timing is invalid") }
    var sink = FuzzSink(accumulator: FigureAccumulator(truth: TraceTruth(trace)))
    Replay.run(trace: trace, strategy: strategy, timing: timing, tails: true, into: &sink)
    if Double(sink.frames) > fuzzFrameEstimate(trace) + 8 { fatalError("\(sink.frames) frames, more than the bound") }
    _ = sink.accumulator.finish()
}

/// Stops the fuzzer when a reader's byte path and its text oracle (`readOracle`) disagree on an
/// input: a trace one way and an error the other, different errors (message, file, line), or
/// traces whose trace CSV (every value's shortest round-trip text) or notices differ.
func fuzzSameAsOracle(_ name: String, read: () throws(ImportError) -> Trace, oracle: () throws(ImportError) -> Trace) {
    let a: Result<Trace, ImportError>, b: Result<Trace, ImportError>
    do { a = .success(try read()) } catch { a = .failure(error) }
    do { b = .success(try oracle()) } catch { b = .failure(error) }
    switch (a, b) {
    case (.success(let x), .success(let y)):
        if TraceCSVWriter.write(x) != TraceCSVWriter.write(y) || x.notices != y.notices {
            fatalError("\(name): the byte reader's trace differs from the oracle's")
        }
    case (.failure(let x), .failure(let y)):
        if x != y { fatalError("\(name): the byte reader's error differs from the oracle's: \(x) / \(y)") }
    case (.success, .failure(let y)):
        fatalError("\(name): the byte reader read a file the oracle rejects: \(y)")
    case (.failure(let x), .success):
        fatalError("\(name): the byte reader rejects a file the oracle reads: \(x)")
    }
}
