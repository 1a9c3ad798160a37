/// The `oneeuro` input stage: a 1€ filter on x and y (see ``OneEuroFilter``) in front of any
/// predictor: every sample is filtered first, then fed to the predictor.
///
/// The two axes are filtered independently, with the same constants and times (Chromium's
/// `OneEuroFilter` predictor does the same with one filter per axis). When the predictor
/// declines, the stage answers the newest *filtered* sample (what an app that filters its
/// input draws), so `oneeuro+none` is the filter alone. Frame-timed predictors
/// (``FrameTimedPredictor``) keep their frame times through the stage.
///
/// ```swift
/// var p = OneEuroFilteredPredictor(base: LinearPredictor(), filter: OneEuroFilter.Parameters())
/// p.update(PenPoint(t: 0, x: 0, y: 0))
/// ```
public struct OneEuroFilteredPredictor<Base: Predictor>: Predictor {
    @usableFromInline var base: Base
    @usableFromInline var xFilter: OneEuroFilter
    @usableFromInline var yFilter: OneEuroFilter
    @usableFromInline var newest: PenPoint?

    /// `base` fed through a 1€ filter with `filter`'s constants (validate them first).
    public init(base: Base, filter: OneEuroFilter.Parameters) {
        self.base = base
        xFilter = OneEuroFilter(parameters: filter)
        yFilter = OneEuroFilter(parameters: filter)
    }

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        let p = PenPoint(t: sample.t, x: xFilter.filter(sample.x, at: sample.t), y: yFilter.filter(sample.y, at: sample.t))
        newest = p
        base.update(p)
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        if let p = base.predict(at: t) { return p }
        return newest.map { PenPoint(t: t, x: $0.x, y: $0.y) }
    }

    @inlinable
    public func predict(at target: Double, frameStartTime: Double, photonTime: Double) -> PenPoint? {
        if let p = base.predict(at: target, frameStartTime: frameStartTime, photonTime: photonTime) { return p }
        return newest.map { PenPoint(t: base.answersForFrameTimes ? $0.t : target, x: $0.x, y: $0.y) }
    }

    /// The base predictor's frame memory, passed through (a resampler behind the filter keeps
    /// its memory).
    public typealias FrameMemory = Base.FrameMemory

    @inlinable
    public var initialFrameMemory: Base.FrameMemory { base.initialFrameMemory }

    @inlinable
    public func predict(
        at target: Double, frameStartTime: Double, photonTime: Double, memory: inout Base.FrameMemory
    ) -> PenPoint? {
        if let p = base.predict(at: target, frameStartTime: frameStartTime, photonTime: photonTime, memory: &memory) { return p }
        return newest.map { PenPoint(t: base.answersForFrameTimes ? $0.t : target, x: $0.x, y: $0.y) }
    }

    @inlinable
    public var answersForFrameTimes: Bool { base.answersForFrameTimes }

    /// The base predictor's: its frame memory is the filter's.
    @inlinable
    public var carriesAcrossStrokes: Bool { base.carriesAcrossStrokes }

    /// The base predictor's judgement of the stroke (``Predictor/endStroke(_:)``).
    @inlinable
    public func endStroke(_ memory: inout Base.FrameMemory) { base.endStroke(&memory) }

    /// The base predictor's reach (a point-list base reaches only its last point); the filtered
    /// newest sample, shown when the base declines, reaches only its own time.
    @inlinable
    public func reach(at t: Double) -> Double {
        base.predict(at: t) != nil ? base.reach(at: t) : (newest?.t ?? t)
    }

    @inlinable
    public mutating func reset() {
        base.reset()
        xFilter.reset()
        yFilter.reset()
        newest = nil
    }
}
