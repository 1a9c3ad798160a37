import InkReplay

/// One allocation-gated predictor benchmark the registry implies: a registered strategy's
/// predictor (`predict-kalman`), or an input stage in front of the strategy it names
/// (`predict-control-braking`), each with its defaults. The Benchmarks package runs one
/// `predict-*` suite per entry and gates every one at 0 heap allocations per sample; nothing
/// else lists them, so a new strategy or stage is measured and gated by its registration.
///
/// ```swift
/// for b in StrategyCatalog.predictorBenchmarks { print(b.name, b.strategy == nil ? "(not here)" : "") }
/// ```
public struct PredictorBenchmark: Sendable {
    /// The benchmark's name: `predict-STRATEGY` or `predict-STAGE-STRATEGY`.
    public var name: String
    /// The strategy whose predictor the benchmark drives, or `nil` where it cannot be made here
    /// (a strategy whose default file is absent, as android's model can be; or a stage naming a
    /// strategy that is not registered, which `StrategyRegistryTests` refuses).
    public var strategy: Strategy?
}

extension StrategyCatalog {
    /// Every built-in strategy that predicts from samples alone (not `recorded`), then every
    /// input stage in front of the strategy it is measured with
    /// (``StageDefinition/measuredInFrontOf``), in registration order.
    public static var predictorBenchmarks: [PredictorBenchmark] {
        var out = builtIn.filter { !$0.needsRecordedPredictions }.map { d in
            PredictorBenchmark(name: "predict-\(d.name)", strategy: try? d.strategy())
        }
        for stage in stages {
            let inner = definition(named: stage.measuredInFrontOf).flatMap { try? $0.strategy() }
            out.append(
                PredictorBenchmark(
                    name: "predict-\(stage.name)-\(stage.measuredInFrontOf)", strategy: inner.flatMap { try? stage.applied(to: $0) }))
        }
        return out
    }
}
