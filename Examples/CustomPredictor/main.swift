// The whole `bench` with a predictor of your own: `custom-predictor-example list`, `run`,
// `sweep`, `tune`, `check`, `compare` and the report all know `damped-linear`.
//
//     swift run custom-predictor-example run --strategies none,linear,damped-linear:gain=0.3
//
// `DampedLinearPredictor` (beside this file) extrapolates like `linear`, over part of the horizon.
import BenchCLI
import InkReplay

let gain = StrategyParameter(name: "gain", defaultValue: 0.5, about: "share of the horizon to extrapolate over (0...1)")
await BenchMain.main(strategies: [
    StrategyDefinition(name: "damped-linear", about: "linear over gain times the horizon", parameters: [gain]) { values throws(StrategySpecError) in
        let g = values["gain"] ?? 0.5
        guard g >= 0, g <= 1 else { throw StrategySpecError("damped-linear: gain = \(g) is invalid: expected 0...1") }
        return DampedLinearPredictor(gain: g)
    }
])
