// A custom predictor in a few lines, benchmarked beside the built-in ones.
//
//     swift run custom-predictor-example
//
// `DampedLinearPredictor` extrapolates the last two samples like `linear`, but only part of
// the way (`gain` of the horizon), trading some latency for less overshoot.
import InkBenchKit
import InkPrediction
import InkReplay
import InkSynthesis

/// Extrapolates the last two samples at constant velocity over `gain` times the horizon.
struct DampedLinearPredictor: Predictor {
    let gain: Double
    private var last: PenPoint?
    private var previous: PenPoint?

    init(gain: Double) { self.gain = gain }

    mutating func update(_ sample: PenPoint) {
        previous = last
        last = sample
    }

    func predict(at t: Double) -> PenPoint? {
        guard let p = last, let q = previous else { return nil }
        let k = gain * (t - p.t) / (p.t - q.t)
        return PenPoint(t: t, x: p.x + k * (p.x - q.x), y: p.y + k * (p.y - q.y))
    }

    mutating func reset() {
        last = nil
        previous = nil
    }
}

let damped = Strategy(name: "damped-linear", parameters: [("gain", "0.5")]) { _ in DampedLinearPredictor(gain: 0.5) }
let plan = BenchPlan(specs: SyntheticSuite.default.specs, strategies: [try StrategyCatalog.parse("linear"), damped])
let outcome = try await BenchSession.run(plan)
print(ResultTable.render(rows: SummaryRow.rows(outcome, frameRateHz: plan.timing.frameRateHz), perTrace: false))
