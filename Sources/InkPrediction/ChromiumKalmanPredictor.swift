/// The `kalman-chromium` strategy: Chromium's Kalman predictor as a web page sees it through
/// `PointerEvent.getPredictedEvents()`: a list of timed points, not a continuous curve.
///
/// Re-expressed (no code copied) from Chromium 156 (`chromium/chromium`, checked against the
/// sources at commit 047c7dc4 and 61169ed3 and against headless Chromium 156.0.8078.108):
///
/// - `ui/base/prediction/kalman_predictor.cc` and `kalman_filter.cc`: the filter itself (the
///   same arithmetic as ``KalmanPredictor``), its reset on an input gap over
///   `kMaxTimeDelta` = 20 ms (the sample after the gap starts the filter again), and
///   `TimeInterval()`: the time filter's mean interval, converted with `base::Milliseconds`
///   (truncated to whole µs), at least `kMinTimeInterval` = 2.5 ms;
/// - `ui/base/prediction/input_predictor.h`: `kMaxPredictionTime` = 25 ms;
/// - `third_party/blink/renderer/platform/widget/input/input_event_prediction.cc`: Blink resets
///   a pen's predictor on every event that is not a move (`pointerdown` included) and feeds it
///   pointermoves only, so **the stroke's first sample is never fed**; after each move it adds
///   predicted events at `t_last + k·Δ̄` for `k = 1, 2, ...` while `k·Δ̄ ≤ 25 ms`, each at
///   `last sample + v·dt + a·dt²/2` (`dt = k·Δ̄`, the filter's velocity and acceleration).
///
/// Inside it keeps Chromium's units (ms, px of 0.15875 mm: 160 per inch) and works in `Double`;
/// Chromium holds positions and `dt` in `Float`, which moves a point by about 1e-5 px, far
/// below the 0.002 mm the fixtures are compared at. Times are whole µs in Chromium; here the
/// samples' own times are used and only `Δ̄` is truncated to µs, so a point that falls within
/// 1 µs of the 25 ms limit may be in one list and not the other (the fixtures' boundary rule).
///
/// What an app shows from the list (``predict(at:)``, ``reach(at:)``) is ``PredictedPoints``:
/// interpolated inside, held at the last point beyond, as ``RecordedPredictor`` shows a recorded
/// tail. The points are computed on demand from the filter's state (at most 10 at Δ̄ ≥ 2.5 ms),
/// so an update allocates nothing.
///
/// ```swift
/// var k = ChromiumKalmanPredictor()
/// for i in 0..<6 { k.update(PenPoint(t: Double(i) / 240, x: Double(i), y: 0)) }
/// k.points.count        // 6: Δ̄ = 4.166 ms, 6 × 4.166 ≤ 25 ms
/// k.points.last?.t      // 5/240 s + 0.024996 s
/// ```
public struct ChromiumKalmanPredictor: Predictor {
    /// The predictor's constants. Defaults are Chromium's.
    public struct Parameters: Sendable, Equatable {
        /// The filter constants and the px size (``KalmanPredictor/Parameters``).
        public var kalman = KalmanPredictor.Parameters()
        /// `kMaxPredictionTime`: the last point lies at most this many ms after the newest sample.
        public var maxPredictionMs: Double = 25
        /// `kMaxTimeDelta`: an input gap over this many ms resets the filter.
        public var gapResetMs: Double = 20
        /// `kMinTimeInterval`: the points are at least this many ms apart.
        public var minIntervalMs: Double = 2.5

        public init(
            kalman: KalmanPredictor.Parameters = KalmanPredictor.Parameters(), maxPredictionMs: Double = 25,
            gapResetMs: Double = 20, minIntervalMs: Double = 2.5
        ) {
            self.kalman = kalman
            self.maxPredictionMs = maxPredictionMs
            self.gapResetMs = gapResetMs
            self.minIntervalMs = minIntervalMs
        }

        /// Throws if a constant is out of range: the filter's (``KalmanPredictor/Parameters``),
        /// `max_ms` in 0...1000, `gap_ms` in (0, 1e9], `min_interval_ms` in 0.001...1000 (so a list has
        /// at most 1,000,000 points; Chromium's has at most 10).
        public func validate(predictor: String = "kalman-chromium") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
        }
    }

    /// The predicted points after the newest update, computed from the filter's state: point
    /// `k` (1-based) at `t_last + k·Δ̄`, positions in mm.
    public struct Points: RandomAccessCollection, Sendable {
        @usableFromInline let lastT: Double, lastX: Double, lastY: Double
        @usableFromInline let vx: Double, vy: Double, ax: Double, ay: Double, pxSizeMM: Double
        /// Δ̄ in whole µs: the spacing of the points.
        public let intervalMicroseconds: Int
        /// The time filter's mean interval before truncation (ms), for the 25 ms boundary rule:
        /// where `k` times it lies within 1 µs of the limit, Chromium's own µs timestamps decide
        /// whether point `k` is in the list.
        public let meanIntervalMs: Double
        public let count: Int

        @inlinable
        init(
            lastT: Double, lastX: Double, lastY: Double, vx: Double, vy: Double, ax: Double, ay: Double,
            pxSizeMM: Double, intervalMicroseconds: Int, meanIntervalMs: Double = 0, count: Int
        ) {
            self.lastT = lastT
            self.lastX = lastX
            self.lastY = lastY
            self.vx = vx
            self.vy = vy
            self.ax = ax
            self.ay = ay
            self.pxSizeMM = pxSizeMM
            self.intervalMicroseconds = intervalMicroseconds
            self.meanIntervalMs = meanIntervalMs
            self.count = count
        }

        /// No points.
        @inlinable
        init(empty pxSizeMM: Double) {
            self.init(
                lastT: 0, lastX: 0, lastY: 0, vx: 0, vy: 0, ax: 0, ay: 0, pxSizeMM: pxSizeMM, intervalMicroseconds: 0,
                count: 0)
        }

        /// The newest sample, where the drawn tail starts (mm).
        @inlinable public var newest: PenPoint { PenPoint(t: lastT, x: lastX * pxSizeMM, y: lastY * pxSizeMM) }

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { count }

        @inlinable
        public subscript(i: Int) -> PenPoint {
            let us = (i + 1) * intervalMicroseconds
            let dt = Double(us) / 1000
            let h = 0.5 * dt * dt
            return PenPoint(
                t: lastT + Double(us) / 1_000_000, x: (lastX + vx * dt + ax * h) * pxSizeMM,
                y: (lastY + vy * dt + ay * h) * pxSizeMM)
        }
    }

    @usableFromInline var filter: KalmanPredictor
    @usableFromInline let stableIterations: Int
    @usableFromInline let pxSizeMM: Double
    @usableFromInline let maxPredictionUs: Int
    @usableFromInline let minIntervalUs: Int
    @usableFromInline let gapResetUs: Int64
    /// Whether the stroke's first sample (the pointerdown, never fed) has come.
    @usableFromInline var sawDown = false
    @usableFromInline var fed = 0
    /// The newest sample's time in whole µs.
    @usableFromInline var lastUs: Int64 = 0
    @usableFromInline var current: Points
    /// The current list (empty until the filter is stable, and before each stroke's fifth sample).
    @inlinable public var points: Points { current }

    /// A predictor with the given constants; call ``Parameters-swift.struct/validate(predictor:)``
    /// first when they come from a user.
    public init(parameters: Parameters = Parameters()) {
        filter = KalmanPredictor(parameters: parameters.kalman)
        stableIterations = parameters.kalman.filter.stableIterations
        pxSizeMM = parameters.kalman.pixelSizeMM
        maxPredictionUs = Int((parameters.maxPredictionMs * 1000).rounded())
        minIntervalUs = max(1, Int((parameters.minIntervalMs * 1000).rounded()))
        gapResetUs = Int64((parameters.gapResetMs * 1000).rounded())
        current = Points(empty: pxSizeMM)
    }

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        guard sawDown else {
            // The pointerdown: Blink resets the predictor and does not feed it.
            sawDown = true
            return
        }
        // Chromium's timestamps are whole µs (base::TimeTicks); the intervals the time filter
        // averages are whole µs too, which decides the truncated Δ̄ (4166 or 4167 µs at 240 Hz).
        let scaled = (sample.t * 1_000_000).rounded()
        let tUs = abs(scaled) < 9.0e15 ? Int64(scaled) : (scaled < 0 ? -9_000_000_000_000_000 : 9_000_000_000_000_000)
        if fed > 0, tUs &- lastUs > gapResetUs {
            filter.reset()
            fed = 0
        }
        filter.feed(
            tMs: Double(tUs) / 1000, intervalMs: fed > 0 ? Double(tUs &- lastUs) / 1000 : nil, xPx: sample.x / pxSizeMM,
            yPx: sample.y / pxSizeMM)
        fed &+= 1
        lastUs = tUs
        guard fed >= stableIterations else {
            current = Points(empty: pxSizeMM)
            return
        }
        let meanMs = filter.filteredIntervalMs
        // base::Milliseconds(double): truncated to whole µs; 0 means "no estimate" (8 ms).
        let truncated = meanMs * 1000 < Double(Int.max) ? Int(meanMs * 1000) : Int.max
        let intervalUs = meanMs != 0 ? max(minIntervalUs, truncated) : 8000
        let (v, a) = (filter.velocityPxPerMs, filter.accelerationPxPerMs2)
        let p = filter.lastPositionPx
        current = Points(
            lastT: sample.t, lastX: p.x, lastY: p.y, vx: v.x, vy: v.y, ax: a.x, ay: a.y, pxSizeMM: pxSizeMM,
            intervalMicroseconds: intervalUs, meanIntervalMs: meanMs, count: maxPredictionUs / intervalUs)
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        guard current.count > 0 else { return nil }
        return PredictedPoints.position(at: t, after: current.newest, points: current)
    }

    /// The earlier of `t` and the last point's time (``PredictedPoints/reach(at:points:)``).
    @inlinable
    public func reach(at t: Double) -> Double { PredictedPoints.reach(at: t, points: current) }

    @inlinable
    public mutating func reset() {
        filter.reset()
        sawDown = false
        fed = 0
        current = Points(empty: pxSizeMM)
    }
}

extension ChromiumKalmanPredictor.Parameters: DescribedParameters {
    /// The Kalman predictor's parameters and Chromium's limits, as strategy parameters.
    public static let fields: [ParameterField<Self>] =
        KalmanPredictor.Parameters.fields.map { $0.nested(in: \.kalman) } + [
            ParameterField(
                "max_ms", \.maxPredictionMs, unit: "ms", range: .closed(0, 1000),
                about: "points up to this many ms after the newest sample (kMaxPredictionTime)"),
            ParameterField(
                "gap_ms", \.gapResetMs, unit: "ms", range: .above(0, atMost: 1e9),
                about: "reset after an input gap over this many ms (kMaxTimeDelta)"),
            ParameterField(
                "min_interval_ms", \.minIntervalMs, unit: "ms", range: .closed(0.001, 1000),
                about: "least spacing of the points in ms (kMinTimeInterval)"),
        ]
}
