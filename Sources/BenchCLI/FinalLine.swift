import Foundation

/// The line every `run` and `sweep` ends with: wall time and the input samples of the traces
/// run (each counted once per seed, however many strategies and phases replay it) per second
/// of it (the end-to-end rate: from the top of `main`, so argument parsing, generation,
/// reading, replay, scoring and every output; only the process's loading is outside), then
/// the time spent replaying and scoring and the rate of that part alone (the pipeline
/// throughput of the benchmark model, all strategies, phases and figures included).
///
/// ```swift
/// FinalLine.text(elapsedSeconds: 1.6, replaySeconds: 0.8, samples: 1_000_000)
/// // "done in 1.60 s for 1000000 input samples (625000 samples/s end to end); replay and scoring 0.80 s (1250000 samples/s)"
/// ```
enum FinalLine {
    static func text(elapsedSeconds: Double, replaySeconds: Double, samples: Int) -> String {
        let rate = replaySeconds > 0 ? Double(samples) / replaySeconds : 0
        let overall = elapsedSeconds > 0 ? Double(samples) / elapsedSeconds : 0
        return String(
            format: "done in %.2f s for %d input samples (%.0f samples/s end to end); replay and scoring %.2f s (%.0f samples/s)",
            locale: Locale(identifier: "en_US_POSIX"), elapsedSeconds, samples, overall, replaySeconds, rate)
    }
}
