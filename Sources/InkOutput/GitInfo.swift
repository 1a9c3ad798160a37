import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The git commit of the tool's source tree (or, failing that, of the working directory),
/// for manifests and reports; `nil` outside a git checkout or without git.
///
/// One `git status --porcelain=v2 --branch --untracked-files=no` gives both: the commit
/// (`# branch.oid`) and whether tracked files differ from it (any entry line), as
/// `git rev-parse HEAD` and `git diff --quiet HEAD --` did in two processes. `git` is started
/// with `posix_spawn` (no `Foundation.Process`: its set-up cost about 1.5 ms of CPU).
///
/// ```swift
/// GitInfo.current?.commit   // "58aaa39..."
/// ```
package struct GitInfo: Sendable, Equatable {
    /// The full commit hash of `HEAD`.
    package var commit: String
    /// Whether tracked files differ from `HEAD` (staged or not; untracked files do not count).
    var dirty: Bool

    /// Looked up once per process (the first reader waits for it; see ``prefetch()``). `nil`
    /// when `git status` fails, even where `git rev-parse HEAD` alone would have named the
    /// commit (the two-process lookup before the fifth round recorded it, as dirty): the
    /// manifest then records no commit rather than one whose state is unknown.
    package static let current: GitInfo? = {
        let source = (#filePath as NSString).deletingLastPathComponent
        var info = stat()
        let directory = stat(source, &info) == 0 ? source : FileManager.default.currentDirectoryPath
        let arguments = ["-C", directory, "--no-optional-locks", "status", "--porcelain=v2", "--branch", "--untracked-files=no"]
        guard let (status, out) = git(arguments), status == 0 else { return nil }
        return GitInfo(porcelain: out)
    }()

    /// The commit and state a `git status --porcelain=v2 --branch` output gives; `nil` when it
    /// names no commit (a repository without one: `# branch.oid (initial)`).
    ///
    /// - Parameter porcelain: the command's standard output.
    init?(porcelain: String) {
        var commit: String?
        var dirty = false
        for line in porcelain.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("# branch.oid ") {
                let oid = line.dropFirst("# branch.oid ".count)
                commit = oid.allSatisfy(\.isHexDigit) && !oid.isEmpty ? String(oid) : nil
            } else if !line.hasPrefix("#") {
                dirty = true  // "1 ...", "2 ..." (renamed), "u ..." (unmerged): a tracked change
            }
        }
        guard let commit else { return nil }
        self.init(commit: commit, dirty: dirty)
    }

    init(commit: String, dirty: Bool) {
        self.commit = commit
        self.dirty = dirty
    }

    /// Starts looking ``current`` up on a thread of its own (once per process; later calls do
    /// nothing), so `git` runs while the caller parses its arguments and reads its inputs;
    /// reading ``current`` later waits for that lookup instead of starting another.
    package static func prefetch() { _ = prefetchStarted }

    private static let prefetchStarted: Void = {
        Thread.detachNewThread { _ = GitInfo.current }
    }()

    /// The `git` executable: the first in `PATH`, as `env git` would run (found once, so the
    /// lookup starts `git` directly instead of through `/usr/bin/env`); `nil` without one.
    static let executable: String? = {
        let searched = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in searched.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/git"
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }()

    /// Runs `git` with `arguments` (standard input and error on `/dev/null`) and returns its
    /// exit status and standard output; `nil` without `git` or when it cannot be started or
    /// does not exit normally.
    static func git(_ arguments: [String]) -> (Int32, String)? {
        guard let executable else { return nil }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return nil }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        // The parent's ends must not leak into other children (`ChildProcess` closes every
        // descriptor above its own in the child as well, so a spawn on another thread between
        // these lines does not keep the write end open either).
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var actions = SpawnSetup.Actions()
        posix_spawn_file_actions_init(&actions)
        var attributes = SpawnSetup.Attributes()
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
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
            return nil
        }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        close(readEnd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return nil }
        }
        // WIFEXITED / WEXITSTATUS (macros Swift does not import).
        guard status & 0x7f == 0 else { return nil }
        return ((status >> 8) & 0xff, String(decoding: out, as: UTF8.self))
    }

    #if canImport(Glibc)
        private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { environ }
    #else
        private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? { _NSGetEnviron()?.pointee }
    #endif
}
