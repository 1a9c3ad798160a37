/// The `flutter-resampler` strategy: Flutter's `PointerEventResampler`, interpolation only, at
/// the frame's presentation time plus a (negative) sampling offset: no prediction, so no
/// overshoot, for the latency the offset adds.
///
/// Source: flutter/flutter, `packages/flutter/lib/src/gestures/resampler.dart` (at
/// 048a304a46f506517ca6d65e78c082f7059c5314) and `binding.dart` (`GestureBinding.samplingOffset`,
/// default −38 ms; resampling is opt-in, `resamplingEnabled = false` by default). Flutter samples
/// at `SchedulerBinding.currentSystemFrameTimeStamp + samplingOffset`, and that time stamp is the
/// engine's frame *target* time: `Animator::BeginFrame` hands `onBeginFrame` the vsync target
/// time (`frame_timings_recorder_->GetVsyncTargetTime()`, flutter/engine
/// `shell/common/animator.cc`; "frameTime is not a delta; its the timestamp of the
/// presentation", `lib/ui/window/platform_configuration.cc`), not the vsync that starts the
/// frame. The harness's time for when the frame is presented is its photon time `τ_k`
/// (frame start + display latency), so the sample time is `τ_k + offset`. (A device's target
/// is one refresh after the vsync, 16.7 ms at 60 Hz; the harness's `τ_k` also counts the
/// display pipeline, 25 ms after the frame's start at the default timing, so with the default
/// offset the pen is shown as it was 13 ms before the frame's start.)
///
/// At a frame presented at `τ`, the sample time is `s = τ + offset` (offset −38 ms by
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
/// r.predict(frameStartTime: 0.018, photonTime: 0.043)   // s = 5 ms: (5, 0)
/// ```
public struct FlutterResamplerPredictor: FrameTimedPredictor {
    /// The resampler's constant.
    public struct Parameters: Sendable, Equatable {
        /// The sampling offset added to the frame's presentation time (ms; Flutter's default −38 ms).
        public var offsetMs: Double = -38

        public init(offsetMs: Double = -38) { self.offsetMs = offsetMs }

        /// Throws unless `offset_ms` is in [−200, 50].
        public func validate(predictor: String = "flutter-resampler") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
        }
    }

    @usableFromInline let offsetSeconds: Double
    public var ring = SampleRing(capacity: 256)

    /// A resampler with the given offset; validate it first when it comes from a user.
    public init(parameters: Parameters = Parameters()) { offsetSeconds = parameters.offsetMs / 1000 }

    @inlinable
    public func predict(frameStartTime: Double, photonTime: Double) -> PenPoint? {
        let n = ring.count
        guard n > 0 else { return nil }
        let s = photonTime + offsetSeconds
        guard let i = ring.lastIndex(atOrBefore: s) else { return ring[0] }
        let last = ring[i]
        guard i < n - 1 else { return last }
        let next = ring[i + 1]
        let scalar = (s - last.t) / (next.t - last.t)
        return PenPoint(t: s, x: last.x + (next.x - last.x) * scalar, y: last.y + (next.y - last.y) * scalar)
    }
}

extension FlutterResamplerPredictor.Parameters: DescribedParameters {
    /// The sampling offset, as a strategy parameter.
    public static let fields: [ParameterField<Self>] = [
        ParameterField(
            "offset_ms", \.offsetMs, unit: "ms", range: .closed(-200, 50),
            about: "sampling offset from the frame's presentation (photon) time (ms)")
    ]
}
