import Foundation

/// Output helpers: stdout for results, stderr for notices and errors, and whether stderr is a
/// terminal.
///
/// Every notice and error of `bench` goes through ``note(_:)``, so a caller (a test of an error
/// path) can collect them in a ``Sink`` instead of the terminal:
///
/// ```swift
/// Console.note("charts skipped: gnuplot not found")
/// let sink = Console.Sink()
/// let code = await Console.$sink.withValue(sink) { await BenchMain.run(["--strategies", "nope"]) }
/// sink.text   // "Error: --strategies: ..."
/// ```
enum Console {
    /// Collects the lines written to stderr within a task (see ``Console/sink``).
    final class Sink: @unchecked Sendable {  // the lines are guarded by the lock
        private let lock = NSLock()
        private var stored: [String] = []
        init() {}
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        /// The lines, in order.
        var lines: [String] { lock.withLock { stored } }
        /// The lines joined by newlines.
        var text: String { lines.joined(separator: "\n") }
    }

    /// Where ``note(_:)`` writes within the current task: `nil` for stderr.
    @TaskLocal static var sink: Sink?
    /// Where ``out(_:)`` (every `print` of this module) writes within the current task: `nil` for stdout.
    @TaskLocal static var outputSink: Sink?

    /// Writes a line of results to stdout (or to the task's ``outputSink``).
    static func out(_ line: String) {
        if let outputSink {
            outputSink.append(line)
        } else {
            Swift.print(line)
        }
    }

    /// Writes a line to stderr (or to the task's ``sink``).
    static func note(_ line: String) {
        if let sink {
            sink.append(line)
        } else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    /// Whether stderr is a terminal (progress lines are shown only then, and never into a sink).
    static var stderrIsTerminal: Bool { sink == nil && isatty(2) == 1 }
}

/// Every `print` of `bench`'s commands: a line of results to stdout, or to the task's
/// ``Console/outputSink`` (this module's `print` shadows the standard library's).
func print(_ line: String = "") { Console.out(line) }
