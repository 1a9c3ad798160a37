import InkPrediction
import InkReplay
import InkTraces

/// One sequence of points a fixed-horizon evaluation forms windows from: a run of move rows of
/// a touch log, or a stroke of a trace.
///
/// Times are kept in ms as the file gives them (so a 1 ms interval is exactly 1, not
/// 0.9999999 after a round trip through seconds); positions are in the sequence's unit (px for
/// the MobileHCI 2017 logs, mm for traces).
///
/// ```swift
/// let s = HorizonSequence(timesMs: [0, 16, 33], x: [0, 5, 10], y: [0, 0, 0])
/// ```
public struct HorizonSequence: Sendable {
    /// Sample times in ms, never decreasing.
    public var timesMs: [Double]
    /// Positions in the sequence's unit.
    public var x: [Double]
    public var y: [Double]
    /// The stroke these points are the samples of (all of them, in order), for strategies that
    /// replay recorded predictions; `nil` for runs of a touch log.
    public var stroke: Stroke?

    public init(timesMs: [Double], x: [Double], y: [Double], stroke: Stroke? = nil) {
        self.timesMs = timesMs
        self.x = x
        self.y = y
        self.stroke = stroke
    }

    /// The samples of a stroke, in mm and ms.
    public init(stroke: Stroke) {
        self.init(timesMs: stroke.t.map { $0 * 1000 }, x: stroke.x, y: stroke.y, stroke: stroke)
    }

    /// The number of points.
    public var count: Int { timesMs.count }
}

/// How far ahead a fixed-horizon evaluation asks: a number of samples, or a time.
public enum HorizonTarget: Sendable, Hashable, CustomStringConvertible {
    /// The position of the k-th future sample.
    case samples(Int)
    /// The position this many ms after the newest sample (the truth linearly interpolated).
    case milliseconds(Double)

    /// `2 samples`, `33.3 ms`.
    public var description: String {
        switch self {
        case .samples(let k): return "\(k) samples"
        case .milliseconds(let ms): return "\(ms) ms"
        }
    }
}

/// The window rules of a fixed-horizon evaluation. The defaults are the protocol of Henze et
/// al.'s published notebooks (MobileHCI 2017): 11 history points, at least 12 real points from
/// the window's start, the lift position padding a window that runs past the end, windows with
/// an interval under 1 ms dropped, and extrapolation counted in samples (a clock of 16.67 ms
/// per sample here; `bench horizon` uses each pool's median interval).
///
/// ```swift
/// var o = FixedHorizonOptions()
/// o.extrapolation = .time          // feed real timestamps instead of a sample clock
/// try o.validate()
/// ```
public struct FixedHorizonOptions: Sendable, Equatable {
    /// How predictors see time.
    public enum Extrapolation: Sendable, Equatable {
        /// Sample j of a window is fed at `j * intervalMs` and the target is asked at
        /// `(current + k) * intervalMs`: the prediction is counted in samples, as the paper's
        /// `linear` (`p10 + k (p10 - p9)`) is.
        case samples(intervalMs: Double)
        /// Real timestamps; the target is asked at the k-th future sample's time (for a padded
        /// target past the lift, the time the last real interval repeated would give).
        case time
    }

    /// What each window's predictor is fed.
    public enum Feed: Sendable, Equatable {
        /// The window's history points only (a fresh predictor per window).
        case window
        /// Every point from the sequence's start up to the window's current point.
        case sequence
    }

    /// History points per window (the current point is the last of them).
    public var historyCount = 11
    /// Real points needed from the window's start (history plus at least one future point by default).
    public var minimumRealPoints = 12
    /// Pad a window that runs past the sequence's end with its last point (the lift).
    public var padWithLift = true
    /// Drop a window with any interval (ms) below this; `nil` keeps every window.
    public var minimumIntervalMs: Double? = 1
    public var extrapolation = Extrapolation.samples(intervalMs: 1000.0 / 60)
    public var feed = Feed.window

    public init() {}

    /// Checks every value, naming the first bad one with its range.
    public func validate() throws(FixedHorizonError) {
        guard historyCount >= 1, historyCount <= 1000 else {
            throw FixedHorizonError("history = \(historyCount) is invalid: expected a whole number of points from 1 to 1000")
        }
        guard minimumRealPoints >= historyCount + 1, minimumRealPoints <= historyCount + 1000 else {
            throw FixedHorizonError(
                "minimum real points = \(minimumRealPoints) is invalid: expected from history + 1 = \(historyCount + 1) to history + 1000 = \(historyCount + 1000)")
        }
        if let m = minimumIntervalMs, !(m.isFinite && m >= 0) {
            throw FixedHorizonError("minimum interval = \(m) ms is invalid: expected a finite number of ms >= 0")
        }
        if case .samples(let dt) = extrapolation, !(dt.isFinite && dt > 0) {
            throw FixedHorizonError("sample interval = \(dt) ms is invalid: expected a finite number of ms > 0")
        }
    }
}

/// A fixed-horizon option or horizon that cannot be used, with what was expected.
public struct FixedHorizonError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The errors of one strategy at one horizon over a pool of sequences.
public struct HorizonErrorSummary: Sendable, Equatable {
    /// Windows scored.
    public var windows: Int
    /// Windows whose predictor declined (scored with the newest sample, as an app shows).
    public var declined: Int
    /// Windows dropped for an interval under the minimum.
    public var droppedShortInterval: Int
    /// Mean, median and 95th percentile (nearest rank) of the Euclidean error, in the
    /// sequences' unit; `nil` with no window.
    public var meanError: Double?
    public var p50Error: Double?
    public var p95Error: Double?
}

/// Next-point evaluation as papers do it: for each window of a sequence, feed a fresh predictor
/// the history and score how far its prediction `k` samples (or X ms) ahead lands from where
/// the finger or pen really was. No frame pipeline is involved.
///
/// The window rules (``FixedHorizonOptions``) default to the protocol of Henze, Le, Mayer and
/// Schwind (MobileHCI 2017), as their notebooks
/// (github.com/interactionlab/MobileHCI17-Touch-Extrapolation, `LSTM-Test.ipynb`,
/// `loadStudyData`, commit 3bc93c44d0b87464d60eb22a7b5d9227e02a1f4b) compute it: a window of
/// `history + k` points starts at each point; it is kept when at least `minimumRealPoints` of
/// its points are real (else the sequence ended too early), the missing ones being the last
/// point repeated, with times the last interval repeated; it is dropped if any interval is
/// under 1 ms; the current point is the last history point and the target the k-th after it.
///
/// Any ``/InkReplay/Strategy`` works: its predictor is asked for the target's time (the k-th future
/// sample's, or the sample clock's), its horizon cap and gap reset apply, and a declined
/// prediction scores the newest sample. Strategies replaying recorded predictions are fed the
/// stroke from its start, with real times.
///
/// ```swift
/// let s = FixedHorizonEvaluation.evaluate(runs, strategy: .none, horizon: .samples(2), options: FixedHorizonOptions())
/// print(s.meanError ?? .nan, s.windows)
/// ```
public enum FixedHorizonEvaluation {
    /// Scores `strategy` at `horizon` over every window of `sequences`, pooled.
    public static func evaluate(
        _ sequences: [HorizonSequence], strategy: Strategy, horizon: HorizonTarget, options: FixedHorizonOptions
    ) -> HorizonErrorSummary {
        var errors: [Double] = []
        var declined = 0, dropped = 0
        for sequence in sequences {
            scoreSequence(sequence, strategy: strategy, horizon: horizon, options: options) { error, didDecline in
                errors.append(error)
                if didDecline { declined += 1 }
            } dropped: {
                dropped += 1
            }
        }
        return summarize(errors, declined: declined, dropped: dropped)
    }

    /// The summary of a list of errors (mean in list order, nearest-rank percentiles).
    static func summarize(_ errors: [Double], declined: Int, dropped: Int) -> HorizonErrorSummary {
        guard !errors.isEmpty else {
            return HorizonErrorSummary(windows: 0, declined: declined, droppedShortInterval: dropped, meanError: nil, p50Error: nil, p95Error: nil)
        }
        var sum = 0.0
        for e in errors { sum += e }
        let sorted = errors.sorted()
        func rank(_ q: Double) -> Double {
            let r = Int((q * Double(sorted.count)).rounded(.up))
            return sorted[min(max(r, 1), sorted.count) - 1]
        }
        return HorizonErrorSummary(
            windows: errors.count, declined: declined, droppedShortInterval: dropped, meanError: sum / Double(errors.count),
            p50Error: rank(0.5), p95Error: rank(0.95))
    }

    /// A window's point `j` (0-based from the window's start `s`): real, or the last point
    /// repeated with the last interval repeated.
    @inline(__always)
    static func point(_ q: HorizonSequence, _ i: Int) -> (tMs: Double, x: Double, y: Double) {
        let n = q.count
        if i < n { return (q.timesMs[i], q.x[i], q.y[i]) }
        let last = q.timesMs[n - 1]
        let interval = n >= 2 ? last - q.timesMs[n - 2] : 0
        return (last + Double(i - (n - 1)) * interval, q.x[n - 1], q.y[n - 1])
    }

    /// Where window `start`'s target is for `horizon` (its time in ms and true position), or why
    /// the window is not scored there: the window rules' one statement, read by both paths.
    enum WindowOutcome {
        /// Past the sequence's end without padding: not counted.
        case skipped
        /// An interval under the minimum: counted as dropped.
        case dropped
        case scored(WindowTarget)
    }

    /// A window's target: time (ms) and true position.
    struct WindowTarget {
        var timeMs: Double, x: Double, y: Double
    }

    @inline(__always)
    static func windowTarget(_ q: HorizonSequence, start s: Int, horizon: HorizonTarget, options o: FixedHorizonOptions) -> WindowOutcome {
        let n = q.count
        let c = s + o.historyCount - 1  // the current point
        // The target: its time (ms) and true position, and the last window index that counts
        // for the interval rule.
        var targetMs: Double, tx: Double, ty: Double, lastIndex: Int
        switch horizon {
        case .samples(let k):
            let end = s + o.historyCount + k - 1
            if !o.padWithLift && end >= n { return .skipped }
            let p = point(q, end)
            (targetMs, tx, ty, lastIndex) = (p.tMs, p.x, p.y, end)
        case .milliseconds(let ms):
            targetMs = q.timesMs[c] + ms
            if targetMs > q.timesMs[n - 1] {
                if !o.padWithLift { return .skipped }
                (tx, ty, lastIndex) = (q.x[n - 1], q.y[n - 1], n - 1)
            } else {
                var j = c + 1
                while j < n - 1 && q.timesMs[j] < targetMs { j += 1 }
                let span = q.timesMs[j] - q.timesMs[j - 1]
                let w = span > 0 ? (targetMs - q.timesMs[j - 1]) / span : 1
                tx = q.x[j - 1] + w * (q.x[j] - q.x[j - 1])
                ty = q.y[j - 1] + w * (q.y[j] - q.y[j - 1])
                lastIndex = max(j, c + 1)
            }
        }
        if let minimum = o.minimumIntervalMs {
            var previous = point(q, s).tMs
            if lastIndex > s {
                for i in (s + 1)...lastIndex {
                    let t = point(q, i).tMs
                    if t - previous < minimum { return .dropped }
                    previous = t
                }
            }
        }
        return .scored(WindowTarget(timeMs: targetMs, x: tx, y: ty))
    }

    /// The plain path (the oracle of ``tally(_:strategy:horizons:options:)``): every window of
    /// `q` at one horizon, each with a fresh predictor fed sample by sample.
    static func scoreSequence(
        _ q: HorizonSequence, strategy: Strategy, horizon: HorizonTarget, options o: FixedHorizonOptions,
        score: (Double, Bool) -> Void, dropped: () -> Void
    ) {
        let n = q.count
        let h = o.historyCount
        guard n >= o.minimumRealPoints, n >= 2 else { return }
        let usesRecorded = strategy.needsRecordedPredictions
        if usesRecorded && q.stroke == nil { return }
        for s in 0..<n {
            let real = n - s
            guard real >= o.minimumRealPoints else { break }
            let c = s + h - 1  // the current point
            let target: WindowTarget
            switch windowTarget(q, start: s, horizon: horizon, options: o) {
            case .skipped: continue
            case .dropped: dropped(); continue
            case .scored(let t): target = t
            }
            // Feed and ask.
            let clock = FeedClock(q, start: s, sampleIntervalMs: sampleClock(horizon, strategy: strategy, options: o), strategy: strategy, options: o)
            guard let madeFor = q.stroke ?? emptyStroke else { return }
            var predictor = strategy.makePredictor(madeFor)
            var lastFedMs = -Double.infinity
            for i in clock.first...c {
                let p = point(q, i)
                if clock.resets(strategy, before: i, atMs: p.tMs, lastFedMs: lastFedMs) { predictor.reset() }
                predictor.update(clock.fed(q, i))
                lastFedMs = p.tMs
            }
            let (error, declined) = clock.score(predictor, q, current: c, target: target, horizon: horizon, strategy: strategy)
            score(error, declined)
        }
    }

    /// The clock a window's predictor is fed on at `horizon`: a sample clock of this interval
    /// (ms) for sample-count horizons with sample extrapolation, else `nil` (real timestamps).
    static func sampleClock(_ horizon: HorizonTarget, strategy: Strategy, options o: FixedHorizonOptions) -> Double? {
        if case .samples(let dt) = o.extrapolation, !strategy.needsRecordedPredictions, case .samples = horizon { return dt }
        return nil
    }

    /// How a window's predictor sees time, what it is fed and how its answer is scored: the
    /// one statement of the feeding rules, read by both paths.
    struct FeedClock {
        /// The first point fed (the window's start, or the sequence's).
        let first: Int
        /// Subtracted from real times (ms) before they are fed in s.
        let offsetMs: Double
        /// The sample clock's interval (ms), or `nil` for real timestamps.
        let sampleIntervalMs: Double?
        let usesRecorded: Bool

        init(_ q: HorizonSequence, start s: Int, sampleIntervalMs: Double?, strategy: Strategy, options o: FixedHorizonOptions) {
            usesRecorded = strategy.needsRecordedPredictions
            first = (usesRecorded || o.feed == .sequence) ? 0 : s
            offsetMs = usesRecorded ? 0 : q.timesMs[first]
            self.sampleIntervalMs = sampleIntervalMs
        }

        /// Point `i`'s time as fed (s).
        @inline(__always)
        func seconds(_ i: Int, _ tMs: Double) -> Double {
            if let dt = sampleIntervalMs { return Double(i - first) * dt / 1000 }
            return (tMs - offsetMs) / 1000
        }

        /// Whether the strategy's gap reset fires before feeding point `i` (at `tMs`).
        @inline(__always)
        func resets(_ strategy: Strategy, before i: Int, atMs tMs: Double, lastFedMs: Double) -> Bool {
            if let gap = strategy.gapResetMs, i > first, (tMs - lastFedMs) > gap, sampleIntervalMs == nil { return true }
            return false
        }

        /// The sample fed for point `i` (a real point: `i` is at most the current point).
        @inline(__always)
        func fed(_ q: HorizonSequence, _ i: Int) -> PenPoint {
            if usesRecorded, let stroke = q.stroke { return PenPoint(t: stroke.t[i], x: stroke.x[i], y: stroke.y[i]) }
            let p = point(q, i)
            return PenPoint(t: seconds(i, p.tMs), x: p.x, y: p.y)
        }

        /// Asks the fed predictor for the target of the window whose current point is `c`: the
        /// Euclidean error and whether it declined (then the newest sample is scored).
        @inline(__always)
        func score(
            _ predictor: any Predictor, _ q: HorizonSequence, current c: Int, target: WindowTarget, horizon: HorizonTarget, strategy: Strategy
        ) -> (error: Double, declined: Bool) {
            let current = point(q, c)
            let currentT = usesRecorded ? (q.stroke?.t[c] ?? 0) : seconds(c, current.tMs)
            var askT: Double
            if let dt = sampleIntervalMs, case .samples(let k) = horizon {
                askT = Double(c + k - first) * dt / 1000
            } else if usesRecorded {
                askT = currentT + (target.timeMs - current.tMs) / 1000
            } else {
                askT = seconds(c, target.timeMs)
            }
            if let cap = strategy.capMs { askT = min(askT, currentT + cap / 1000) }
            let answer = predictor.predict(at: askT)
            let px = answer?.x ?? current.x, py = answer?.y ?? current.y
            let dx = px - target.x, dy = py - target.y
            return ((dx * dx + dy * dy).squareRoot(), answer == nil)
        }
    }

    /// Scores `strategy` at each of `horizons` over every window of `sequences`, pooled: one
    /// summary per horizon, in order, each the same to the bit as
    /// ``evaluate(_:strategy:horizon:options:)`` at that horizon, for a fraction of the work
    /// (see ``tally(_:strategy:horizons:options:)``).
    public static func evaluate(
        _ sequences: [HorizonSequence], strategy: Strategy, horizons: [HorizonTarget], options: FixedHorizonOptions
    ) -> [HorizonErrorSummary] {
        tally(sequences[...], strategy: strategy, horizons: horizons, options: options).summaries()
    }

    /// What the windows of `sequences` give at each of `horizons`, in window order: the
    /// errors ``evaluate(_:strategy:horizon:options:)`` pools, per horizon. The tallies of
    /// consecutive runs of sequences, appended in order (``HorizonTally/append(_:)``), are the
    /// tally of all of them, so a pool can be scored in parts on several cores.
    ///
    /// Each window's predictor is made and fed once for every horizon that sees the same clock
    /// (all of them, except that sample-count horizons with sample extrapolation see a sample
    /// clock and the others real times), then asked for each horizon's target: the
    /// ``/InkPrediction/Predictor`` contract says asking does not change it, so this is the
    /// same as a fresh predictor per horizon. The history goes in through
    /// ``/InkPrediction/Predictor/update(contentsOf:)`` (between gap resets), so a predictor
    /// whose updates prepare an answer (Android's network) prepares it once per window. Where
    /// every window is fed from the sequence's start (`feed` = `.sequence`, or recorded
    /// predictions), one predictor per clock follows the whole sequence and is fed each point
    /// once. The plain path (`scoreSequence`, a fresh predictor per window and horizon) is kept;
    /// tests compare the two bit for bit.
    public static func tally(
        _ sequences: ArraySlice<HorizonSequence>, strategy: Strategy, horizons: [HorizonTarget], options o: FixedHorizonOptions
    ) -> HorizonTally {
        var tally = HorizonTally(horizons: horizons.count)
        // The horizons by the clock their predictor is fed on, in first-seen order.
        var groups: [(clock: Double?, members: [Int])] = []
        for (j, horizon) in horizons.enumerated() {
            let clock = sampleClock(horizon, strategy: strategy, options: o)
            if let g = groups.firstIndex(where: { $0.clock == clock }) {
                groups[g].members.append(j)
            } else {
                groups.append((clock, [j]))
            }
        }
        var scratch = TallyScratch(horizons: horizons.count, groups: groups.count, history: o.historyCount)
        for q in sequences {
            tallySequence(q, strategy: strategy, horizons: horizons, groups: groups, options: o, into: &tally, scratch: &scratch)
        }
        return tally
    }

    /// Working memory reused from sequence to sequence.
    struct TallyScratch {
        /// Each horizon's outcome for the current window.
        var outcomes: [WindowOutcome]
        /// The samples of one run of feeding (between gap resets).
        var fed: [PenPoint]
        /// Per clock group: the predictor following the sequence, and the last point it was fed.
        var followers: [(predictor: any Predictor, fedThrough: Int, lastFedMs: Double)?]

        init(horizons: Int, groups: Int, history: Int) {
            outcomes = Array(repeating: .skipped, count: horizons)
            fed = []
            fed.reserveCapacity(history)
            followers = Array(repeating: nil, count: groups)
        }
    }

    static func tallySequence(
        _ q: HorizonSequence, strategy: Strategy, horizons: [HorizonTarget], groups: [(clock: Double?, members: [Int])],
        options o: FixedHorizonOptions, into tally: inout HorizonTally, scratch: inout TallyScratch
    ) {
        let n = q.count
        let h = o.historyCount
        guard n >= o.minimumRealPoints, n >= 2 else { return }
        if strategy.needsRecordedPredictions && q.stroke == nil { return }
        guard let madeFor = q.stroke ?? emptyStroke else { return }
        let follows = strategy.needsRecordedPredictions || o.feed == .sequence
        for g in groups.indices { scratch.followers[g] = nil }
        for s in 0..<n {
            guard n - s >= o.minimumRealPoints else { break }
            let c = s + h - 1  // the current point
            for j in horizons.indices {
                let outcome = windowTarget(q, start: s, horizon: horizons[j], options: o)
                if case .dropped = outcome { tally.dropped[j] += 1 }
                scratch.outcomes[j] = outcome
            }
            for (g, group) in groups.enumerated() {
                guard group.members.contains(where: { if case .scored = scratch.outcomes[$0] { true } else { false } }) else { continue }
                let clock = FeedClock(q, start: s, sampleIntervalMs: group.clock, strategy: strategy, options: o)
                var predictor: any Predictor
                var from: Int, lastFedMs: Double
                if follows, let f = scratch.followers[g] {
                    (predictor, from, lastFedMs) = (f.predictor, f.fedThrough + 1, f.lastFedMs)
                    scratch.followers[g] = nil  // keep the predictor's storage unshared while it is fed
                } else {
                    (predictor, from, lastFedMs) = (strategy.makePredictor(madeFor), clock.first, -Double.infinity)
                }
                // Feed from..c in runs between gap resets, as the plain path feeds them one by one.
                scratch.fed.removeAll(keepingCapacity: true)
                if from <= c {
                    for i in from...c {
                        let tMs = point(q, i).tMs
                        if clock.resets(strategy, before: i, atMs: tMs, lastFedMs: lastFedMs) {
                            predictor.update(contentsOf: scratch.fed[...])
                            scratch.fed.removeAll(keepingCapacity: true)
                            predictor.reset()
                        }
                        scratch.fed.append(clock.fed(q, i))
                        lastFedMs = tMs
                    }
                    predictor.update(contentsOf: scratch.fed[...])
                }
                for j in group.members {
                    guard case .scored(let target) = scratch.outcomes[j] else { continue }
                    let (error, declined) = clock.score(predictor, q, current: c, target: target, horizon: horizons[j], strategy: strategy)
                    tally.errors[j].append(error)
                    if declined { tally.declined[j] += 1 }
                }
                if follows { scratch.followers[g] = (predictor, c, lastFedMs) }
            }
        }
        for g in groups.indices { scratch.followers[g] = nil }
    }

    /// A one-sample stroke handed to strategies that ignore the stroke they are made for.
    /// (A stroke needs a sample; this one is never read by the strategies it is given to.)
    static let emptyStroke: Stroke? = try? Stroke(samples: [Sample(t: 0, x: 0, y: 0)])
}

/// The errors of one strategy's windows at several horizons, in window order, with the
/// declined and dropped counts: what ``FixedHorizonEvaluation/tally(_:strategy:horizons:options:)``
/// gives and ``summaries()`` turns into ``HorizonErrorSummary`` values.
public struct HorizonTally: Sendable {
    /// Per horizon: each scored window's Euclidean error, in window order.
    public var errors: [[Double]]
    /// Per horizon: windows whose predictor declined.
    public var declined: [Int]
    /// Per horizon: windows dropped for an interval under the minimum.
    public var dropped: [Int]

    /// An empty tally for `horizons` horizons.
    public init(horizons: Int) {
        errors = Array(repeating: [], count: horizons)
        declined = Array(repeating: 0, count: horizons)
        dropped = Array(repeating: 0, count: horizons)
    }

    /// Appends the tally of the sequences that follow this one's (same horizons).
    public mutating func append(_ other: HorizonTally) {
        precondition(other.errors.count == errors.count, "HorizonTally.append: \(other.errors.count) horizons, expected \(errors.count)")
        for j in errors.indices {
            errors[j] += other.errors[j]
            declined[j] += other.declined[j]
            dropped[j] += other.dropped[j]
        }
    }

    /// One summary per horizon (mean in window order, nearest-rank percentiles).
    public func summaries() -> [HorizonErrorSummary] {
        errors.indices.map(summary)
    }

    /// The summary at horizon `index` (mean in window order, nearest-rank percentiles).
    public func summary(_ index: Int) -> HorizonErrorSummary {
        FixedHorizonEvaluation.summarize(errors[index], declined: declined[index], dropped: dropped[index])
    }
}
