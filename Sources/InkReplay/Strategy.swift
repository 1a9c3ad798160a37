import InkPrediction
import InkTraces

/// A predictor as the harness runs it: a name, a way to make a fresh predictor for a stroke,
/// and the harness-side limits (horizon cap and gap reset).
///
/// ```swift
/// let mine = Strategy(name: "half-velocity") { _ in HalfVelocityPredictor() }
/// ```
public struct Strategy: Sendable {
    /// The name in outputs.
    public var name: String
    /// The parameters and their values, for outputs and manifests (name, value).
    public var parameters: [(name: String, value: String)]
    /// The strategy's own horizon cap (ms, the `cap_ms` parameter): the target is
    /// `min(photon time, newest sample + cap)`; `nil` for none. A replay applies
    /// ``capMs(under:)``, this and the run's cap together.
    public var capMs: Double?
    /// Resets the predictor before a sample that comes more than this after the previous one; `nil` for never.
    public var gapResetMs: Double?
    /// Whether it replays recorded predictions, and so applies only to traces that carry them.
    public var needsRecordedPredictions: Bool
    /// Makes a fresh predictor for a stroke (the stroke is given for strategies such as
    /// `recorded` that replay data the stroke carries).
    public var makePredictor: @Sendable (Stroke) -> any Predictor

    public init(
        name: String, parameters: [(name: String, value: String)] = [], capMs: Double? = nil,
        gapResetMs: Double? = nil, needsRecordedPredictions: Bool = false,
        makePredictor: @escaping @Sendable (Stroke) -> any Predictor
    ) {
        self.name = name
        self.parameters = parameters
        self.capMs = capMs
        self.gapResetMs = gapResetMs
        self.needsRecordedPredictions = needsRecordedPredictions
        self.makePredictor = makePredictor
    }

    /// The horizon cap (ms) a replay under `timing` applies: the smaller of the strategy's own
    /// ``capMs`` and the run's ``Timing/capMs`` (`--horizon-cap-ms`, or one of `bench sweep`'s
    /// `--caps`); `nil` when neither is set. The one place the two caps meet.
    ///
    /// - Parameter timing: the run's timing; only its ``Timing/capMs`` is read.
    /// - Returns: the cap in ms, or `nil` for none.
    @inlinable
    public func capMs(under timing: Timing) -> Double? {
        switch (capMs, timing.capMs) {
        case (nil, nil): nil
        case (let own?, nil): own
        case (nil, let run?): run
        case (let own?, let run?): min(own, run)
        }
    }

    /// The `none` baseline.
    public static let none = Strategy(name: "none") { _ in NoPredictor() }
}
