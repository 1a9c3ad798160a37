/// A predictor whose answer depends on the frame's times, not on a target time: a resampler.
///
/// Platforms' resamplers do not predict to a target; at each frame they show the pen at a
/// *sample time* derived from the frame's start or photon time (Android and Chromium: frame
/// start − 5 ms; Flutter: frame start − 38 ms). The harness gives every predictor the frame's
/// times through ``Predictor/predict(at:frameStartTime:photonTime:)``; a conforming type's
/// default implementation of that call answers ``predict(frameStartTime:photonTime:)``, and
/// the harness records the answer's `t` as the time the tip stands for (the frame's target).
///
/// Contract: as ``Predictor``'s. ``Predictor/predict(at:)`` may decline (return `nil`): the
/// harness uses it only for a frame's predicted tail. A resampler keeps the samples it has
/// received in ``ring``; the defaults feed it (``Predictor/update(_:)``), clear it
/// (``Predictor/reset()``) and decline ``Predictor/predict(at:)``, so a conforming type writes
/// only its constants and ``predict(frameStartTime:photonTime:)``.
///
/// ```swift
/// var r = LinearResamplingPredictor()
/// r.update(PenPoint(t: 0.015, x: 10, y: 5))
/// r.update(PenPoint(t: 0.024, x: 20, y: 25))
/// r.predict(frameStartTime: 0.033, photonTime: 0.050)   // (24.44, 33.89) at t = 0.028
/// ```
public protocol FrameTimedPredictor: Predictor {
    /// The point shown at a frame that starts at `frameStartTime` (s) and reaches the glass
    /// at `photonTime` (s), or `nil` to show the newest sample. Its `t` is the time it stands for.
    func predict(frameStartTime: Double, photonTime: Double) -> PenPoint?

    /// The newest samples received (oldest first), allocated once per stroke.
    var ring: SampleRing { get set }
}

extension FrameTimedPredictor {
    /// Answers ``predict(frameStartTime:photonTime:)``: a resampler ignores the target.
    @inlinable
    public func predict(at target: Double, frameStartTime: Double, photonTime: Double) -> PenPoint? {
        predict(frameStartTime: frameStartTime, photonTime: photonTime)
    }

    /// `true`: the answer stands for its own sample time.
    @inlinable
    public var answersForFrameTimes: Bool { true }

    /// Keeps the sample in ``ring``.
    @inlinable
    public mutating func update(_ sample: PenPoint) { ring.append(sample) }

    /// Declines: a resampler answers for a frame, not for a target time.
    @inlinable
    public func predict(at t: Double) -> PenPoint? { nil }

    /// Forgets every sample (keeping the ring's storage).
    @inlinable
    public mutating func reset() { ring.removeAll() }
}
