/// The `linear` strategy: extrapolates the last two samples at constant velocity.
///
/// With the newest sample `p_n` at `t_n` and the one before at `t_{n-1}`:
///
///     p(T) = p_n + v (T - t_n),   v = (p_n - p_{n-1}) / (t_n - t_{n-1})
///
/// It declines until it has two samples. Exact on constant-velocity motion at any horizon.
///
/// ```swift
/// var p = LinearPredictor()
/// p.update(PenPoint(t: 0.000, x: 0, y: 0))
/// p.update(PenPoint(t: 0.010, x: 1, y: 0))   // 100 mm/s to the right
/// p.predict(at: 0.030)                        // (3, 0)
/// ```
public struct LinearPredictor: Predictor {
    @usableFromInline var last = PenPoint(t: 0, x: 0, y: 0)
    @usableFromInline var previous = PenPoint(t: 0, x: 0, y: 0)
    @usableFromInline var count = 0

    public init() {}

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        previous = last
        last = sample
        count &+= 1
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        guard count >= 2 else { return nil }
        let k = (t - last.t) / (last.t - previous.t)
        return PenPoint(t: t, x: last.x + k * (last.x - previous.x), y: last.y + k * (last.y - previous.y))
    }

    @inlinable
    public mutating func reset() { count = 0 }
}
