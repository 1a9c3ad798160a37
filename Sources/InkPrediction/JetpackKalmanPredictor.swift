/// The `jetpack` strategies: AndroidX `input-motionprediction`'s Kalman predictor (Jetpack's
/// `MotionEventPredictor` below Android 14), re-expressed for one pointer.
///
/// Source: androidx/androidx, `input/input-motionprediction/src/main/java/androidx/input/
/// motionprediction/kalman/SinglePointerPredictor.java` (commit
/// 62575c42a6eac6d15f9b43652b4aca8a63d5e110, with strategies; the stylus jank thresholds are
/// 0.1/0.2 there, 0.2/1.0 before), `PointerKalmanFilter.java`, `KalmanFilter.java` and
/// `common/PredictionEstimator.java` (`MAX_PREDICTION_MS` 32). Apache-2.0.
///
/// Inside it works in the library's units, px and ms. Per axis a 4-state filter
/// `[p, v, a, j]` with a unit time step: `F` has rows `[1, 1, 1/2, 0.16]`, `[0, 1, 1, 1/2]`,
/// `[0, 0, 1, 1]`, `[0, 0, 0, 1]` (0.16 as the source has it, not 1/6), `Q = σ_p·g gᵀ` with
/// `g = [0.16, 1/2, 1, 1]`, σ_p 0.01, `R` 1.0, `P₀ = I`; the first sample sets the position;
/// then predict `x ← F x`, `P ← F P Fᵀ + Q`, and update with gain `K = P Hᵀ / (H P Hᵀ + R)`,
/// `x ← x + K (z − H x)`, `P ← P − K H P`. Both axes see the same steps, so they share `P`.
/// A sample at the same position as the previous accepted one and within 20 ms of it is
/// ignored. The report rate is the mean of the first 20 intervals between accepted samples.
///
/// A prediction needs 4 accepted samples. For a target `T`, the horizon is
/// `min(32 ms, T − t_last)` (the library asks for whole ms from the clock; here the exact
/// difference). Confidence = speed factor × jank factor, `normalize(x, lo, hi)` clamped to
/// [0, 1]: speed `|v| / rate` (px/ms) against 0…0 for a stylus (any motion gives 1; none gives
/// NaN, so no step, as Java's `(int) Math.ceil(NaN)` = 0) or 0…2.0 for a finger; jank `|j|`
/// against 0.1…0.2 (stylus) or 0.02…0.2 (finger), inverted. Steps:
/// `n = ceil(horizon / rate · confidence)`; AGGRESSIVE takes confidence 1, SAFE at least one
/// step. Each step, from the newest raw sample: `a += 0.1 j`, `v += 0.5 a`, `p += 1.0 v`, at
/// `t_last + i · rate`. The library's predicted event holds these points; this predictor
/// answers ``predict(at:)`` by interpolating linearly from the newest sample through them and
/// holding the last beyond (what an app drawing the predicted event up to the frame shows).
///
/// Pen-lift stop (`lift=1`; off by default, as the library's `Configuration.predictLift()`):
/// a third filter of the same kind runs on the pressure (the library's `mPKalman`; same `F`,
/// `Q`, `R` and steps as x and y, so it shares their gain), and each predicted step also
/// advances the pressure by its rate, `pressure += pressureChange`, clamped to [0, 1]; the
/// prediction stops before the first step whose pressure is below 0.1 (no step at all: no
/// prediction). Source: `SinglePointerPredictor.predict` and `PointerKalmanFilter.update` at
/// the commit above. A stroke without pressure is fed 1.0 (what Android reports for a pointer
/// without a pressure axis), so the stop never fires on it.
///
/// Left out: `mLastPredictEventTime`, which makes the library's `predict` stateful (its loop
/// continues until past the last predicted time, and the lift stop is suppressed before it);
/// the harness's `predict` must not change the predictor, and its targets never go backwards.
///
/// `px_mm` (default 10.8 px per mm, the density of the Google Ink recordings' Android
/// device) converts mm to px at the boundary; it scales what the jank thresholds (px per
/// step³) and finger speed thresholds (px/ms) mean in mm.
///
/// ```swift
/// var k = JetpackKalmanPredictor()
/// for i in 0..<25 { k.update(PenPoint(t: Double(i) * 0.005, x: Double(i) * 0.1, y: 0)) }
/// k.predict(at: 0.125)   // x ≈ 2.5
/// ```
public struct JetpackKalmanPredictor: Predictor {
    /// The library's prediction strategies (`Configuration.STRATEGY_*`).
    public enum Mode: Sendable, Equatable {
        /// Confidence scales the number of steps (the default).
        case balanced
        /// As balanced, with at least one step.
        case safe
        /// Confidence 1: always the whole horizon.
        case aggressive
    }

    /// The predictor's constants. Defaults are the library's (stylus, balanced).
    public struct Parameters: Sendable, Equatable {
        /// The strategy.
        public var mode: Mode = .balanced
        /// A stylus (`true`, the library's "accurate tool") or a finger.
        public var stylus = true
        /// Process noise σ_p (px²; 0.01).
        public var sigmaProcess = 0.01
        /// Measurement noise variance R (px²; 1.0).
        public var sigmaMeasurement = 1.0
        /// The longest horizon predicted (ms; `MAX_PREDICTION_MS` 32).
        public var maxHorizonMs = 32.0
        /// Device pixels per mm (10.8).
        public var pxPerMM = 10.8
        /// Stop the prediction where the predicted pressure falls below 0.1 (the library's
        /// `predictLift`; off by default there and here).
        public var predictLift = false

        public init(
            mode: Mode = .balanced, stylus: Bool = true, sigmaProcess: Double = 0.01, sigmaMeasurement: Double = 1,
            maxHorizonMs: Double = 32, pxPerMM: Double = 10.8, predictLift: Bool = false
        ) {
            self.predictLift = predictLift
            self.mode = mode
            self.stylus = stylus
            self.sigmaProcess = sigmaProcess
            self.sigmaMeasurement = sigmaMeasurement
            self.maxHorizonMs = maxHorizonMs
            self.pxPerMM = pxPerMM
        }

        /// Throws unless σ_p, R and px_mm are finite and > 0 and the horizon is in [0, 1000] ms.
        public func validate(predictor: String = "jetpack") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
        }
    }

    /// One axis's state `[p, v, a, j]`.
    @usableFromInline
    struct AxisState: Sendable {
        @usableFromInline var p = 0.0, v = 0.0, a = 0.0, j = 0.0
        @inlinable init() {}
    }

    @usableFromInline let parameters: Parameters
    /// The covariance P (row-major 4×4), shared by both axes.
    @usableFromInline var cov: (Double, Double, Double, Double, Double, Double, Double, Double,
                                Double, Double, Double, Double, Double, Double, Double, Double)
    @usableFromInline var xs = AxisState(), ys = AxisState()
    /// The pressure filter's state `[pressure, change, …]` (the library's `mPKalman`).
    @usableFromInline var ps = AxisState()
    @usableFromInline var iterations = 0
    @usableFromInline var lastXPx = 0.0, lastYPx = 0.0, lastMs = 0.0
    @usableFromInline var hasLast = false
    @usableFromInline var rateSumMs = 0.0, rateCount = 0
    @usableFromInline var reportRateMs = 0.0

    @usableFromInline static let identity: (Double, Double, Double, Double, Double, Double, Double, Double,
                          Double, Double, Double, Double, Double, Double, Double, Double) =
        (1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

    /// A predictor with the given constants; validate them first when they come from a user.
    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        cov = JetpackKalmanPredictor.identity
    }

    /// The number of samples the filter has taken (the library's `getNumIterations`).
    public var filterIterations: Int { iterations }
    /// The report rate (ms) the predictor uses.
    public var reportRate: Double { reportRateMs }

    @inlinable
    public mutating func update(_ sample: PenPoint) { update(sample, pressure: nil) }

    /// Feeds a sample with its pressure (0–1; `nil`: 1.0, a pointer without a pressure axis).
    @inlinable
    public mutating func update(_ sample: PenPoint, pressure: Double?) {
        let tMs = sample.t * 1000
        let xPx = sample.x * parameters.pxPerMM
        let yPx = sample.y * parameters.pxPerMM
        if hasLast, xPx == lastXPx, yPx == lastYPx, tMs <= lastMs + 20 { return }
        filterUpdate(xPx, yPx, pressure ?? 1)
        if hasLast, rateCount < 20 {
            rateSumMs += tMs - lastMs
            rateCount += 1
            reportRateMs = rateSumMs / Double(rateCount)
        }
        lastXPx = xPx
        lastYPx = yPx
        lastMs = tMs
        hasLast = true
    }

    /// One Kalman step on both axes (the library's `PointerKalmanFilter.update`).
    @inlinable
    mutating func filterUpdate(_ x: Double, _ y: Double, _ pressure: Double) {
        if iterations == 0 {
            xs = AxisState()
            ys = AxisState()
            ps = AxisState()
            xs.p = x
            ys.p = y
            ps.p = pressure
            iterations = 1
            return
        }
        iterations += 1
        let c3 = 0.16, h = 0.5
        // x ← F x
        @inline(__always) func advance(_ s: inout AxisState) {
            let p = s.p + s.v + h * s.a + c3 * s.j
            let v = s.v + s.a + h * s.j
            let a = s.a + s.j
            s.p = p
            s.v = v
            s.a = a
        }
        advance(&xs)
        advance(&ys)
        advance(&ps)
        // P ← F P Fᵀ + Q, with P held as 16 values (row-major).
        var p00 = cov.0, p01 = cov.1, p02 = cov.2, p03 = cov.3
        var p10 = cov.4, p11 = cov.5, p12 = cov.6, p13 = cov.7
        var p20 = cov.8, p21 = cov.9, p22 = cov.10, p23 = cov.11
        var p30 = cov.12, p31 = cov.13, p32 = cov.14, p33 = cov.15
        // FP: rows of F combine rows of P.
        let a00 = p00 + p10 + h * p20 + c3 * p30, a01 = p01 + p11 + h * p21 + c3 * p31
        let a02 = p02 + p12 + h * p22 + c3 * p32, a03 = p03 + p13 + h * p23 + c3 * p33
        let a10 = p10 + p20 + h * p30, a11 = p11 + p21 + h * p31
        let a12 = p12 + p22 + h * p32, a13 = p13 + p23 + h * p33
        let a20 = p20 + p30, a21 = p21 + p31, a22 = p22 + p32, a23 = p23 + p33
        let a30 = p30, a31 = p31, a32 = p32, a33 = p33
        // (FP)Fᵀ: columns combine likewise; then + Q.
        let g = (c3, h, 1.0, 1.0), s = parameters.sigmaProcess
        func q(_ i: Double, _ j: Double) -> Double { s * i * j }
        p00 = a00 + a01 + h * a02 + c3 * a03 + q(g.0, g.0)
        p01 = a01 + a02 + h * a03 + q(g.0, g.1)
        p02 = a02 + a03 + q(g.0, g.2)
        p03 = a03 + q(g.0, g.3)
        p10 = a10 + a11 + h * a12 + c3 * a13 + q(g.1, g.0)
        p11 = a11 + a12 + h * a13 + q(g.1, g.1)
        p12 = a12 + a13 + q(g.1, g.2)
        p13 = a13 + q(g.1, g.3)
        p20 = a20 + a21 + h * a22 + c3 * a23 + q(g.2, g.0)
        p21 = a21 + a22 + h * a23 + q(g.2, g.1)
        p22 = a22 + a23 + q(g.2, g.2)
        p23 = a23 + q(g.2, g.3)
        p30 = a30 + a31 + h * a32 + c3 * a33 + q(g.3, g.0)
        p31 = a31 + a32 + h * a33 + q(g.3, g.1)
        p32 = a32 + a33 + q(g.3, g.2)
        p33 = a33 + q(g.3, g.3)
        // Gain K = P[:,0] / (P00 + R).
        let sInv = 1 / (p00 + parameters.sigmaMeasurement)
        let k0 = p00 * sInv, k1 = p10 * sInv, k2 = p20 * sInv, k3 = p30 * sInv
        @inline(__always) func correct(_ st: inout AxisState, _ z: Double) {
            let r = z - st.p
            st.p += k0 * r
            st.v += k1 * r
            st.a += k2 * r
            st.j += k3 * r
        }
        correct(&xs, x)
        correct(&ys, y)
        correct(&ps, pressure)
        // P ← P − K (H P): row i loses k_i times row 0.
        let r0 = (p00, p01, p02, p03)
        cov = (p00 - k0 * r0.0, p01 - k0 * r0.1, p02 - k0 * r0.2, p03 - k0 * r0.3,
               p10 - k1 * r0.0, p11 - k1 * r0.1, p12 - k1 * r0.2, p13 - k1 * r0.3,
               p20 - k2 * r0.0, p21 - k2 * r0.1, p22 - k2 * r0.2, p23 - k2 * r0.3,
               p30 - k3 * r0.0, p31 - k3 * r0.1, p32 - k3 * r0.2, p33 - k3 * r0.3)
    }

    /// `(x − lo) / (hi − lo)` clamped to [0, 1], NaN staying NaN as in Java's `Math.min/max`.
    @inlinable
    static func normalize(_ x: Double, _ lo: Double, _ hi: Double) -> Double {
        let n = (x - lo) / (hi - lo)
        if n.isNaN { return n }
        return min(1, max(n, 0))
    }

    /// The number of steps predicted for a horizon (ms), as the library counts them.
    @inlinable
    public func steps(horizonMs: Double) -> Int {
        let vx = xs.v, vy = ys.v
        let speed = (vx * vx + vy * vy).squareRoot() / reportRateMs
        let jank = (xs.j * xs.j + ys.j * ys.j).squareRoot()
        let stylus = parameters.stylus
        let speedFactor = JetpackKalmanPredictor.normalize(speed, 0, stylus ? 0 : 2)
        let jankFactor = 1 - JetpackKalmanPredictor.normalize(jank, stylus ? 0.1 : 0.02, 0.2)
        var confidence = speedFactor * jankFactor
        if parameters.mode == .aggressive { confidence = 1 }
        let raw = (horizonMs / reportRateMs * confidence).rounded(.up)
        var n = raw.isNaN || raw < 0 ? 0 : Int(min(raw, 10_000))
        if parameters.mode == .safe { n = max(n, 1) }
        return n
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        guard iterations >= 4, reportRateMs > 0 else { return nil }
        let horizonMs = min(parameters.maxHorizonMs, t * 1000 - lastMs)
        let n = steps(horizonMs: max(0, horizonMs))
        guard n > 0 else { return nil }
        let tMs = t * 1000
        var px = lastXPx, py = lastYPx, pt = lastMs
        var vx = xs.v, vy = ys.v, ax = xs.a, ay = ys.a
        let jx = xs.j, jy = ys.j
        var pressure = ps.p
        let pressureChange = ps.v, lift = parameters.predictLift
        for i in 1...n {
            ax += jx * 0.1
            ay += jy * 0.1
            vx += ax * 0.5
            vy += ay * 0.5
            let nx = px + vx, ny = py + vy
            if lift {
                pressure = min(1, max(0, pressure + pressureChange))
                // The pen is about to lift: no point from this step on.
                if pressure < 0.1 {
                    if i == 1 { return nil }
                    break
                }
            }
            let nt = lastMs + Double(i) * reportRateMs
            if tMs <= nt {
                let w = (tMs - pt) / (nt - pt)
                return PenPoint(t: t, x: (px + w * (nx - px)) / parameters.pxPerMM, y: (py + w * (ny - py)) / parameters.pxPerMM)
            }
            px = nx
            py = ny
            pt = nt
        }
        return PenPoint(t: t, x: px / parameters.pxPerMM, y: py / parameters.pxPerMM)
    }

    @inlinable
    public mutating func reset() {
        cov = JetpackKalmanPredictor.identity
        xs = AxisState()
        ys = AxisState()
        ps = AxisState()
        iterations = 0
        hasLast = false
        rateSumMs = 0
        rateCount = 0
        reportRateMs = 0
    }
}

extension JetpackKalmanPredictor.Parameters: DescribedParameters {
    /// The parameters a strategy may set (the mode is the strategy's: `jetpack`, `jetpack-safe`, ...).
    public static let fields: [ParameterField<Self>] = [
        ParameterField("sigma_p", \.sigmaProcess, unit: "px^2", range: .above(0), about: "process noise (px^2, unit step)"),
        ParameterField("sigma_m", \.sigmaMeasurement, unit: "px^2", range: .above(0), about: "measurement noise variance (px^2)"),
        ParameterField(
            "max_ms", \.maxHorizonMs, unit: "ms", range: .closed(0, 1000),
            about: "longest horizon predicted (ms; MAX_PREDICTION_MS)"),
        ParameterField("px_mm", \.pxPerMM, unit: "px/mm", range: .above(0), about: "device px per mm (scales the px thresholds)"),
        ParameterField("stylus", \.stylus, about: "1: stylus thresholds (jank 0.1-0.2); 0: finger (speed 0-2 px/ms, jank 0.02-0.2)"),
        ParameterField("lift", \.predictLift, about: "1: stop where the predicted pressure falls below 0.1 (predictLift; off in the library)"),
    ]
}
