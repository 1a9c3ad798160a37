import Dispatch
import InkPrediction
import InkReplay
import InkTraces

/// Computes every figure of a run from its frames as the replay produces them, keeping only
/// a few numbers per frame (benchmark model, sections 5 to 8).
///
/// ```swift
/// let truth = TraceTruth(trace)
/// var acc = FigureAccumulator(truth: truth)
/// Replay.run(trace: trace, strategy: strategy, timing: timing, into: &acc)
/// let figures = acc.finish()
/// ```
public struct FigureAccumulator: FrameSink {
    /// Frames with the pen slower than this (mm/s) are not *moving*.
    public static let movingSpeedMMPerS = 10.0
    /// The overshoot window: the pen's path over the last this-many seconds.
    public static let overshootWindow = 0.25

    let truths: [GroundTruth]
    /// The trace's truth, for the perceived-latency search (its bounds).
    let truth: TraceTruth
    /// ``truths`` without counted references (``/InkTraces/GroundTruth/Unowned``), for the per-frame
    /// work: valid while ``truths`` is kept.
    private let views: [GroundTruth.Unowned]
    /// The in-stroke frames: the moving ones feed the perceived-latency search, all of them the
    /// overshoot figures.
    var inStrokeFrames = OvershootFrames()
    var horizonsMs: [Double] = []
    var frames = 0, inStroke = 0, predicted = 0
    var leadSum = 0.0, leadSquares = 0.0, crossSquares = 0.0, lagSum = 0.0
    var wrongDirection = 0, directionFrames = 0
    var jitterSquares = 0.0, jitterCount = 0
    var endSum = 0.0, endMax = 0.0, endPairs = 0
    // The pair (phase, stroke) being read and its state.
    var pairPhase = -1, pairStroke = -1, pairHasAfterLift = false
    /// The pair's after-lift frames that show a prediction, each with its overshoot's bound;
    /// the exact overshoots are computed when the pair closes, only where a bound can raise
    /// the pair's largest.
    var pairEnds: [(bound: Double, qx: Double, qy: Double, tau: Double, hint: OvershootFrames.Hint)] = []
    var previousIndex = Int.min, previousTipX = 0.0, previousTipY = 0.0
    var previousErrorX = 0.0, previousErrorY = 0.0, previousInStroke = false
    /// The most threads ``finish(fullGrid:)`` may use (1: this one alone). With 2 or more, and at
    /// least ``splitFrames`` in-stroke frames, it runs its two largest parts, the
    /// perceived-latency search and the overshoot selection, side by side (see
    /// ``finish(fullGrid:)``); the figures are the same to the bit either way.
    public var jobs = 1
    /// The fewest in-stroke frames for which ``finish(fullGrid:)`` splits its work over two
    /// threads when ``jobs`` allows; below it, handing a part to another thread (tens of
    /// microseconds) would cost about as much as it saves. Tests lower it to exercise the split.
    public var splitFrames = FigureAccumulator.defaultSplitFrames
    /// ``splitFrames``' default: 2,000 in-stroke frames (about 33 s of pen movement at 60 Hz,
    /// one phase). The two parts then take a few milliseconds each (at about 0.5 µs per frame
    /// and pass, a search of some 40 passes), about a hundred times a thread's hand-over.
    public static let defaultSplitFrames = 2_000

    public init(truth: TraceTruth) {
        self.truth = truth
        truths = truth.strokes
        views = truths.map(\.unowned)
    }

    public mutating func consume(_ frame: Frame, tail: [PenPoint]?) {
        if frame.phase != pairPhase || frame.stroke != pairStroke {
            closePair()
            pairPhase = frame.phase
            pairStroke = frame.stroke
            previousIndex = Int.min
        }
        frames += 1
        if frame.predicted {
            predicted += 1
            horizonsMs.append(frame.horizon * 1000)
        }
        let tau = frame.photonTime
        let qx = frame.tipX, qy = frame.tipY
        let follows = previousIndex == frame.index - 1
        switch frame.kind {
        case .afterLift:
            pairHasAfterLift = true
            if frame.predicted {
                let hint = OvershootFrames.hint(tipTime: frame.tipTime, photonTime: tau)
                pairEnds.append((OvershootFrames.bound(views[frame.stroke], qx, qy, tau, hint: hint), qx, qy, tau, hint))
            }
            previousInStroke = false
        case .inStroke:
            inStroke += 1
            // The pen's position and velocity at tau, and the overshoot's bound over the window
            // that ends there, with one evaluation of the path at tau for both.
            let hint = OvershootFrames.hint(tipTime: frame.tipTime, photonTime: tau)
            let pv = OvershootFrames.positionVelocityAndBound(views[frame.stroke], qx, qy, tau, hint: hint)
            let ex = qx - pv.x, ey = qy - pv.y
            if follows && previousInStroke {
                let jx = ex - previousErrorX, jy = ey - previousErrorY
                jitterSquares += jx * jx + jy * jy
                jitterCount += 1
            }
            let v = (x: pv.vx, y: pv.vy)
            let speed = (v.x * v.x + v.y * v.y).squareRoot()
            let moving = speed >= FigureAccumulator.movingSpeedMMPerS
            inStrokeFrames.append(
                moving: moving, stroke: frame.stroke, photonTime: tau, tipX: qx, tipY: qy, tipTime: frame.tipTime,
                hint: hint, bound: pv.bound)
            if moving {
                let ux = v.x / speed, uy = v.y / speed
                let a = ex * ux + ey * uy
                let c = -ex * uy + ey * ux
                leadSum += a
                leadSquares += a * a
                crossSquares += c * c
                lagSum += (ex * ex + ey * ey).squareRoot()
                if follows {
                    directionFrames += 1
                    if (qx - previousTipX) * ux + (qy - previousTipY) * uy < 0 { wrongDirection += 1 }
                }
            }
            previousErrorX = ex
            previousErrorY = ey
            previousInStroke = true
        }
        previousIndex = frame.index
        previousTipX = qx
        previousTipY = qy
    }

    /// The overshoot of `frame` (mm): the distance from its tip to the pen's path over the
    /// last ``overshootWindow`` before its photon time, looked for first around the time the
    /// tip stands for (``/InkReplay/Frame/tipTime``).
    public static func overshoot(_ frame: Frame, truth: GroundTruth) -> Double {
        let tau = frame.photonTime
        let hint = OvershootFrames.hint(tipTime: frame.tipTime, photonTime: tau)
        return withExtendedLifetime(truth) {
            OvershootFrames.overshoot(truth.unowned, frame.tipX, frame.tipY, tau, hint: hint)
        }
    }

    /// Closes the (phase, stroke) pair being read: its end overshoot is the largest overshoot
    /// of its predicted after-lift frames (0 if none), searched in falling order of their
    /// bounds until no bound exceeds the largest found.
    mutating func closePair() {
        if pairHasAfterLift {
            pairEnds.sort { $0.bound > $1.bound }
            var end = 0.0
            for p in pairEnds {
                guard p.bound > end else { break }
                end = max(end, OvershootFrames.overshoot(views[pairStroke], p.qx, p.qy, p.tau, hint: p.hint))
            }
            endSum += end
            endMax = max(endMax, end)
            endPairs += 1
        }
        pairHasAfterLift = false
        pairEnds.removeAll(keepingCapacity: true)
    }

    /// Reserves room for about `frames` open frames, so that a long trace's per-frame figures
    /// grow without reallocation and without spare capacity (memory, not results).
    public mutating func reserveCapacity(frames: Int) {
        horizonsMs.reserveCapacity(frames)
        inStrokeFrames.reserveCapacity(frames)
    }

    /// The frames the perceived-latency search uses.
    public var latencyFrames: LatencyFrames { inStrokeFrames.moving }

    /// Finishes the figures. `latencyRemovedTenthsMs` and `remainingLagRatio` need `none`'s
    /// figures and are filled afterwards by the caller that has them (InkBenchKit's
    /// `TraceFigures.relate(toNone:)`).
    ///
    /// Its two largest parts, the perceived-latency search and the overshoot selection, run
    /// side by side when ``jobs`` is 2 or more and the run has at least ``splitFrames``
    /// in-stroke frames, one after the other otherwise (``scoring(fullGrid:)``: the same
    /// figures, to the bit).
    public mutating func finish(fullGrid: Bool = false) -> TraceFigures {
        let scoring = scoring(fullGrid: fullGrid)
        if jobs > 1 && inStroke >= splitFrames {
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                if part == 0 { scoring.runLatency() } else { scoring.runOvershoot() }
            }
        } else {
            scoring.runLatency()
            scoring.runOvershoot()
        }
        // The frames back (their overshoot bounds refined), for ``latencyFrames``.
        swap(&inStrokeFrames, &scoring.frames)
        return scoring.figures()
    }

    /// Ends the run (its frames all consumed) and hands over its scoring:
    /// ``FigureAccumulator/Scoring/runLatency()`` and ``FigureAccumulator/Scoring/runOvershoot()``
    /// may then run on any threads, at once or one after the other, each once, and
    /// ``FigureAccumulator/Scoring/figures()`` gives the figures
    /// ``finish(fullGrid:)`` gives, to the bit. Every other figure is computed here (a few
    /// sums and the horizons' percentile). The in-stroke frames move into the scoring (this
    /// accumulator keeps none), so nothing is copied.
    ///
    /// - Parameter fullGrid: evaluate the perceived-latency cost on the whole grid instead of
    ///   searching it (``PerceivedLatency/fullGrid(_:truths:)``).
    public mutating func scoring(fullGrid: Bool = false) -> Scoring {
        closePair()
        var f = TraceFigures()
        f.frames = frames
        f.inStrokeFrames = inStroke
        let latency = inStrokeFrames.moving
        f.movingFrames = latency.count
        if endPairs > 0 {
            f.endOvershootMeanMM = endSum / Double(endPairs)
            f.endOvershootMaxMM = endMax
        }
        let n = Double(latency.count)
        if latency.count > 0 {
            let mean = leadSum / n
            f.leadMeanMM = mean
            f.leadSDMM = max(0, leadSquares / n - mean * mean).squareRoot()
            f.crossTrackRMSMM = (crossSquares / n).squareRoot()
            f.spatialLagMeanMM = lagSum / n
        }
        if directionFrames > 0 { f.wrongDirectionRate = Double(wrongDirection) / Double(directionFrames) }
        if jitterCount > 0 { f.jitterRMSMM = (jitterSquares / Double(jitterCount)).squareRoot() }
        if !horizonsMs.isEmpty {
            f.horizonMeanMs = horizonsMs.reduce(0, +) / Double(horizonsMs.count)
            f.horizonP95Ms = nearestRankPercentileSelecting(&horizonsMs, 0.95)
        }
        if frames > 0 { f.predictedShare = Double(predicted) / Double(frames) }
        // The selection's frames are moved out (its bounds, which it refines in place, are
        // then not shared, so not copied).
        let scoring = Scoring(figures: f, latency: latency, truth: truth, fullGrid: fullGrid, frames: inStrokeFrames, views: views)
        inStrokeFrames = OvershootFrames()
        return scoring
    }

    /// The perceived-latency search over `latency` (the moving frames) on `truth`, or the full grid.
    static func latencyResult(_ latency: LatencyFrames, truth: TraceTruth, fullGrid: Bool) -> PerceivedLatency.Result? {
        fullGrid
            ? PerceivedLatency.fullGrid(latency, truths: truth.strokes) : PerceivedLatency.search(latency, truth: truth)
    }

    /// A run's scoring after its last frame (``FigureAccumulator/scoring(fullGrid:)``): the
    /// perceived-latency search and the overshoot selection
    /// (the overshoot frames' `percentileAndMaximum`), which may run on two
    /// threads at once: the two read the same truths and frames and write nothing the other
    /// reads (the selection refines the overshoot bounds, which the search never reads), and
    /// each runs exactly the code it runs alone, so the figures are the ones of the two one
    /// after the other, to the bit, in either order.
    ///
    /// Contract: call ``runLatency()`` and ``runOvershoot()`` once each, then ``figures()``
    /// after both have returned, with their writes ordered before it (the thread or task that
    /// ran them has been joined or awaited). It keeps the trace's truth alive.
    ///
    /// ```swift
    /// let scoring = accumulator.scoring()
    /// DispatchQueue.concurrentPerform(iterations: 2) { $0 == 0 ? scoring.runLatency() : scoring.runOvershoot() }
    /// let figures = scoring.figures()
    /// ```
    public final class Scoring: @unchecked Sendable {
        // @unchecked: `runLatency` reads the `let`s and writes `latency`; `runOvershoot` reads
        // `views` and writes `frames` and `overshoot`; `figures()` reads them only after both
        // ended (the contract above orders both threads' writes before it).
        private let base: TraceFigures
        private let latencyFrames: LatencyFrames
        private let truth: TraceTruth
        private let fullGrid: Bool
        private let views: [GroundTruth.Unowned]
        fileprivate var frames: OvershootFrames
        private var latency: PerceivedLatency.Result?
        private var overshoot: (percentile: Double, maximum: Double, searches: Int)?

        fileprivate init(
            figures: TraceFigures, latency: LatencyFrames, truth: TraceTruth, fullGrid: Bool, frames: OvershootFrames,
            views: [GroundTruth.Unowned]
        ) {
            base = figures
            latencyFrames = latency
            self.truth = truth
            self.fullGrid = fullGrid
            self.frames = frames
            self.views = views
        }

        /// The run's in-stroke frames (what the two parts read: the moving ones the search,
        /// all of them the selection).
        public var inStrokeFrames: Int { base.inStrokeFrames }

        /// The perceived-latency search (or the full grid).
        public func runLatency() { latency = FigureAccumulator.latencyResult(latencyFrames, truth: truth, fullGrid: fullGrid) }
        /// The overshoot selection: the 95th percentile and the largest overshoot of the in-stroke frames.
        public func runOvershoot() { overshoot = frames.percentileAndMaximum(0.95, truths: views) }

        /// The run's figures, once both parts ran.
        public func figures() -> TraceFigures {
            var f = base
            if let latency {
                f.perceivedLatencyTenthsMs = latency.tenthsMs
                f.perceivedLatencyAtEdge = latency.atEdge
                f.latencyEvaluations = latency.evaluations
            }
            if let o = overshoot {
                f.overshootP95MM = o.percentile
                f.overshootMaxMM = o.maximum
                f.overshootSearches = o.searches
            }
            return f
        }
    }
}
