import ArgumentParser
import InkOutput

extension Shard {
    /// `--shard K/N` parsed once, when the command line is: the option's value is the typed
    /// `Shard` (run, sweep and tune share this), and text that is not `K/N` with 1 <= K <= N is
    /// a usage error naming the option and what was expected.
    static func argument(_ text: String) throws -> Shard {
        do { return try Shard(parsing: text) } catch { throw ValidationError(error.description) }
    }
}
