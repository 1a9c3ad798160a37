import ArgumentParser
import InkTraces

/// Options that replay real recordings instead of (or beside) the synthetic suite.
///
/// Owned by the importers (InkImport); the `run`, `sweep` and `check` commands include it with
/// `@OptionGroup` and call ``load()``.
public struct RecordingOptions: ParsableArguments {
    @Option(name: .long, parsing: .upToNextOption, help: "Recordings to replay: files or folders (searched recursively).")
    public var traces: [String] = []

    @Flag(name: .long, help: "Also run the synthetic suite when --traces is given.")
    public var withDefaultSuite = false

    public init() {}

    /// The traces the options name, and a line per file that was skipped and why.
    public func load() throws -> (traces: [Trace], skipped: [String]) {
        guard traces.isEmpty else {
            throw ValidationError("--traces: recordings are not supported in this build")
        }
        return ([], [])
    }
}
