/// google/ink-stroke-modeler's Kalman predictor core: per axis a 4-state filter `[p, v, a, j]`
/// with a unit step, rescaled by the mean sample interval, and the cubic prediction from the
/// modeled tip. ``InkModelerKalmanPredictor`` runs it behind the modeler's tip.
///
/// Source: google/ink-stroke-modeler, `ink_stroke_modeler/internal/prediction/
/// kalman_predictor.cc`, `kalman_filter/axis_predictor.cc`, `kalman_filter/kalman_filter.cc`,
/// commit 3fa5129ed1ae6f8b2ec4e9b60fa5d08cc81e2d78 (Apache-2.0). Behaviour:
/// - filter: `F` rows `[1, 1, 1/2, 1/6]`, `[0, 1, 1, 1/2]`, `[0, 0, 1, 1]`, `[0, 0, 0, 1]`;
///   `Q = process_noise · g gᵀ`, `g = [1/6, 1/2, 1, 1]`; `H = [1, 0, 0, 0]`; `R` =
///   `measurement_noise`; `P₀ = I`; the first observation sets the position only; then
///   predict, gain `K = P Hᵀ / (H P Hᵀ + R)`, and the Joseph update
///   `P ← (I − K H) P (I − K H)ᵀ + K R Kᵀ`. Stable after `min_stable_iteration` (4) updates.
/// - estimate: with `dt = (t_newest − t_oldest) / n` over the last `max_time_samples` (20)
///   sample times (n of them, as the source divides), `v /= dt`, `a /= dt²` then ×
///   `acceleration_weight` (0.5), `j /= dt³` then × `jerk_weight` (0.1).
/// - prediction, at the output interval `1 / min_output_rate`: a cubic Hermite connector
///   from the modeled tip to the estimate (`ceil(distance / max(|v_tip|, |v_est|,
///   min_catchup_velocity) / interval)` points, at least 1), then `n` steps of the cubic
///   `p + v dt + a dt²/2 + j dt³/6`, with `n = max(0, ceil(prediction_interval · rate ·
///   confidence))`, confidence = sample ratio (`iterations / 20`, ≤ 1) × estimation error
///   (`1 − normalize(0, max_estimation_distance, |last − estimate|)`) × travel speed
///   (`normalize(min_travel_speed, max_travel_speed, |end − estimate| / interval)`) ×
///   linearity (`interp(0.4, 1, 1 − normalize(0, max_linear_deviation, |end − linear end|))`).
///
/// Units: the modeler's length unit (the constants below are the library's tests', in cm)
/// and s. Double precision where the library uses float (its tests' tolerance is 1e-4
/// relative).
public struct InkModelerKalman: Sendable {
    /// The predictor's constants (`KalmanPredictorParams`), in the modeler's unit and s.
    ///
    /// The library leaves `process_noise`, `measurement_noise`, `min_catchup_velocity`,
    /// `prediction_interval` and the confidence distances/speeds required (−1 in
    /// `params.h`); the defaults here are those of its own tests (`kalman_predictor_test.cc`,
    /// `stroke_modeler_test.cc`), in cm: 1 px at 96 dpi is 0.026458 cm.
    public struct Parameters: Sendable, Equatable {
        /// `process_noise` (0.00026458).
        public var processNoise = 0.00026458
        /// `measurement_noise` (0.026458).
        public var measurementNoise = 0.026458
        /// `min_stable_iteration` (4).
        public var minStableIteration = 4
        /// `max_time_samples` (20).
        public var maxTimeSamples = 20
        /// `min_catchup_velocity` (0.01 unit/s).
        public var minCatchupVelocity = 0.01
        /// `acceleration_weight` (0.5).
        public var accelerationWeight = 0.5
        /// `jerk_weight` (0.1).
        public var jerkWeight = 0.1
        /// `prediction_interval` (1/60 s).
        public var predictionInterval = 1.0 / 60
        /// `desired_number_of_samples` (20).
        public var desiredNumberOfSamples = 20
        /// `max_estimation_distance` (0.04 unit).
        public var maxEstimationDistance = 0.04
        /// `min_travel_speed` (3 unit/s).
        public var minTravelSpeed = 3.0
        /// `max_travel_speed` (15 unit/s).
        public var maxTravelSpeed = 15.0
        /// `max_linear_deviation` (0.2 unit).
        public var maxLinearDeviation = 0.2
        /// `baseline_linearity_confidence` (0.4).
        public var baselineLinearityConfidence = 0.4

        public init() {}

        /// Throws if a constant is out of range.
        public func validate(predictor: String) throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
            for (name, v) in [
                ("catchup", minCatchupVelocity), ("max_estimation_distance", maxEstimationDistance), ("max_linear_deviation", maxLinearDeviation),
            ] {
                guard v.isFinite, v > 0 else {
                    throw PredictorParameterError(predictor: predictor, parameter: name, value: v, expected: "a finite number > 0")
                }
            }
            guard minTravelSpeed.isFinite, maxTravelSpeed.isFinite, minTravelSpeed >= 0, minTravelSpeed <= maxTravelSpeed else {
                throw PredictorParameterError(
                    predictor: predictor, parameter: "min_travel_speed", value: minTravelSpeed,
                    expected: "a finite number from 0 to max_travel_speed (\(maxTravelSpeed))")
            }
            for (name, v) in [("acceleration_weight", accelerationWeight), ("jerk_weight", jerkWeight), ("baseline_linearity", baselineLinearityConfidence)] {
                guard v.isFinite, v >= 0, v <= 1 else {
                    throw PredictorParameterError(predictor: predictor, parameter: name, value: v, expected: "a number from 0 to 1")
                }
            }
            for (name, v) in [("min_stable", minStableIteration), ("max_time_samples", maxTimeSamples), ("desired_samples", desiredNumberOfSamples)] {
                guard v >= 1, v <= 1000 else {
                    throw PredictorParameterError(predictor: predictor, parameter: name, value: Double(v), expected: "an integer from 1 to 1000")
                }
            }
        }
    }

    /// The estimated state: position (unit), velocity (unit/s), acceleration (unit/s²) and
    /// jerk (unit/s³), after the weights.
    public struct State: Sendable, Equatable {
        public var px: Double, py: Double, vx: Double, vy: Double, ax: Double, ay: Double, jx: Double, jy: Double

        @inlinable
        public init(px: Double, py: Double, vx: Double, vy: Double, ax: Double, ay: Double, jx: Double, jy: Double) {
            self.px = px
            self.py = py
            self.vx = vx
            self.vy = vy
            self.ax = ax
            self.ay = ay
            self.jx = jx
            self.jy = jy
        }
    }

    public let parameters: Parameters
    @usableFromInline var cov = Mat4.identity
    @usableFromInline var sx = SIMD4<Double>(), sy = SIMD4<Double>()
    @usableFromInline var iterations = 0
    @usableFromInline var times: [Double]
    @usableFromInline var timeStart = 0, timeCount = 0
    @usableFromInline var lastX = 0.0, lastY = 0.0, hasLast = false
    @usableFromInline let f: Mat4, q: Mat4

    /// A predictor core with the given constants; validate them first when they come from a user.
    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        times = Array(repeating: 0, count: max(1, parameters.maxTimeSamples))
        f = Mat4(
            SIMD4(1, 1, 0.5, 1.0 / 6), SIMD4(0, 1, 1, 0.5), SIMD4(0, 0, 1, 1), SIMD4(0, 0, 0, 1))
        let g = SIMD4<Double>(1.0 / 6, 0.5, 1, 1)
        q = Mat4(g * g[0], g * g[1], g * g[2], g * g[3]).scaled(parameters.processNoise)
    }

    /// The number of observations the filters have taken.
    public var filterIterations: Int { iterations }

    /// Feeds a raw position (unit) at time `t` (s): the library's `Update`.
    @inlinable
    public mutating func update(x: Double, y: Double, t: Double) {
        lastX = x
        lastY = y
        hasLast = true
        if timeCount < times.count {
            times[(timeStart + timeCount) % times.count] = t
            timeCount += 1
        } else {
            times[timeStart] = t
            timeStart = (timeStart + 1) % times.count
        }
        if iterations == 0 {
            iterations = 1
            sx[0] = x
            sy[0] = y
            return
        }
        iterations += 1
        sx = f.apply(sx)
        sy = f.apply(sy)
        cov = f.multiply(cov).multiply(f.transposed()).adding(q)
        let s = cov.r0[0] + parameters.measurementNoise
        let k = SIMD4(cov.r0[0], cov.r1[0], cov.r2[0], cov.r3[0]) / s
        sx += k * (x - sx[0])
        sy += k * (y - sy[0])
        let ikh = Mat4(
            SIMD4(1 - k[0], 0, 0, 0), SIMD4(-k[1], 1, 0, 0), SIMD4(-k[2], 0, 1, 0), SIMD4(-k[3], 0, 0, 1))
        let kk = Mat4(k * k[0], k * k[1], k * k[2], k * k[3]).scaled(parameters.measurementNoise)
        cov = ikh.multiply(cov).multiply(ikh.transposed()).adding(kk)
    }

    /// Forgets every sample.
    @inlinable
    public mutating func reset() {
        cov = Mat4.identity
        sx = SIMD4()
        sy = SIMD4()
        iterations = 0
        timeStart = 0
        timeCount = 0
        hasLast = false
    }

    /// The library's `GetEstimatedState`, or `nil` before it is stable.
    @inlinable
    public func estimatedState() -> State? {
        guard iterations >= parameters.minStableIteration, timeCount > 0 else { return nil }
        let first = times[timeStart], last = times[(timeStart + timeCount - 1) % times.count]
        let dt = (last - first) / Double(timeCount)
        let dt2 = dt * dt, dt3 = dt2 * dt
        let aw = parameters.accelerationWeight, jw = parameters.jerkWeight
        return State(
            px: sx[0], py: sy[0], vx: sx[1] / dt, vy: sy[1] / dt, ax: sx[2] / dt2 * aw, ay: sy[2] / dt2 * aw,
            jx: sx[3] / dt3 * jw, jy: sy[3] / dt3 * jw)
    }

    /// The cubic `p + v dt + a dt²/2 + j dt³/6` and its derivatives after `dt` (s).
    @inlinable
    static func evaluate(_ s: State, _ dt: Double) -> State {
        let dt2 = dt * dt, dt3 = dt2 * dt
        return State(
            px: s.px + s.vx * dt + s.ax * dt2 / 2 + s.jx * dt3 / 6, py: s.py + s.vy * dt + s.ay * dt2 / 2 + s.jy * dt3 / 6,
            vx: s.vx + s.ax * dt + s.jx * dt2 / 2, vy: s.vy + s.ay * dt + s.jy * dt2 / 2,
            ax: s.ax + s.jx * dt, ay: s.ay + s.jy * dt, jx: s.jx, jy: s.jy)
    }

    @inlinable
    static func normalize01(_ start: Double, _ end: Double, _ value: Double) -> Double {
        if start == end { return value > start ? 1 : 0 }
        return min(1, max(0, (value - start) / (end - start)))
    }

    /// The library's `NumberOfPointsToPredict` at an output rate (Hz).
    @inlinable
    public func numberOfPointsToPredict(_ e: State, outputRateHz: Double) -> Int {
        let p = parameters
        let target = p.predictionInterval * outputRateHz
        let sampleRatio = min(1, Double(iterations) / Double(p.desiredNumberOfSamples))
        let err = ((lastX - e.px) * (lastX - e.px) + (lastY - e.py) * (lastY - e.py)).squareRoot()
        let normalizedError = 1 - InkModelerKalman.normalize01(0, p.maxEstimationDistance, err)
        let end = InkModelerKalman.evaluate(e, p.predictionInterval)
        let travel = ((end.px - e.px) * (end.px - e.px) + (end.py - e.py) * (end.py - e.py)).squareRoot() / p.predictionInterval
        let normalizedDistance = InkModelerKalman.normalize01(p.minTravelSpeed, p.maxTravelSpeed, travel)
        let lx = e.px + p.predictionInterval * e.vx, ly = e.py + p.predictionInterval * e.vy
        let deviation = ((end.px - lx) * (end.px - lx) + (end.py - ly) * (end.py - ly)).squareRoot()
        let amount = min(1, max(0, 1 - InkModelerKalman.normalize01(0, p.maxLinearDeviation, deviation)))
        let linearity = p.baselineLinearityConfidence + (1 - p.baselineLinearityConfidence) * amount
        let confidence = sampleRatio * normalizedError * normalizedDistance * linearity
        let n = (target * confidence).rounded(.up)
        return n.isFinite ? Int(max(0, min(n, 100_000))) : 0
    }

    /// The library's `ConstructPrediction` from the modeled `tip` at an output rate (Hz): each
    /// predicted state in order to `visit` (return `false` to stop). Nothing before stable.
    @inlinable
    public func constructPrediction(
        from tip: InkModelerTipState, outputRateHz: Double, visit: (InkModelerTipState) -> Bool
    ) {
        guard hasLast, let e = estimatedState() else { return }
        let sampleDt = 1 / outputRateHz
        // The cubic connector from the tip to the estimate.
        let distance = ((tip.x - e.px) * (tip.x - e.px) + (tip.y - e.py) * (tip.y - e.py)).squareRoot()
        let vTip = (tip.vx * tip.vx + tip.vy * tip.vy).squareRoot(), vEst = (e.vx * e.vx + e.vy * e.vy).squareRoot()
        let targetDuration = distance / max(max(vTip, vEst), parameters.minCatchupVelocity)
        let raw = (targetDuration / sampleDt).rounded(.up)
        let nPoints = raw.isFinite ? Int(max(1, min(raw, 100_000))) : 1
        let duration = Double(nPoints) * sampleDt
        let axc = 2 * tip.x - 2 * e.px + (tip.vx + e.vx) * duration
        let ayc = 2 * tip.y - 2 * e.py + (tip.vy + e.vy) * duration
        let bxc = -3 * tip.x + 3 * e.px - (2 * tip.vx + e.vx) * duration
        let byc = -3 * tip.y + 3 * e.py - (2 * tip.vy + e.vy) * duration
        let cxc = tip.vx * duration, cyc = tip.vy * duration
        for i in 1...nPoints {
            let t = Double(i) / Double(nPoints), t2 = t * t, t3 = t2 * t
            let state = InkModelerTipState(
                x: axc * t3 + bxc * t2 + cxc * t + tip.x, y: ayc * t3 + byc * t2 + cyc * t + tip.y,
                vx: (3 * axc * t2 + 2 * bxc * t + cxc) / duration, vy: (3 * ayc * t2 + 2 * byc * t + cyc) / duration,
                ax: (6 * axc * t + 2 * bxc) / (duration * duration), ay: (6 * ayc * t + 2 * byc) / (duration * duration),
                t: tip.t + duration * t)
            if !visit(state) { return }
        }
        // Then the cubic from the estimate.
        var current = e
        var time = tip.t + duration
        let n = numberOfPointsToPredict(e, outputRateHz: outputRateHz)
        for _ in 0..<n {
            let next = InkModelerKalman.evaluate(current, sampleDt)
            time += sampleDt
            if !visit(InkModelerTipState(x: next.px, y: next.py, vx: next.vx, vy: next.vy, ax: next.ax, ay: next.ay, t: time)) { return }
            current = next
        }
    }
}

/// A 4×4 matrix as four SIMD rows, for the Kalman filters (no allocation).
@usableFromInline
struct Mat4: Sendable {
    @usableFromInline var r0: SIMD4<Double>, r1: SIMD4<Double>, r2: SIMD4<Double>, r3: SIMD4<Double>

    @inlinable
    init(_ r0: SIMD4<Double>, _ r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>) {
        self.r0 = r0
        self.r1 = r1
        self.r2 = r2
        self.r3 = r3
    }

    @usableFromInline static let identity = Mat4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))

    /// `self · v`.
    @inlinable
    func apply(_ v: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4((r0 * v).sum(), (r1 * v).sum(), (r2 * v).sum(), (r3 * v).sum())
    }

    /// One row of `self · m`.
    @inlinable
    static func row(_ a: SIMD4<Double>, _ m: Mat4) -> SIMD4<Double> {
        a[0] * m.r0 + a[1] * m.r1 + a[2] * m.r2 + a[3] * m.r3
    }

    /// `self · m`.
    @inlinable
    func multiply(_ m: Mat4) -> Mat4 {
        Mat4(Mat4.row(r0, m), Mat4.row(r1, m), Mat4.row(r2, m), Mat4.row(r3, m))
    }

    @inlinable
    func transposed() -> Mat4 {
        Mat4(
            SIMD4(r0[0], r1[0], r2[0], r3[0]), SIMD4(r0[1], r1[1], r2[1], r3[1]), SIMD4(r0[2], r1[2], r2[2], r3[2]),
            SIMD4(r0[3], r1[3], r2[3], r3[3]))
    }

    @inlinable
    func adding(_ m: Mat4) -> Mat4 { Mat4(r0 + m.r0, r1 + m.r1, r2 + m.r2, r3 + m.r3) }

    @inlinable
    func scaled(_ s: Double) -> Mat4 { Mat4(r0 * s, r1 * s, r2 * s, r3 * s) }
}

extension InkModelerKalman.Parameters: DescribedParameters {
    /// The prediction interval and the noises as strategy parameters, in the modeler's unit
    /// (`unit_mm`) and s; the other constants stay its tests' (checked by ``validate(predictor:)``).
    public static let fields: [ParameterField<Self>] = [
        ParameterField(
            "prediction_hz", reciprocalOf: \.predictionInterval, unit: "Hz", range: .above(0),
            about: "prediction_interval = 1 / this (s)"),
        ParameterField("process_noise", \.processNoise, unit: "unit^2", range: .above(0), about: "process noise (modeler unit^2)"),
        ParameterField(
            "measurement_noise", \.measurementNoise, unit: "unit^2", range: .above(0), about: "measurement noise (modeler unit^2)"),
    ]
}
