import InkOutput

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
    /// The line's text, its numbers in the POSIX `%.2f`/`%.0f` forms (`NumberText.fixed`:
    /// no locale is loaded, which cost about 1.4 ms of ICU start-up per process).
    ///
    /// - Parameters:
    ///   - elapsedSeconds: wall time since the top of `main` (s).
    ///   - replaySeconds: wall time of the replays and scoring (s).
    ///   - samples: input samples of the traces run, each counted once per seed.
    static func text(elapsedSeconds: Double, replaySeconds: Double, samples: Int) -> String {
        let rate = replaySeconds > 0 ? Double(samples) / replaySeconds : 0
        let overall = elapsedSeconds > 0 ? Double(samples) / elapsedSeconds : 0
        return "done in \(NumberText.fixed(elapsedSeconds, 2)) s for \(samples) input samples (\(NumberText.fixed(overall, 0)) samples/s end to end); "
            + "replay and scoring \(NumberText.fixed(replaySeconds, 2)) s (\(NumberText.fixed(rate, 0)) samples/s)"
    }
}
