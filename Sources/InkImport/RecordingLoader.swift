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

/// Loads recordings from files and folders: finds the files (recursively, in sorted order),
/// applies manifests and `--scale` rules, detects each format, reads it, and turns every
/// failure into a skip message (or, with `strict`, an error), so one bad file never stops a run.
///
/// ```swift
/// var loader = RecordingLoader()
/// loader.manifests = [try RecordingManifest.load(path: "Datasets/recordings.manifest")]
/// let result = try loader.load(paths: ["Datasets/recordings"])
/// for line in result.skipped { print(line) }
/// ```
public struct RecordingLoader: Sendable {
    /// The outcome of a load.
    public struct Result: Sendable {
        /// The traces read, in path order, each named by its path relative to the folder given
        /// (or by the file name for a file given directly; by the full path where two would
        /// share a name).
        public var traces: [Trace]
        /// One line per file not read: its path and why.
        public var skipped: [String]
    }

    /// Manifests given explicitly (`--manifest`); their globs are relative to each folder loaded.
    public var manifests: [RecordingManifest] = []
    /// `--scale` rules; they win over manifests.
    public var scaleRules: [ScaleRule] = []
    /// `--format`: read every file as this format.
    public var formatOverride: TraceFormat?
    /// Fail on the first file that cannot be read, instead of skipping it: a file of no known
    /// format, an empty, garbage or cut-off one, an unreadable folder or a dangling link. Device
    /// descriptions (`.desc`), manifests and files a manifest skips are still passed over.
    public var strict = false
    /// Keep pen motion in proximity (hover) as strokes of its own, in every file (a manifest's
    /// `hover` key still decides per file).
    public var includeHover = false
    /// The largest recording any reader takes (bytes): 512 MiB. The default of
    /// ``maxFileBytes``, the Pointer Events and capture readers' own limit, and the largest
    /// upload `bench capture --serve` accepts.
    public static let defaultMaxFileBytes = 512 << 20
    /// Largest file read (bytes).
    public var maxFileBytes = RecordingLoader.defaultMaxFileBytes
    /// How many files are read at once (threads; default: every core this process may use).
    /// The result is the same for any value.
    public var jobs = ParallelMap.defaultJobs
    /// Lists a folder's names (FileManager's listing). Replaceable only by tests, which cannot
    /// make a folder unreadable when they run as root.
    var listFolder: @Sendable (String) throws -> [String] = { try FileManager.default.contentsOfDirectory(atPath: $0) }
    /// Called with each file's path and bytes as soon as they are read, before they are
    /// parsed (on the thread that read them; files are read side by side), so a caller can
    /// hash exactly what was read without reading the file again: `bench run` records each
    /// input's SHA-256 in its manifest this way. `nil`: nothing is called.
    public var bytesRead: (@Sendable (_ path: String, _ bytes: [UInt8]) -> Void)?

    public init() {}

    /// Loads every recording under `paths` (files or folders).
    ///
    /// - Throws: ``ImportError`` for a path that does not exist or a manifest that cannot be
    ///   read; with ``strict``, for the first file that cannot be read.
    public func load(paths: [String]) throws(ImportError) -> Result {
        // The files are listed in order first (with the problems and errors met on the way, at
        // their places), read side by side on up to `jobs` threads, then taken in that order:
        // the result, and the first error under `strict`, are those of reading one by one.
        enum Step {
            case read(path: String, relative: String, local: [(RecordingManifest, String)])
            case problem(ImportError, skip: String)
            case fail(ImportError)
        }
        var steps: [Step] = []
        listing: for root in paths {
            guard let isDir = PathText.isFolder(root) else {
                steps.append(.fail(ImportError(file: root, "no such file or folder; expected a recording or a folder of recordings")))
                break listing
            }
            do throws(ImportError) {
                if !isDir {
                    let name = PathText.lastComponent(root)
                    let local = try localManifests(for: name, root: PathText.deletingLastComponent(root), direct: true)
                    steps.append(.read(path: root, relative: name, local: local))
                    continue
                }
                let (found, problems) = try files(under: root)
                for problem in problems {
                    let path = PathText.appending(root, problem.path)
                    steps.append(.problem(ImportError(file: path, problem.why), skip: "\(path): \(problem.why)"))
                }
                for relative in found {
                    let name = PathText.lastComponent(relative)
                    if name == RecordingManifest.fileName { continue }
                    let local = try localManifests(for: relative, root: root, direct: false)
                    steps.append(.read(path: PathText.appending(root, relative), relative: relative, local: local))
                }
            } catch {
                steps.append(.fail(error))
                break listing
            }
        }
        let reads: [(path: String, relative: String, local: [(RecordingManifest, String)])] = steps.compactMap { step in
            if case .read(let path, let relative, let local) = step { return (path, relative, local) }
            return nil
        }
        // Threads left over when there are fewer files than threads go to each file's reader.
        let readerJobs = max(1, jobs / max(1, reads.count))
        let outcomes = ParallelMap.map(reads.count, jobs: jobs) { i in
            outcome(path: reads[i].path, relative: reads[i].relative, local: reads[i].local, readerJobs: readerJobs)
        }
        var traces: [Trace] = []
        var skipped: [String] = []
        var next = 0
        for step in steps {
            switch step {
            case .fail(let error):
                throw error
            case .problem(let error, let skip):
                if strict { throw error }
                skipped.append(skip)
            case .read:
                switch outcomes[next] {
                case .trace(let trace): traces.append(trace)
                case .skip(let line): skipped.append(line)
                case .fail(let error): throw error
                }
                next += 1
            }
        }
        for line in unmatchedSections(paths: paths) {
            if strict { throw ImportError(file: line.manifest, line: line.line, line.message) }
            skipped.append("\(line.manifest):\(line.line): \(line.message)")
        }
        // Two folders may hold files of the same relative path: name those by the path given.
        var counts: [String: Int] = [:]
        for t in traces { counts[t.name, default: 0] += 1 }
        for i in traces.indices where (counts[traces[i].name] ?? 0) > 1 { traces[i].name = traces[i].source }
        return Result(traces: traces, skipped: skipped)
    }

    /// The relative paths of the regular files under `root` (links to files included), sorted,
    /// hidden ones left out; and what could not be walked, each with its relative path and why:
    /// an unreadable folder, a dangling link, a link to a folder (not followed), a folder named
    /// like a recording.
    package func files(under root: String) throws(ImportError) -> (files: [String], problems: [(path: String, why: String)]) {
        let fm = FileManager.default
        var out: [String] = []
        var problems: [(path: String, why: String)] = []
        var pending = [""]
        var first = true
        while let folder = pending.popLast() {
            let full = folder.isEmpty ? root : PathText.appending(root, folder)
            let names: [String]
            do { names = try listFolder(full) } catch {
                if first { throw ImportError(file: root, "cannot list the folder; expected a readable folder") }
                problems.append((folder, "cannot list the folder (\(ErrorReason.text(error))); expected a readable folder"))
                continue
            }
            first = false
            for name in names where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : PathText.appending(folder, name)
                let path = PathText.appending(root, relative)
                let type = (try? fm.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                let kind = PathText.isFolder(path)  // follows links
                let exists = kind != nil
                let isDir = kind ?? false
                if type == .typeSymbolicLink {
                    if !exists {
                        problems.append((relative, "a dangling symbolic link (its target does not exist); expected a file"))
                    } else if isDir {
                        problems.append((relative, "a symbolic link to a folder, not followed; give the folder itself to --traces"))
                    } else {
                        out.append(relative)
                    }
                } else if isDir {
                    if let ext = name.split(separator: ".").last, name.contains("."),
                        TraceFormat.allCases.contains(where: { $0.fileExtensions.contains(ext.lowercased()) })
                    {
                        problems.append((relative, "a folder named like a recording (.\(ext)); its files are read as a folder's"))
                    }
                    pending.append(relative)
                } else if exists {
                    out.append(relative)
                }
            }
        }
        problems.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return (out.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }, problems)
    }

    /// The `--manifest` sections that match no file under any of `paths`: a glob with a typo
    /// would otherwise leave its files unscaled without a word.
    func unmatchedSections(paths: [String]) -> [(manifest: String, line: Int, message: String)] {
        guard !manifests.isEmpty else { return [] }
        var relatives: [(relative: String, given: String)] = []
        for root in paths {
            guard let isDir = PathText.isFolder(root) else { continue }
            if isDir {
                for f in (try? files(under: root))?.files ?? [] { relatives.append((f, PathText.appending(root, f))) }
            } else {
                relatives.append((PathText.lastComponent(root), root))
            }
        }
        var out: [(manifest: String, line: Int, message: String)] = []
        for m in manifests {
            for e in m.entries where !relatives.contains(where: { e.glob.matches(path: $0.relative) || e.glob.matches(path: $0.given) }) {
                out.append((m.path, e.line, "manifest section [\(e.glob.pattern)] matches no file under \(paths.joined(separator: ", ")); check its glob"))
            }
        }
        return out
    }

    /// `inkbench.manifest` files in the folders from `root` down to the file, each with the
    /// file's path relative to that manifest's folder.
    func localManifests(for relative: String, root: String, direct: Bool) throws(ImportError) -> [(RecordingManifest, String)] {
        var out: [(RecordingManifest, String)] = []
        let parts = relative.split(separator: "/").map(String.init)
        let depth = direct ? 0 : parts.count - 1
        for d in 0...max(0, depth) {
            let folder = ([root] + parts.prefix(d)).joined(separator: "/")
            let candidate = PathText.appending(folder, RecordingManifest.fileName)
            if FileManager.default.fileExists(atPath: candidate) {
                out.append((try RecordingManifest.load(path: candidate), parts.dropFirst(d).joined(separator: "/")))
            }
        }
        return out
    }

    /// The options, format and skip reason the manifests and rules give a file.
    func settings(path: String, relative: String, local: [(RecordingManifest, String)]) -> (ImportOptions, TraceFormat?, String?) {
        var options = ImportOptions()
        options.includeHover = includeHover
        options.strict = strict
        var format: TraceFormat?
        var skip: String?
        var matched: [(ManifestEntry, String)] = []
        for m in manifests { matched += m.entries(forRelativePath: relative, givenPath: path).map { ($0, m.path) } }
        for (m, rel) in local { matched += m.entries(forRelativePath: rel).map { ($0, m.path) } }
        for (e, source) in matched {
            if let v = options.apply(e, source: source) { format = v }
            if let v = e.skipReason { skip = v }
        }
        for rule in scaleRules where rule.glob.matches(path: relative) || rule.glob.matches(path: path) {
            options.scaleUnitsPerMM = rule.unitsPerMM
            options.scaleYUnitsPerMM = rule.yUnitsPerMM
            options.scaleSource = "--scale '\(rule.text)'"
        }
        return (options, format, skip)
    }

    /// What reading one file gave: its trace, a line saying why it was skipped, or (with
    /// ``strict``) the error that stops the load.
    enum Outcome: Sendable {
        case trace(Trace)
        case skip(String)
        case fail(ImportError)
    }

    /// Reads one file with the settings the manifests and rules give it; its reader may use
    /// `readerJobs` threads (``ImportOptions/jobs``).
    func outcome(path: String, relative: String, local: [(RecordingManifest, String)], readerJobs: Int = 1) -> Outcome {
        let (settled, manifestFormat, skip) = settings(path: path, relative: relative, local: local)
        var options = settled
        options.jobs = readerJobs
        if let skip { return .skip("\(path): skipped by the manifest: \(skip)") }
        do throws(ImportError) {
            let bytes = try WorkSpans.shared.span("read bytes \(relative)") { () throws(ImportError) in
                try RecordingLoader.readBytes(path, limit: maxFileBytes)
            }
            bytesRead?(path, bytes)
            let format: TraceFormat
            if let f = formatOverride ?? manifestFormat {
                format = f
            } else {
                switch FormatDetector.detect(path: path, head: bytes) {
                case .format(let f): format = f
                case .notARecording(let why):
                    if strict && !FormatDetector.isCompanion(path: path) {
                        throw ImportError(file: path, "not a recording: \(why) (--strict stops here)")
                    }
                    return .skip("\(path): not a recording: \(why)")
                }
            }
            var trace = try WorkSpans.shared.span("read \(format.name) \(relative)") { () throws(ImportError) in
                try RecordingLoader.read(bytes, path: path, format: format, options: options)
            }
            trace.name = relative
            return .trace(trace)
        } catch {
            return strict ? .fail(error) : .skip(error.description)
        }
    }

    /// Reads a file's bytes, refusing files over `limit` bytes (by the size the system gives;
    /// a pipe or device reports none and is read to its end).
    ///
    /// Read straight into the array (``/InkTraces/FileInput``): no `Data` copy of the whole
    /// file beside it.
    static func readBytes(_ path: String, limit: Int) throws(ImportError) -> [UInt8] {
        let unreadable = ImportError(file: path, "cannot read the file; expected a readable file")
        guard let file = FileInput(path: path), let size = file.size() else { throw unreadable }
        if size > limit { throw ImportError(file: path, "file is \(size) bytes; expected at most \(limit)") }
        // One byte more than the size, so that a file read whole stops short of the buffer's
        // end; a file that grew, or a pipe, is read on in further pieces.
        var failed = false
        var atEnd = false
        var bytes = [UInt8](unsafeUninitializedCapacity: max(size, 0) + 1) { buffer, initialized in
            let n = file.fill(UnsafeMutableRawBufferPointer(buffer))
            initialized = n ?? 0
            failed = n == nil
            atEnd = initialized < buffer.count
        }
        var piece = [UInt8](repeating: 0, count: atEnd || failed ? 0 : 1 << 16)
        while !atEnd && !failed {
            guard let n = piece.withUnsafeMutableBytes({ file.fill($0) }) else { failed = true; break }
            bytes.append(contentsOf: piece[0..<n])
            atEnd = n < piece.count
        }
        if failed { throw unreadable }
        return bytes
    }

    /// Reads one file's bytes as `format` (for evemu, with the sibling `.desc` if there is one),
    /// then checks it (``Plausibility``): each finding becomes a `warning:` notice, or with
    /// `options.strict` an error.
    public static func read(_ bytes: [UInt8], path: String, format: TraceFormat, options: ImportOptions) throws(ImportError) -> Trace {
        var trace = try readFormat(bytes, path: path, format: format, options: options)
        if let device = options.device { trace.device = device }
        let findings = WorkSpans.shared.span("plausibility") { Plausibility.findings(trace, scale: options.scaleSource) }
        if options.strict, let first = findings.first {
            throw ImportError(file: path, first + " (--strict stops here)")
        }
        trace.notices += findings.map { "warning: " + $0 }
        return trace
    }

    /// Reads with the reader registered for `format` (``RecordingReaders``).
    static func readFormat(_ bytes: [UInt8], path: String, format: TraceFormat, options: ImportOptions) throws(ImportError) -> Trace {
        guard let reader = format.reader else {
            throw ImportError(file: path, "format '\(format.name)' has no registered reader; expected one of \(TraceFormat.namesList)")
        }
        return try reader.read(bytes, file: path, options: options)
    }

    /// Reads one file, detecting its format unless given.
    ///
    /// ```swift
    /// let trace = try RecordingLoader.readFile("pen.svc", options: ImportOptions(scaleUnitsPerMM: 200))
    /// ```
    public static func readFile(_ path: String, format: TraceFormat? = nil, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        let bytes = try readBytes(path, limit: defaultMaxFileBytes)
        let chosen: TraceFormat
        if let format {
            chosen = format
        } else {
            switch FormatDetector.detect(path: path, head: bytes) {
            case .format(let f): chosen = f
            case .notARecording(let why): throw ImportError(file: path, "not a recording: \(why)")
            }
        }
        return try read(bytes, path: path, format: chosen, options: options)
    }
}
