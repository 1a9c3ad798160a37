import Foundation

/// The line every `run` and `sweep` ends with: wall time, replay time, input samples and
/// input samples per second of replay (the performance figure).
///
/// ```swift
/// FinalLine.text(elapsedSeconds: 1.2, replaySeconds: 0.8, samples: 1_000_000)
/// // "done in 1.20 s; replay 0.80 s, 1000000 input samples, 1250000 samples/s"
/// ```
enum FinalLine {
    static func text(elapsedSeconds: Double, replaySeconds: Double, samples: Int) -> String {
        let rate = replaySeconds > 0 ? Double(samples) / replaySeconds : 0
        return String(
            format: "done in %.2f s; replay %.2f s, %d input samples, %.0f samples/s", locale: Locale(identifier: "en_US_POSIX"),
            elapsedSeconds, replaySeconds, samples, rate)
    }
}
