/// `--shard K/N`: which 1/N of a command's work units this process runs (units `i` with
/// `i % N == K - 1`), so N machines of a CI matrix split one run and `bench merge` joins them.
///
/// ```swift
/// let s = try Shard(parsing: "2/3")
/// s.owns(4)    // true: 4 % 3 == 1
/// ```
package struct Shard: Sendable, Equatable {
    /// 1-based index of this shard.
    package var index: Int
    /// The number of shards.
    package var count: Int

    /// Parses `K/N` with 1 <= K <= N <= 1000.
    ///
    /// - Throws: `ShardError` with the text and what was expected.
    package init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1000, k >= 1, k <= n else {
            throw ShardError("--shard: '\(text)' is not K/N with 1 <= K <= N <= 1000, e.g. 2/3")
        }
        index = k
        count = n
    }

    /// `K/N`.
    package var text: String { "\(index)/\(count)" }

    /// Whether work unit `unit` (0-based, in the unsharded order) is this shard's.
    package func owns(_ unit: Int) -> Bool { unit % count == index - 1 }
}

/// A `--shard` or `bench merge` input that cannot be used, with what was expected or what differs.
package struct ShardError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
