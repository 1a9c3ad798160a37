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
    /// Caps the horizon: the target is `min(photon time, newest sample + cap)`; `nil` for none.
    public var horizonCapMs: Double?
    /// Resets the predictor before a sample that comes more than this after the previous one; `nil` for never.
    public var gapResetMs: Double?
    /// Whether it replays recorded predictions, and so applies only to traces that carry them.
    public var needsRecordedPredictions: Bool
    /// Makes a fresh predictor for a stroke (the stroke is given for strategies such as
    /// `recorded` that replay data the stroke carries).
    public var makePredictor: @Sendable (Stroke) -> any Predictor

    public init(
        name: String, parameters: [(name: String, value: String)] = [], horizonCapMs: Double? = nil,
        gapResetMs: Double? = nil, needsRecordedPredictions: Bool = false,
        makePredictor: @escaping @Sendable (Stroke) -> any Predictor
    ) {
        self.name = name
        self.parameters = parameters
        self.horizonCapMs = horizonCapMs
        self.gapResetMs = gapResetMs
        self.needsRecordedPredictions = needsRecordedPredictions
        self.makePredictor = makePredictor
    }

    /// The `none` baseline.
    public static let none = Strategy(name: "none") { _ in NoPredictor() }
}
