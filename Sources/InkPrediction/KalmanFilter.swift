/// Chromium's one-axis constant-acceleration Kalman filter (`ui/base/prediction/kalman_filter.cc`),
/// ported exactly, in whatever units its caller uses (Chromium: px and ms).
///
/// State `[p, v, a]`; transition `F(dt) = [[1, dt, dt²/2], [0, 1, dt], [0, 0, 1]]`; process
/// noise `Q = σp g gᵀ` with `g = [dt²/2, dt, 1]`; measurement `H = [1, 0, 0]` with variance
/// `R = σm`; initial covariance `P0 = I`. The first update only sets the state to `[z, 0, 0]`;
/// every later one predicts over `dt` and corrects with the Joseph-form covariance update
/// `P = (I - K H) P (I - K H)ᵀ + K R Kᵀ`. The filter is ``isStable`` after
/// ``Parameters-swift.struct/stableIterations`` updates.
///
/// ```swift
/// var f = KalmanFilter()
/// f.update(observation: 0, dt: 8)
/// f.update(observation: 1, dt: 8)
/// f.position   // 0.999 (Chromium's golden value)
/// ```
public struct KalmanFilter: Sendable {
    /// The filter's constants. Defaults are Chromium's.
    public struct Parameters: Sendable, Equatable {
        /// Process noise scale `σp` (Chromium: 0.01).
        public var sigmaProcess: Double = 0.01
        /// Measurement noise variance `R` (Chromium: 1.0).
        public var sigmaMeasurement: Double = 1.0
        /// Updates needed before the filter is stable (Chromium: 4).
        public var stableIterations: Int = 4

        /// The updates before predicting that ``validate(predictor:)`` accepts (the one place
        /// this range is stated; the strategy catalogue reads it from here).
        public static let stableIterationsRange = 1...1000

        public init(sigmaProcess: Double = 0.01, sigmaMeasurement: Double = 1.0, stableIterations: Int = 4) {
            self.sigmaProcess = sigmaProcess
            self.sigmaMeasurement = sigmaMeasurement
            self.stableIterations = stableIterations
        }

        /// Throws if a constant is out of range: both sigmas finite and > 0, at least one update.
        public func validate(predictor: String = "kalman") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
        }
    }

    @usableFromInline var covariance: KalmanCovariance
    @usableFromInline var state = KalmanState()

    public init(parameters: Parameters = Parameters()) {
        covariance = KalmanCovariance(parameters: parameters)
    }

    /// Feeds one observation taken `dt` after the previous one (`dt` ignored on the first).
    @inlinable
    public mutating func update(observation: Double, dt: Double) {
        if covariance.iterations == 0 {
            covariance.iterations = 1
            state = KalmanState(p: observation, v: 0, a: 0)
            return
        }
        let gain = covariance.step(dt: dt)
        state.correct(observation: observation, dt: dt, gain: gain)
    }

    /// Forgets everything, as a new filter.
    @inlinable
    public mutating func reset() {
        covariance.reset()
        state = KalmanState()
    }

    /// Whether enough updates were fed for the estimate to be used.
    @inlinable public var isStable: Bool { covariance.iterations >= covariance.parameters.stableIterations }
    /// Estimated position.
    @inlinable public var position: Double { state.p }
    /// Estimated velocity (units per time unit).
    @inlinable public var velocity: Double { state.v }
    /// Estimated acceleration (units per time unit squared).
    @inlinable public var acceleration: Double { state.a }
}

/// The estimate `[p, v, a]` of one axis.
@usableFromInline
struct KalmanState: Sendable {
    @usableFromInline var p = 0.0
    @usableFromInline var v = 0.0
    @usableFromInline var a = 0.0

    @inlinable init() {}
    @inlinable init(p: Double, v: Double, a: Double) {
        self.p = p
        self.v = v
        self.a = a
    }

    /// State prediction over `dt`, then the correction `x += K (z - H x)`.
    @inlinable
    mutating func correct(observation z: Double, dt: Double, gain k: KalmanGain) {
        let h = 0.5 * dt * dt
        let pp = p + dt * v + h * a
        let vp = v + dt * a
        let y = z - pp
        p = pp + k.k0 * y
        v = vp + k.k1 * y
        a = a + k.k2 * y
    }
}

/// The Kalman gain `K = P Hᵀ / S`.
@usableFromInline
struct KalmanGain: Sendable {
    @usableFromInline var k0: Double
    @usableFromInline var k1: Double
    @usableFromInline var k2: Double
    @inlinable init(k0: Double, k1: Double, k2: Double) {
        self.k0 = k0
        self.k1 = k1
        self.k2 = k2
    }
}

/// The error covariance of a constant-acceleration filter and its update count.
///
/// It depends only on the intervals fed, never on the observations, so filters that see the
/// same intervals (the x and y axes of one predictor) share one.
@usableFromInline
struct KalmanCovariance: Sendable {
    @usableFromInline let parameters: KalmanFilter.Parameters
    @usableFromInline var iterations = 0
    // Symmetric 3x3, upper triangle.
    @usableFromInline var p00 = 1.0, p01 = 0.0, p02 = 0.0, p11 = 1.0, p12 = 0.0, p22 = 1.0

    @inlinable init(parameters: KalmanFilter.Parameters) { self.parameters = parameters }

    @inlinable
    mutating func reset() {
        iterations = 0
        p00 = 1; p01 = 0; p02 = 0; p11 = 1; p12 = 0; p22 = 1
    }

    /// Predicts the covariance over `dt` (`P = F P Fᵀ + Q`), then applies the Joseph-form
    /// update for one position measurement and returns the gain used.
    @inlinable
    mutating func step(dt: Double) -> KalmanGain {
        iterations &+= 1
        let h = 0.5 * dt * dt
        let sp = parameters.sigmaProcess
        // A = F P
        let a00 = p00 + dt * p01 + h * p02
        let a01 = p01 + dt * p11 + h * p12
        let a02 = p02 + dt * p12 + h * p22
        let a11 = p11 + dt * p12
        let a12 = p12 + dt * p22
        // P = A Fᵀ + σp g gᵀ, g = [h, dt, 1]
        let q00 = a00 + dt * a01 + h * a02 + sp * h * h
        let q01 = a01 + dt * a02 + sp * h * dt
        let q02 = a02 + sp * h
        let q11 = a11 + dt * a12 + sp * dt * dt
        let q12 = a12 + sp * dt
        let q22 = p22 + sp
        // S = H P Hᵀ + R; K = P Hᵀ / S
        let r = parameters.sigmaMeasurement
        let s = q00 + r
        let k0 = q00 / s, k1 = q01 / s, k2 = q02 / s
        // Joseph form, expanded for H = [1, 0, 0]:
        // P+_ij = P_ij - K_i P_0j - (P_i0 - K_i P_00) K_j + R K_i K_j
        let m0 = q00 - k0 * q00, m1 = q01 - k1 * q00, m2 = q02 - k2 * q00
        p00 = q00 - k0 * q00 - m0 * k0 + r * k0 * k0
        p01 = q01 - k0 * q01 - m0 * k1 + r * k0 * k1
        p02 = q02 - k0 * q02 - m0 * k2 + r * k0 * k2
        p11 = q11 - k1 * q01 - m1 * k1 + r * k1 * k1
        p12 = q12 - k1 * q02 - m1 * k2 + r * k1 * k2
        p22 = q22 - k2 * q02 - m2 * k2 + r * k2 * k2
        return KalmanGain(k0: k0, k1: k1, k2: k2)
    }
}

/// Chromium's time filter (`time_filter_.Update(dt, 0)`): a ``KalmanFilter`` that is always
/// fed a step of 0, reduced to the arithmetic that step leaves.
///
/// With `dt = 0` every term `dt · x` and `dt²/2 · x` of ``KalmanCovariance/step(dt:)`` and
/// ``KalmanState/correct(observation:dt:gain:)`` is `+0`, the off-diagonal covariances and the
/// gains `k1`, `k2` stay exactly `+0`, and velocity and acceleration stay `+0`; adding `+0` to a
/// finite positive number returns it unchanged. What remains is the recurrence of `p00` and
/// `p += k0 (z - p)`, computed here with the same operations in the same order, so the
/// position is the same to the bit as the full filter's (the running mean of the intervals),
/// at a fraction of the cost: one division instead of three, no 3x3 products.
@usableFromInline
struct MeanIntervalFilter: Sendable {
    @usableFromInline let r: Double
    @usableFromInline var iterations = 0
    @usableFromInline var p00 = 1.0
    /// The filtered interval (the full filter's position).
    @usableFromInline var position = 0.0

    @inlinable init(parameters: KalmanFilter.Parameters) { r = parameters.sigmaMeasurement }

    /// `KalmanFilter.update(observation: z, dt: 0)`.
    @inlinable
    mutating func update(observation z: Double) {
        if iterations == 0 {
            iterations = 1
            position = z
            return
        }
        iterations &+= 1
        let q00 = p00
        let s = q00 + r
        let k0 = q00 / s
        let m0 = q00 - k0 * q00
        p00 = q00 - k0 * q00 - m0 * k0 + r * k0 * k0
        position = position + k0 * (z - position)
    }

    @inlinable
    mutating func reset() {
        iterations = 0
        p00 = 1
        position = 0
    }
}

extension KalmanFilter.Parameters: DescribedParameters {
    /// The filter's parameters as strategy parameters, with their ranges.
    public static let fields: [ParameterField<Self>] = [
        ParameterField("sigma_p", \.sigmaProcess, unit: "", range: .above(0), about: "process noise scale (Chromium units: px, ms)"),
        ParameterField("sigma_m", \.sigmaMeasurement, unit: "px^2", range: .above(0), about: "measurement noise variance (px^2)"),
        ParameterField("ready_after", \.stableIterations, unit: "", range: .integers(stableIterationsRange), about: "updates before predicting"),
    ]
}
