#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import InkOutput
import InkTraces

/// Output helpers: stdout for results, stderr for notices and errors, and whether stderr is a
/// terminal.
///
/// Every notice and error of `bench` (its commands and the run writer) goes through ``note(_:)``, so a caller (a test of an error
/// path) can collect them in a ``Sink`` instead of the terminal:
///
/// ```swift
/// Console.note("charts skipped: gnuplot not found")
/// let sink = Console.Sink()
/// let code = await Console.$sink.withValue(sink) { await BenchMain.run(["--strategies", "nope"]) }
/// sink.text   // "Error: --strategies: ..."
/// ```
package enum Console {
    /// Collects the lines written to stderr within a task (see ``Console/sink``).
    package final class Sink: @unchecked Sendable {  // the lines are guarded by the lock
        private let lock = InkLock()
        private var stored: [String] = []
        package init() {}
        package func append(_ line: String) { lock.withLock { stored.append(line) } }
        /// The lines, in order.
        package var lines: [String] { lock.withLock { stored } }
        /// The lines joined by newlines.
        package var text: String { lines.joined(separator: "\n") }
    }

    /// Where ``note(_:)`` writes within the current task: `nil` for stderr.
    @TaskLocal package static var sink: Sink?
    /// Where ``out(_:)`` (every `print` of the `bench` commands) writes within the current task: `nil` for stdout.
    @TaskLocal package static var outputSink: Sink?

    /// Writes a line of results to stdout (or to the task's ``outputSink``).
    package static func out(_ line: String) {
        if let outputSink {
            outputSink.append(line)
        } else {
            Swift.print(line)
        }
    }

    /// Writes a line to stderr (or to the task's ``sink``).
    package static func note(_ line: String) {
        if let sink {
            sink.append(line)
        } else {
            StandardStream.error(line + "\n")
        }
    }

    /// Whether stderr is a terminal (progress lines are shown only then, and never into a sink).
    package static var stderrIsTerminal: Bool { sink == nil && isatty(2) == 1 }
}

