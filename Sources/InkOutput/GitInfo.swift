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
        let source = PathText.deletingLastComponent(#filePath)
        var info = stat()
        let directory = stat(source, &info) == 0 ? source : FileManager.default.currentDirectoryPath
        let arguments = ["-C", directory, "--no-optional-locks", "status", "--porcelain=v2", "--branch", "--untracked-files=no"]
        // As a span: the wall time from the start of `git` to its exit (its CPU is its own process's).
        guard let (status, out) = WorkSpans.shared.span("git status (child process)", { git(arguments) }), status == 0 else { return nil }
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
        DispatchQueue(label: "inkbench.git-info").async { _ = GitInfo.current }
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
        guard let executable, let child = ChildRun.start(executable, arguments, collecting: 1) else { return nil }
        return child.finish()
    }
}
