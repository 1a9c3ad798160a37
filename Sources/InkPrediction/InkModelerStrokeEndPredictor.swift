/// The `ink-modeler-end` strategy: google/ink-stroke-modeler's `StrokeEndPredictor`, the
/// spring model's catch-up from the modeled tip to the newest raw input, never past it: a
/// zero-overshoot reference whose tip ends at the newest sample (so it scores close to `none`).
///
/// Source: google/ink-stroke-modeler (commit 3fa5129ed1ae6f8b2ec4e9b60fa5d08cc81e2d78,
/// Apache-2.0), `ink_stroke_modeler/internal/prediction/stroke_end_predictor.cc`: a copy of
/// the position modeler, reset to the current tip, runs `ModelEndOfStroke` towards the last
/// (wobble-smoothed) input at the output interval (halving the step after an overshoot; at most
/// `end_of_stroke_max_iterations` 20; stopping within `end_of_stroke_stopping_distance`
/// 0.001 unit). Constants and units as ``InkModelerKalmanPredictor`` (unit 10 mm: cm).
///
/// What is shown: ``predict(at:)`` interpolates from the tip through the catch-up points by
/// their times and holds the last beyond; with no points (the tip is at the input), the tip.
///
/// ```swift
/// var p = InkModelerStrokeEndPredictor()
/// p.update(PenPoint(t: 0, x: 0, y: 0))
/// p.update(PenPoint(t: 0.01, x: 1, y: 0))
/// p.predict(at: 0.1)   // near (1, 0)
/// ```
public struct InkModelerStrokeEndPredictor: Predictor {
    @usableFromInline var modeler: InkModelerPositionModeler
    @usableFromInline var smoother: InkModelerWobbleSmoother
    @usableFromInline let unitMM: Double
    @usableFromInline var lastX = 0.0, lastY = 0.0

    /// Uses the modeler's, the wobble smoother's constants and the unit (`parameters.kalman` is ignored).
    public init(parameters: InkModelerKalmanPredictor.Parameters = .init()) {
        modeler = InkModelerPositionModeler(parameters: parameters.modeler)
        smoother = InkModelerWobbleSmoother(parameters: parameters.wobble)
        unitMM = parameters.unitMM
    }

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        let (x, y) = smoother.input(x: sample.x / unitMM, y: sample.y / unitMM, t: sample.t, strokeStarted: modeler.hasStarted)
        lastX = x
        lastY = y
        modeler.input(x: x, y: y, t: sample.t)
    }

    /// The library's `ConstructPrediction` from `tip` (modeler units) to the newest input:
    /// each state in order to `visit` (return `false` to stop).
    @inlinable
    public func constructPrediction(from tip: InkModelerTipState, visit: (InkModelerTipState) -> Bool) {
        var copy = modeler
        copy.state = tip
        copy.modelEndOfStroke(anchorX: lastX, anchorY: lastY, visit: visit)
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        guard modeler.hasStarted else { return nil }
        let tip = modeler.state
        var reader = TailInterpolation(start: PenPoint(t: tip.t, x: tip.x, y: tip.y), at: t)
        constructPrediction(from: tip) { s in reader.take(PenPoint(t: s.t, x: s.x, y: s.y)) }
        let p = reader.point
        return PenPoint(t: t, x: p.x * unitMM, y: p.y * unitMM)
    }

    @inlinable
    public mutating func reset() { modeler.reset() }

    /// The modeled tip (modeler units), for tests.
    public var tip: InkModelerTipState { modeler.state }

    /// The library's `StrokeModeler::Predict`: each predicted state (modeler units) in order.
    public func predictedPoints(_ visit: (InkModelerTipState) -> Bool) {
        guard modeler.hasStarted else { return }
        constructPrediction(from: modeler.state, visit: visit)
    }

    /// Feeds a raw input to the predictor only (modeler units), as the library's test does.
    public mutating func updatePredictorOnly(x: Double, y: Double) {
        lastX = x
        lastY = y
    }
}
