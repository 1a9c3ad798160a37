import Foundation

/// Output helpers: stdout for results, stderr for notices, and whether stderr is a terminal.
///
/// ```swift
/// Console.note("charts skipped: gnuplot not found")
/// ```
enum Console {
    /// Writes a line to stderr.
    static func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Whether stderr is a terminal (progress lines are shown only then).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }
}
