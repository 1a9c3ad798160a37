#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkOutput
import InkTuning

#if canImport(Glibc)
    import CInkSystem
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A results folder that always holds one whole run: a command writes every file into a
/// staging folder beside it (`.NAME.staging-PID`), and ``commit()`` swaps the staging folder
/// in with one atomic exchange, so a reader, a `kill -9` or a full disk never leaves a folder
/// that mixes two runs.
///
/// - `run` starts from an empty staging folder; at commit the files in the old folder that
///   bench did not write there (your own notes, a `sweep` of the same run) are carried over.
/// - `sweep` and `report`, which add to an existing run, start from a copy of it (hard links,
///   so a large `frames.csv` costs nothing) and replace only what they write.
///
/// Staging folders of runs that died (their process is gone) are removed when the next run
/// starts, and so are stray `.NAME.tmp-PID` files of dead writers inside the folder. A folder
/// that holds anything but plain files (a subfolder, a link) is refused, never emptied: only
/// plain files can be carried over into the new run.
///
/// ```swift
/// let folder = try RunFolder(path: "bench-results", startFrom: .empty)
/// try folder.files.write("summary.csv", bytes: csv.bytes)
/// try folder.commit()
/// ```
package struct RunFolder: Sendable {
    /// What the staging folder starts with.
    package enum Start: Sendable {
        /// Nothing: a new run (files bench did not write are carried over at commit).
        case empty
        /// A copy of the existing folder: a command that adds files to a run.
        case copyOfExisting
    }

    /// The folder as given (what users see).
    package let path: String
    /// Where this command writes until ``commit()``.
    package let files: OutputFolder
    let start: Start
    /// The folder's lock, held until ``commit()`` or ``abandon()`` (``FolderLock``).
    let lock: FolderLock

    /// The longest `--out` path accepted (bytes, absolute): the system's 4,096 less room for
    /// the staging folder's name beside it.
    static let maximumPathBytes = 4000
    /// The longest name of one folder in the path (bytes): 255 less the staging suffix.
    static let maximumNameBytes = 220

    /// The names a `bench run` writes (or may have written) into a folder, a shard's
    /// (`--shard K/N`) included; at commit the old folder's other files are carried over.
    static func isRunOutput(_ name: String) -> Bool {
        let fixed: Set<String> = [
            "summary.csv", "frames.csv", "chart-frames.csv", "tails.csv", "paths.csv", "report.md", "report.html", "manifest.json",
            RunShardCSV.figuresFile, RunShardCSV.tracesFile,
        ]
        if fixed.contains(name) { return true }
        for chart in ["tradeoff", "replay", "error", "bars"] {
            for ext in [".gp", ".svg", ".png"] where name == chart + ext { return true }
        }
        return false
    }

    /// The names `bench tune` writes (a shard's included). A new run or shard (``Start/empty``)
    /// does not carry them over: they describe the earlier run, and the report would show that
    /// tune's section beside figures it was not made from.
    static func isTuneOutput(_ name: String) -> Bool {
        let fixed: Set<String> = [
            "tune.csv", "tune-chart.csv", "tune-front.csv", "tune.md", "tune-spec.txt", "tune.gp", "tune.svg", "tune.png",
            TuneShardCSV.file, TuneShardCSV.manifestFile,
        ]
        return fixed.contains(name)
    }

    /// Prepares the staging folder beside `path` (created with its parents if needed).
    ///
    /// - Throws: `OutputError` naming the path and what is wrong with it.
    package init(path: String, startFrom start: Start) throws(OutputError) {
        let fm = FileManager.default
        try Self.checkPath(path)
        // A link to a folder: the run goes into the folder it points to, not over the link.
        let url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        let name = url.lastPathComponent
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath).standardizedFileURL.resolvingSymlinksInPath().path
        guard name != "/", !name.isEmpty, cwd != url.path, !cwd.hasPrefix(url.path + "/") else {
            throw OutputError("\(path): is the current folder or one above it; bench swaps a whole run folder in, so give a results folder of its own (--out bench-results)")
        }
        let parent = url.deletingLastPathComponent().path
        if PathText.isFolder(path) == false {
            throw OutputError("\(path): exists and is not a folder; expected a results folder (give another --out)")
        }
        if !fm.fileExists(atPath: parent) {
            do { try fm.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
                let why = PathDiagnosis.whyNotWritable(parent, wantFolder: true, fallback: Self.reason(error))
                throw OutputError("\(path): cannot create the folder it goes in, \(parent): \(why)")
            }
        } else if PathText.isFolder(parent) == false {
            throw OutputError("\(path): \(parent) is a file, not a folder; expected a folder path")
        }
        var mode = stat()
        // (As root `access` says yes to everything: the owner's write bit is the user's intent.)
        if stat(url.path, &mode) == 0, access(url.path, W_OK) != 0 || (mode.st_uid == geteuid() && mode.st_mode & S_IWUSR == 0) {
            throw OutputError(
                "\(path): the folder is read-only (mode \(String(mode.st_mode & 0o777, radix: 8))); bench replaces a run folder as a whole, so make it writable (chmod u+w) or give another --out")
        }
        let lock = try FolderLock(folder: url.path) { StandardStream.error("note: \($0)\n") }
        Self.removeStale(name: name, in: parent, target: url.path)
        try Self.checkSwappable(url.path, shownAs: path)
        let staging = PathText.appending(parent, ".\(name).staging-\(getpid())")
        var leftOver = stat()
        if lstat(staging, &leftOver) == 0 { try? fm.removeItem(atPath: staging) }
        // Registered (and the signal handlers installed) before the folder exists, so an
        // interrupt at any later moment removes it.
        StagingCleanup.add(staging)
        // (`mkdir` itself: FileManager's createDirectory cost about 0.1 ms here.)
        if mkdir(staging, 0o777) != 0 {
            let reason = String(cString: strerror(errno))
            StagingCleanup.remove(staging)
            throw OutputError("\(path): cannot create a staging folder beside it (\(staging)): \(reason)")
        }
        self.lock = lock
        if start == .copyOfExisting, fm.fileExists(atPath: url.path) {
            try Self.linkFiles(from: url.path, to: staging, only: { _ in true })
        }
        self.path = path
        self.start = start
        self.files = try OutputFolder(path: staging)
    }

    /// Swaps the staging folder in as the folder, in one step, and removes the old one.
    ///
    /// - Throws: `OutputError` when the swap fails (the old folder is then left as it was).
    package func commit() throws(OutputError) {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        let staging = files.path
        if start == .empty, fm.fileExists(atPath: target) {
            try Self.linkFiles(from: target, to: staging, only: { !Self.isRunOutput($0) && !Self.isTuneOutput($0) && !fm.fileExists(atPath: PathText.appending(staging, $0)) })
        }
        defer {
            StagingCleanup.remove(staging)
            lock.release()
        }
        guard fm.fileExists(atPath: target) else {
            if rename(staging, target) != 0 { throw OutputError("\(path): cannot move the finished run in place: \(String(cString: strerror(errno)))") }
            return
        }
        if Self.exchange(staging, target) {
            try? fm.removeItem(atPath: staging)  // now the old run
            return
        }
        // No atomic exchange on this system: two renames; a run that dies between them leaves
        // the old run at `.NAME.old-PID`, which the next run puts back (removeStale).
        let old = staging.replacingText(".staging-", with: ".old-")
        guard rename(target, old) == 0 else { throw OutputError("\(path): cannot replace the folder: \(String(cString: strerror(errno)))") }
        guard rename(staging, target) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(old, target)
            throw OutputError("\(path): cannot move the finished run in place: \(reason)")
        }
        try? fm.removeItem(atPath: old)
    }

    /// Removes the staging folder (the command failed; the folder keeps its last whole run).
    package func abandon() {
        try? FileManager.default.removeItem(atPath: files.path)
        StagingCleanup.remove(files.path)
        lock.release()
    }

    /// Refuses, before anything is created, a path too long for the system (which would leave
    /// the folders made before the failure behind), a dangling link and a loop of links.
    static func checkPath(_ path: String) throws(OutputError) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard absolute.utf8.count <= maximumPathBytes else {
            throw OutputError("--out: the path is \(absolute.utf8.count) bytes long; expected at most \(maximumPathBytes) (the system's limit is 4,096, with room for bench's staging folder)")
        }
        if let long = absolute.split(separator: "/").first(where: { $0.utf8.count > maximumNameBytes }) {
            throw OutputError("--out \(path.prefix(80))…: a folder name is \(long.utf8.count) bytes long; expected at most \(maximumNameBytes)")
        }
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            var target = stat()
            if stat(path, &target) != 0 {
                let why = errno == ELOOP ? "a loop of symbolic links" : "a link to \((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"), which does not exist"
                throw OutputError("--out \(path): is \(why); expected a folder, a link to one, or a path that does not exist yet")
            }
        }
        // A loop further up the path (a/loop/results).
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let parent = trimmed.lastIndex(of: "/").map { String(trimmed[..<$0]) } ?? ""
        if !parent.isEmpty, lstat(parent, &info) == 0, stat(parent, &info) != 0, errno == ELOOP {
            throw OutputError("--out \(path): \(parent) is a loop of symbolic links; expected a folder")
        }
    }

    /// Atomically exchanges two folders (Linux `renameat2(RENAME_EXCHANGE)`, through
    /// CInkSystem), or `false` when the system cannot.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if canImport(Glibc)
            let exchangeFlag: UInt32 = 2  // RENAME_EXCHANGE
            return ink_renameat2(AT_FDCWD, a, AT_FDCWD, b, exchangeFlag) == 0
        #else
            return false
        #endif
    }

    /// Refuses a folder that holds anything but plain files (a subfolder, a link): the swap
    /// carries plain files over into the new run, and nothing else may be lost with the old
    /// folder. (`--out .` in a project folder is refused, not emptied.)
    static func checkSwappable(_ target: String, shownAs path: String) throws(OutputError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: target) else { return }
        var foreign: [String] = []
        for name in names.sorted() where !isTemporary(name) && !isPlainFile(PathText.appending(target, name)) {
            foreign.append(name)
        }
        guard foreign.isEmpty else {
            let shown = foreign.prefix(5).joined(separator: ", ") + (foreign.count > 5 ? ", ..." : "")
            throw OutputError(
                "\(path): holds folders or links bench did not write (\(shown)); bench writes a whole run and swaps it in, carrying over plain files only, so give a results folder of its own (--out)")
        }
    }

    /// Whether `path` is a plain file itself (`lstat`: a link to a file is not one), as
    /// `FileManager.attributesOfItem`'s type says, without building its attribute dictionary.
    static func isPlainFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether a name is a temporary of bench's own (`.NAME.tmp-PID`).
    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".") && name.firstRange(of: ".tmp-") != nil }

    /// Hard-links (or copies, across file systems) the plain files of `from` that `only`
    /// accepts into `to`; bench's own temporaries are skipped.
    static func linkFiles(from: String, to: String, only: (String) -> Bool) throws(OutputError) {
        let fm = FileManager.default
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: from) } catch { throw OutputError("\(from): cannot list the folder: \(reason(error))") }
        for name in names.sorted() where !isTemporary(name) && only(name) {
            let source = PathText.appending(from, name)
            let destination = PathText.appending(to, name)
            guard isPlainFile(source) else {
                throw OutputError("\(source): not a plain file; it cannot be carried over into the new run")
            }
            if link(source, destination) == 0 { continue }
            do { try fm.copyItem(atPath: source, toPath: destination) } catch {
                throw OutputError("\(source): cannot carry it over into the new run: \(reason(error))")
            }
        }
    }

    /// Removes staging folders and temporaries left by dead processes; puts back a folder a
    /// run died while replacing.
    static func removeStale(name: String, in parent: String, target: String) {
        let fm = FileManager.default
        let markers = [".staging-", ".old-"]
        guard let siblings = names(in: parent, startingWith: markers.map { ".\(name)\($0)" }) else { return }
        for sibling in siblings {
            for marker in markers {
                let prefix = ".\(name)\(marker)"
                guard sibling.hasPrefix(prefix), let pid = Int32(sibling.dropFirst(prefix.count)), !isAlive(pid) else { continue }
                let stale = PathText.appending(parent, sibling)
                if marker == ".old-" && !fm.fileExists(atPath: target) {
                    _ = rename(stale, target)
                } else {
                    try? fm.removeItem(atPath: stale)
                }
            }
        }
        if let inside = try? fm.contentsOfDirectory(atPath: target) {
            for file in inside where file.hasPrefix(".") {
                guard let r = file.ranges(of: ".tmp-").last, let pid = Int32(file[r.upperBound...]), !isAlive(pid) else { continue }
                try? fm.removeItem(atPath: PathText.appending(target, file))
            }
        }
    }

    /// The names in `folder` that start with one of `prefixes`, `nil` when it cannot be listed.
    ///
    /// Read with `readdir`, comparing bytes, so only the names wanted become strings: a results
    /// folder whose parent holds thousands of entries (`--out /tmp/x`: 6,220 there) cost about
    /// 2 ms per run listed whole through `FileManager`.
    static func names(in folder: String, startingWith prefixes: [String]) -> [String]? {
        // `d_name` is a stored field, so its offset is always known; no offset, no listing
        // (never a compare of the entry's other bytes).
        guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name), let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            // strncmp stops at the name's end, so a short name is never read past.
            if prefixes.contains(where: { strncmp(name, $0, $0.utf8.count) == 0 }) { found.append(String(cString: name)) }
        }
        return found
    }

    /// Whether a process of that id exists.
    static func isAlive(_ pid: Int32) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }

    /// The system's reason for a Foundation error (`ErrorReason` in InkTraces).
    static func reason(_ error: any Error) -> String { ErrorReason.text(error) }
}
