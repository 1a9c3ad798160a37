/// What an app shows from a predicted tail given as a list of timed points.
///
/// Platforms hand an app their prediction as a short list of points (UIKit
/// `predictedTouches`, W3C `getPredictedEvents()`, Android `MotionPredictor.predict`). An app
/// that draws the list as a tail behind the newest real sample shows, for a target time `t`:
///
/// - before the first point: the straight segment from the newest sample to that point,
///   interpolated linearly at `t`;
/// - inside the list: the linear interpolation between the two points around `t`;
/// - at or past the last point: the last point, held (the tail ends there).
///
/// Its reach (``Predictor/reach(at:)``) is `min(t, last point's time)`. ``RecordedPredictor`` and
/// every point-list port share these two functions, so they draw tails the same way.
///
/// ```swift
/// let tail = [PenPoint(t: 0.02, x: 2, y: 0), PenPoint(t: 0.03, x: 4, y: 0)]
/// let newest = PenPoint(t: 0.01, x: 1, y: 0)
/// PredictedPoints.position(at: 0.015, after: newest, points: tail)  // (1.5, 0)
/// PredictedPoints.position(at: 0.050, after: newest, points: tail)  // (4, 0): held
/// PredictedPoints.reach(at: 0.050, points: tail)                    // 0.03
/// ```
public enum PredictedPoints {
    /// The shown position at target `t` (s), or `nil` for an empty list.
    ///
    /// - Parameters:
    ///   - t: the target time (s).
    ///   - newest: the newest real sample, where the drawn tail starts.
    ///   - points: the predicted points, times strictly increasing and after `newest`.
    @inlinable
    public static func position<Points: BidirectionalCollection<PenPoint>>(
        at t: Double, after newest: PenPoint, points: Points
    ) -> PenPoint? {
        guard let end = points.last else { return nil }
        if t >= end.t { return PenPoint(t: t, x: end.x, y: end.y) }
        var a = newest
        for b in points {
            if t <= b.t {
                let span = b.t - a.t
                let w = span > 0 ? (t - a.t) / span : 1
                return PenPoint(t: t, x: a.x + w * (b.x - a.x), y: a.y + w * (b.y - a.y))
            }
            a = b
        }
        return PenPoint(t: t, x: end.x, y: end.y)
    }

    /// The reach at target `t`: the earlier of `t` and the last point's time (`t` for an empty
    /// list, which shows no prediction).
    @inlinable
    public static func reach<Points: BidirectionalCollection<PenPoint>>(at t: Double, points: Points) -> Double {
        guard let end = points.last else { return t }
        return min(t, end.t)
    }
}
