/// A next-point predictor: fed the samples an app receives, asked where the pen will be.
///
/// The harness drives a predictor exactly as an ink app would: once per display frame it
/// feeds the samples received since the last frame with ``update(_:)``, in order, then asks
/// for the position at the frame's target time with ``predict(at:)``. Each stroke starts with
/// a fresh predictor (or one that was ``reset()``). A predictor may decline to predict by
/// returning `nil`; the app then shows the newest received sample.
///
/// Implementing your own takes a few lines. This one extrapolates the last two samples at
/// half their velocity:
///
/// ```swift
/// struct HalfVelocityPredictor: Predictor {
///     private var last: PenPoint?
///     private var previous: PenPoint?
///     mutating func update(_ sample: PenPoint) { previous = last; last = sample }
///     func predict(at t: Double) -> PenPoint? {
///         guard let p = last, let q = previous else { return nil }
///         let k = 0.5 * (t - p.t) / (p.t - q.t)
///         return PenPoint(t: t, x: p.x + k * (p.x - q.x), y: p.y + k * (p.y - q.y))
///     }
///     mutating func reset() { last = nil; previous = nil }
/// }
/// ```
///
/// `Examples/CustomPredictor` runs such a predictor through the whole benchmark.
///
/// Contract:
/// - ``update(_:)`` receives samples of one stroke with strictly increasing `t`.
/// - ``predict(at:)`` must not change the predictor: the harness may call it several times
///   per frame (to draw the predicted tail), and the timing model's phases of a stroke share
///   one predictor (they feed it the same samples), so it answers each phase's frames in turn;
///   the answers must not depend on how often it is asked.
/// - Times are seconds and positions millimetres; a predictor ported from a platform converts
///   at this boundary (see ``KalmanPredictor``).
public protocol Predictor: Sendable {
    /// What the app's input layer carries from one frame to the next of the same frame clock
    /// (a resampler's previous answer): `Void` for every predictor that answers from its
    /// samples alone. See ``predict(at:frameStartTime:photonTime:memory:)``.
    associatedtype FrameMemory: Sendable = Void

    /// Feeds one received sample (time in s, position in mm).
    mutating func update(_ sample: PenPoint)

    /// Feeds one received sample with the pen's pressure (0-1), or `nil` where the trace has
    /// none (finger, hover, formats without pressure). The harness calls this one; the default
    /// ignores the pressure and calls ``update(_:)``. A predictor that reads pressure (such as
    /// ``BrakingPredictor``'s lift detection) implements it.
    mutating func update(_ sample: PenPoint, pressure: Double?)

    /// Feeds several received samples (time in s, position in mm, no pressure), in order, with
    /// nothing asked between them: the predictor must then be in the state that ``update(_:)``
    /// on each sample in turn leaves, to the bit. The default does exactly that. A predictor
    /// whose update prepares an answer that the next update replaces (Android's
    /// ``AndroidMotionPredictor`` runs its network) may prepare it once, for the last sample.
    /// `bench horizon` feeds each window's history this way.
    mutating func update(contentsOf samples: ArraySlice<PenPoint>)

    /// Returns the predicted pen position at time `t` (s), or `nil` to decline.
    ///
    /// The returned point's `t` is `t`. `t` is never earlier than the newest sample fed.
    func predict(at t: Double) -> PenPoint?

    /// Forgets every sample, as at the start of a new stroke.
    mutating func reset()

    /// The latest time (s) that the answer at `t` really reaches along the predicted path.
    ///
    /// A predictor that answers for any time (the textbook extrapolators, Kalman) reaches `t`
    /// itself: that is the default. A predictor whose answer is a list of timed points (a
    /// platform's predicted tail: ``RecordedPredictor``, Chromium's and Android's predictors),
    /// which an app draws up to the target and holds at its last point beyond, reaches only
    /// `min(t, last point's time)`. The harness reports the horizon as this reach minus the
    /// newest sample (benchmark model, section 9), so a held tail does not count as prediction.
    ///
    /// Like ``predict(at:)`` it must not change the predictor. Only asked where
    /// ``predict(at:)`` answered.
    func reach(at t: Double) -> Double

    /// What the app shows at one frame: the harness's call, once per open frame.
    ///
    /// - Parameters:
    ///   - target: the time the harness asks for (s): the photon time, or the newest sample
    ///     plus the horizon cap.
    ///   - frameStartTime: the frame's start `f_k` (s), when the app took the samples it has.
    ///   - photonTime: the frame's photon time `tau_k` (s).
    /// - Returns: the point shown; its `t` is the time the point stands for.
    ///
    /// The default answers ``predict(at:)`` at `target`. A predictor whose answer depends on
    /// the frame's times rather than on a target (a resampler) conforms to
    /// ``FrameTimedPredictor``, whose default answers from those times instead.
    func predict(at target: Double, frameStartTime: Double, photonTime: Double) -> PenPoint?

    /// The memory a frame clock starts with (at a stroke's start and after a gap reset).
    var initialFrameMemory: FrameMemory { get }

    /// What the app shows at one frame, with the memory of this frame clock's previous
    /// frames: the harness's call. The harness keeps one memory per frame clock (phase), starts
    /// it at ``initialFrameMemory`` and passes it to every frame of that clock in order, so a
    /// predictor whose platform remembers its previous answer (Android's resampler keeps
    /// showing its last resampled position while the pen reports the same position) can do so
    /// without changing the predictor, which the phases share.
    ///
    /// The default (for `FrameMemory == Void`) answers ``predict(at:frameStartTime:photonTime:)``.
    func predict(at target: Double, frameStartTime: Double, photonTime: Double, memory: inout FrameMemory) -> PenPoint?

    /// Whether the answer to ``predict(at:frameStartTime:photonTime:)`` stands for its own
    /// time rather than the target (a resampler's sample time): the harness then records the
    /// answer's `t` as the frame's target. `false` unless the type is a ``FrameTimedPredictor``
    /// (or a stage wrapping one).
    var answersForFrameTimes: Bool { get }

    /// Whether the harness keeps this predictor's frame memory from one stroke to the next of
    /// the same trace (benchmark model, section 4a: state may carry across the strokes of one
    /// trace when the report says so). `false` by default: every frame clock starts each stroke
    /// at ``initialFrameMemory``. When `true`, the harness feeds every sample of a stroke once
    /// its pen-up has arrived (after the stroke's last open frame), calls
    /// ``endStroke(_:)`` once per frame clock, and starts the next stroke's frame clock with the
    /// memory that call leaves (the predictor itself is still made fresh for each stroke).
    var carriesAcrossStrokes: Bool { get }

    /// Called at a pen-up for a predictor whose ``carriesAcrossStrokes`` is `true`, once per
    /// frame clock, after every sample of the stroke has been fed (the stroke is over, so its
    /// whole path may be read): judges what this frame clock showed and leaves in `memory` what
    /// the next stroke of the same trace starts with. Must not change the predictor (the frame
    /// clocks share it). The default starts afresh: `memory = initialFrameMemory`.
    func endStroke(_ memory: inout FrameMemory)
}

extension Predictor {
    /// Ignores the pressure: calls ``update(_:)``.
    @inlinable
    public mutating func update(_ sample: PenPoint, pressure: Double?) { update(sample) }

    /// Calls ``update(_:)`` on each sample in order.
    @inlinable
    public mutating func update(contentsOf samples: ArraySlice<PenPoint>) {
        for sample in samples { update(sample) }
    }

    /// Reaches `t` itself: the predictor answers for any time.
    @inlinable
    public func reach(at t: Double) -> Double { t }

    /// Answers ``predict(at:)`` at `target`: the frame's times do not matter to most predictors.
    @inlinable
    public func predict(at target: Double, frameStartTime: Double, photonTime: Double) -> PenPoint? {
        predict(at: target)
    }

    /// `false`: the answer stands for the target.
    @inlinable
    public var answersForFrameTimes: Bool { false }

    /// `false`: nothing carries across strokes.
    @inlinable
    public var carriesAcrossStrokes: Bool { false }

    /// Starts afresh: `memory = initialFrameMemory`.
    @inlinable
    public func endStroke(_ memory: inout FrameMemory) { memory = initialFrameMemory }
}

extension Predictor where FrameMemory == Void {
    /// Nothing to remember.
    @inlinable
    public var initialFrameMemory: Void { () }

    /// Answers ``predict(at:frameStartTime:photonTime:)``: nothing is remembered between frames.
    @inlinable
    public func predict(at target: Double, frameStartTime: Double, photonTime: Double, memory: inout Void) -> PenPoint? {
        predict(at: target, frameStartTime: frameStartTime, photonTime: photonTime)
    }
}

/// A predictor parameter that is out of range, with what was expected.
public struct PredictorParameterError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The predictor's name, for example `kalman`.
    public var predictor: String
    /// The parameter's name, for example `sigma_p`.
    public var parameter: String
    /// The value given.
    public var value: Double
    /// What was expected, for example `a finite number > 0`.
    public var expected: String

    public init(predictor: String, parameter: String, value: Double, expected: String) {
        self.predictor = predictor
        self.parameter = parameter
        self.value = value
        self.expected = expected
    }

    public var description: String {
        "\(predictor): parameter \(parameter) = \(value) is invalid: expected \(expected)"
    }
}
