/// Android's stylus `MotionPredictor` pipeline in the platform's own units (ns, device px):
/// record events, predict up to five points at 4.1667 ms steps.
///
/// Source: AOSP `platform/frameworks/native` `libs/input/MotionPredictor.cpp` (`record`,
/// `predict`, `convertPrediction`), Android 15 (snvd-io/platform_frameworks_native branch 15,
/// head `2f0932e2`, blob `c61d3943`), with the constants of `data/etc/input/motion_predictor_config.xml`
/// (blob `f593eda4`): prediction interval 4,166,666 ns, distance noise floor 0.2 px, low jerk 1.5,
/// high jerk 2.0, jerk α 0.25. Android 14 (branch 14) is the same without jerk pruning
/// (``jerkPruning`` = false). Apache-2.0. Re-expressed from the source's behaviour; no code copied.
///
/// Per ``record(timeNs:x:y:pressure:tilt:orientation:)`` the sample is encoded
/// (``AndroidMotionEncoder``) and fed to the ``AndroidJerkTracker``; when the encoder is ready,
/// the model runs once on the window (``AndroidMotionModel``) and the five steps are decoded
/// autoregressively (`convertPrediction`: angle = atan2f(axis) + φ, point = axisTo + r·(cosf,
/// sinf)(angle), then the axis moves to the new point), stopping at the first r below the 0.2 px
/// noise floor. ``predict(timeNs:)`` (`MotionPredictor::predict`) then keeps a prefix:
///
/// - future time = the asked time + ``offsetNs``; step i (0-based) is attempted while
///   `t_last + i·interval ≤ future time`, so the last point may lie up to one interval beyond;
/// - with ``jerkPruning``: fractionKept = 1 − clamp₀¹((jerk − 1.5)/(2.0 − 1.5)) and at most
///   `ceilf((future − t_last)/interval · fractionKept)` points (float32, integer ns as in the C++);
/// - point k's time is `t_last + k·interval`; its pressure is the model's, unclamped.
///
/// Running the model when a sample is recorded rather than when asked gives the same points
/// (the C++ runs it in `predict`, which changes nothing else) and lets ``predict(timeNs:)`` be
/// asked many times per frame for nothing.
///
/// ```swift
/// var p = AndroidMotionPipeline(model: model)
/// p.record(timeNs: 20_000_000, x: 10, y: 10, pressure: 0.5, tilt: 0, orientation: 0)
/// let prediction = p.predict(timeNs: 36_666_667)   // prediction.points: up to 5 points
/// ```
public struct AndroidMotionPipeline: Sendable {
    /// `<prediction-interval>`: the time between predicted points (ns).
    public static let predictionIntervalNs: Int64 = 4_166_666
    /// `<distance-noise-floor>`: a predicted step shorter than this (px) ends the prediction.
    public static let distanceNoiseFloorPx: Float = 0.2
    /// `<low-jerk>`, `<high-jerk>`: jerk (px/step³) where pruning starts, and where it keeps nothing.
    public static let lowJerk: Float = 1.5, highJerk: Float = 2.0
    /// `<jerk-alpha>`: the jerk's IIR smoothing factor.
    public static let jerkAlpha: Float = 0.25

    /// One predicted point: time (ns), position (px), pressure (0–1, unclamped).
    public struct Point: Sendable, Equatable {
        public var timeNs: Int64
        public var x: Float, y: Float
        public var pressure: Float
        public init(timeNs: Int64, x: Float, y: Float, pressure: Float) {
            self.timeNs = timeNs
            self.x = x
            self.y = y
            self.pressure = pressure
        }
    }

    /// Why a prediction stopped where it did.
    public enum Stop: String, Sendable {
        case notReady = "not_ready", noiseFloor = "noise_floor", jerk, time, outputsExhausted = "outputs_exhausted"
    }

    /// What ``predict(timeNs:)`` gives: the points and the numbers that chose them.
    public struct Prediction: Sendable {
        /// The predicted points, in time order (empty: Android returns null).
        public var points: AndroidTail<Point>
        /// Why the list ends.
        public var stop: Stop
        /// `fractionKept` and `maxNumPredictions` as the C++ computes them (0 and 0 when not ready).
        public var fractionKept: Float, maxNumPredictions: Int
    }

    /// The network.
    public let model: AndroidMotionModel
    /// Android 15's jerk pruning (`enable_prediction_pruning_via_jerk_thresholding`); off is Android 14.
    public var jerkPruning: Bool
    /// Added to the asked time (ns): `config_motionPredictionOffsetNanos`.
    public var offsetNs: Int64

    public private(set) var encoder = AndroidMotionEncoder()
    public private(set) var jerkTracker = AndroidJerkTracker(alpha: AndroidMotionPipeline.jerkAlpha)
    /// The model's outputs for the current window (zero before the encoder is ready).
    public private(set) var outputs = AndroidMotionModel.Output()
    /// Every step the model's outputs give before the noise floor, with no time or jerk limit.
    public private(set) var candidates = AndroidTail(filler: Point(timeNs: 0, x: 0, y: 0, pressure: 0))

    public init(model: AndroidMotionModel, jerkPruning: Bool = true, offsetNs: Int64 = 0) {
        self.model = model
        self.jerkPruning = jerkPruning
        self.offsetNs = offsetNs
    }

    /// Whether ``predict(timeNs:)`` can give points (`isReady()`: two distinct positions seen).
    public var isReady: Bool { encoder.isReady }

    /// An UP or CANCEL event: clears the window, the axis and the jerk tracker.
    public mutating func reset() {
        encoder.reset()
        jerkTracker.reset()
        candidates.removeAll()
        outputs = AndroidMotionModel.Output()
    }

    /// Records one stylus sample (DOWN or MOVE): time in ns, position in device px, pressure
    /// 0–1, tilt and orientation in rad (Android's `AXIS_TILT`, `AXIS_ORIENTATION`).
    public mutating func record(timeNs: Int64, x: Float, y: Float, pressure: Float, tilt: Float, orientation: Float) {
        recordSkippingModel(timeNs: timeNs, x: x, y: y, pressure: pressure, tilt: tilt, orientation: orientation)
        runModel()
    }

    /// Records one sample as ``record(timeNs:x:y:pressure:tilt:orientation:)`` does, without
    /// running the model: ``candidates`` are empty until ``runModel()``.
    ///
    /// Recording samples this way and calling ``runModel()`` after the last leaves the same
    /// state, to the bit, as recording each with ``record(timeNs:x:y:pressure:tilt:orientation:)``:
    /// a record replaces the candidates (and, once the encoder is ready, the outputs) of the one
    /// before, and the encoder, once ready, stays ready until ``reset()``, so only the last
    /// sample's model run is ever read.
    public mutating func recordSkippingModel(timeNs: Int64, x: Float, y: Float, pressure: Float, tilt: Float, orientation: Float) {
        encoder.push(timeNs: timeNs, x: x, y: y, pressure: pressure, tilt: tilt, orientation: orientation)
        jerkTracker.push(x: x, y: y)
        candidates.removeAll()
    }

    /// Runs the model on the current window, when the encoder is ready, and decodes its
    /// ``candidates`` (the second half of ``record(timeNs:x:y:pressure:tilt:orientation:)``).
    public mutating func runModel() {
        candidates.removeAll()
        guard encoder.isReady, var from = encoder.axisFrom, var to = encoder.axisTo else { return }
        outputs = model.predict(encoder.window)
        var time = encoder.lastTimestampNs
        for i in 0..<AndroidMotionModel.steps {
            let r = outputs.r[i]
            if r < Self.distanceNoiseFloorPx { break }
            let axis = to - from
            let angle = Float32Math.atan2(axis.y, axis.x) + outputs.phi[i]
            let point = SIMD2<Float>(to.x + r * Float32Math.cos(angle), to.y + r * Float32Math.sin(angle))
            time = time &+ Self.predictionIntervalNs
            candidates.append(Point(timeNs: time, x: point.x, y: point.y, pressure: outputs.pressure[i]))
            from = to
            to = point
        }
    }

    /// The points Android returns for `MotionPredictor::predict(timeNs)`.
    public func predict(timeNs: Int64) -> Prediction {
        let empty = AndroidTail(filler: Point(timeNs: 0, x: 0, y: 0, pressure: 0))
        guard encoder.isReady else { return Prediction(points: empty, stop: .notReady, fractionKept: 0, maxNumPredictions: 0) }
        let (count, stop, fraction, maxNum) = limit(futureTimeNs: Self.saturatingAdd(timeNs, offsetNs))
        var points = empty
        for i in 0..<count { points.append(candidates[i]) }
        return Prediction(points: points, stop: stop, fractionKept: fraction, maxNumPredictions: maxNum)
    }

    /// How many of ``candidates`` Android keeps for `futureTimeNs` (the asked time plus the
    /// offset), why it stops there, and `fractionKept` and `maxNumPredictions`.
    @inlinable
    public func limit(futureTimeNs: Int64) -> (count: Int, stop: Stop, fractionKept: Float, maxNumPredictions: Int) {
        guard encoder.isReady else { return (0, .notReady, 0, 0) }
        let last = encoder.lastTimestampNs
        let jerk = jerkTracker.jerkMagnitude ?? 0
        let ramp = (jerk - Self.lowJerk) / (Self.highJerk - Self.lowJerk)
        let fractionKept = 1 - min(max(ramp, 0), 1)
        let (span, overflow) = futureTimeNs.subtractingReportingOverflow(last)
        let window = overflow ? (futureTimeNs < last ? -Float.greatestFiniteMagnitude : .greatestFiniteMagnitude) : Float(span)
        let cap = ((window / Float(Self.predictionIntervalNs)) * fractionKept).rounded(.up)
        // (int) of the ceiling; a negative count cast to size_t never stops the loop.
        let maxNum = cap.isNaN ? 0 : Int(max(-1e9, min(1e9, cap)))
        var count = 0
        var stop = Stop.outputsExhausted
        for i in 0..<AndroidMotionModel.steps {
            let (stepTime, o) = last.addingReportingOverflow(Int64(i) &* Self.predictionIntervalNs)
            if o || stepTime > futureTimeNs { stop = .time; break }
            if i >= candidates.count { stop = .noiseFloor; break }
            if jerkPruning, maxNum >= 0, i >= maxNum { stop = .jerk; break }
            count += 1
        }
        return (count, stop, fractionKept, maxNum)
    }

    @inlinable
    static func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
        let (s, o) = a.addingReportingOverflow(b)
        return o ? (b > 0 ? .max : .min) : s
    }
}
