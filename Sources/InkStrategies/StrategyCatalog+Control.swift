import InkPrediction

extension StrategyCatalog {
    /// The `control` stage: ``/InkPrediction/HorizonController`` in front of any strategy
    /// (`control(target_mm=0.4)+braking`), holding the tips' overshoot near a target by moving
    /// the horizon online. The strategy's own `cap_ms` still bounds the target it is given.
    static let controlStage = typedStage(
        "control",
        "online horizon controller: judges its own tips as the true samples arrive and moves the horizon so that a miss_rate share of them overshoot target_mm",
        defaults: HorizonControllerParameters(), wrap: wrapControl)

    static func wrapControl(_ base: any Predictor, _ p: HorizonControllerParameters) -> any Predictor {
        func wrap<P: Predictor>(_ b: P) -> any Predictor {
            HorizonController(inner: b, parameters: p)
        }
        return wrap(base)
    }
}
