import InkPrediction

/// Extrapolates the last two samples at constant velocity over `gain` times the horizon:
/// `linear` with `gain` 1, `none` with `gain` 0; in between it trades latency for overshoot.
///
/// - Parameter gain: the share of the horizon to extrapolate over, 0...1 (no unit).
struct DampedLinearPredictor: Predictor {
    let gain: Double
    private var last: PenPoint?
    private var previous: PenPoint?

    init(gain: Double) { self.gain = gain }

    mutating func update(_ sample: PenPoint) {
        previous = last
        last = sample
    }

    func predict(at t: Double) -> PenPoint? {
        guard let p = last, let q = previous, p.t > q.t else { return nil }
        let k = gain * (t - p.t) / (p.t - q.t)
        return PenPoint(t: t, x: p.x + k * (p.x - q.x), y: p.y + k * (p.y - q.y))
    }

    mutating func reset() {
        last = nil
        previous = nil
    }
}
