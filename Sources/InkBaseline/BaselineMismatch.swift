/// A baseline that cannot be compared with a run: made with a different timing, suite, seed,
/// strategy set or traces. Each difference is one line saying what the baseline has and what
/// the run has.
///
/// ```swift
/// print(mismatch)
/// // Benchmarks/baseline/default-ipad-60.csv was made differently from this run, so its figures cannot be compared:
/// //   timing frame_rate_hz: baseline 60, now 120
/// // Run with the baseline's settings, or rewrite the baseline on purpose with --update-baseline.
/// ```
package struct BaselineMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// The baseline's path (or description).
    package var baseline: String
    /// One line per difference.
    package var differences: [String]

    package init(baseline: String, differences: [String]) {
        self.baseline = baseline
        self.differences = differences
    }

    package var description: String {
        "\(baseline) was made differently from this run, so its figures cannot be compared:\n"
            + differences.map { "  " + $0 }.joined(separator: "\n")
            + "\nRun with the baseline's settings, or rewrite the baseline on purpose with --update-baseline."
    }
}
