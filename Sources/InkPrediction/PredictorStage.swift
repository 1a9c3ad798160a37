/// The constants of an input stage (a predictor wrapping any other, such as ``HorizonController``
/// or ``LeadLearner``), which also build the stage: the strategy catalog registers a stage from
/// its parameters alone (`typedStage(name, about, defaults:)`), so a new stage is its own file,
/// its test file and one registration line.
public protocol StageParameters: DescribedParameters {
    /// The stage with these constants in front of `inner` (validate them first when they come
    /// from a user).
    ///
    /// - Parameter inner: the predictor the stage wraps; it is fed and asked through the stage.
    /// - Returns: the stage, as a predictor.
    func stage<Inner: Predictor>(wrapping inner: Inner) -> any Predictor
}

/// An input stage that keeps the delivered path and otherwise forwards to the predictor it
/// wraps: ``HorizonController`` judges its tips against the path during a stroke,
/// ``LeadLearner`` at the pen-up. A conforming type states only what it changes
/// (``Predictor/predict(at:frameStartTime:photonTime:memory:)``, its frame memory, and any
/// of the defaults below it overrides).
///
/// The defaults, all `@inlinable` and `@inline(__always)` (a stage adds no call and no
/// allocation per sample; the replay runs stages behind `any Predictor`, whose witness is then
/// the forwarding itself: without `@inline(__always)` a `control+lead+braking` replay was 3-4%
/// slower):
/// - `update(_:pressure:)` appends the sample to ``path`` and passes it, with its pressure,
///   to ``inner``; `update(_:)` is that with no pressure.
/// - `predict(at:)` and `reach(at:)` are the inner predictor's (uncut: without a frame
///   clock's memory a stage has nothing to apply; the harness asks them only for a frame's tail).
/// - `reset()` resets the inner predictor and empties the path.
/// - `answersForFrameTimes` and `carriesAcrossStrokes` are the inner predictor's.
public protocol PathKeepingStage: Predictor {
    /// The type of the predictor behind the stage.
    associatedtype Inner: Predictor
    /// The predictor behind the stage: fed every sample, asked for every tip.
    var inner: Inner { get set }
    /// The samples delivered so far in this stroke (positions mm, times s).
    var path: DeliveredPath { get set }
}

extension PathKeepingStage {
    /// Calls `update(_:pressure:)` with no pressure.
    @inlinable @inline(__always)
    public mutating func update(_ sample: PenPoint) {
        update(sample, pressure: nil)
    }

    /// Keeps the sample in ``path`` and passes it, with its pressure, to ``inner``.
    @inlinable @inline(__always)
    public mutating func update(_ sample: PenPoint, pressure: Double?) {
        path.append(sample)
        inner.update(sample, pressure: pressure)
    }

    /// The inner predictor's answer at `t` (s), as the stage does not change it without a frame
    /// clock's memory.
    @inlinable @inline(__always)
    public func predict(at t: Double) -> PenPoint? { inner.predict(at: t) }

    /// The inner predictor's reach at `t` (s).
    @inlinable @inline(__always)
    public func reach(at t: Double) -> Double { inner.reach(at: t) }

    /// Resets the inner predictor and forgets the path.
    @inlinable @inline(__always)
    public mutating func reset() {
        inner.reset()
        path.removeAll()
    }

    /// The inner predictor's: whether its answer stands for its own time.
    @inlinable @inline(__always)
    public var answersForFrameTimes: Bool { inner.answersForFrameTimes }

    /// The inner predictor's: whether its frame memory carries across strokes.
    @inlinable @inline(__always)
    public var carriesAcrossStrokes: Bool { inner.carriesAcrossStrokes }
}
