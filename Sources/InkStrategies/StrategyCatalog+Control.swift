import InkPrediction

extension StrategyCatalog {
    /// The `control` stage: ``/InkPrediction/HorizonController`` in front of any strategy
    /// (`control(target_mm=0.4)+braking`), holding the tips' overshoot near a target by moving
    /// the horizon online. The strategy's own `cap_ms` still bounds the target it is given.
    static let controlStage: StageDefinition = {
        let d = HorizonControllerParameters()
        return StageDefinition(
            name: "control",
            about: "online horizon controller: judges its own tips as the true samples arrive and moves the horizon so that a miss_rate share of them overshoot target_mm",
            parameters: [
                StrategyParameter(name: "target_mm", defaultValue: d.targetMm, about: "overshoot held at the (1 - miss_rate) quantile (mm)"),
                StrategyParameter(name: "miss_rate", defaultValue: d.missRate, about: "share of judged tips allowed past target_mm (0.05: p95)"),
                StrategyParameter(name: "step_ms", defaultValue: d.stepMs, about: "a miss shortens the cap by step_ms * (1 - miss_rate), a hit lengthens it by step_ms * miss_rate (ms)"),
                StrategyParameter(name: "start_ms", defaultValue: d.startMs, about: "cap each stroke starts with (ms)"),
                StrategyParameter(name: "cap_max_ms", defaultValue: d.capMaxMs, about: "longest cap the controller allows (ms)"),
            ],
            build: { values throws(StrategySpecError) in
                func value(_ key: String, _ fallback: Double) -> Double { (values[key] ?? nil) ?? fallback }
                let p = HorizonControllerParameters(
                    targetMm: value("target_mm", d.targetMm), missRate: value("miss_rate", d.missRate),
                    stepMs: value("step_ms", d.stepMs), startMs: value("start_ms", d.startMs), capMaxMs: value("cap_max_ms", d.capMaxMs))
                do throws(PredictorParameterError) { try p.validate() } catch { throw StrategySpecError(error.description) }
                return { base in wrapControl(base, p) }
            })
    }()

    static func wrapControl(_ base: any Predictor, _ p: HorizonControllerParameters) -> any Predictor {
        func wrap<P: Predictor>(_ b: P) -> any Predictor {
            HorizonController(inner: b, parameters: p)
        }
        return wrap(base)
    }
}
