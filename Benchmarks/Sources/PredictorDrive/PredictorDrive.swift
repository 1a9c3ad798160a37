import InkPrediction
import InkSynthesis
import InkTraces

/// How the benchmarks drive a predictor, shared by the ordo-one `predict-*` suites and
/// `inkperf predictors` so that both measure the same loop.
public enum PredictorDrive {
    /// How far ahead each prediction looks (s): about the horizon of a frame at the default
    /// timing.
    public static let horizon = 0.033

    /// How long after each sample its frame starts (s), for the resamplers: the default
    /// timing's 8 ms input latency plus about half a 240 Hz interval.
    public static let frameStartDelay = 0.010

    /// The samples of the default suite's medium S-curve with 0.05 mm noise (seed 1), as a
    /// predictor is fed them.
    public static func samples() throws -> [PenPoint] {
        guard let stroke = stroke() else { return [] }
        return (0..<stroke.count).map { stroke.point($0) }
    }

    /// The stroke ``samples()`` holds (a registry strategy makes its predictor for a stroke).
    public static func stroke() -> Stroke? {
        var spec = SyntheticSuite.default.specs[1]
        spec.noiseMM = 0.05
        return (try? spec.generate(seed: 1))?.strokes.first
    }

    /// Feeds `predictor` `count` samples, cycling through `samples` (a reset at each wrap),
    /// each an update then a prediction ``horizon`` ahead; returns the sum of the predicted
    /// x (mm), so that the work cannot be optimised away.
    ///
    /// ```swift
    /// var predictor = KalmanPredictor()
    /// let sum = PredictorDrive.run(&predictor, try PredictorDrive.samples(), count: 1_000)
    /// ```
    @inlinable @inline(never)
    public static func run<P: Predictor>(_ predictor: inout P, _ samples: [PenPoint], count: Int) -> Double {
        var sum = 0.0
        var i = 0
        // One frame clock's memory (Void but for Android's resampler and the horizon
        // controller and lead stages), as the replay keeps it: fresh with each stroke, or
        // carried across strokes where the predictor says so.
        var memory = predictor.initialFrameMemory
        for _ in 0..<count {
            let sample = samples[i]
            predictor.update(sample)
            // The harness's call: resamplers answer for the frame's start (here 10 ms after
            // the sample, as at the default timing), the rest for the target.
            if let p = predictor.predict(
                at: sample.t + horizon, frameStartTime: sample.t + frameStartDelay, photonTime: sample.t + horizon, memory: &memory)
            {
                sum += p.x
            }
            i += 1
            if i == samples.count {
                i = 0
                // A stage that carries its memory across strokes (`lead`) judges the stroke at
                // its pen-up and keeps the memory, as the replay does.
                if predictor.carriesAcrossStrokes {
                    predictor.endStroke(&memory)
                } else {
                    memory = predictor.initialFrameMemory
                }
                predictor.reset()
            }
        }
        return sum
    }
}
