#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkOutput
import InkTraces

/// A one-line progress indicator on stderr, shown only when stderr is a terminal and the work
/// has taken more than a second; erased when done.
///
/// ```swift
/// let progress = ProgressLine(label: "replaying")
/// progress.update(done: 3, total: 6)
/// progress.finish()
/// ```
package final class ProgressLine: @unchecked Sendable {
    private let lock = InkLock()
    private let start = Date()
    private let label: String
    private let enabled: Bool
    private var shown = false

    package init(label: String, enabled: Bool = Console.stderrIsTerminal) {
        self.label = label
        self.enabled = enabled
    }

    /// Shows `done` of `total` after the first second, with the time so far and an estimate of the time left.
    package func update(done: Int, total: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let elapsed = Date().timeIntervalSince(start)
        guard elapsed > 1 else { return }
        shown = true
        let left = done > 0 && total > done ? elapsed / Double(done) * Double(total - done) : 0
        let text = "\r\u{1B}[K\(label) \(done)/\(total) (\(NumberText.printf(elapsed, 1)) s, about \(NumberText.printf(left, 0)) s left)"
        StandardStream.error(text)
    }

    /// Erases the line if it was shown.
    package func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { StandardStream.error("\r\u{1B}[K") }
        shown = false
    }
}
