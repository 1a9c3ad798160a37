import InkPrediction
import InkReplay
import InkTraces

/// A shared helper for predictor tests (after Chromium's `prediction_unittest_helpers`):
/// feeds a predictor samples of an analytic trajectory and measures its error at horizons.
public enum AnalyticReplay {
    /// Feeds `predictor` the trajectory at `times` (s) and, after each sample once the
    /// predictor answers, asks for every horizon (s); returns the largest distance (mm) between
    /// a prediction and the trajectory, and how many predictions were checked.
    public static func maxError<P: Predictor>(
        _ predictor: inout P, times: [Double], horizons: [Double],
        trajectory: (Double) -> (x: Double, y: Double)
    ) -> (error: Double, checked: Int) {
        var worst = 0.0
        var checked = 0
        for t in times {
            let p = trajectory(t)
            predictor.update(PenPoint(t: t, x: p.x, y: p.y))
            for h in horizons {
                guard let q = predictor.predict(at: t + h) else { continue }
                let truth = trajectory(t + h)
                worst = max(worst, ((q.x - truth.x) * (q.x - truth.x) + (q.y - truth.y) * (q.y - truth.y)).squareRoot())
                checked += 1
            }
        }
        return (worst, checked)
    }

    /// Sample times from `start` with the given repeating intervals (s), `count` samples.
    public static func times(start: Double = 0, intervals: [Double], count: Int) -> [Double] {
        var out: [Double] = []
        var t = start
        for i in 0..<count {
            out.append(t)
            t += intervals[i % intervals.count]
        }
        return out
    }
}

/// A test predictor that shows the pen's true position `ahead` seconds after the time it is
/// asked for (0: the true position at photon time), read from the stroke's ground truth.
public struct OraclePredictor: Predictor {
    let truth: GroundTruth
    let ahead: Double
    var fed = false

    public init(truth: GroundTruth, ahead: Double) {
        self.truth = truth
        self.ahead = ahead
    }

    public mutating func update(_ sample: PenPoint) { fed = true }
    public func predict(at t: Double) -> PenPoint? {
        guard fed else { return nil }
        let p = truth.position(at: t + ahead)
        return PenPoint(t: t, x: p.x, y: p.y)
    }
    public mutating func reset() { fed = false }

    /// A strategy that shows the truth `aheadMs` ahead of photon time.
    public static func strategy(aheadMs: Double) -> Strategy {
        Strategy(name: "oracle+\(aheadMs)ms") { stroke in
            OraclePredictor(truth: stroke.groundTruth(), ahead: aheadMs / 1000)
        }
    }
}

/// A test wrapper that predicts `extraMs` beyond the target it is asked for.
public struct OvershootingPredictor<Base: Predictor>: Predictor {
    var base: Base
    let extra: Double
    public init(_ base: Base, extraMs: Double) {
        self.base = base
        extra = extraMs / 1000
    }
    public mutating func update(_ sample: PenPoint) { base.update(sample) }
    public func predict(at t: Double) -> PenPoint? {
        base.predict(at: t + extra).map { PenPoint(t: t, x: $0.x, y: $0.y) }
    }
    public mutating func reset() { base.reset() }
}
