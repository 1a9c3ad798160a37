/// The `linear-second` strategy: Chromium's `LinearPredictor` with `EquationOrder::kSecondOrder`
/// (`ui/base/prediction/linear_predictor.cc`, the `linear_second` choice of the
/// `kResamplingInputEvents` / `kScrollPredictorTypeChoice` features), ported.
///
/// It keeps the newest three samples. From the newest two it takes the velocity
/// `v = (p_n - p_{n-1}) / dt` with `dt = t_n - t_{n-1}`, and remembers the velocity before it,
/// `v'`. With three samples it extrapolates with the acceleration of the last step,
/// `a = (v - v') / dt` (not the quadratic through the three samples: the step before the
/// newest one is not weighed in):
///
///     p(T) = p_n + v h + a h² / 2,   h = T - t_n
///
/// With two samples (or `dt = 0`) it is first order, `p_n + v h`; with fewer it declines. A
/// sample more than ``Parameters-swift.struct/gapResetMs`` after the newest starts it afresh
/// (Chromium's `kMaxTimeDelta`, 20 ms). Chromium computes in `float` px and ms; this port
/// computes in `Double` s and mm (the formula does not depend on the units).
///
/// ```swift
/// var p = ChromiumLinearSecondPredictor()
/// for (t, x) in [(0.0, 0.0), (0.010, 1.0), (0.020, 3.0)] { p.update(PenPoint(t: t, x: x, y: 0)) }
/// p.predict(at: 0.030)   // x = 3 + 2 + 1 = 6: speeding up by 100 mm/s per 10 ms
/// ```
public struct ChromiumLinearSecondPredictor: Predictor {
    /// The predictor's one constant.
    public struct Parameters: Sendable, Equatable {
        /// A sample more than this many ms after the newest resets the predictor (Chromium's
        /// `kMaxTimeDelta`). Greater than 0, at most 1e9.
        public var gapResetMs: Double

        /// Chromium's value, 20 ms.
        public init(gapResetMs: Double = 20) { self.gapResetMs = gapResetMs }

        /// Throws a ``PredictorParameterError`` naming a constant out of its range (``fields``').
        public func validate(predictor: String = "linear-second") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
        }
    }

    @usableFromInline let gapResetS: Double
    @usableFromInline var last = PenPoint(t: 0, x: 0, y: 0)
    /// The velocity of the newest step and of the one before (mm/s).
    @usableFromInline var vx = 0.0, vy = 0.0, previousVx = 0.0, previousVy = 0.0
    /// The newest step's duration (s).
    @usableFromInline var stepS = 0.0
    /// Samples held since the last reset, at most 3 (Chromium's queue).
    @usableFromInline var count = 0

    /// A predictor with the given constant; call ``Parameters-swift.struct/validate(predictor:)``
    /// first when it comes from a user.
    public init(parameters: Parameters = Parameters()) {
        gapResetS = parameters.gapResetMs / 1000
    }

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        if count > 0 && sample.t - last.t > gapResetS { count = 0 }
        if count > 0 {
            previousVx = vx
            previousVy = vy
            stepS = sample.t - last.t
            if stepS > 0 {
                vx = (sample.x - last.x) / stepS
                vy = (sample.y - last.y) / stepS
            } else {
                vx = 0
                vy = 0
            }
        }
        last = sample
        count = min(count + 1, 3)
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        guard count >= 2 else { return nil }
        let h = t - last.t
        var x = last.x + vx * h, y = last.y + vy * h
        if count == 3 && stepS > 0 {
            x += 0.5 * (vx - previousVx) / stepS * h * h
            y += 0.5 * (vy - previousVy) / stepS * h * h
        }
        return PenPoint(t: t, x: x, y: y)
    }

    @inlinable
    public mutating func reset() { count = 0 }
}

extension ChromiumLinearSecondPredictor.Parameters: DescribedParameters {
    /// The gap reset, as a strategy parameter.
    public static let fields: [ParameterField<Self>] = [
        ParameterField(
            "gap_ms", \.gapResetMs, unit: "ms", range: .above(0, atMost: 1e9),
            about: "reset after an input gap over this many ms (kMaxTimeDelta)")
    ]
}
