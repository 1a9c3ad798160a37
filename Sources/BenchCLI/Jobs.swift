import ArgumentParser

/// A `--jobs` value: how many threads may work at once (reading recordings, evaluating
/// horizon's windows), checked once, where the option is parsed, for every command that has it.
///
/// ```swift
/// try Jobs(parsing: "2").count   // 2
/// try Jobs(parsing: "0")         // ValidationError: --jobs 0: expected a whole number from 1 to 1024
/// ```
public struct Jobs: ExpressibleByArgument, Sendable, Equatable {
    /// The counts accepted.
    public static let range = 1...1024

    /// The number of threads, within ``range``.
    public let count: Int

    /// Reads `text` as a count within ``range``.
    ///
    /// - Throws: `ValidationError` naming the value and the range expected.
    public init(parsing text: String) throws(ValidationError) {
        guard let n = Int(text), Self.range.contains(n) else {
            throw ValidationError("--jobs \(text): expected a whole number from \(Self.range.lowerBound) to \(Self.range.upperBound)")
        }
        count = n
    }

    public init?(argument: String) {
        guard let jobs = try? Jobs(parsing: argument) else { return nil }
        self = jobs
    }
}
