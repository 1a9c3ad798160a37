/// The `flutter-resampler` strategy: Flutter's `PointerEventResampler`, interpolation only, at
/// the frame's start plus a (negative) sampling offset: no prediction, so no overshoot, for
/// the latency the offset adds.
///
/// Source: flutter/flutter, `packages/flutter/lib/src/gestures/resampler.dart` (at
/// 048a304a46f506517ca6d65e78c082f7059c5314) and `binding.dart` (`GestureBinding.samplingOffset`,
/// default −38 ms; resampling is opt-in, `resamplingEnabled = false` by default). Flutter samples
/// at the frame's time stamp (the vsync that starts the frame) plus the offset.
///
/// At a frame that starts at `f`, the sample time is `s = f + offset` (offset −38 ms by
/// default). The position is `_positionAt(s)`: between the newest sample at or before `s`
/// (`_last`) and the one after it (`_next`), linearly interpolated; if no sample after `s`
/// has been received, the newest sample at or before `s` (no extrapolation); before the
/// stroke's first sample, that first sample. The answer's `t` is the time the point stands
/// for: `s`, or the sample's own time when it is held. Works in mm and s (linear). Keeps the
/// newest 256 samples (over 250 ms at 1 kHz) in a ring, allocated once.
///
/// ```swift
/// var r = FlutterResamplerPredictor()
/// r.update(PenPoint(t: 0.000, x: 0, y: 0))
/// r.update(PenPoint(t: 0.010, x: 10, y: 0))
/// r.predict(frameStartTime: 0.043, photonTime: 0.06)   // s = 5 ms: (5, 0)
/// ```
public struct FlutterResamplerPredictor: FrameTimedPredictor {
    /// The resampler's constant.
    public struct Parameters: Sendable, Equatable {
        /// The sampling offset added to the frame's start (ms; Flutter's default −38 ms).
        public var offsetMs: Double = -38

        public init(offsetMs: Double = -38) { self.offsetMs = offsetMs }

        /// Throws unless `offset_ms` is in [−200, 50].
        public func validate(predictor: String = "flutter-resampler") throws(PredictorParameterError) {
            guard offsetMs.isFinite, offsetMs >= -200, offsetMs <= 50 else {
                throw PredictorParameterError(
                    predictor: predictor, parameter: "offset_ms", value: offsetMs, expected: "a number of ms from -200 to 50")
            }
        }
    }

    @usableFromInline let offsetSeconds: Double
    @usableFromInline var ring = SampleRing(capacity: 256)

    /// A resampler with the given offset; validate it first when it comes from a user.
    public init(parameters: Parameters = Parameters()) { offsetSeconds = parameters.offsetMs / 1000 }

    @inlinable
    public mutating func update(_ sample: PenPoint) { ring.append(sample) }

    /// Declines: a resampler answers for a frame, not for a target time.
    @inlinable
    public func predict(at t: Double) -> PenPoint? { nil }

    @inlinable
    public func predict(frameStartTime: Double, photonTime: Double) -> PenPoint? {
        let n = ring.count
        guard n > 0 else { return nil }
        let s = frameStartTime + offsetSeconds
        guard let i = ring.lastIndex(atOrBefore: s) else { return ring[0] }
        let last = ring[i]
        guard i < n - 1 else { return last }
        let next = ring[i + 1]
        let scalar = (s - last.t) / (next.t - last.t)
        return PenPoint(t: s, x: last.x + (next.x - last.x) * scalar, y: last.y + (next.y - last.y) * scalar)
    }

    @inlinable
    public mutating func reset() { ring.removeAll() }
}
