import Foundation

/// The line every `run` and `sweep` ends with: wall time, the time spent replaying and
/// scoring, the input samples of the traces run (each counted once per seed, however many
/// strategies and phases replay it) and that count per second of replay and scoring: the
/// pipeline throughput of the benchmark model, all strategies, phases and figures included.
///
/// ```swift
/// FinalLine.text(elapsedSeconds: 1.2, replaySeconds: 0.8, samples: 1_000_000)
/// // "done in 1.20 s; replay and scoring 0.80 s for 1000000 input samples (1250000 samples/s)"
/// ```
enum FinalLine {
    static func text(elapsedSeconds: Double, replaySeconds: Double, samples: Int) -> String {
        let rate = replaySeconds > 0 ? Double(samples) / replaySeconds : 0
        return String(
            format: "done in %.2f s; replay and scoring %.2f s for %d input samples (%.0f samples/s)", locale: Locale(identifier: "en_US_POSIX"),
            elapsedSeconds, replaySeconds, samples, rate)
    }
}
