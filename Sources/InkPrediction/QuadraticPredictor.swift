/// The `quadratic` strategy: the exact quadratic through the last three samples,
/// evaluated at the target time (the degree-2 least-squares fit of three points).
///
/// In Lagrange form, with times measured from the newest sample (`s = T - t_n`,
/// `s_1 = t_{n-1} - t_n`, `s_2 = t_{n-2} - t_n`):
///
///     p(T) = p_n (s - s_1)(s - s_2) / (s_1 s_2)
///          + p_{n-1} s (s - s_2) / (s_1 (s_1 - s_2))
///          + p_{n-2} s (s - s_1) / (s_2 (s_2 - s_1))
///
/// It declines until it has three samples. Exact on constant-acceleration motion.
///
/// ```swift
/// var p = QuadraticPredictor()
/// for (t, x) in [(0.0, 0.0), (0.01, 1.0), (0.02, 4.0)] { p.update(PenPoint(t: t, x: x, y: 0)) }
/// p.predict(at: 0.03)   // x = 9 (x = 10^4 t^2)
/// ```
public struct QuadraticPredictor: Predictor {
    @usableFromInline var p0 = PenPoint(t: 0, x: 0, y: 0)  // newest
    @usableFromInline var p1 = PenPoint(t: 0, x: 0, y: 0)
    @usableFromInline var p2 = PenPoint(t: 0, x: 0, y: 0)  // oldest
    @usableFromInline var count = 0

    public init() {}

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        p2 = p1
        p1 = p0
        p0 = sample
        count &+= 1
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        guard count >= 3 else { return nil }
        let s = t - p0.t
        let s1 = p1.t - p0.t
        let s2 = p2.t - p0.t
        let w0 = (s - s1) * (s - s2) / (s1 * s2)
        let w1 = s * (s - s2) / (s1 * (s1 - s2))
        let w2 = s * (s - s1) / (s2 * (s2 - s1))
        return PenPoint(
            t: t,
            x: w0 * p0.x + w1 * p1.x + w2 * p2.x,
            y: w0 * p0.y + w1 * p1.y + w2 * p2.y)
    }

    @inlinable
    public mutating func reset() { count = 0 }
}
