#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed (0 for reading, 1 and
    /// 2 for writing), so that nothing the process opens later (a file, a pipe, the concurrency
    /// runtime's event descriptors) takes one of those numbers: `open(2)` hands out the lowest
    /// free number, and text meant for standard output or error would then land in it.
    ///
    /// Call it before anything opens a descriptor: `bench` calls it first thing in its
    /// `main.swift`, before the first `await` (which starts the concurrency runtime's threads,
    /// whose `epoll`, `eventfd` and `timerfd` descriptors take the lowest free numbers). A
    /// descriptor that another thread takes between the check and the `open` is left as it is.
    ///
    /// - Returns: the descriptors (of 0, 1, 2) that were closed and now hold `/dev/null`, in order.
    @discardableResult
    package static func openNullOnClosed() -> [Int32] {
        var opened: [Int32] = []
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // Descriptors below `fd` are open (they were, or were just opened here), so `open`
            // returns `fd` unless another thread took it meanwhile.
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null == fd {
                opened.append(fd)
            } else if null >= 0 {
                close(null)
            }
        }
        return opened
    }
}
