/// The `linear-resampling` strategy: Android's and Chromium's linear input resampling, which
/// shows the pen a little *before* the frame rather than predicting past the newest sample.
///
/// Sources:
/// - Android `frameworks/native`, `libs/input/InputTransport.cpp` (`InputConsumer::consumeBatch`
///   and `resampleTouchState`; AOSP main, 2024), constants `RESAMPLE_LATENCY` 5 ms,
///   `RESAMPLE_MIN_DELTA` 2 ms, `RESAMPLE_MAX_DELTA` 20 ms, `RESAMPLE_MAX_PREDICTION` 8 ms.
/// - Chromium `ui/base/prediction/linear_resampling.cc` (chromium/chromium at
///   226c953d068865747b002eb3f2ddee435c7e63b8), `kResampleLatency` −5 ms,
///   `kResampleMinDelta` 2 ms, `kResampleMaxPrediction` 8 ms, reset after a 20 ms gap
///   (`kMaxTimeDelta`); its test `ResamplingValue` is this type's test.
///
/// At a frame that starts at `f` (the vsync time both platforms resample for), the sample time
/// is `s = f − 5 ms`. Then, with the samples received (times in ms inside):
/// - if a sample later than `s` has been received, the position is interpolated between the
///   newest sample at or before `s` and the one after it (Android's `next` message; the
///   interval must be ≥ 2 ms);
/// - otherwise it is extrapolated from the newest two samples `a` (newest) and `b`, only when
///   2 ms ≤ `a.t − b.t` ≤ 20 ms, with `s` capped at `a.t + min((a.t − b.t)/2, 8 ms)`;
/// - otherwise (one sample, or an interval out of range) it declines and the app shows the
///   newest sample.
/// Chromium keeps only the newest two and always takes the second rule (with the same cap);
/// the two agree whenever no sample newer than `s` has arrived, which is every frame when the
/// input latency is at least 5 ms. The answer's `t` is the sample time `s` after the cap: the
/// time the shown point stands for. Linear maps commute with the mm conversion, so it works
/// in mm directly. Keeps the newest 64 samples in a ring (no allocation per sample); a sample
/// time older than all of them shows the oldest kept. Not ported: Android's "keep lying" rule
/// (a pointer that reports the same raw position again keeps its last resampled position),
/// which needs the previous frame's answer; the harness's `predict` does not change the predictor.
/// Tests: Chromium's `linear_resampling_unittest.cc` and AOSP's `TouchResampling_test.cpp`
/// (`EventIsResampled`, `SampleTimeEqualsEventTime`).
///
/// ```swift
/// var r = LinearResamplingPredictor()
/// r.update(PenPoint(t: 0.015, x: 10, y: 5))
/// r.update(PenPoint(t: 0.024, x: 20, y: 25))
/// r.predict(frameStartTime: 0.033, photonTime: 0.05)   // (24.44, 33.89) at t = 0.028
/// ```
public struct LinearResamplingPredictor: FrameTimedPredictor {
    /// The resampler's constants, in ms as both sources state them. Defaults are theirs.
    public struct Parameters: Sendable, Equatable {
        /// How far before the frame's start the pen is shown (ms; Android `RESAMPLE_LATENCY`).
        public var latencyMs: Double = 5
        /// The shortest interval resampled over (ms; `RESAMPLE_MIN_DELTA`).
        public var minDeltaMs: Double = 2
        /// The longest interval extrapolated over (ms; `RESAMPLE_MAX_DELTA`).
        public var maxDeltaMs: Double = 20
        /// The furthest past the newest sample it extrapolates (ms; `RESAMPLE_MAX_PREDICTION`).
        public var maxPredictionMs: Double = 8

        public init(latencyMs: Double = 5, minDeltaMs: Double = 2, maxDeltaMs: Double = 20, maxPredictionMs: Double = 8) {
            self.latencyMs = latencyMs
            self.minDeltaMs = minDeltaMs
            self.maxDeltaMs = maxDeltaMs
            self.maxPredictionMs = maxPredictionMs
        }

        /// Throws if a constant is out of range: `latency_ms` in [−100, 100], the others in
        /// [0, 1000] with `min_delta_ms ≤ max_delta_ms`.
        public func validate(predictor: String = "linear-resampling") throws(PredictorParameterError) {
            guard latencyMs.isFinite, latencyMs >= -100, latencyMs <= 100 else {
                throw PredictorParameterError(
                    predictor: predictor, parameter: "latency_ms", value: latencyMs, expected: "a number of ms from -100 to 100")
            }
            for (name, v) in [("min_delta_ms", minDeltaMs), ("max_delta_ms", maxDeltaMs), ("max_prediction_ms", maxPredictionMs)] {
                guard v.isFinite, v >= 0, v <= 1000 else {
                    throw PredictorParameterError(
                        predictor: predictor, parameter: name, value: v, expected: "a number of ms from 0 to 1000")
                }
            }
            guard minDeltaMs <= maxDeltaMs else {
                throw PredictorParameterError(
                    predictor: predictor, parameter: "min_delta_ms", value: minDeltaMs,
                    expected: "at most max_delta_ms (\(maxDeltaMs))")
            }
        }
    }

    @usableFromInline let parameters: Parameters
    @usableFromInline var ring = SampleRing(capacity: 64)

    /// A resampler with the given constants; validate them first when they come from a user.
    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    @inlinable
    public mutating func update(_ sample: PenPoint) { ring.append(sample) }

    /// Declines: a resampler answers for a frame, not for a target time.
    @inlinable
    public func predict(at t: Double) -> PenPoint? { nil }

    @inlinable
    public func predict(frameStartTime: Double, photonTime: Double) -> PenPoint? {
        let n = ring.count
        guard n > 0 else { return nil }
        var sMs = frameStartTime * 1000 - parameters.latencyMs
        guard let i = ring.lastIndex(atOrBefore: sMs / 1000) else {
            // Every sample is later than the sample time: the first one kept is shown.
            return ring[0]
        }
        let current = ring[i]
        let cMs = current.t * 1000
        if i < n - 1 {
            // Interpolate towards the sample after it (Android's `next`).
            let future = ring[i + 1]
            let delta = future.t * 1000 - cMs
            guard delta >= parameters.minDeltaMs else { return nil }
            let alpha = (sMs - cMs) / delta
            return PenPoint(
                t: sMs / 1000, x: current.x + alpha * (future.x - current.x), y: current.y + alpha * (future.y - current.y))
        }
        guard n >= 2 else { return nil }
        let other = ring[n - 2]
        let delta = cMs - other.t * 1000
        guard delta >= parameters.minDeltaMs, delta <= parameters.maxDeltaMs else { return nil }
        sMs = min(sMs, cMs + min(delta / 2, parameters.maxPredictionMs))
        let alpha = (sMs - cMs) / delta
        return PenPoint(t: sMs / 1000, x: current.x + alpha * (current.x - other.x), y: current.y + alpha * (current.y - other.y))
    }

    @inlinable
    public mutating func reset() { ring.removeAll() }
}
