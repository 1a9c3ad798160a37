/// A predictor whose prediction is a list of points, as a platform hands them to an app
/// (Android's `MotionPredictor`, Chromium's `getPredictedEvents()`, a recording's tails).
///
/// Metrics defined on such lists (Android's `MotionPredictorMetricsManager`) score these points
/// as they are instead of sampling ``Predictor/predict(at:)`` at their own steps.
///
/// ```swift
/// var p = RecordedPredictor(tails: [[PenPoint(t: 0.004, x: 1, y: 0)]])
/// p.update(PenPoint(t: 0, x: 0, y: 0))
/// p.predictedPoints()   // [(0.004 s, 1, 0)]
/// ```
public protocol PointListPredictor: Predictor {
    /// The points predicted after the newest sample fed (times in s, increasing, positions in mm);
    /// empty when it declines.
    func predictedPoints() -> [PenPoint]
}

extension RecordedPredictor: PointListPredictor {
    /// The tail recorded with the newest sample fed.
    public func predictedPoints() -> [PenPoint] {
        guard index >= 0, index < tails.count else { return [] }
        return tails[index]
    }
}

extension ChromiumKalmanPredictor: PointListPredictor {
    /// The points Chromium would hand a page after the newest sample (`getPredictedEvents()`).
    public func predictedPoints() -> [PenPoint] { Array(points) }
}

extension AndroidMotionPredictor: PointListPredictor {
    /// Every point the model's pipeline kept after the newest sample (`MotionPredictor.predict`
    /// asked far enough ahead to return them all).
    public func predictedPoints() -> [PenPoint] { Array(candidates) }
}
