/// The `recorded` strategy: replays the predictions a platform recorded with each sample.
///
/// A recording such as Google Ink's stores, with every real sample, the predicted tail the
/// platform had at that moment. At a frame, this predictor uses the tail recorded with the
/// newest sample fed, linearly interpolates inside that tail at the target time, and holds
/// the tail's last point for targets beyond it (what an app that draws the platform's tail
/// shows). A target before the tail's first point interpolates from the newest sample to that
/// point. No tail, or an empty one, means no prediction.
///
/// ```swift
/// let tails = [[], [PenPoint(t: 0.02, x: 2, y: 0)]]   // one tail per sample, in order
/// var p = RecordedPredictor(tails: tails)
/// p.update(PenPoint(t: 0.00, x: 0, y: 0))
/// p.update(PenPoint(t: 0.01, x: 1, y: 0))
/// p.predict(at: 0.015)   // (1.5, 0): halfway from the sample to the tail's point
/// ```
public struct RecordedPredictor: Predictor {
    @usableFromInline let tails: [[PenPoint]]
    @usableFromInline var index = -1
    @usableFromInline var last = PenPoint(t: 0, x: 0, y: 0)

    /// - Parameter tails: for each sample of the stroke, in order, the predicted points the
    ///   platform recorded with it (times in s, strictly increasing, after the sample).
    public init(tails: [[PenPoint]]) { self.tails = tails }

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        index += 1
        last = sample
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        guard index >= 0, index < tails.count else { return nil }
        let tail = tails[index]
        guard let end = tail.last else { return nil }
        if t >= end.t { return PenPoint(t: t, x: end.x, y: end.y) }
        var a = last
        for b in tail {
            if t <= b.t {
                let span = b.t - a.t
                let w = span > 0 ? (t - a.t) / span : 1
                return PenPoint(t: t, x: a.x + w * (b.x - a.x), y: a.y + w * (b.y - a.y))
            }
            a = b
        }
        return PenPoint(t: t, x: end.x, y: end.y)
    }

    @inlinable
    public mutating func reset() { index = -1 }
}
