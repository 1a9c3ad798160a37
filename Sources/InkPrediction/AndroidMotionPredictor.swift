/// The `android` strategy: Android 14/15's learned stylus `MotionPredictor`, driven as an app
/// drives it, in InkBench's units (s, mm) at the boundary and Android's inside (ns, device px).
///
/// Source: AOSP `platform/frameworks/native` `libs/input/MotionPredictor.cpp` and
/// `libs/input/TfLiteMotionPredictor.cpp` with the model `data/etc/input/motion_predictor_model.tflite`,
/// Android 15 (see ``AndroidMotionPipeline``, ``AndroidMotionEncoder``, ``AndroidMotionModel``
/// for every rule and constant). Apache-2.0.
///
/// Each ``update(_:)`` records the sample: time in ns (`round(t · 1e9)`), position in device px
/// (`mm × pxPerMm`, float32), and the pen state of the stroke's sample at that time
/// (``PenStates``: pressure, tilt, orientation; Android's defaults where the recording has none:
/// pressure ``Parameters/pressure``, tilt 0, orientation 0). At a frame,
/// ``predict(at:)`` asks Android for the points at the app's requested time (the frame's target,
/// or ``Parameters/leadMs`` past the newest sample: apps usually ask for the next vsync) and
/// shows them as an app draws a predicted tail (``PredictedPoints``): interpolated up to the
/// target, the last point held beyond. Its reach is `min(target, last point's time)`.
///
/// Cost: one forward pass (about 128,600 multiply-adds) per sample once two distinct positions
/// were seen, or one per ``update(contentsOf:)``; asking is cheap. No heap allocation per
/// update or prediction.
///
/// ```swift
/// var p = AndroidMotionPredictor(model: model, parameters: .init(pxPerMm: 10.8))
/// p.update(PenPoint(t: 0.000, x: 10, y: 10))
/// p.update(PenPoint(t: 0.004, x: 10.5, y: 10))
/// p.predict(at: 0.020)   // up to 5 points of 4.1667 ms, drawn up to 20 ms
/// ```
public struct AndroidMotionPredictor: Predictor {
    /// The strategy's parameters, validated by ``validate(predictor:)``.
    public struct Parameters: Sendable, Equatable {
        /// Device px per mm: the model works in the device's px (10.8 px/mm, 274 ppi, is the
        /// scale used for the Google Ink recordings).
        public var pxPerMm: Double
        /// Android 15's jerk pruning; `false` is Android 14 (and 15 with the flag off).
        public var jerkPruning: Bool
        /// The time the app asks for: `nil` for the frame's target, else this many ms past the
        /// newest sample (the next vsync for an app at 60 Hz: 16.667).
        public var leadMs: Double?
        /// The pressure fed where the stroke has none (Android reports 1 for a touching pointer
        /// without a pressure axis).
        public var pressure: Double

        public init(pxPerMm: Double = 10.8, jerkPruning: Bool = true, leadMs: Double? = nil, pressure: Double = 1) {
            self.pxPerMm = pxPerMm
            self.jerkPruning = jerkPruning
            self.leadMs = leadMs
            self.pressure = pressure
        }

        /// Throws naming the first parameter whose value is outside its field's range.
        public func validate(predictor: String = "android") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
        }
    }

    /// The pen state of a stroke's samples, by time: what Android records beside the position.
    public struct PenStates: Sendable {
        /// Sample times (s), strictly increasing.
        public var times: [Double]
        /// Per sample (same count as `times`), or `nil` where the recording has none.
        public var pressure: [Float]?, tilt: [Float]?, orientation: [Float]?

        /// - Parameters: `orientation` is Android's `AXIS_ORIENTATION` (rad).
        public init(times: [Double], pressure: [Float]? = nil, tilt: [Float]? = nil, orientation: [Float]? = nil) {
            self.times = times
            self.pressure = pressure?.count == times.count ? pressure : nil
            self.tilt = tilt?.count == times.count ? tilt : nil
            self.orientation = orientation?.count == times.count ? orientation : nil
        }
    }

    public let parameters: Parameters
    @usableFromInline var pipeline: AndroidMotionPipeline
    @usableFromInline let penStates: PenStates?
    @usableFromInline var cursor = 0
    @usableFromInline var newest = PenPoint(t: 0, x: 0, y: 0)
    /// Every candidate point in s and mm (the pipeline's, converted once per update).
    @usableFromInline var tail = AndroidTail(filler: PenPoint(t: 0, x: 0, y: 0))
    @usableFromInline let pressure: Float

    /// - Parameters:
    ///   - model: the network's weights (``AndroidMotionModel``).
    ///   - parameters: validated by the caller (``Parameters/validate(predictor:)``).
    ///   - penStates: the stroke's pressure, tilt and orientation, or `nil`.
    public init(model: AndroidMotionModel, parameters: Parameters = Parameters(), penStates: PenStates? = nil) {
        self.parameters = parameters
        self.pipeline = AndroidMotionPipeline(model: model, jerkPruning: parameters.jerkPruning)
        self.penStates = penStates
        self.pressure = Float(parameters.pressure)
    }

    /// Every point the model gives after the newest sample (s, mm), before the time and jerk
    /// limits that ``predict(at:)`` applies: Android's list for a target far enough ahead.
    public var candidates: AndroidTail<PenPoint> { tail }

    /// Seconds to integer ns, rounded (saturating far outside any trace).
    @inlinable
    static func nanoseconds(_ t: Double) -> Int64 {
        let ns = (t * 1e9).rounded()
        guard ns.isFinite else { return ns < 0 ? .min : .max }
        return Int64(max(-9.2e18, min(9.2e18, ns)))
    }

    public mutating func update(_ sample: PenPoint) {
        record(sample)
        pipeline.runModel()
        takeCandidates()
    }

    /// Records every sample, then runs the network once, for the last: the same state, to the
    /// bit, as ``update(_:)`` on each (see ``AndroidMotionPipeline/recordSkippingModel(timeNs:x:y:pressure:tilt:orientation:)``),
    /// for one forward pass instead of one per sample.
    public mutating func update(contentsOf samples: ArraySlice<PenPoint>) {
        guard !samples.isEmpty else { return }
        for sample in samples { record(sample) }
        pipeline.runModel()
        takeCandidates()
    }

    /// Hands one sample to the pipeline without running the network: its pen state, its time
    /// in ns and its position in device px.
    @usableFromInline
    mutating func record(_ sample: PenPoint) {
        var p = pressure, tilt: Float = 0, orientation: Float = 0
        if let states = penStates, let i = index(of: sample.t, in: states.times) {
            if let v = states.pressure?[i] { p = v }
            if let v = states.tilt?[i] { tilt = v }
            if let v = states.orientation?[i] { orientation = v }
        }
        let scale = parameters.pxPerMm
        pipeline.recordSkippingModel(
            timeNs: Self.nanoseconds(sample.t), x: Float(sample.x * scale), y: Float(sample.y * scale),
            pressure: p, tilt: tilt, orientation: orientation)
        newest = sample
    }

    /// The pipeline's candidates in s and mm, as the tail ``predict(at:)`` reads.
    @usableFromInline
    mutating func takeCandidates() {
        let scale = parameters.pxPerMm
        tail.removeAll()
        for c in pipeline.candidates {
            tail.append(PenPoint(t: Double(c.timeNs) / 1e9, x: Double(c.x) / scale, y: Double(c.y) / scale))
        }
    }

    /// The index of the pen state at time `t`: the cursor moves forward with the samples; a
    /// time not found (a predictor fed other samples) gives `nil`.
    @usableFromInline
    mutating func index(of t: Double, in times: [Double]) -> Int? {
        if cursor >= times.count || times[cursor] > t { cursor = 0 }
        while cursor < times.count, times[cursor] < t { cursor += 1 }
        return cursor < times.count && times[cursor] == t ? cursor : nil
    }

    /// How many of the tail's points Android gives when asked at target `t` (s).
    @inlinable
    func count(at t: Double) -> Int {
        let future: Int64
        if let lead = parameters.leadMs {
            future = AndroidMotionPipeline.saturatingAdd(pipeline.encoder.lastTimestampNs, Self.nanoseconds(lead / 1000))
        } else {
            future = Self.nanoseconds(t)
        }
        return pipeline.limit(futureTimeNs: AndroidMotionPipeline.saturatingAdd(future, pipeline.offsetNs)).count
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        let n = count(at: t)
        guard n > 0 else { return nil }
        return PredictedPoints.position(at: t, after: newest, points: tail.prefix(n))
    }

    @inlinable
    public func reach(at t: Double) -> Double {
        PredictedPoints.reach(at: t, points: tail.prefix(count(at: t)))
    }

    public mutating func reset() {
        pipeline.reset()
        tail.removeAll()
    }
}

extension AndroidMotionPredictor.Parameters: DescribedParameters {
    /// The app's side of the predictor as strategy parameters (`android:lead_ms=16.667`); the
    /// model file is the strategy's, not the predictor's.
    public static let fields: [ParameterField<Self>] = [
        ParameterField(
            "px_mm", \.pxPerMm, unit: "px/mm", range: .above(0, atMost: 1000),
            about: "device px per mm: the model works in device px (10.8: the Google Ink recordings)"),
        ParameterField("jerk", \.jerkPruning, about: "Android 15's jerk pruning: 1 on, 0 off (Android 14)"),
        ParameterField(
            "lead_ms", \.leadMs, unit: "ms", range: .closed(0, 1000),
            about: "the app asks for the newest sample + this many ms (off: the frame's target)"),
        ParameterField("pressure", \.pressure, unit: "", range: .closed(0, 1), about: "pressure fed where the stroke has none (Android reports 1)"),
    ]
}
