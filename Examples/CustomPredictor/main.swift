// The whole `bench` with a predictor of your own: `custom-predictor-example list`, `run`,
// `sweep`, `tune`, `check`, `compare` and the report all know `damped-linear`.
//
//     swift run custom-predictor-example run --strategies none,linear,damped-linear:gain=0.3
//
// `DampedLinearPredictor` (beside this file) extrapolates like `linear`, over part of the horizon.
import BenchCLI
import InkStrategies

// The range is checked by bench before `makePredictor` runs (state it once: here or in your own check).
let gain = StrategyParameter(name: "gain", defaultValue: 0.5, about: "share of the horizon to extrapolate over", range: 0...1)
await BenchMain.main(strategies: [
    StrategyDefinition(name: "damped-linear", about: "linear over gain times the horizon", parameters: [gain]) { values in
        DampedLinearPredictor(gain: values["gain"] ?? 0.5)
    }
])
