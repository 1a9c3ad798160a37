#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file open for reading (`open(2)` with `O_CLOEXEC`), closed when the object goes: the one
/// place the recordings' reader (`RecordingLoader`) and the manifest's hashing (`Digest`) open a
/// file and read it, `read(2)` retried when a signal interrupts it (`EINTR`).
///
/// ```swift
/// guard let file = FileInput(path: "trace.csv") else { return }
/// var piece = [UInt8](repeating: 0, count: 1 << 16)
/// let n = piece.withUnsafeMutableBytes { file.fill($0) }   // nil: a read error
/// ```
package final class FileInput {
    private let fd: Int32

    /// Opens `path` for reading; `nil` when it cannot be opened.
    package init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    deinit { close(fd) }

    /// The file's size in bytes as `fstat(2)` gives it (0 for a pipe), or `nil` when it fails.
    package func size() -> Int? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Reads from the current position into `buffer` until it is full or the file ends,
    /// retrying a read a signal interrupted.
    ///
    /// - Parameter buffer: where the bytes go, from its start.
    /// - Returns: the bytes read (fewer than `buffer.count` only at the end of the file), or
    ///   `nil` for a read error.
    package func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int? {
        var filled = 0
        while filled < buffer.count {
            let n = Self.readSome(from: fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n < 0 { return nil }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// One `read(2)` from the open descriptor `fd` into `buffer` (at most `buffer.count`
    /// bytes), retried while a signal interrupts it (`EINTR`): the one read of a file or pipe
    /// in the project (``fill(_:)``, `ChildRun` collecting a child's output, InkBrowser's
    /// `ChildProcess` and DevTools pipe).
    ///
    /// - Returns: the bytes read, 0 at the end of the file (or of a pipe whose writers all
    ///   closed it), or -1 for an error (`errno` says which).
    package static func readSome(from fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let n = systemRead(fd, base, buffer.count)
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }
}

/// The system's `read(2)`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
    #else
        Darwin.read(fd, buffer, count)
    #endif
}
