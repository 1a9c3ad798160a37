import InkPrediction
import InkTraces

/// Receives the frames of a replay, in order: phase by phase, stroke by stroke, frame by frame.
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
/// prediction and its frames are not reported. Every frame in between is *open*: the
/// predictor is asked for `T_k = min(tau_k, t_last + cap)`, `tau_k = f_k + Ldisp`, and the
/// tip is its answer or, if it declines, the newest sample.
///
/// ```swift
/// var recorder = FrameRecorder()
/// Replay.run(trace: trace, strategy: .none, timing: Timing(), into: &recorder)
/// ```
public enum Replay {
    /// Replays `trace` through `strategy` under `timing`, sending every open frame to `sink`.
    ///
    /// - Parameter tails: also compute each frame's predicted tail: the predictor's answers at
    ///   `t_last + j · interval` (`j = 1, 2, ...`) before `T_k`, then at `T_k` (for charts).
    public static func run<Sink: FrameSink>(
        trace: Trace, strategy: Strategy, timing: Timing, tails: Bool = false, into sink: inout Sink
    ) {
        let frameInterval = 1 / timing.frameRateHz
        let period = min(trace.nominalInterval, frameInterval)
        let lin = timing.inputLatencySeconds
        let ldisp = timing.displayLatencySeconds
        let cap: Double? = switch (strategy.horizonCapMs, timing.horizonCapMs) {
        case (nil, nil): nil
        case (let a?, nil): a / 1000
        case (nil, let b?): b / 1000
        case (let a?, let b?): min(a, b) / 1000
        }
        let gap = strategy.gapResetMs.map { $0 / 1000 }
        let tFirst = trace.startTime
        for phase in 0..<timing.phases {
            let f0 = tFirst + (Double(phase) + 0.5) / Double(timing.phases) * period
            for (s, stroke) in trace.strokes.enumerated() {
                let predictor = strategy.makePredictor(stroke)
                replayStroke(
                    stroke, index: s, phase: phase, predictor: predictor, f0: f0, frameRate: timing.frameRateHz,
                    lin: lin, ldisp: ldisp, cap: cap, gap: gap, tailStep: tails ? trace.nominalInterval : nil,
                    sink: &sink)
            }
        }
    }

    /// The first frame number `k >= 0` with `f0 + k / rate >= time`.
    @inlinable
    static func firstFrame(atOrAfter time: Double, f0: Double, rate: Double) -> Int {
        var k = max(0, Int(((time - f0) * rate).rounded(.up)) - 1)
        while f0 + Double(k) / rate < time { k += 1 }
        while k > 0 && f0 + Double(k - 1) / rate >= time { k -= 1 }
        return k
    }

    static func replayStroke<P: Predictor, Sink: FrameSink>(
        _ stroke: Stroke, index s: Int, phase: Int, predictor: P, f0: Double, frameRate: Double, lin: Double,
        ldisp: Double, cap: Double?, gap: Double?, tailStep: Double?, sink: inout Sink
    ) {
        var predictor = predictor
        let n = stroke.count
        let kFirst = firstFrame(atOrAfter: stroke.t[0] + lin, f0: f0, rate: frameRate)
        let kUp = firstFrame(atOrAfter: stroke.t[n - 1] + lin, f0: f0, rate: frameRate)
        let tEnd = stroke.t[n - 1]
        var next = 0
        var k = kFirst
        while k < kUp {
            let fk = f0 + Double(k) / frameRate
            let firstReceived = next
            while next < n && stroke.t[next] + lin <= fk {
                if let gap, next > 0, stroke.t[next] - stroke.t[next - 1] > gap { predictor.reset() }
                predictor.update(stroke.point(next))
                next += 1
            }
            let newest = stroke.point(next - 1)
            let tau = fk + ldisp
            let target = cap.map { min(tau, newest.t + $0) } ?? tau
            let prediction = predictor.predict(at: target)
            var tail: [PenPoint]? = nil
            if let step = tailStep, prediction != nil {
                var points: [PenPoint] = []
                var j = 1
                while newest.t + Double(j) * step < target {
                    if let p = predictor.predict(at: newest.t + Double(j) * step) { points.append(p) }
                    j += 1
                }
                if let prediction { points.append(prediction) }
                tail = points
            }
            let frame = Frame(
                phase: phase, stroke: s, index: k, startTime: fk, photonTime: tau, targetTime: target,
                newest: newest, newestIndex: next - 1, received: firstReceived..<next, tipX: prediction?.x ?? newest.x,
                tipY: prediction?.y ?? newest.y, predicted: prediction != nil,
                kind: tau > tEnd ? .afterLift : .inStroke)
            sink.consume(frame, tail: tail)
            k += 1
        }
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
