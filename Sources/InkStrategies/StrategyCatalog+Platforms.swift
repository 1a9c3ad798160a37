import InkPrediction
import InkReplay
import InkTraces

/// An input stage that runs before a strategy's predictor (filter first, then predict), with
/// its own parameters: `oneeuro(beta=0.01)+kalman`.
public struct StageDefinition: Sendable {
    public var name: String
    public var about: String
    public var parameters: [StrategyParameter]
    /// Wraps a predictor (made per stroke) in the stage, given the parameters' values.
    let build: @Sendable (_ values: [String: Double?]) throws(StrategySpecError) -> @Sendable (any Predictor) -> any Predictor
    /// The built-in strategy the stage is measured in front of (its defaults and the
    /// predictor's): its `predict-STAGE-PREDICTOR` benchmark and allocation gate
    /// (``StrategyCatalog/predictorBenchmarks``). `braking` unless the stage names another.
    public var measuredInFrontOf = "braking"

    /// Puts the stage in front of `strategy`'s predictor (filter first, then predict): the
    /// predictor factory wraps, the name becomes `stage+name` and the stage's parameters lead
    /// the list as `stage.param`. Values are checked here, once.
    ///
    /// - Parameters:
    ///   - strategy: the strategy whose predictor the stage filters for.
    ///   - values: the stage's parameters by name; absent ones take their default.
    /// - Throws: ``StrategySpecError`` naming an unknown parameter or a value out of range.
    public func applied(to strategy: Strategy, _ values: [String: Double] = [:]) throws(StrategySpecError) -> Strategy {
        var resolved: [String: Double?] = [:]
        for (key, value) in values {
            guard let p = parameters.first(where: { $0.name == key }) else {
                throw StrategySpecError(
                    "\(name): unknown parameter '\(key)'; known: " + parameters.map(\.name).joined(separator: ", "))
            }
            guard value.isFinite else { throw StrategySpecError("\(name): \(key) = \(value) is invalid: expected a finite number") }
            try p.check(value, strategy: name)
            resolved[key] = .some(value)
        }
        for p in parameters where resolved[p.name] == nil { resolved[p.name] = .some(p.defaultValue) }
        let wrap = try build(resolved)
        var strategy = strategy
        let make = strategy.makePredictor
        strategy.makePredictor = { stroke in wrap(make(stroke)) }
        strategy.name = name + "+" + strategy.name
        let stageName = name
        strategy.parameters =
            StrategyCatalog.describe(parameters, resolved).map { ("\(stageName).\($0.name)", $0.value) } + strategy.parameters
        return strategy
    }
}

extension StrategyCatalog {
    /// The input stages.
    public static let stages: [StageDefinition] = [
        typedStage(
            "oneeuro", "1€ filter on x and y (Casiez et al., CHI 2012; defaults Chromium's, beta converted to per mm)",
            defaults: OneEuroFilter.Parameters(), measuredInFrontOf: "kalman"),
        controlStage,
        leadStage,
    ]

    /// The platforms' predictors and resamplers (issue 20): none is in the default run.
    static let platformStrategies: [StrategyDefinition] = [
        jetpack("jetpack", .balanced, "AndroidX input-motionprediction Kalman (Jetpack, below Android 14), BALANCED"),
        jetpack("jetpack-safe", .safe, "AndroidX input-motionprediction Kalman, SAFE (at least one step)"),
        jetpack("jetpack-aggressive", .aggressive, "AndroidX input-motionprediction Kalman, AGGRESSIVE (confidence 1)"),
        inkModeler(
            "ink-modeler", end: false,
            "google/ink-stroke-modeler: KalmanPredictor behind the spring-modeled tip (its tests' constants, in cm)"),
        inkModeler(
            "ink-modeler-end", end: true,
            "google/ink-stroke-modeler: StrokeEndPredictor, the tip's catch-up to the newest sample (no overshoot)"),
        typed(
            "linear-resampling",
            "Android/Chromium linear resampling at frame start - 5 ms (interpolate, or extrapolate at most min(dt/2, 8 ms))",
            defaults: LinearResamplingPredictor.Parameters(), limits: []
        ) { LinearResamplingPredictor(parameters: $0) },
        typed(
            "flutter-resampler",
            "Flutter's PointerEventResampler: interpolation only, at the frame's presentation (photon) time + offset (no overshoot, more lag)",
            defaults: FlutterResamplerPredictor.Parameters(), limits: []
        ) { FlutterResamplerPredictor(parameters: $0) },
        typed(
            "linear-second", "Chromium's LinearPredictor, second order (linear_second): velocity and last-step acceleration, 20 ms gap reset",
            defaults: ChromiumLinearSecondPredictor.Parameters(), limits: [capMs(nil)]) { ChromiumLinearSecondPredictor(parameters: $0) },
    ]

    static func jetpack(_ name: String, _ mode: JetpackKalmanPredictor.Mode, _ about: String) -> StrategyDefinition {
        typed(name, about, defaults: JetpackKalmanPredictor.Parameters(mode: mode)) { JetpackKalmanPredictor(parameters: $0) }
    }

    /// google/ink-stroke-modeler's predictors: `ink-modeler` takes every field of
    /// ``/InkPrediction/InkModelerKalmanPredictor/Parameters``, `ink-modeler-end` the tip's alone.
    static func inkModeler(_ name: String, end: Bool, _ about: String) -> StrategyDefinition {
        typed(
            name, about, defaults: InkModelerKalmanPredictor.Parameters(),
            fields: end ? InkModelerKalmanPredictor.Parameters.tipFields : InkModelerKalmanPredictor.Parameters.fields
        ) { p -> any Predictor in
            if end { return InkModelerStrokeEndPredictor(parameters: p) }
            return InkModelerKalmanPredictor(parameters: p)
        }
    }
}
