import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock (`flock`) on a results folder, held by a command from the moment it opens
/// the folder (``RunFolder``) until it commits or gives up, so two commands writing one `--out`
/// take turns: the later one waits (with a note naming the other process) and then starts from
/// what the earlier one committed. The folder always ends with the run that finished last.
///
/// The lock is the file `.NAME.lock` beside the folder, holding the owner's process id. It is
/// removed on release; the kernel releases the lock of a process that dies, and the next
/// command reuses the file. (After taking the lock, the file is checked to still be the one at
/// the path, so a release that removes it never lets two commands in.)
///
/// A second lock on the same folder within one process would wait for itself: it is refused
/// with an error instead.
package final class FolderLock: @unchecked Sendable {
    /// The lock file's path.
    package let path: String
    let descriptor: Int32
    let state = InkLock()
    var held = true

    nonisolated(unsafe) static var heldHere: Set<String> = []
    static let heldHereLock = InkLock()

    /// Takes the lock of the folder `target` (an absolute path without links), waiting while
    /// another process holds it.
    ///
    /// - Parameter note: called once with a message when this command has to wait.
    /// - Throws: `OutputError` when the lock file cannot be made, or this process holds it already.
    package init(folder target: String, note: (String) -> Void) throws(OutputError) {
        let url = URL(fileURLWithPath: target)
        path = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".lock").path
        Self.heldHereLock.lock()
        let mine = Self.heldHere.contains(path)
        if !mine { Self.heldHere.insert(path) }
        Self.heldHereLock.unlock()
        if mine {
            throw OutputError("\(target): this command already has the folder open; expected one writer at a time")
        }
        var noted = false
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                let reason = String(cString: strerror(errno))
                Self.forget(path)
                throw OutputError("\(target): cannot create its lock file \(path): \(reason)")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                if !noted {
                    noted = true
                    var buffer = [UInt8](repeating: 0, count: 32)
                    let n = read(fd, &buffer, 31)
                    let owner = n > 0 ? String(decoding: buffer[..<n], as: UTF8.self).trimmingWhitespaceAndNewlines() : "?"
                    note("waiting: another bench (pid \(owner)) is writing \(target); this command goes on when it has finished")
                }
                while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
            }
            // The holder before us may have removed the file: lock the one at the path.
            var mineStat = stat(), pathStat = stat()
            if fstat(fd, &mineStat) == 0, stat(path, &pathStat) == 0, mineStat.st_ino == pathStat.st_ino, mineStat.st_dev == pathStat.st_dev {
                let pid = Array("\(getpid())\n".utf8)
                _ = ftruncate(fd, 0)
                _ = pwrite(fd, pid, pid.count, 0)
                descriptor = fd
                return
            }
            _ = close(fd)
        }
    }

    /// Releases the lock and removes its file (idempotent).
    package func release() {
        state.lock()
        let was = held
        held = false
        state.unlock()
        guard was else { return }
        _ = unlink(path)
        _ = close(descriptor)
        Self.forget(path)
    }

    static func forget(_ path: String) {
        heldHereLock.lock()
        heldHere.remove(path)
        heldHereLock.unlock()
    }

    deinit { release() }
}

/// The staging folders this process is writing, removed if it is stopped by SIGINT or SIGTERM
/// (the folder keeps its last whole run, and no hidden `.NAME.staging-PID` is left beside it).
package enum StagingCleanup {
    nonisolated(unsafe) static var folders: Set<String> = []
    nonisolated(unsafe) static var sources: [any DispatchSourceSignal] = []
    static let lock = InkLock()

    /// Registers a staging folder (and, the first time, the signal handlers).
    package static func add(_ folder: String) {
        lock.lock()
        defer { lock.unlock() }
        folders.insert(folder)
        guard sources.isEmpty else { return }
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                removeAll()
                StandardStream.error("interrupted: the unfinished run was removed; the results folder keeps its last whole run\n")
                _exit(128 + sig)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Forgets a staging folder (committed or abandoned).
    package static func remove(_ folder: String) {
        lock.lock()
        folders.remove(folder)
        lock.unlock()
    }

    /// Removes every registered staging folder.
    static func removeAll() {
        lock.lock()
        let all = folders
        folders = []
        lock.unlock()
        for f in all { try? FileManager.default.removeItem(atPath: f) }
    }
}
