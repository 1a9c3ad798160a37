#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkMetrics
import InkReplay
import InkStrategies
import InkSynthesis
import InkTraces

/// What a benchmark session runs: synthetic specs (generated once per seed when noisy, once
/// when clean), recordings, strategies and a timing.
///
/// ```swift
/// let plan = BenchPlan(specs: SyntheticSuite.default.specs, strategies: try StrategyCatalog.strategies(named: ["none", "linear"]))
/// let outcome = try await BenchSession.run(plan)
/// ```
package struct BenchPlan: Sendable {
    /// Synthetic traces to generate.
    package var specs: [SyntheticSpec]
    /// Recorded traces to replay (seed-independent).
    package var recordings: [Trace]
    /// Seeds for noisy synthetic traces; clean traces and recordings run once.
    package var seeds: [UInt64]
    /// Strategies, in report order.
    package var strategies: [Strategy]
    /// The timing.
    package var timing: Timing
    /// Keep every frame of the first seed (for `frames.csv` and the charts).
    package var keepFrames: Bool
    /// Also keep the frames and predicted tails of these traces (first seed; the charts).
    package var tailsForTraces: Set<String>
    /// Which (trace index, strategy index) work units this process replays (`--shard K/N`);
    /// `nil`: all. Every trace is still generated and listed in the outcome.
    package var owns: (@Sendable (_ traceIndex: Int, _ strategyIndex: Int) -> Bool)? = nil
    /// The most (trace, strategy) runs at once (`--jobs`; 1: one core). The figures do not
    /// depend on it.
    package var jobs = ProcessInfoCores.count

    package init(
        specs: [SyntheticSpec], recordings: [Trace] = [], seeds: [UInt64] = [1], strategies: [Strategy],
        timing: Timing = Timing(), keepFrames: Bool = false, tailsForTraces: Set<String> = []
    ) {
        self.specs = specs
        self.recordings = recordings
        self.seeds = seeds
        self.strategies = strategies
        self.timing = timing
        self.keepFrames = keepFrames
        self.tailsForTraces = tailsForTraces
    }

    /// The (trace, strategy) pairs of trace `traceIndex` this process replays, as positions in
    /// ``strategies``: every strategy, or those of the shard (``owns``).
    package func strategyIndices(forTrace traceIndex: Int) -> [Int] {
        guard let owns else { return Array(strategies.indices) }
        return strategies.indices.filter { owns(traceIndex, $0) }
    }
}

/// The runs of one trace through one strategy, one per seed (one only for a seed-independent trace).
package struct RunGroup: Sendable {
    /// Position of the trace in the session's trace order.
    package var traceIndex: Int
    /// Position of the strategy in the plan's strategy order (its name is each result's
    /// ``RunResult/strategy``).
    package var strategyIndex: Int
    package var trace: String
    /// The trace's input rate (Hz): the spec's for synthetic traces, `1 / median interval` for recordings.
    package var inputRateHz: Double
    /// One result per seed, in seed order.
    package var perSeed: [RunResult]

    package init(traceIndex: Int, strategyIndex: Int, trace: String, inputRateHz: Double, perSeed: [RunResult]) {
        self.traceIndex = traceIndex
        self.strategyIndex = strategyIndex
        self.trace = trace
        self.inputRateHz = inputRateHz
        self.perSeed = perSeed
    }
}

/// What a session produced.
package struct BenchOutcome: Sendable {
    /// Trace names in order (first seed).
    package var traceNames: [String]
    /// One group per (trace, strategy), trace-major.
    package var groups: [RunGroup]
    /// The first seed's traces, in order (for `paths.csv`).
    package var traces: [Trace]
    /// Input samples fed through the timing model: samples x phases, summed over every replay
    /// (including the `none` baseline that runs even when not reported).
    package var samplesReplayed: Int
    /// Wall time of the replays (s).
    package var replaySeconds: Double

    package init(
        traceNames: [String], groups: [RunGroup], traces: [Trace], samplesReplayed: Int, replaySeconds: Double
    ) {
        self.traceNames = traceNames
        self.groups = groups
        self.traces = traces
        self.samplesReplayed = samplesReplayed
        self.replaySeconds = replaySeconds
    }
}

/// Runs a ``BenchPlan``: generates each trace for each seed, replays it through every
/// strategy (spread over the cores) and groups the results by trace and strategy.
/// Deterministic: the same plan gives the same figures to the bit.
package enum BenchSession {
    /// Progress: units done and the total (one unit is one trace for one seed).
    package typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void

    /// The most input samples replayed in one batch of traces (their ground truths, about 150
    /// bytes a sample, are held together): 250,000 samples, about 36 MB. A longer trace is
    /// replayed alone.
    static let batchSamples = 250_000

    /// Runs the plan.
    ///
    /// - Throws: ``/InkTraces/TraceError`` when a synthetic spec is invalid.
    package static func run(_ plan: BenchPlan, progress: Progress? = nil) async throws(TraceError) -> BenchOutcome {
        struct Unit { var traceIndex: Int; var seedIndex: Int; var spec: SyntheticSpec?; var recording: Trace? }
        var units: [Unit] = []
        let seeds = plan.seeds.isEmpty ? [1] : plan.seeds
        for s in seeds.indices {
            for (i, spec) in plan.specs.enumerated() where s == 0 || spec.isNoisy {
                units.append(Unit(traceIndex: i, seedIndex: s, spec: spec, recording: nil))
            }
            if s == 0 {
                for (i, trace) in plan.recordings.enumerated() {
                    units.append(Unit(traceIndex: plan.specs.count + i, seedIndex: 0, spec: nil, recording: trace))
                }
            }
        }
        for spec in plan.specs { try spec.validate() }
        var groups: [String: RunGroup] = [:]
        var order: [String] = []
        var traces: [Trace?] = Array(repeating: nil, count: plan.specs.count + plan.recordings.count)
        var samples = 0
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        // Consecutive units with the same detail and strategies are replayed together (every
        // pair of every trace a unit of work for the cores), up to `batchSamples` input samples
        // so that the batch's ground truths stay small; results are taken in unit order, so the
        // outcome is the one of unit-by-unit replay.
        var batch: [(u: Int, unit: Unit, trace: Trace)] = []
        var batchDetail = RunDetail(), batchStrategies: [Int] = [], batchSize = 0
        func flush() async {
            guard !batch.isEmpty else { return }
            let start = clock.now
            let byTrace = await BenchRunner.runByTrace(
                traces: batch.map(\.trace), strategies: batchStrategies.map { plan.strategies[$0] }, timing: plan.timing, detail: batchDetail, maxConcurrency: plan.jobs)
            elapsed += clock.now - start
            PhaseTimes.shared.mark("replay and score")
            for (b, results) in zip(batch, byTrace) {
                let unit = b.unit, trace = b.trace
                let inputRate = unit.spec?.inputRateHz ?? ((1 / trace.nominalInterval) * 1000).rounded() / 1000
                samples += trace.sampleCount
                for (position, r) in results {
                    let s = batchStrategies[position]
                    let key = "\(unit.traceIndex)\u{1}\(s)"
                    if groups[key] == nil {
                        order.append(key)
                        groups[key] = RunGroup(traceIndex: unit.traceIndex, strategyIndex: s, trace: trace.name, inputRateHz: inputRate, perSeed: [])
                    }
                    groups[key]?.perSeed.append(r)
                }
                progress?(b.u + 1, units.count)
            }
            batch.removeAll()
            batchSize = 0
        }
        for (u, unit) in units.enumerated() {
            let trace: Trace
            if let spec = unit.spec { trace = try spec.generate(seed: seeds[unit.seedIndex]) } else if let r = unit.recording { trace = r } else { continue }
            PhaseTimes.shared.mark("generate traces")
            if unit.seedIndex == 0 { traces[unit.traceIndex] = trace }
            let detail = RunDetail(
                frames: unit.seedIndex == 0 && (plan.keepFrames || plan.tailsForTraces.contains(trace.name)),
                tailsForTraces: unit.seedIndex == 0 ? plan.tailsForTraces : [])
            let sharded = plan.owns != nil
            let strategies = plan.strategyIndices(forTrace: unit.traceIndex)
            // A shard's units differ in strategies: each is replayed alone.
            if !batch.isEmpty && (sharded || detail != batchDetail || batchSize + trace.sampleCount > Self.batchSamples) {
                await flush()
            }
            if sharded && strategies.isEmpty {
                progress?(u + 1, units.count)
                continue
            }
            batch.append((u, unit, trace))
            batchDetail = detail
            batchStrategies = strategies
            batchSize += trace.sampleCount
            if sharded { await flush() }
        }
        await flush()
        let sorted = order.compactMap { groups[$0] }.sorted {
            ($0.traceIndex, $0.strategyIndex) < ($1.traceIndex, $1.strategyIndex)
        }
        let kept = traces.compactMap { $0 }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return BenchOutcome(
            traceNames: kept.map(\.name), groups: sorted, traces: kept,
            samplesReplayed: samples, replaySeconds: seconds)
    }
}

extension BenchSession {
    /// Replays one trace of an outcome again, keeping its frames and predicted tails (the
    /// charts' trace when it is chosen after the run); its figures are the same to the bit.
    package static func keepTails(of traceIndex: Int, in outcome: inout BenchOutcome, plan: BenchPlan) async {
        guard outcome.traces.indices.contains(traceIndex) else { return }
        let trace = outcome.traces[traceIndex]
        let results = await BenchRunner.runByTrace(
            traces: [trace], strategies: plan.strategies, timing: plan.timing,
            detail: RunDetail(frames: true, tailsForTraces: [trace.name]))
        for (s, r) in results.first ?? [] {
            guard let g = outcome.groups.firstIndex(where: { $0.traceIndex == traceIndex && $0.strategyIndex == s }),
                !outcome.groups[g].perSeed.isEmpty
            else { continue }
            outcome.groups[g].perSeed[0].frames = r.frames
            outcome.groups[g].perSeed[0].tails = r.tails
        }
    }
}

extension BenchOutcome {
    /// The timing line of this outcome: the synthetic input rate when synthetic traces ran, and
    /// the recordings' own rates (1 / median interval) when recordings ran.
    package func timingSummary(_ timing: Timing) -> String {
        let synthetic = traces.contains { $0.source == "synthetic" }
        let rates = traces.filter { $0.source != "synthetic" }.map { 1 / $0.nominalInterval }
        return timing.summary(synthetic: synthetic || traces.isEmpty, recordingRatesHz: rates)
    }
}
