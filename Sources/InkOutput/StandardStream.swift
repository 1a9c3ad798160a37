/// Text to the process's standard output and standard error, written straight to descriptors 1
/// and 2 (no Foundation `FileHandle`: the product links FoundationEssentials only). Unbuffered:
/// each call is written whole before it returns; a failed write (a closed pipe) is ignored, as
/// `FileHandle.write` ignored it.
///
/// ```swift
/// StandardStream.error("note: the folder is locked\n")
/// ```
package enum StandardStream {
    /// Writes `text` (UTF-8) to standard error.
    package static func error(_ text: String) { _ = AtomicFile.writeAll(Array(text.utf8), to: 2) }

    /// Writes `text` (UTF-8) to standard output.
    package static func output(_ text: String) { _ = AtomicFile.writeAll(Array(text.utf8), to: 1) }
}
