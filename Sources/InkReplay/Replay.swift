import InkPrediction
import InkTraces

/// Receives the frames of a replay, in order: stroke by stroke, phase by phase, frame by frame.
public protocol FrameSink {
    /// One open frame of one stroke. `tail` holds the predicted tail when asked for.
    mutating func consume(_ frame: Frame, tail: [PenPoint]?)
}

/// The timing model (benchmark model, section 4): replays a trace through a strategy as an
/// app at a given frame rate would see it.
///
/// For phase `j` of `N` the frame clock is `f_k = f_0 + k / frameRate` with
/// `f_0 = t_first + (j + 0.5) / N · P`, `P = min(nominal input interval, 1 / frameRate)`.
/// At `f_k` the app receives every sample with `t_i + Lin <= f_k`, feeding each to the
/// stroke's own fresh predictor (resetting it first after a gap over the strategy's limit).
/// The pen-up arrives at the first `f_k >= t_end + Lin`; from then on the stroke shows no
/// prediction and its frames are not reported. A predictor whose
/// ``/InkPrediction/Predictor/carriesAcrossStrokes`` is `true` is then fed the stroke's remaining
/// samples and asked to ``/InkPrediction/Predictor/endStroke(_:)`` each frame clock's memory, which
/// the same frame clock's next stroke of the trace starts with (benchmark model, section 4a); every
/// other predictor's frame clocks start each stroke afresh. Every frame in between is *open*: the
/// predictor is asked for `T_k = min(tau_k, t_last + cap)`, `tau_k = f_k + Ldisp`, and the
/// tip is its answer or, if it declines, the newest sample. The predictor also gets `f_k` and
/// `tau_k` (``/InkPrediction/Predictor/predict(at:frameStartTime:photonTime:)``); a resampler
/// (``/InkPrediction/FrameTimedPredictor``) answers from them, and its answer's time is recorded as the frame's
/// target (the time the tip stands for). Each phase's frame clock also keeps the predictor's
/// frame memory (``/InkPrediction/Predictor/FrameMemory``, `Void` but for Android's resampler,
/// which remembers its last resample), passed to each of that phase's frames in order and
/// started afresh at a reset.
///
/// Every phase feeds the same samples to its predictor, and asking a predictor does not change
/// it (``/InkPrediction/Predictor``'s contract), so the phases of a stroke share one predictor: one pass over
/// the samples answers every phase's frames as their samples arrive, with the answers a fresh
/// predictor per phase would give, for a quarter of the updates at 4 phases.
///
/// ```swift
/// var recorder = FrameRecorder()
/// Replay.run(trace: trace, strategy: .none, timing: Timing(), into: &recorder)
/// ```
public enum Replay {
    /// Replays `trace` through `strategy` under `timing`, sending every open frame to `sink`.
    ///
    /// - Parameters:
    ///   - trace: the strokes to replay (s, mm).
    ///   - strategy: the predictor and its own limits (horizon cap, gap reset).
    ///   - timing: the frame clock, latencies (ms) and phases; its cap combines with the
    ///     strategy's as the smaller of the two.
    ///   - tails: also compute each frame's predicted tail: the predictor's answers at
    ///     `t_last + j · interval` (`j = 1, 2, ...`) before `T_k`, then at `T_k` (for charts).
    ///   - sink: receives every open frame, stroke by stroke, then phase by phase.
    @inlinable
    public static func run<Sink: FrameSink>(
        trace: Trace, strategy: Strategy, timing: Timing, tails: Bool = false, into sink: inout Sink
    ) {
        run(trace: trace, strategy: strategy, timing: timing, tails: tails, heldFramesLimit: maxHeldFrames, into: &sink)
    }

    /// ``run(trace:strategy:timing:tails:into:)`` with the most frames held for the later
    /// phases of one stroke set (``maxHeldFrames`` there): the tests set it low to compare the
    /// phase-by-phase replay with the shared one. The frames and their order do not depend on it.
    @inlinable
    static func run<Sink: FrameSink>(
        trace: Trace, strategy: Strategy, timing: Timing, tails: Bool, heldFramesLimit: Int, into sink: inout Sink
    ) {
        let frameInterval = 1 / timing.frameRateHz
        let period = min(trace.nominalInterval, frameInterval)
        let lin = timing.inputLatencySeconds
        let ldisp = timing.displayLatencySeconds
        let gap = strategy.gapResetMs.map { $0 / 1000 }
        let tFirst = trace.startTime
        let replayTiming = ReplayTiming(
            f0s: (0..<timing.phases).map { tFirst + (Double($0) + 0.5) / Double(timing.phases) * period },
            frameRate: timing.frameRateHz, lin: lin, ldisp: ldisp, capMs: strategy.capMs(under: timing), gap: gap,
            tailStep: tails ? trace.nominalInterval : nil, pressureDelay: timing.pressureDelayMs / 1000,
            heldFramesLimit: heldFramesLimit)
        var later = LaterPhases()
        // Each frame clock's memory at the end of the previous stroke, for a predictor that
        // carries it across strokes (``/InkPrediction/Predictor/carriesAcrossStrokes``); `nil` otherwise.
        var carried: Any? = nil
        for (s, stroke) in trace.strokes.enumerated() {
            // The built-in predictors by their own types, so that the stroke's loop is compiled
            // for each (and for the sink) rather than dispatched through the protocol per sample.
            let predictor = strategy.makePredictor(stroke)
            if let p = predictor as? ChromiumKalmanPredictor {
                replayStroke(stroke, index: s, predictor: p, replayTiming, later: &later, carried: &carried, sink: &sink)
            } else if let p = predictor as? KalmanPredictor {
                replayStroke(stroke, index: s, predictor: p, replayTiming, later: &later, carried: &carried, sink: &sink)
            } else if let p = predictor as? BrakingPredictor {
                replayStroke(stroke, index: s, predictor: p, replayTiming, later: &later, carried: &carried, sink: &sink)
            } else if let p = predictor as? QuadraticPredictor {
                replayStroke(stroke, index: s, predictor: p, replayTiming, later: &later, carried: &carried, sink: &sink)
            } else if let p = predictor as? LinearPredictor {
                replayStroke(stroke, index: s, predictor: p, replayTiming, later: &later, carried: &carried, sink: &sink)
            } else if let p = predictor as? NoPredictor {
                replayStroke(stroke, index: s, predictor: p, replayTiming, later: &later, carried: &carried, sink: &sink)
            } else {
                replayStroke(stroke, index: s, predictor: predictor, replayTiming, later: &later, carried: &carried, sink: &sink)
            }
        }
    }

    /// The first frame number `k >= 0` with `f0 + k / rate >= time`, clamped to
    /// `0...maxFrameIndex`: times too large for a frame number (or not a number) give the
    /// clamp instead of trapping, and the correction loops take a bounded number of steps, so a
    /// time where `f0 + k / rate` no longer changes with `k` cannot hang it.
    @inlinable
    static func firstFrame(atOrAfter time: Double, f0: Double, rate: Double) -> Int {
        let estimate = ((time - f0) * rate).rounded(.up) - 1
        var k = estimate.isNaN ? 0 : Int(min(max(estimate, 0), Double(maxFrameIndex)))
        var steps = 0
        while steps < 16 && k < maxFrameIndex && f0 + Double(k) / rate < time {
            k += 1
            steps += 1
        }
        steps = 0
        while steps < 16 && k > 0 && f0 + Double(k - 1) / rate >= time {
            k -= 1
            steps += 1
        }
        return k
    }

    /// The largest frame number ``firstFrame(atOrAfter:f0:rate:)`` gives (2^52, where a
    /// `Double` still counts whole frames).
    @usableFromInline static let maxFrameIndex = 1 << 52

    /// The most frames one stroke gives one phase at `frameRateHz`: a stroke lasts at most
    /// ``/InkTraces/InputLimits/strokeDurationS`` (readers and synthetic specs enforce it), so a longer run
    /// of frames can only come from an unvalidated trace, and is cut there.
    @inlinable
    static func maxFramesPerStroke(frameRateHz: Double) -> Int {
        let frames = (InputLimits.strokeDurationS + 1) * frameRateHz + 2
        return frames.isFinite && frames < 1e12 ? Int(frames) : 1_000_000_000_000
    }

    /// Above this many frames held for the later phases of one stroke, the stroke is replayed
    /// phase by phase instead (each phase with the predictor reset), so memory stays with what
    /// the sink keeps. The frames, their order and their values are the same either way.
    /// A held frame takes 128 bytes, so this is 8 MiB per run (two runs at once on 2 cores);
    /// at 60 Hz and 4 phases it is a stroke of about 6 minutes. Above it the later phases cost
    /// their own predictor updates (a few ns per sample each), not their frames' memory: the
    /// one-hour stroke of `Benchmarks/inputs/hour.suite` held 648,000 frames (83 MB) per run.
    @usableFromInline static let maxHeldFrames = 1 << 16

    /// The most points of a frame's predicted tail (`tail(_:newest:step:target:_:)`):
    /// past `15 · interval` ahead of the newest sample (a long pause without a horizon cap, or
    /// a tiny nominal interval), the tail's points are spread evenly to the target instead, so
    /// a tail costs the same at every frame however long the pen rests.
    public static let maxTailPoints = 16

    /// What the timing model fixes for every stroke of a replay: each phase's `f_0` (s), the
    /// frame rate (Hz), the input and display latencies and the gap-reset limit (s), the horizon
    /// cap (ms: ``Strategy/capMs(under:)``), and the tails' step (s) when tails are asked for.
    @usableFromInline
    struct ReplayTiming {
        @usableFromInline var f0s: [Double]
        @usableFromInline let frameRate: Double, lin: Double, ldisp: Double
        @usableFromInline let capMs: Double?, gap: Double?, tailStep: Double?
        /// ``Timing/pressureDelayMs`` in s.
        @usableFromInline let pressureDelay: Double
        /// The phase number of `f0s[0]` (non-zero when a stroke is replayed phase by phase).
        @usableFromInline var phaseBase = 0
        /// The most frames held for the later phases of one stroke (``Replay/maxHeldFrames``).
        @usableFromInline let heldFramesLimit: Int
        @inlinable
        init(
            f0s: [Double], frameRate: Double, lin: Double, ldisp: Double, capMs: Double?, gap: Double?, tailStep: Double?,
            pressureDelay: Double = 0, heldFramesLimit: Int = Replay.maxHeldFrames
        ) {
            self.pressureDelay = pressureDelay
            self.heldFramesLimit = heldFramesLimit
            self.f0s = f0s
            self.frameRate = frameRate
            self.lin = lin
            self.ldisp = ldisp
            self.capMs = capMs
            self.gap = gap
            self.tailStep = tailStep
        }
    }

    /// The frames of phases 1 and up of the stroke being replayed, held until phase 0's are
    /// sent, in phase order (each phase's frame count is known before the stroke starts); the
    /// buffers are reused from stroke to stroke.
    @usableFromInline
    struct LaterPhases {
        @usableFromInline var frames: [Frame] = []
        @usableFromInline var tails: [[PenPoint]?] = []
        @inlinable init() {}
    }

    /// One phase's frame clock over the stroke being replayed.
    @usableFromInline
    struct PhaseClock {
        /// `f_0` (s).
        @usableFromInline let f0: Double
        /// The next frame, and the frame the pen-up arrives at.
        @usableFromInline var k: Int, kUp: Int
        /// The samples fed up to the previous frame (where this frame's received range starts).
        @usableFromInline var received = 0
        /// Where frame `k` is held in ``LaterPhases``: `k + slot`.
        @usableFromInline var slot = 0
        @inlinable init(f0: Double, k: Int, kUp: Int, slot: Int) {
            self.f0 = f0
            self.k = k
            self.kUp = kUp
            self.slot = slot
        }
    }

    /// Replays one stroke in every phase with one predictor. The phases feed the predictor the
    /// same samples in the same order (the gap reset depends on the samples alone) and
    /// ``/InkPrediction/Predictor/predict(at:)`` does not change it, so one pass over the samples, answering
    /// each phase's frames as their samples arrive, gives what a fresh predictor per phase
    /// would, for one phase's updates. Frames go to `sink` phase by phase.
    @inlinable
    static func replayStroke<P: Predictor, Sink: FrameSink>(
        _ stroke: Stroke, index s: Int, predictor: P, _ timing: ReplayTiming, later: inout LaterPhases,
        carried: inout Any?, sink: inout Sink
    ) {
        let f0s = timing.f0s, frameRate = timing.frameRate, lin = timing.lin
        let ldisp = timing.ldisp, capMs = timing.capMs, gap = timing.gap, tailStep = timing.tailStep
        var predictor = predictor
        // Checked once per stroke: a resampler (``/InkPrediction/FrameTimedPredictor``) answers for the
        // frame's times, and its answer's time is the time the tip stands for.
        let frameTimed = predictor.answersForFrameTimes
        let n = stroke.count
        let tEnd = stroke.t[n - 1]
        var clocks: [PhaseClock] = []
        clocks.reserveCapacity(f0s.count)
        // What each frame clock remembers from its previous frames (a resampler's last answer;
        // `Void` for every other predictor), per phase, fresh at a reset. A predictor that
        // carries it across strokes starts with the previous stroke's, as its `endStroke` left it.
        let carries = predictor.carriesAcrossStrokes
        var memories = [P.FrameMemory](repeating: predictor.initialFrameMemory, count: f0s.count)
        if carries, let previous = carried as? [P.FrameMemory], previous.count == f0s.count { memories = previous }
        var held = 0
        let maxFrames = maxFramesPerStroke(frameRateHz: frameRate)
        for (j, f0) in f0s.enumerated() {
            let k = firstFrame(atOrAfter: stroke.t[0] + lin, f0: f0, rate: frameRate)
            let kUp = min(firstFrame(atOrAfter: tEnd + lin, f0: f0, rate: frameRate), k + maxFrames)
            clocks.append(PhaseClock(f0: f0, k: k, kUp: kUp, slot: held - k))
            if j > 0 { held += max(0, kUp - k) }
        }
        if held > timing.heldFramesLimit && f0s.count > 1 {
            // Too many frames to hold for the later phases: one phase at a time instead.
            for (j, f0) in f0s.enumerated() {
                var single = timing
                single.f0s = [f0]
                single.phaseBase = timing.phaseBase + j
                var fresh = predictor
                fresh.reset()
                var mine: Any? = carries ? [memories[j]] : nil
                replayStroke(stroke, index: s, predictor: fresh, single, later: &later, carried: &mine, sink: &sink)
                if carries, let kept = (mine as? [P.FrameMemory])?.first { memories[j] = kept }
            }
            if carries { carried = memories }
            return
        }
        let phaseBase = timing.phaseBase
        // Taken out of `later` (and put back after) so that the loop holds them alone.
        var heldFrames: [Frame] = [], heldTails: [[PenPoint]?] = []
        swap(&heldFrames, &later.frames)
        swap(&heldTails, &later.tails)
        heldFrames.removeAll(keepingCapacity: true)
        heldTails.removeAll(keepingCapacity: true)
        if held > 0 {
            let blank = Frame(
                phase: 0, stroke: s, index: 0, startTime: 0, photonTime: 0, targetTime: 0, reachTime: 0,
                newest: stroke.point(0),
                newestIndex: 0, received: 0..<0, tipX: 0, tipY: 0, predicted: false, kind: .inStroke)
            heldFrames.append(contentsOf: repeatElement(blank, count: held))
            if tailStep != nil { heldTails.append(contentsOf: repeatElement(nil, count: held)) }
        }
        // The samples some phase's last open frame receives: the rest of the stroke (what
        // arrives only with the pen-up) is not fed, as no phase would have fed it.
        var lastFrame = -Double.infinity
        for clock in clocks where clock.k < clock.kUp {
            lastFrame = max(lastFrame, clock.f0 + Double(clock.kUp - 1) / frameRate)
        }
        var fed = n
        while fed > 0 && !(stroke.t[fed - 1] + lin <= lastFrame) { fed -= 1 }
        // A predictor that carries its memory across strokes is also fed the rest once the
        // pen-up has arrived (after every frame), so that `endStroke` judges the whole stroke.
        let feedEnd = carries ? n : fed
        var next = 0
        // The newest sample whose own pressure is visible (``Timing/pressureDelayMs``).
        var visiblePressure = 0
        let pressureDelay = timing.pressureDelay
        while true {
            // Every frame that starts before sample `next` arrives (all of them, after the last
            // sample fed).
            let arrival = next < fed ? stroke.t[next] + lin : Double.infinity
            if next > 0 {
                let newest = stroke.point(next - 1)
                for j in clocks.indices {
                    var clock = clocks[j]
                    while clock.k < clock.kUp {
                        let fk = clock.f0 + Double(clock.k) / frameRate
                        guard fk < arrival else { break }
                        let tau = fk + ldisp
                        let target = capMs.map { min(tau, newest.t + $0 / 1000) } ?? tau
                        let prediction = predictor.predict(at: target, frameStartTime: fk, photonTime: tau, memory: &memories[j])
                        // A resampler's answer stands for its own sample time, not the target.
                        let shown = frameTimed ? (prediction?.t ?? target) : target
                        let frame = Frame(
                            phase: phaseBase + j, stroke: s, index: clock.k, startTime: fk, photonTime: tau, targetTime: shown,
                            reachTime: prediction != nil && !frameTimed ? predictor.reach(at: target) : shown, newest: newest,
                            newestIndex: next - 1, received: clock.received..<next,
                            tipX: prediction?.x ?? newest.x, tipY: prediction?.y ?? newest.y,
                            predicted: prediction != nil, kind: tau > tEnd ? .afterLift : .inStroke)
                        var tail: [PenPoint]? = nil
                        if let step = tailStep, let prediction {
                            tail = Replay.tail(predictor, newest: newest.t, step: step, target: shown, prediction)
                        }
                        if j == 0 {
                            sink.consume(frame, tail: tail)
                        } else {
                            heldFrames[clock.k + clock.slot] = frame
                            if tailStep != nil { heldTails[clock.k + clock.slot] = tail }
                        }
                        clock.received = next
                        clock.k += 1
                    }
                    clocks[j] = clock
                }
            }
            guard next < feedEnd else { break }
            if let gap, next > 0, stroke.t[next] - stroke.t[next - 1] > gap {
                predictor.reset()
                for j in memories.indices { memories[j] = predictor.initialFrameMemory }
            }
            var pressure = stroke.pressure?[next]
            if pressureDelay > 0, let pressures = stroke.pressure {
                while visiblePressure < next && stroke.t[visiblePressure + 1] <= stroke.t[next] - pressureDelay { visiblePressure += 1 }
                pressure = pressures[visiblePressure]
            }
            predictor.update(stroke.point(next), pressure: pressure)
            next += 1
        }
        if carries {
            for j in memories.indices { predictor.endStroke(&memories[j]) }
            carried = memories
        }
        let withTails = tailStep != nil
        for i in heldFrames.indices { sink.consume(heldFrames[i], tail: withTails ? heldTails[i] : nil) }
        swap(&heldFrames, &later.frames)
        swap(&heldTails, &later.tails)
    }

    /// A frame's predicted tail: the answers at `newest + j · step` (`j = 1, 2, ...`) before
    /// `target`, then `atTarget`, the answer at `target` the frame already has. At most
    /// ``maxTailPoints`` points: when `target` is further than `(maxTailPoints - 1) · step`
    /// ahead, the step widens to `(target - newest) / (maxTailPoints - 1)`.
    @inlinable
    static func tail<P: Predictor>(
        _ predictor: P, newest: Double, step: Double, target: Double, _ atTarget: PenPoint
    ) -> [PenPoint] {
        var points: [PenPoint] = []
        // At most maxTailPoints - 1 points before the target: evenly spread when the nominal
        // step would need more.
        let reach = target - newest
        let spacing = reach.isFinite && reach > step * Double(maxTailPoints - 1) ? reach / Double(maxTailPoints - 1) : step
        var j = 1
        while j < maxTailPoints && newest + Double(j) * spacing < target {
            if let p = predictor.predict(at: newest + Double(j) * spacing) { points.append(p) }
            j += 1
        }
        points.append(atTarget)
        return points
    }
}

/// A sink that keeps every frame (and tail), for tests, `frames.csv` and charts.
public struct FrameRecorder: FrameSink {
    public private(set) var frames: [Frame] = []
    public private(set) var tails: [[PenPoint]] = []
    public init() {}
    public mutating func consume(_ frame: Frame, tail: [PenPoint]?) {
        frames.append(frame)
        tails.append(tail ?? [])
    }
}
