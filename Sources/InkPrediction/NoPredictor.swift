/// The `none` strategy: never predicts, so the app shows the newest received sample
/// (a zero-order hold). It is the baseline of every comparison.
///
/// ```swift
/// var p = NoPredictor()
/// p.update(PenPoint(t: 0, x: 1, y: 2))
/// p.predict(at: 0.02)   // nil: the harness shows (1, 2)
/// ```
public struct NoPredictor: Predictor {
    public init() {}
    @inlinable public mutating func update(_ sample: PenPoint) {}
    @inlinable public func predict(at t: Double) -> PenPoint? { nil }
    @inlinable public mutating func reset() {}
}
