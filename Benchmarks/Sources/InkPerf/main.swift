// inkperf: the measurements of issue 7 that a per-iteration benchmark framework does not show
// well. Every command prints plain text; timings are medians of repeated runs.
//
//   inkperf figures                 every figure of every run, full precision (diff it across changes)
//   inkperf throughput [--runs N] [--default-only]   whole default run (and a 6-minute trace) on one core: input samples/s
//   inkperf growth                  time against trace length and strategy count (1x, 10x, 100x)
//   inkperf cores [--runs N]        1 core against 2: speed-up, and byte-identical figures
//   inkperf memory [--hours H]      the long synthetic trace, all strategies, frames off: peak RSS
//   inkperf parts [--runs N]        the default run split: replay, replay into the figures, finish, latency searches
//   inkperf evaluations             perceived-latency search: its work per run, in full-cost evaluations
//   inkperf predictors              each built-in predictor's update + predict: ns per sample
//   inkperf end-to-end [--runs N] [--bench PATH]   the release bench process on issue 18's 19,300-sample trace: wall, cpu, peak RSS
//   inkperf android-forward [--runs N] [--calls N]   Android's model, forward pass alone: µs per call, CPU time and wall
//   inkperf readers FILE... [--runs N] [--scale S]   the recording readers: MB/s, byte reader and text oracle, warm cache
//   inkperf strategies [--counts 50,100,200,1000] [--runs N] [--bench PATH]   the release bench process against the strategy count
//   inkperf all                     predictors, throughput, growth, cores, evaluations (not memory)
import Foundation
import InkMetrics
import InkPrediction
import InkReplay
import InkSession
import InkStrategies
import InkSynthesis
import InkTraces
import PredictorDrive

/// Fails with a message on standard error and exit code 2.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("inkperf: \(message)\n".utf8))
    exit(2)
}

/// Seconds of a monotonic clock.
func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// The median of `values` (the lower middle for an even count).
func median(_ values: [Double]) -> Double {
    values.isEmpty ? 0 : quantile(sorted: values.sorted(), 0.5)
}

/// The process's peak resident set size in bytes (VmHWM on Linux, ru_maxrss elsewhere).
func peakRSSBytes() -> Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            if let kb = digits.first { return kb * 1024 }
        }
    }
    #if os(Linux)
    return 0
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)
    #endif
}

/// Every figure of `r` (each field of `TraceFigures.fields` but the search diagnostics), in
/// their order, each `Double` with all 17 significant digits.
func dump(_ r: RunResult) -> String {
    let f = r.figures
    var parts = [r.trace, r.strategy, String(r.samples)]
    for field in TraceFigures.fields where !field.diagnostic {
        switch field.storage {
        case .count(let k): parts.append(String(f[keyPath: k]))
        case .optionalCount(let k): parts.append(f[keyPath: k].map(String.init) ?? "-")
        case .flag(let k): parts.append(f[keyPath: k] ? "edge" : "in")
        case .number(let k): parts.append(f[keyPath: k].map { String(format: "%.17g", $0) } ?? "-")
        }
    }
    return parts.joined(separator: " | ")
}

/// The built-in strategies that need no recorded predictions, in report order.
func builtInStrategies() -> [Strategy] {
    do { return try StrategyCatalog.strategies(named: StrategyCatalog.defaultNames) } catch {
        fail("strategies: \(error)")
    }
}

func generate(_ specs: [SyntheticSpec], seed: UInt64 = 1) -> [Trace] {
    do { return try SyntheticSuite(name: "perf", specs: specs).generate(seed: seed) } catch { fail("\(error)") }
}

/// Runs synchronously on the calling thread's view (blocks until the async runner finishes).
func runBlocking(
    traces: [Trace], strategies: [Strategy], timing: Timing = Timing(), cores: Int
) -> [RunResult] {
    let box = ResultBox()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let r = await BenchRunner.run(traces: traces, strategies: strategies, timing: timing, maxConcurrency: cores)
        box.set(r)
        done.signal()
    }
    done.wait()
    return box.get()
}

/// Hands results from the runner's task to the waiting thread.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [RunResult] = []
    func set(_ r: [RunResult]) { lock.lock(); results = r; lock.unlock() }
    func get() -> [RunResult] { lock.lock(); defer { lock.unlock() }; return results }
}

/// Times `body` `runs` times; returns the median seconds and the last result.
func timed<T>(runs: Int, _ body: () -> T) -> (seconds: Double, result: T) {
    let (times, last) = timings(runs: runs, body)
    return (median(times), last)
}

/// Times `body` `runs` times; returns every time (s), in run order, and the last result.
func timings<T>(runs: Int, _ body: () -> T) -> (times: [Double], result: T) {
    var times: [Double] = []
    var last: T? = nil
    for _ in 0..<max(1, runs) {
        let t0 = now()
        let r = body()
        times.append(now() - t0)
        last = r
    }
    guard let last else { fail("no run") }
    return (times, last)
}

/// The `f` quantile (0...1, nearest rank below) of `s`, sorted and not empty: `s[⌊f (n - 1)⌋]`.
func quantile(sorted s: [Double], _ f: Double) -> Double {
    s[min(s.count - 1, max(0, Int((f * Double(s.count - 1)).rounded(.down))))]
}

func option(_ name: String, _ args: [String], default value: Double) -> Double {
    guard let i = args.firstIndex(of: name) else { return value }
    guard i + 1 < args.count, let v = Double(args[i + 1]) else { fail("\(name) needs a number") }
    return v
}

// MARK: - Commands

/// The traces whose figures `figures` dumps: the default suite, the section 11 straight line,
/// a few minutes of the long trace, a circle and a jittered, quantised S-curve.
func figureTraces() -> [Trace] {
    var specs = SyntheticSuite.default.specs
    specs.append(SyntheticSuite.straightLine)
    specs.append(SyntheticSuite.long(hours: 0.02))
    var circle = SyntheticSpec(name: "circle", shape: .circle(radiusMM: 10, turns: 2), duration: 1.2)
    circle.noiseMM = 0.02
    specs.append(circle)
    var rough = SyntheticSpec.sCurve(name: "s-curve rough", duration: 0.8)
    rough.jitterMs = 1.5
    rough.quantumMM = 0.1
    rough.noiseMM = 0.03
    rough.strokes = 3
    specs.append(rough)
    return generate(specs)
}

func figures() {
    let traces = figureTraces()
    var strategies = builtInStrategies()
    do {
        strategies += [
            try StrategyCatalog.strategy(named: "kalman", ["sigma_p": 0.05, "cap_ms": 12]),
            try StrategyCatalog.strategy(named: "linear", ["cap_ms": 8, "gap_ms": 3]),
        ]
    } catch { fail("\(error)") }
    for (name, timing) in [("ipad-60", Timing.preset(named: "ipad-60")), ("ipad-promotion", Timing.preset(named: "ipad-promotion"))] {
        guard let timing else { fail("no preset \(name)") }
        print("# \(name)")
        for r in runBlocking(traces: traces, strategies: strategies, timing: timing, cores: 1) { print(dump(r)) }
    }
}

func throughput(_ args: [String]) {
    let runs = Int(option("--runs", args, default: 21))
    let traces = generate(SyntheticSuite.default.specs)
    let strategies = builtInStrategies()
    let samples = traces.reduce(0) { $0 + $1.sampleCount }
    _ = runBlocking(traces: traces, strategies: strategies, cores: 1)  // warm up
    // The process's CPU time per run as well (one core works; the waiting thread sleeps): on a
    // shared host the wall clock also counts the time other processes held the core.
    var cpuTimes: [Double] = []
    let (times, _) = timings(runs: runs) { () -> [RunResult] in
        let c0 = processCPUSeconds()
        let r = runBlocking(traces: traces, strategies: strategies, cores: 1)
        cpuTimes.append(processCPUSeconds() - c0)
        return r
    }
    let cpuSorted = cpuTimes.sorted()
    let cpuMedian = quantile(sorted: cpuSorted, 0.5)
    print(
        "whole default run, 1 core, CPU time: \(fmt(cpuMedian * 1000, 3)) ms (median of \(runs)) = \(fmt(Double(samples) / cpuMedian, 0))"
            + " input samples per CPU second; fastest \(fmt(cpuSorted[0] * 1000, 3)) ms = \(fmt(Double(samples) / cpuSorted[0], 0))")
    let sorted = times.sorted()
    let s = quantile(sorted: sorted, 0.5), fastest = sorted[0]
    let ms = { (f: Double) in fmt(quantile(sorted: sorted, f) * 1000, 3) }
    print(
        "whole default run, 1 core, \(strategies.count) strategies x 4 phases, every figure: \(samples) input samples"
            + " in \(fmt(s * 1000, 3)) ms (median of \(runs)) = \(fmt(Double(samples) / s, 0)) input samples/s;"
            + " fastest \(fmt(fastest * 1000, 3)) ms = \(fmt(Double(samples) / fastest, 0)) input samples/s")
    print("  spread (ms): p0 \(ms(0)) p10 \(ms(0.1)) p25 \(ms(0.25)) p50 \(ms(0.5)) p75 \(ms(0.75)) p90 \(ms(0.9)) p100 \(ms(1))")
    if s > 1.3 * fastest {
        // On a shared host the same build runs in two modes, about 1.6x apart, for seconds to
        // minutes at a time (docs/performance.md): a median well above the fastest run says
        // the core was shared for part of this reading.
        print("  the median is \(fmt(s / fastest, 2))x the fastest run: the core was shared for part of these runs; rerun for a quiet median")
    }
    if args.contains("--default-only") { return }
    let long = generate([SyntheticSuite.long(hours: 0.1)])
    let longSamples = long[0].sampleCount
    let (sl, _) = timed(runs: max(3, runs / 4)) { runBlocking(traces: long, strategies: strategies, cores: 1) }
    print(
        "long trace (6 min), 1 core, same pipeline: \(longSamples) input samples in \(fmt(sl * 1000, 1)) ms"
            + " = \(fmt(Double(longSamples) / sl, 0)) input samples/s")
}

func growth(_ args: [String]) {
    let runs = Int(option("--runs", args, default: 5))
    let strategies = builtInStrategies()
    print("trace length (long S-curve trace, \(strategies.count) strategies, 1 core):")
    var base = 0.0
    for (i, hours) in [0.005, 0.05, 0.5].enumerated() {
        let traces = generate([SyntheticSuite.long(hours: hours)])
        let n = traces[0].sampleCount
        let (s, _) = timed(runs: i == 2 ? max(1, runs / 2) : runs) { runBlocking(traces: traces, strategies: strategies, cores: 1) }
        if i == 0 { base = s }
        print(
            "  \(["1x", "10x", "100x"][i]): \(n) samples: \(fmt(s * 1000, 1)) ms, \(fmt(s / base, 1))x time,"
                + " \(fmt(s / Double(n) * 1e9, 0)) ns per sample")
    }
    print("strategy count (medium S-curve x 10 strokes, kalman variants, 1 core; none always runs):")
    var medium = SyntheticSpec.sCurve(name: "medium x10", duration: 0.8)
    medium.noiseMM = 0.05
    medium.strokes = 10
    let traces = generate([medium])
    base = 0
    for (i, count) in [1, 10, 100].enumerated() {
        var list: [Strategy] = []
        do {
            for j in 0..<count { list.append(try StrategyCatalog.strategy(named: "kalman", ["sigma_p": 0.01 + 0.001 * Double(j)])) }
        } catch { fail("\(error)") }
        let (s, _) = timed(runs: runs) { runBlocking(traces: traces, strategies: list, cores: 1) }
        if i == 0 { base = s }
        print("  \(["1x", "10x", "100x"][i]): \(count) strategies: \(fmt(s * 1000, 2)) ms, \(fmt(s / base, 1))x time")
    }
}

func cores(_ args: [String]) {
    let runs = Int(option("--runs", args, default: 7))
    var specs = SyntheticSuite.default.specs
    for k in 0..<4 {
        var spec = SyntheticSuite.long(hours: 0.01)
        spec.name = "long part \(k)"
        specs.append(spec)
    }
    let traces = generate(specs)
    let strategies = builtInStrategies()
    let samples = traces.reduce(0) { $0 + $1.sampleCount }
    let (one, r1) = timed(runs: runs) { runBlocking(traces: traces, strategies: strategies, cores: 1) }
    let (two, r2) = timed(runs: runs) { runBlocking(traces: traces, strategies: strategies, cores: 2) }
    let same = r1.map(dump) == r2.map(dump)
    print(
        "\(traces.count) traces x \(strategies.count) strategies, \(samples) samples: 1 core \(fmt(one * 1000, 1)) ms,"
            + " 2 cores \(fmt(two * 1000, 1)) ms (medians of \(runs)): speed-up \(fmt(one / two, 2))x;"
            + " figures byte-identical: \(same ? "yes" : "NO")")
    if !same { exit(1) }
}

func memory(_ args: [String]) {
    let hours = option("--hours", args, default: 10)
    let t0 = now()
    let traces = generate([SyntheticSuite.long(hours: hours)])
    let generated = now()
    let strategies = builtInStrategies()
    let results = runBlocking(traces: traces, strategies: strategies, cores: ProcessInfoCores.count)
    let t1 = now()
    let rss = peakRSSBytes()
    print(
        "\(fmt(hours, 2)) h trace: \(traces[0].sampleCount) samples in \(traces[0].strokes.count) strokes;"
            + " \(strategies.count) strategies, frames off, \(ProcessInfoCores.count) cores: generated in"
            + " \(fmt(generated - t0, 1)) s, run in \(fmt(t1 - generated, 1)) s;"
            + " peak RSS \(fmt(Double(rss) / 1_048_576, 0)) MiB")
    for r in results { print("  " + dump(r)) }
}

func evaluations() {
    let traces = generate(SyntheticSuite.default.specs)
    let results = runBlocking(traces: traces, strategies: builtInStrategies(), cores: 1)
    var total = 0
    for r in results {
        total += r.figures.latencyEvaluations
        print("\(r.trace) | \(r.strategy) | \(r.figures.movingFrames) moving frames | \(r.figures.latencyEvaluations) evaluations")
    }
    print("total grid evaluations: \(total) (the full grid: \(results.count * 2501))")
}

func predictors(_ args: [String]) {
    let count = Int(option("--samples", args, default: 2_000_000))
    let runs = Int(option("--runs", args, default: 7))
    let samples: [PenPoint]
    do { samples = try PredictorDrive.samples() } catch { fail("\(error)") }
    func report<P: Predictor>(_ name: String, count: Int = count, _ make: () -> P) {
        var sink = 0.0
        let (s, _) = timed(runs: runs) {
            var predictor = make()
            sink += PredictorDrive.run(&predictor, samples, count: count)
        }
        print("\(name): \(fmt(s / Double(count) * 1e9, 1)) ns per sample (update + predict; median of \(runs) x \(count))  [\(sink.isNaN ? "" : "")]")
    }
    report("none") { NoPredictor() }
    report("linear") { LinearPredictor() }
    report("quadratic") { QuadraticPredictor() }
    report("kalman") { KalmanPredictor() }
    report("jetpack") { JetpackKalmanPredictor() }
    report("ink-modeler") { InkModelerKalmanPredictor() }
    report("ink-modeler-end") { InkModelerStrokeEndPredictor() }
    report("linear-resampling") { LinearResamplingPredictor() }
    report("flutter-resampler") { FlutterResamplerPredictor() }
    report("oneeuro+kalman") { OneEuroFilteredPredictor(base: KalmanPredictor(), filter: OneEuroFilter.Parameters()) }
    // The learned model costs about 10,000 times more per sample: fewer samples.
    if let model = PredictorDrive.androidModel() {
        report("android", count: max(1, count / 100)) { AndroidMotionPredictor(model: model) }
    } else {
        print("android: skipped (no Datasets/models/android-motion-predictor/motion_predictor_model.tflite)")
    }
    report("braking") { BrakingPredictor() }
    report("control+braking") { HorizonController(inner: BrakingPredictor()) }
    report("lead+braking") { LeadLearner(inner: BrakingPredictor()) }
}

/// The process's CPU time (s), all threads.
func processCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// This thread's CPU time (s): what the forward pass costs when the core is shared.
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Android's forward pass alone (AndroidMotionModel.predict), on the windows of the predictor
/// drive's stroke: µs per call as this thread's CPU time (clock_gettime(CLOCK_THREAD_CPUTIME_ID);
/// on a shared host the wall clock also counts the time other processes held the core) and as
/// wall time; median and fastest of `--runs` runs of `--calls` calls.
func androidForward(_ args: [String]) {
    let runs = Int(option("--runs", args, default: 9))
    let calls = Int(option("--calls", args, default: 20_000))
    guard let model = PredictorDrive.androidModel() else {
        print("android-forward: skipped (no Datasets/models/android-motion-predictor/motion_predictor_model.tflite)")
        return
    }
    // The model's inputs along the drive's stroke (r in device px at 10.8 px/mm, φ, pressure 1).
    let samples: [PenPoint]
    do { samples = try PredictorDrive.samples() } catch { fail("\(error)") }
    var windows: [AndroidMotionModel.Window] = []
    for i in 5..<samples.count {
        var w = AndroidMotionModel.Window()
        for k in 0..<5 {
            let a = samples[i - 5 + k], b = samples[i - 4 + k]
            let dx = (b.x - a.x) * 10.8, dy = (b.y - a.y) * 10.8
            w.r[k] = Float((dx * dx + dy * dy).squareRoot())
            w.phi[k] = Float(0.01 * Double(k))
            w.pressure[k] = 1
        }
        windows.append(w)
    }
    var sink: Float = 0
    for w in windows.prefix(200) { sink += model.predict(w).r[0] }   // warm up
    var cpu: [Double] = [], wall: [Double] = []
    for _ in 0..<max(1, runs) {
        let c0 = threadCPUSeconds(), w0 = now()
        for j in 0..<calls { sink += model.predict(windows[j % windows.count]).r[4] }
        let w1 = now(), c1 = threadCPUSeconds()
        cpu.append((c1 - c0) / Double(calls) * 1e6)
        wall.append((w1 - w0) / Double(calls) * 1e6)
    }
    let sc = cpu.sorted(), sw = wall.sorted()
    print(
        "android forward pass: \(fmt(median(cpu), 2)) µs CPU per call (median of \(runs) x \(calls); fastest \(fmt(sc[0], 2)),"
            + " slowest \(fmt(sc[sc.count - 1], 2))); wall \(fmt(median(wall), 2)) µs (fastest \(fmt(sw[0], 2)))"
            + (sink.isNaN ? " NaN" : ""))
}

func fmt(_ v: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", locale: Locale(identifier: "en_US_POSIX"), v)
}

let args = Array(CommandLine.arguments.dropFirst())
switch args.first ?? "all" {
case "parts": parts(args)
case "figures": figures()
case "throughput": throughput(args)
case "growth": growth(args)
case "cores": cores(args)
case "memory": memory(args)
case "evaluations": evaluations()
case "predictors": predictors(args)
case "end-to-end": endToEnd(args)
case "android-forward": androidForward(args)
case "readers": readers(args)
case "strategies": strategyScaling(args)
case "gates":
    // The allocation gate's threshold files, one per predict-* suite (AllocationGate).
    guard args.count == 2 else { fail("usage: inkperf gates DIR") }
    do { print("wrote \(try AllocationGate.write(into: args[1]).count) threshold files to \(args[1])") } catch { fail("gates: \(args[1]): \(error)") }
case "all":
    predictors(args)
    throughput(args)
    growth(args)
    cores(args)
    evaluations()
default: fail("unknown command '\(args[0])'; known: figures, gates, readers, throughput, growth, cores, memory, evaluations, predictors, end-to-end, android-forward, strategies, parts, all")
}
