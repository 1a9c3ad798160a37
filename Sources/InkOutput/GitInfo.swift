import Foundation

/// The git commit of the tool's source tree (or, failing that, of the working directory),
/// for manifests and reports; `nil` outside a git checkout or without git.
///
/// ```swift
/// GitInfo.current?.commit   // "58aaa39..."
/// ```
package struct GitInfo: Sendable, Equatable {
    /// The full commit hash of `HEAD`.
    package var commit: String
    /// Whether tracked files differ from `HEAD`.
    var dirty: Bool

    /// Looked up once per process.
    package static let current: GitInfo? = {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
        let directory = FileManager.default.fileExists(atPath: source) ? source : FileManager.default.currentDirectoryPath
        guard let (status, out) = git(["-C", directory, "rev-parse", "HEAD"], in: directory), status == 0 else { return nil }
        let commit = out.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !commit.isEmpty else { return nil }
        let dirty = git(["-C", directory, "diff", "--quiet", "HEAD", "--"], in: directory).map { $0.0 != 0 } ?? false
        return GitInfo(commit: commit, dirty: dirty)
    }()

    /// Starts looking ``current`` up on a thread of its own, so the two `git` processes run
    /// while the caller replays (about 20 ms of a small run's wall time otherwise); reading
    /// ``current`` later waits for that lookup instead of starting another.
    package static func prefetch() {
        Thread.detachNewThread { _ = GitInfo.current }
    }

    /// The `git` executable: the first in `PATH`, as `env git` would run (found once, so the
    /// two lookups start `git` directly instead of through `/usr/bin/env`); `nil` without one.
    static let executable: String? = {
        let searched = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in searched.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/git"
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }()

    static func git(_ arguments: [String], in directory: String) -> (Int32, String)? {
        guard let executable else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
