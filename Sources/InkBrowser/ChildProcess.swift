#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkOutput
import InkTraces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started in a process group of its own (`posix_spawn` with
/// `POSIX_SPAWN_SETPGROUP`), so that everything it starts can be signalled with it: a browser
/// that leaves a helper holding its output, or one that blocks SIGTERM, is still ended by
/// ``signalGroup(_:)`` with SIGKILL.
///
/// The child gets the descriptors of `descriptors` (child number -> this process's descriptor),
/// `/dev/null` on 0, 1 and 2 when not given, and no other descriptor of this process. SIGINT,
/// SIGTERM, SIGPIPE and SIGHUP are set back to their default actions and no signal is blocked (bench
/// ignores some of them while it runs, and an exec would pass that on).
///
/// It is reaped and its output read through the same pieces as `ChildRun` (InkOutput):
/// `ChildRun.reap` (here without blocking) and `FileInput.readSome`.
final class ChildProcess: @unchecked Sendable {
    /// The process id, which is also the group's id.
    let pid: pid_t
    let lock = InkLock()
    var status: Int32?

    /// Starts `path` with `arguments`.
    ///
    /// - Throws: ``BrowserError`` naming the program and the system's reason.
    init(path: String, arguments: [String], descriptors: [Int32: Int32]) throws(BrowserError) {
        // Move the parent's descriptors out of the way of the child's numbers first, so that
        // one dup2 never overwrites the source of another.
        var moved: [(child: Int32, high: Int32)] = []
        defer { for m in moved { _ = close(m.high) } }
        for (child, parent) in descriptors.sorted(by: { $0.key < $1.key }) {
            let high = fcntl(parent, F_DUPFD_CLOEXEC, 256)
            guard high >= 0 else { throw BrowserError("cannot start \(path): dup of descriptor \(parent) failed: \(String(cString: strerror(errno)))") }
            moved.append((child, high))
        }
        var actions = SpawnSetup.Actions()
        var attributes = SpawnSetup.Attributes()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for fd: Int32 in 0...2 where !moved.contains(where: { $0.child == fd }) {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        for m in moved { posix_spawn_file_actions_adddup2(&actions, m.high, m.child) }
        let highest = (moved.map(\.child).max() ?? 2) + 1
        SpawnSetup.closeFrom(&actions, highest)
        var flags = Int32(POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        SpawnSetup.resetSignals(&attributes, flags: flags)
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        guard result == 0 else { throw BrowserError("cannot start \(path): \(String(cString: strerror(result)))") }
        pid = child
    }

    /// The exit status as `waitpid` gives it, once the child has ended (reaped here); `nil` while it runs.
    func exitStatus() -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        if status == nil { status = ChildRun.reap(pid, blocking: false) }
        return status
    }

    /// Whether the child (the group's leader) still runs.
    var isRunning: Bool { exitStatus() == nil }

    /// Waits up to `seconds` for the child to end; whether it has.
    @discardableResult
    func wait(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() >= deadline { return false }
            usleep(10_000)
        }
        return true
    }

    /// Sends `signal` to the child's whole process group (what it started included).
    func signalGroup(_ signal: Int32) {
        _ = kill(-pid, signal)
    }

    /// Ends the group: SIGTERM, then SIGKILL to whatever is left of it after `grace` seconds.
    func endGroup(grace: Double = 2) {
        signalGroup(SIGTERM)
        wait(seconds: grace)
        // Helpers that ignore SIGTERM, or outlive the leader, get SIGKILL.
        signalGroup(SIGKILL)
        wait(seconds: 2)
    }

    /// "exit status N" or "killed by signal N" (or "still running").
    var statusText: String {
        guard let s = exitStatus() else { return "still running" }
        if let signal = ChildRun.signal(s) { return "killed by signal \(signal)" }
        return "exit status \(ChildRun.exitCode(s) ?? 0)"
    }

    /// Runs `path arguments` and returns what it printed on standard output, bounded: at most
    /// `maxBytes`, within `timeoutSeconds`, and no longer than `quietSeconds` after the child
    /// itself exited (a helper it left behind may hold the output open). The whole group is
    /// then killed. `nil` when it cannot start.
    static func output(path: String, arguments: [String], maxBytes: Int, timeoutSeconds: Double, quietSeconds: Double = 0.3) -> [UInt8]? {
        guard let (readEnd, writeEnd) = SpawnSetup.closeOnExecPipe() else { return nil }
        defer { _ = close(readEnd) }
        let child: ChildProcess
        do { child = try ChildProcess(path: path, arguments: arguments, descriptors: [1: writeEnd]) } catch {
            _ = close(writeEnd)
            return nil
        }
        _ = close(writeEnd)
        defer {
            child.signalGroup(SIGKILL)
            child.wait(seconds: 2)
        }
        var out: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var exitedAt: Date?
        var chunk = [UInt8](repeating: 0, count: 4096)
        while out.count < maxBytes {
            let now = Date()
            if now >= deadline { break }
            if exitedAt == nil, !child.isRunning { exitedAt = now }
            if let exitedAt, now.timeIntervalSince(exitedAt) > quietSeconds { break }
            var p = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 50)
            if ready <= 0 { continue }
            let n = chunk.withUnsafeMutableBytes { FileInput.readSome(from: readEnd, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<min(4096, maxBytes - out.count)])) }
            if n <= 0 { break }
            out.append(contentsOf: chunk[..<n])
        }
        return out
    }
}
