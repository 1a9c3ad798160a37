/// The `kalman` strategy: Chromium's `KalmanPredictor` (`ui/base/prediction/kalman_predictor.cc`),
/// ported exactly.
///
/// Inside it works in Chromium's units, time in ms and length in px (1 px = 0.15875 mm,
/// 160 per inch), so its published constants mean what they mean there; it converts at
/// ``update(_:)`` and ``predict(at:)``. One ``KalmanFilter`` per axis, both fed the same
/// interval `dt`: the output of a third filter fed the raw intervals with a step of 0
/// (Chromium's `time_filter_.Update(dt, 0)`), which is the running mean of the intervals
/// since the reset. Ready after 4 updates; then
///
///     prediction = last raw sample + v·dt + a·dt²/2,   dt = T - t_last (ms)
///
/// The x and y filters see the same intervals, so they share one covariance and gain (the
/// covariance does not depend on the observations); the result is identical to two filters.
///
/// ```swift
/// var k = KalmanPredictor()
/// for i in 0..<8 { k.update(PenPoint(t: Double(i) / 240, x: Double(i), y: 0)) }
/// k.predict(at: 8.0 / 240)   // x ≈ 8
/// ```
///
/// Chromium's own limits (a 25 ms horizon cap and a reset on gaps over 20 ms, the
/// `kalman-chromium` strategy) are applied by the harness, not here.
public struct KalmanPredictor: Predictor {
    /// The predictor's constants. Defaults are Chromium's.
    public struct Parameters: Sendable, Equatable {
        /// The constants of the three filters.
        public var filter = KalmanFilter.Parameters()
        /// The size of Chromium's px in mm (160 px per inch: 0.15875 mm).
        public var pixelSizeMM: Double = 0.15875

        public init(filter: KalmanFilter.Parameters = KalmanFilter.Parameters(), pixelSizeMM: Double = 0.15875) {
            self.filter = filter
            self.pixelSizeMM = pixelSizeMM
        }

        /// Throws if a constant is out of range.
        public func validate(predictor: String = "kalman") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
        }
    }

    @usableFromInline var shared: KalmanCovariance
    @usableFromInline var xState = KalmanState()
    @usableFromInline var yState = KalmanState()
    /// Chromium's `time_filter_`, reduced to what a step of 0 leaves (identical results).
    @usableFromInline var timeFilter: MeanIntervalFilter
    @usableFromInline let pxPerMM: Double
    @usableFromInline var lastTimeMs = 0.0
    @usableFromInline var lastXPx = 0.0
    @usableFromInline var lastYPx = 0.0
    @usableFromInline var hasLast = false

    /// A predictor with the given constants; call ``Parameters-swift.struct/validate(predictor:)``
    /// first when they come from a user.
    public init(parameters: Parameters = Parameters()) {
        shared = KalmanCovariance(parameters: parameters.filter)
        timeFilter = MeanIntervalFilter(parameters: parameters.filter)
        pxPerMM = 1 / parameters.pixelSizeMM
    }

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        let tMs = sample.t * 1000
        feed(tMs: tMs, intervalMs: hasLast ? tMs - lastTimeMs : nil, xPx: sample.x * pxPerMM, yPx: sample.y * pxPerMM)
    }

    /// One update in Chromium's units: the sample's time (ms), the interval since the previous
    /// sample (ms; `nil` for the first since the reset) and its position (px). A port that keeps
    /// Chromium's whole-µs timestamps (``ChromiumKalmanPredictor``) computes the interval itself.
    @inlinable
    mutating func feed(tMs: Double, intervalMs: Double?, xPx: Double, yPx: Double) {
        if let intervalMs {
            timeFilter.update(observation: intervalMs)
        }
        let dtMs = timeFilter.position
        hasLast = true
        lastTimeMs = tMs
        lastXPx = xPx
        lastYPx = yPx
        if shared.iterations == 0 {
            shared.iterations = 1
            xState = KalmanState(p: xPx, v: 0, a: 0)
            yState = KalmanState(p: yPx, v: 0, a: 0)
            return
        }
        let gain = shared.step(dt: dtMs)
        xState.correct(observation: xPx, dt: dtMs, gain: gain)
        yState.correct(observation: yPx, dt: dtMs, gain: gain)
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        guard shared.iterations >= shared.parameters.stableIterations else { return nil }
        let dt = t * 1000 - lastTimeMs
        let h = 0.5 * dt * dt
        let xPx = lastXPx + xState.v * dt + xState.a * h
        let yPx = lastYPx + yState.v * dt + yState.a * h
        return PenPoint(t: t, x: xPx / pxPerMM, y: yPx / pxPerMM)
    }

    @inlinable
    public mutating func reset() {
        shared.reset()
        timeFilter.reset()
        xState = KalmanState()
        yState = KalmanState()
        hasLast = false
    }

    /// The filtered velocity in px/ms (x, y), for tests and diagnostics.
    @inlinable public var velocityPxPerMs: (x: Double, y: Double) { (xState.v, yState.v) }
    /// The filtered acceleration in px/ms² (x, y), for point-list ports such as ``ChromiumKalmanPredictor``.
    @inlinable public var accelerationPxPerMs2: (x: Double, y: Double) { (xState.a, yState.a) }
    /// The newest sample fed, in px (x, y): where Chromium's predictions start.
    @inlinable public var lastPositionPx: (x: Double, y: Double) { (lastXPx, lastYPx) }
    /// The filtered interval in ms that the axis filters use.
    @inlinable public var filteredIntervalMs: Double { timeFilter.position }
}

extension KalmanPredictor.Parameters: DescribedParameters {
    /// The filter's parameters and the pixel size, as strategy parameters.
    public static let fields: [ParameterField<Self>] =
        KalmanFilter.Parameters.fields.map { $0.nested(in: \.filter) } + [
            ParameterField("px_mm", \.pixelSizeMM, unit: "mm", range: .above(0), about: "size of Chromium's px in mm (160 per inch)")
        ]
}
