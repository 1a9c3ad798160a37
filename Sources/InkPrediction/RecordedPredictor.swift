/// The `recorded` strategy: replays the predictions a platform recorded with each sample.
///
/// A recording such as Google Ink's stores, with every real sample, the predicted tail the
/// platform had at that moment. At a frame, this predictor uses the tail recorded with the
/// newest sample fed, linearly interpolates inside that tail at the target time, and holds
/// the tail's last point for targets beyond it (what an app that draws the platform's tail
/// shows). A target before the tail's first point interpolates from the newest sample to that
/// point (``PredictedPoints``). No tail, or an empty one, means no prediction. Its reach is the
/// earlier of the target and the tail's last point, so the horizon figure counts only the
/// part of the tail the app really shows.
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
        return PredictedPoints.position(at: t, after: last, points: tails[index])
    }

    /// The earlier of `t` and the recorded tail's last point (``PredictedPoints/reach(at:points:)``).
    @inlinable
    public func reach(at t: Double) -> Double {
        guard index >= 0, index < tails.count else { return t }
        return PredictedPoints.reach(at: t, points: tails[index])
    }

    @inlinable
    public mutating func reset() { index = -1 }
}
