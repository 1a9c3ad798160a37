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
            defaults: OneEuroFilter.Parameters(), wrap: wrapOneEuro),
        controlStage,
        leadStage,
    ]

    static func wrapOneEuro(_ base: any Predictor, _ p: OneEuroFilter.Parameters) -> any Predictor {
        func wrap<P: Predictor>(_ b: P) -> any Predictor { OneEuroFilteredPredictor(base: b, filter: p) }
        return wrap(base)
    }

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

    static func inkModeler(_ name: String, end: Bool, _ about: String) -> StrategyDefinition {
        var list = [
            StrategyParameter(name: "unit_mm", defaultValue: 10, about: "the modeler's length unit in mm (10: cm, its tests' unit)"),
            StrategyParameter(name: "rate_hz", defaultValue: 180, about: "min_output_rate (Hz)"),
            StrategyParameter(name: "wobble", defaultValue: 1, about: "1: wobble smoother on (40 ms, 1.31-1.44 unit/s, README example); 0: off"),
        ]
        if !end {
            list += [
                StrategyParameter(name: "prediction_hz", defaultValue: 60, about: "prediction_interval = 1 / this (s)"),
                StrategyParameter(name: "process_noise", defaultValue: 0.00026458, about: "process noise (unit^2)"),
                StrategyParameter(name: "measurement_noise", defaultValue: 0.026458, about: "measurement noise (unit^2)"),
            ]
        }
        list += limits
        let parameters = list
        return StrategyDefinition(
            name: name, about: about, parameters: parameters, needsRecordedPredictions: false,
            build: { values throws(StrategySpecError) in
                func value(_ key: String, _ d: Double) -> Double { (values[key] ?? nil) ?? d }
                var q = InkModelerKalmanPredictor.Parameters(unitMM: value("unit_mm", 10))
                q.modeler.minOutputRateHz = value("rate_hz", 180)
                let wobble = value("wobble", 1)
                guard wobble == 0 || wobble == 1 else {
                    throw StrategySpecError("\(name): wobble = \(wobble) is invalid: expected 0 or 1")
                }
                q.wobble.isEnabled = wobble == 1
                q.kalman.predictionInterval = 1 / value("prediction_hz", 60)
                q.kalman.processNoise = value("process_noise", 0.00026458)
                q.kalman.measurementNoise = value("measurement_noise", 0.026458)
                let p = q
                do throws(PredictorParameterError) { try p.validate(predictor: name) } catch { throw StrategySpecError(error.description) }
                let make: @Sendable (Stroke) -> any Predictor
                if end {
                    make = { _ in InkModelerStrokeEndPredictor(parameters: p) }
                } else {
                    make = { _ in InkModelerKalmanPredictor(parameters: p) }
                }
                return Strategy(
                    name: name, parameters: describe(parameters, values),
                    gapResetMs: values["gap_ms"] ?? nil, makePredictor: make)
            })
    }
}
