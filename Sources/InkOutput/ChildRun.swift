#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import InkTraces

/// A short-lived child program whose one output stream is collected (`git` for the manifest,
/// gnuplot for the charts), started with `posix_spawn` and ``SpawnSetup`` (no Foundation
/// `Process`: the product links FoundationEssentials only).
///
/// Standard input and the stream not collected are `/dev/null`. Start several, then
/// ``finish()`` each: a child whose collected stream fills its pipe waits until it is read.
///
/// ```swift
/// if let child = ChildRun.start("/usr/bin/git", ["status"], collecting: 1),
///     let (status, output) = child.finish() { print(status, output) }
/// ```
package struct ChildRun: Sendable {
    /// The child's process id.
    package let pid: pid_t
    /// The read end of the collected stream's pipe (3 or above: never one of this process's
    /// standard stream numbers, even when those were closed).
    package let readEnd: Int32

    /// Why a child could not be started, in words (the system's reason where there is one).
    package struct StartFailure: Error, Sendable {
        /// The reason, e.g. "No such file or directory".
        package let reason: String
    }

    /// Starts `executable` with `arguments`, in `directory` (the current one when `nil`),
    /// collecting descriptor `collecting` (1, standard output, or 2, standard error); `nil`
    /// when it cannot be started (``launch(_:_:in:collecting:)`` says why).
    package static func start(_ executable: String, _ arguments: [String], in directory: String? = nil, collecting: Int32) -> ChildRun? {
        try? launch(executable, arguments, in: directory, collecting: collecting).get()
    }

    /// ``start(_:_:in:collecting:)``, or why the child could not be started.
    package static func launch(_ executable: String, _ arguments: [String], in directory: String? = nil, collecting: Int32)
        -> Result<ChildRun, StartFailure>
    {
        // The parent's ends must not leak into other children: they are close-on-exec from
        // the start (see `SpawnSetup.closeOnExecPipe` for Darwin, which has no `pipe2`).
        guard let pipeEnds = SpawnSetup.closeOnExecPipe() else {
            return .failure(StartFailure(reason: "cannot make a pipe: " + String(cString: strerror(errno))))
        }
        // When this process runs with descriptor 0, 1 or 2 closed (`bench` opens /dev/null on
        // them at start-up, `BenchMain.openClosedStandardStreams`, but a library caller may
        // not), the pipe takes those numbers, and the file actions below (/dev/null on 0 and
        // the stream not collected, the write end onto the collected one) would land on an
        // end; so both are moved to 3 or above first (the copy close-on-exec as well).
        let readEnd = Self.aboveStandardStreams(pipeEnds.read)
        let writeEnd = Self.aboveStandardStreams(pipeEnds.write)
        guard readEnd >= 0, writeEnd >= 0 else {
            let reason = String(cString: strerror(errno))
            if readEnd >= 0 { close(readEnd) }
            if writeEnd >= 0 { close(writeEnd) }
            return .failure(StartFailure(reason: "cannot move a pipe's end above the standard streams: " + reason))
        }
        var actions = SpawnSetup.Actions()
        posix_spawn_file_actions_init(&actions)
        var attributes = SpawnSetup.Attributes()
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, collecting)
        posix_spawn_file_actions_addopen(&actions, collecting == 1 ? 2 : 1, "/dev/null", O_WRONLY, 0)
        if let directory, !SpawnSetup.changeDirectory(&actions, directory) {
            close(readEnd)
            close(writeEnd)
            return .failure(StartFailure(reason: "this C library cannot start a child in another folder (posix_spawn_file_actions_addchdir_np, glibc 2.29 or later)"))
        }
        SpawnSetup.closeFrom(&actions, 3)
        #if canImport(Darwin)
            SpawnSetup.resetSignals(&attributes, flags: Int32(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #else
            SpawnSetup.resetSignals(&attributes)
        #endif
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            return .failure(StartFailure(reason: String(cString: strerror(spawned))))
        }
        return .success(ChildRun(pid: pid, readEnd: readEnd))
    }

    /// `descriptor` (close-on-exec) if it is 3 or above; else a close-on-exec duplicate at 3 or
    /// above, `descriptor` closed; -1 (`errno` set) when it cannot be duplicated.
    static func aboveStandardStreams(_ descriptor: Int32) -> Int32 {
        if descriptor > 2 { return descriptor }
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        let saved = errno
        close(descriptor)
        errno = saved
        return moved
    }

    /// Reads the collected stream to its end, waits for the child, and returns its exit status
    /// and the stream's text; `nil` when the child did not exit normally (a signal).
    package func finish() -> (status: Int32, output: String)? {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { FileInput.readSome(from: readEnd, into: $0) }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        close(readEnd)
        guard let status = Self.reap(pid, blocking: true), let code = Self.exitCode(status) else { return nil }
        return (code, String(decoding: out, as: UTF8.self))
    }

    /// Waits for the child `pid` with `waitpid(2)`, retried while a signal interrupts it:
    /// until it ends (`blocking`), or only if it has ended already (`WNOHANG`). The one wait
    /// for a child in the project (``finish()``, InkBrowser's `ChildProcess`).
    ///
    /// - Returns: the raw status once the child has ended and been reaped here (see
    ///   ``exitCode(_:)`` and ``signal(_:)``); `nil` while it still runs (not blocking) or when
    ///   it cannot be waited for (not a child of this process, or reaped already).
    package static func reap(_ pid: pid_t, blocking: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if r == pid { return status }
            if r < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// The exit code (0-255) of a child that exited, from its raw status; `nil` when a
    /// signal ended it (`WIFEXITED` / `WEXITSTATUS`, macros Swift does not import).
    package static func exitCode(_ status: Int32) -> Int32? { signal(status) == nil ? (status >> 8) & 0xff : nil }

    /// The signal that ended a child, from its raw status; `nil` when it exited (`WTERMSIG`).
    package static func signal(_ status: Int32) -> Int32? { status & 0x7f == 0 ? nil : status & 0x7f }

    #if canImport(Glibc)
        private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { environ }
    #else
        private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { _NSGetEnviron()?.pointee }
    #endif
}
