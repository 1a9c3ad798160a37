import InkMetrics
import InkPrediction
import InkReplay
import InkTraces

/// The order in which a batch's units of work run on the cores (``BenchRunner``'s concurrent
/// path), and nothing else: every unit computes what it computes alone, so the figures do not
/// depend on it.
///
/// The units: each trace's ground truth (``TraceTruth``), its paths; the search's bounds
/// on those paths (`TraceTruth.deriveBounds()`), which need the paths; each
/// (trace, strategy) pair's replay, which feeds its frames to the scoring as they come
/// (``FigureAccumulator``) and needs the paths only; and, for a pair with at least
/// `splitFrames` in-stroke frames, its two scoring parts, the perceived-latency search and
/// the overshoot selection (``/InkMetrics/FigureAccumulator/Scoring``), each a unit of its
/// own that needs the replay (and the search the bounds). A smaller pair is scored by its
/// replay's unit (a hand-over costs tens of microseconds, its parts well under a
/// millisecond) when its trace's bounds were derived before the replay started; otherwise
/// its parts are units too. So the replays of a one-hour recording of one stroke start while
/// one core derives its bounds (hundreds of milliseconds), where both used to wait.
///
/// Up to `slots` units run at once, one child task each. When a slot frees, the next unit is,
/// in this order of preference:
/// 1. a ground truth (trace order): it makes the pairs of its trace ready;
/// 2. a truth's bounds (trace order): they make its pairs' searches ready;
/// 3. a replay (pair order), while fewer than `slots` pairs are replaying or waiting for
///    scoring parts, or the waiting pairs hold fewer than ``openFrames`` in-stroke frames in
///    all (each holds its frames: a one-hour recording's are tens of MB a pair, a short
///    one's well under one; so a long recording holds as many pairs' frames at once as the
///    cores, as when each pair was one task);
/// 4. a perceived-latency search, the longest part (pair order, once its bounds are derived);
/// 5. an overshoot selection (pair order).
///
/// Replays before scoring parts keep the longest chain, a replay and then its search, from
/// starting last; the selections, shorter, fill the cores at the end. No unit asks for
/// threads beyond its slot (the one exception: a lone trace's truth, built when nothing else
/// can run, uses up to `slots` threads for a long path's tables). A lone trace of at least
/// `slots` strokes has its truth built in parts instead, each part's bounds with its paths.
enum RunSchedule {
    /// The in-stroke frames that pairs waiting for their scoring parts may hold in all (about
    /// 10 MB) and still let another replay start when `slots` pairs are open: short
    /// recordings then replay every pair before scoring any, so that the longest chain, a
    /// replay and its search, does not start last.
    static let openFrames = 250_000

    /// What a unit hands back.
    enum Done: Sendable {
        /// A trace's truth, its bounds not yet derived.
        case truth(trace: Int, TraceTruth)
        /// A trace's bounds derived.
        case bounds(trace: Int)
        /// Part `part` of a lone trace's truth: the truths of a run of its strokes, their
        /// bounds derived (and kept with their paths).
        case truthPart(trace: Int, part: Int, [GroundTruth])
        /// A pair replayed and scored by its replay's unit.
        case scored(pair: Int, RunResult)
        /// A pair replayed; its scoring parts are to run.
        case replayed(pair: Int, Replayed)
        /// One scoring part of a pair ran.
        case part(pair: Int)
    }

    /// A replayed pair waiting for its scoring parts.
    struct Replayed: Sendable {
        var scoring: FigureAccumulator.Scoring
        var kept: BenchRunner.Kept
    }

    /// Runs the pairs `pairs` of `traces` through `strategies` on up to `slots` child tasks;
    /// one result per pair, in `pairs`' order (nil for none).
    static func run(
        pairs: [(trace: Int, strategy: Int)], traces: [Trace], strategies: [Strategy], timing: Timing, detail: RunDetail,
        slots: Int, splitFrames: Int
    ) async -> [RunResult?] {
        var results = [RunResult?](repeating: nil, count: pairs.count)
        var truths = [TraceTruth?](repeating: nil, count: traces.count)
        var pairsOfTrace = [[Int]](repeating: [], count: traces.count)
        for (j, pair) in pairs.enumerated() { pairsOfTrace[pair.trace].append(j) }
        // Ready units, each queue in its order; `open` counts pairs replaying or waiting for parts.
        // A lone trace of several strokes: its truth in `slots` parts of whole strokes.
        let parts = traces.count == 1 ? truthParts(traces[0], slots: slots) : []
        var truthQueue = Queue(parts.isEmpty ? traces.indices.filter { !pairsOfTrace[$0].isEmpty } : [])
        var partQueue = Queue(parts.isEmpty || pairsOfTrace[0].isEmpty ? [] : Array(parts.indices))
        var partTruths = [[GroundTruth]?](repeating: nil, count: parts.count), partsLeft = parts.count
        var boundsQueue = Queue<Int>([]), replayQueue = Queue<Int>([]), latencyQueue = Queue<Int>([]), overshootQueue = Queue<Int>([])
        var waiting: [Int: (replayed: Replayed, parts: Int)] = [:]
        var open = 0, waitingFrames = 0
        // Per trace: whether its bounds are derived, and its replayed pairs whose searches wait for them.
        var boundsReady = [Bool](repeating: false, count: traces.count)
        var searchesWaiting = [[Int]](repeating: [], count: traces.count)
        let truthJobs = traces.count == 1 ? slots : 1
        await withTaskGroup(of: Done.self) { group in
            var running = 0
            /// Starts the preferred ready unit; false when none may start.
            func startNext() -> Bool {
                if let k = partQueue.pop() {
                    let strokes = traces[0].strokes[parts[k]]
                    group.addTask {
                        let truths = PhaseTimes.shared.span("truth 0 part \(k)") {
                            let truths = strokes.map { $0.groundTruth() }
                            _ = TraceTruth(strokes: truths)  // derives the bounds, kept with the paths
                            return truths
                        }
                        return .truthPart(trace: 0, part: k, truths)
                    }
                } else if let t = truthQueue.pop() {
                    let trace = traces[t]
                    group.addTask {
                        let truth = PhaseTimes.shared.span("truth \(t)") {
                            TraceTruth(deferringBounds: trace.strokes.map { $0.groundTruth(jobs: truthJobs) })
                        }
                        return .truth(trace: t, truth)
                    }
                } else if let t = boundsQueue.pop() {
                    guard let truth = truths[t] else { preconditionFailure("bounds are ready only once their truth is") }
                    group.addTask {
                        PhaseTimes.shared.span("bounds \(t)") { truth.deriveBounds() }
                        return .bounds(trace: t)
                    }
                } else if open < slots || waitingFrames < openFrames, let j = replayQueue.pop() {
                    open += 1
                    let pair = pairs[j]
                    let trace = traces[pair.trace], strategy = strategies[pair.strategy]
                    guard let truth = truths[pair.trace] else { preconditionFailure("a pair is ready only once its truth is") }
                    // Scored here only with the bounds already derived (else its search would derive them again).
                    let split = boundsReady[pair.trace] ? splitFrames : 0
                    group.addTask {
                        replayUnit(pair: j, trace: trace, truth: truth, strategy: strategy, timing: timing, detail: detail, splitFrames: split)
                    }
                } else if let j = latencyQueue.pop() {
                    guard let scoring = waiting[j]?.replayed.scoring else { preconditionFailure("a part is ready only once its replay is") }
                    let name = strategies[pairs[j].strategy].name
                    group.addTask { PhaseTimes.shared.span("latency \(name)") { scoring.runLatency() }; return .part(pair: j) }
                } else if let j = overshootQueue.pop() {
                    guard let scoring = waiting[j]?.replayed.scoring else { preconditionFailure("a part is ready only once its replay is") }
                    let name = strategies[pairs[j].strategy].name
                    group.addTask { PhaseTimes.shared.span("overshoot \(name)") { scoring.runOvershoot() }; return .part(pair: j) }
                } else {
                    return false
                }
                running += 1
                return true
            }
            while running < slots && startNext() {}
            for await done in group {
                running -= 1
                switch done {
                case .truth(let t, let truth):
                    truths[t] = truth
                    boundsQueue.push(t)
                    for j in pairsOfTrace[t] { replayQueue.push(j) }
                case .bounds(let t):
                    boundsReady[t] = true
                    for j in searchesWaiting[t] { latencyQueue.push(j) }
                    searchesWaiting[t] = []
                case .truthPart(let t, let k, let strokes):
                    partTruths[k] = strokes
                    partsLeft -= 1
                    if partsLeft == 0 {
                        // Every stroke's bounds are derived: this only gathers them.
                        truths[t] = TraceTruth(strokes: partTruths.flatMap { $0 ?? [] })
                        boundsReady[t] = true
                        for j in pairsOfTrace[t] { replayQueue.push(j) }
                    }
                case .scored(let j, let result):
                    results[j] = result
                    open -= 1
                case .replayed(let j, let replayed):
                    waiting[j] = (replayed, 2)
                    waitingFrames += replayed.scoring.inStrokeFrames
                    if boundsReady[pairs[j].trace] { latencyQueue.push(j) } else { searchesWaiting[pairs[j].trace].append(j) }
                    overshootQueue.push(j)
                case .part(let j):
                    guard let w = waiting[j] else { preconditionFailure("a part of a pair that is not waiting") }
                    if w.parts > 1 {
                        waiting[j]?.parts -= 1
                    } else {
                        waiting[j] = nil
                        open -= 1
                        waitingFrames -= w.replayed.scoring.inStrokeFrames
                        results[j] = w.replayed.kept.result(w.replayed.scoring.figures())
                    }
                }
                while running < slots && startNext() {}
            }
        }
        return results
    }

    /// How a lone trace's truth is cut into parts for `slots` units: runs of whole strokes of
    /// about equal sample counts, one per slot; none (one unit, whose long paths' tables may
    /// use `slots` threads) when the trace has fewer strokes than that or one slot.
    static func truthParts(_ trace: Trace, slots: Int) -> [Range<Int>] {
        let strokes = trace.strokes
        guard slots > 1 && strokes.count >= slots else { return [] }
        let total = max(1, trace.sampleCount)
        var parts: [Range<Int>] = []
        var start = 0, samples = 0
        for (i, stroke) in strokes.enumerated() {
            samples += stroke.count
            let left = strokes.count - i - 1, partsLeft = slots - parts.count - 1
            // Close the part at its share of the samples, leaving a stroke for each part after it.
            if partsLeft > 0 && (samples * slots >= total * (parts.count + 1) || left == partsLeft) {
                parts.append(start..<(i + 1))
                start = i + 1
            }
        }
        parts.append(start..<strokes.count)
        return parts
    }

    /// A pair's replay unit: replays it, and scores it too unless it has at least
    /// `splitFrames` in-stroke frames (then its parts are units of their own; 0 splits every pair).
    static func replayUnit(
        pair j: Int, trace: Trace, truth: TraceTruth, strategy: Strategy, timing: Timing, detail: RunDetail, splitFrames: Int
    ) -> Done {
        let replayed = PhaseTimes.shared.span("replay \(strategy.name)") {
            var run = BenchRunner.replay(trace: trace, truth: truth, strategy: strategy, timing: timing, detail: detail)
            return Replayed(scoring: run.accumulator.scoring(), kept: run.kept)
        }
        let scoring = replayed.scoring
        guard scoring.inStrokeFrames < splitFrames else { return .replayed(pair: j, replayed) }
        PhaseTimes.shared.span("score \(strategy.name)") {
            scoring.runLatency()
            scoring.runOvershoot()
        }
        return .scored(pair: j, replayed.kept.result(scoring.figures()))
    }

    /// A first-in, first-out queue read from its head.
    struct Queue<Element> {
        private var items: [Element]
        private var head = 0
        init(_ items: [Element]) { self.items = items }
        mutating func push(_ item: Element) { items.append(item) }
        mutating func pop() -> Element? {
            guard head < items.count else { return nil }
            head += 1
            return items[head - 1]
        }
    }
}
