import InkPrediction

/// What one display frame showed for one stroke, as the timing model produced it.
public struct Frame: Sendable {
    /// Where the frame's photon time falls against the stroke.
    public enum Kind: UInt8, Sendable {
        /// `t_first <= tau <= t_end`: the pen is on the surface.
        case inStroke
        /// `tau > t_end` with the pen-up not yet received: ink may run past the lift.
        case afterLift
    }

    /// Frame phase, 0 ..< phases.
    public var phase: Int
    /// Stroke index in the trace.
    public var stroke: Int
    /// Frame number `k` in its phase's clock.
    public var index: Int
    /// Frame start `f_k` (s).
    public var startTime: Double
    /// Photon time `tau_k` (s).
    public var photonTime: Double
    /// The time the predictor was asked for, `T_k` (s).
    public var targetTime: Double
    /// How far the shown prediction really reaches (s): the predictor's
    /// ``/InkPrediction/Predictor/reach(at:)`` at ``targetTime`` (the target itself, except for point-list
    /// predictors whose tail ends earlier); ``targetTime`` when the tip is no prediction.
    public var reachTime: Double
    /// The newest received sample.
    public var newest: PenPoint
    /// Its index in the stroke.
    public var newestIndex: Int
    /// The samples received at this frame's start (the coalesced samples), as indices into the
    /// stroke; empty when none arrived since the previous frame.
    public var received: Range<Int>
    /// The displayed tip `q_k`: the prediction, or the newest sample (mm).
    public var tipX: Double
    public var tipY: Double
    /// Whether the tip is a prediction.
    public var predicted: Bool
    /// Where the photon time falls.
    public var kind: Kind

    @inlinable
    init(
        phase: Int, stroke: Int, index: Int, startTime: Double, photonTime: Double, targetTime: Double,
        reachTime: Double, newest: PenPoint, newestIndex: Int, received: Range<Int>, tipX: Double, tipY: Double, predicted: Bool,
        kind: Kind
    ) {
        self.phase = phase
        self.stroke = stroke
        self.index = index
        self.startTime = startTime
        self.photonTime = photonTime
        self.targetTime = targetTime
        self.reachTime = reachTime
        self.newest = newest
        self.newestIndex = newestIndex
        self.received = received
        self.tipX = tipX
        self.tipY = tipY
        self.predicted = predicted
        self.kind = kind
    }

    /// The horizon actually shown (s): the reach of the prediction minus the newest sample's
    /// time, `min(T_k, tail end) - t_last` for point-list predictors and `T_k - t_last` for the
    /// others (benchmark model, sections 7 and 9).
    @inlinable public var horizon: Double { reachTime - newest.t }

    /// The time (s) the tip stands for: the prediction's target, or the newest sample's time
    /// when the predictor declined. The pen was near the tip then, if anywhere.
    @inlinable public var tipTime: Double { predicted ? targetTime : newest.t }
}
