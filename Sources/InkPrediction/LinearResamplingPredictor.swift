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
/// time older than all of them shows the oldest kept.
///
/// Android's rule that repeats the last resampled position (`hold=1`, the default; `hold=0` is
/// Chromium, which has no such rule). Source: AOSP `frameworks/native`
/// `libs/input/InputConsumer.cpp` (Android 15, snvd-io/platform_frameworks_native branch 15 at
/// 2f0932e2: `InputConsumer::rewriteMessage`, `resampleTouchState`,
/// `TouchState::recentCoordinatesAreIdentical` in `include/input/InputConsumer.h`). The
/// consumer remembers its last resample (`lastResample`: time and position) from frame to
/// frame; the harness keeps that memory per frame clock (``Memory``, through
/// ``Predictor/predict(at:frameStartTime:photonTime:memory:)``). At each frame, for every
/// sample consumed since the previous one (those at or before the sample time), in order: if
/// the memory holds a resample and the sample is older than it or repeats the previous
/// consumed sample's position exactly, the sample is rewritten to the remembered position;
/// otherwise the memory is cleared. Then, when the frame resamples and the memory still holds
/// a resample and the two newest consumed samples have the same position, the remembered
/// position is shown again (at the new sample time) instead of the new one ("we don't
/// introduce artificial jitter when pointers haven't actually moved"); either way the shown
/// point becomes the memory. When the frame does not resample (a delta out of range, or the
/// sample time on the newest sample, which Android also declines) and the newest consumed
/// sample was rewritten, the remembered position is shown at that sample's time; otherwise
/// the app shows the newest sample, as before. Without the memory (the plain
/// ``predict(frameStartTime:photonTime:)``) it answers as with `hold=0`.
/// Not ported: a frame that consumes no new sample gets no event on Android (the app keeps the
/// previous frame's picture); here it is resampled again at its own sample time.
///
/// Tests: Chromium's `linear_resampling_unittest.cc` and AOSP's `TouchResampling_test.cpp`
/// (`EventIsResampled`, `SampleTimeEqualsEventTime`, `ResampledValueIsUsedForIdenticalCoordinates`,
/// `OldEventReceivedAfterResampleOccurs`, and pointer 0 of `TwoPointersAreResampledIndependently`).
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
        /// Android's rule that repeats the last resampled position while the pen reports the
        /// same position (`true`, Android); `false` for Chromium, which has no such rule.
        public var holdsLastResample = true

        public init(
            latencyMs: Double = 5, minDeltaMs: Double = 2, maxDeltaMs: Double = 20, maxPredictionMs: Double = 8,
            holdsLastResample: Bool = true
        ) {
            self.holdsLastResample = holdsLastResample
            self.latencyMs = latencyMs
            self.minDeltaMs = minDeltaMs
            self.maxDeltaMs = maxDeltaMs
            self.maxPredictionMs = maxPredictionMs
        }

        /// Throws if a constant is out of range: `latency_ms` in [−100, 100], the others in
        /// [0, 1000] with `min_delta_ms ≤ max_delta_ms`.
        public func validate(predictor: String = "linear-resampling") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
            for (name, v) in [("min_delta_ms", minDeltaMs), ("max_delta_ms", maxDeltaMs)] {
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

    /// What Android's input consumer remembers from one frame to the next (`TouchState`'s
    /// `lastResample`, and how far it has consumed the samples).
    public struct Memory: Sendable, Equatable {
        /// Samples consumed so far (counted from the stroke's start or the last reset).
        public var consumed = 0
        /// The last resample (its sample time and position), while it is valid.
        public var lastResample: PenPoint? = nil
        /// Whether the newest consumed sample was rewritten to ``lastResample``.
        public var newestRewritten = false
        public init() {}
    }

    @usableFromInline let parameters: Parameters
    public var ring = SampleRing(capacity: 64)
    /// Samples fed since the stroke's start or the last reset (the ring keeps the newest 64).
    @usableFromInline var fed = 0

    /// A resampler with the given constants; validate them first when they come from a user.
    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        ring.append(sample)
        fed += 1
    }

    @inlinable
    public mutating func reset() {
        ring.removeAll()
        fed = 0
    }

    public typealias FrameMemory = Memory

    /// A frame clock starts with nothing consumed and no resample.
    @inlinable
    public var initialFrameMemory: Memory { Memory() }

    /// The answer without memory: Chromium's rules (and Android's without its last resample).
    @inlinable
    public func predict(frameStartTime: Double, photonTime: Double) -> PenPoint? {
        resample(frameStartTime: frameStartTime).point
    }

    /// The harness's call: with `hold` on, Android's rule that repeats the last resampled
    /// position, with this frame clock's `memory`.
    @inlinable
    public func predict(at target: Double, frameStartTime: Double, photonTime: Double, memory: inout Memory) -> PenPoint? {
        guard parameters.holdsLastResample else { return resample(frameStartTime: frameStartTime).point }
        let n = ring.count
        guard n > 0 else { return nil }
        let sampleTime = (frameStartTime * 1000 - parameters.latencyMs) / 1000
        // rewriteMessage for each sample consumed since the previous frame.
        let firstKept = fed - n
        if let newest = ring.lastIndex(atOrBefore: sampleTime) {
            let consumedNow = firstKept + newest + 1
            var k = max(memory.consumed, firstKept)
            while k < consumedNow {
                let i = k - firstKept
                if let last = memory.lastResample {
                    let sample = ring[i]
                    let repeated = i > 0 && ring[i - 1].x == sample.x && ring[i - 1].y == sample.y
                    if sample.t < last.t || repeated {
                        memory.newestRewritten = true
                    } else {
                        memory.lastResample = nil
                        memory.newestRewritten = false
                    }
                } else {
                    memory.newestRewritten = false
                }
                k += 1
            }
            memory.consumed = max(memory.consumed, consumedNow)
        }
        let (point, resampled, current) = resample(frameStartTime: frameStartTime)
        guard resampled, let p = point, let c = current else {
            // Not resampled: the app shows the newest consumed sample, as rewritten.
            if let last = memory.lastResample, memory.newestRewritten, let c = current {
                return PenPoint(t: ring[c].t, x: last.x, y: last.y)
            }
            return point
        }
        var shown = p
        if let last = memory.lastResample, c > 0, ring[c - 1].x == ring[c].x, ring[c - 1].y == ring[c].y {
            // The pen has not moved since the last resample: keep showing it.
            shown = PenPoint(t: p.t, x: last.x, y: last.y)
        }
        memory.lastResample = shown
        return shown
    }

    /// The resampled point (or `nil`: the app shows the newest sample), whether Android would
    /// call it resampled (not when the sample time falls on the newest consumed sample), and
    /// the ring index of the newest consumed sample (`nil` when none is at or before the
    /// sample time).
    @inlinable
    func resample(frameStartTime: Double) -> (point: PenPoint?, resampled: Bool, current: Int?) {
        let n = ring.count
        guard n > 0 else { return (nil, false, nil) }
        var sMs = frameStartTime * 1000 - parameters.latencyMs
        guard let i = ring.lastIndex(atOrBefore: sMs / 1000) else {
            // Every sample is later than the sample time: the first one kept is shown.
            return (ring[0], false, nil)
        }
        let current = ring[i]
        let cMs = current.t * 1000
        if i < n - 1 {
            // Interpolate towards the sample after it (Android's `next`).
            let future = ring[i + 1]
            let delta = future.t * 1000 - cMs
            guard delta >= parameters.minDeltaMs else { return (nil, false, i) }
            let alpha = (sMs - cMs) / delta
            return (PenPoint(
                t: sMs / 1000, x: current.x + alpha * (future.x - current.x), y: current.y + alpha * (future.y - current.y)),
                sMs != cMs, i)
        }
        guard n >= 2 else { return (nil, false, i) }
        let other = ring[n - 2]
        let delta = cMs - other.t * 1000
        guard delta >= parameters.minDeltaMs, delta <= parameters.maxDeltaMs else { return (nil, false, i) }
        sMs = min(sMs, cMs + min(delta / 2, parameters.maxPredictionMs))
        let alpha = (sMs - cMs) / delta
        return (PenPoint(t: sMs / 1000, x: current.x + alpha * (current.x - other.x), y: current.y + alpha * (current.y - other.y)),
                sMs != cMs, i)
    }
}

extension LinearResamplingPredictor.Parameters: DescribedParameters {
    /// The parameters a strategy may set; the platforms' sample-spacing limits (`minDeltaMs`,
    /// `maxDeltaMs`) are constants of the port, checked in `validate(predictor:)`.
    public static let fields: [ParameterField<Self>] = [
        ParameterField(
            "latency_ms", \.latencyMs, unit: "ms", range: .closed(-100, 100),
            about: "shown this long before the frame's start (ms)"),
        ParameterField(
            "max_prediction_ms", \.maxPredictionMs, unit: "ms", range: .closed(0, 1000),
            about: "furthest extrapolation past the newest sample (ms)"),
        ParameterField(
            "hold", \.holdsLastResample,
            about: "1: Android's rule, the last resampled position is shown again while the pen repeats its position; 0: Chromium (no such rule)"),
    ]
}
