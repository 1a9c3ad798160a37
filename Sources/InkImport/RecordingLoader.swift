import Foundation
import InkTraces

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
    /// Largest file read (bytes).
    public var maxFileBytes = 512 << 20
    /// Lists a folder's names (FileManager's listing). Replaceable only by tests, which cannot
    /// make a folder unreadable when they run as root.
    var listFolder: @Sendable (String) throws -> [String] = { try FileManager.default.contentsOfDirectory(atPath: $0) }

    public init() {}

    /// Loads every recording under `paths` (files or folders).
    ///
    /// - Throws: ``ImportError`` for a path that does not exist or a manifest that cannot be
    ///   read; with ``strict``, for the first file that cannot be read.
    public func load(paths: [String]) throws(ImportError) -> Result {
        var traces: [Trace] = []
        var skipped: [String] = []
        let fm = FileManager.default
        for root in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: root, isDirectory: &isDir) else {
                throw ImportError(file: root, "no such file or folder; expected a recording or a folder of recordings")
            }
            if !isDir.boolValue {
                let name = (root as NSString).lastPathComponent
                let local = try localManifests(for: name, root: (root as NSString).deletingLastPathComponent, direct: true)
                try readOne(path: root, relative: name, local: local, into: &traces, skipped: &skipped)
                continue
            }
            let (found, problems) = try files(under: root)
            for problem in problems {
                if strict { throw ImportError(file: (root as NSString).appendingPathComponent(problem.path), problem.why) }
                skipped.append("\((root as NSString).appendingPathComponent(problem.path)): \(problem.why)")
            }
            for relative in found {
                let name = (relative as NSString).lastPathComponent
                if name == RecordingManifest.fileName { continue }
                let local = try localManifests(for: relative, root: root, direct: false)
                let path = (root as NSString).appendingPathComponent(relative)
                try readOne(path: path, relative: relative, local: local, into: &traces, skipped: &skipped)
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
    func files(under root: String) throws(ImportError) -> (files: [String], problems: [(path: String, why: String)]) {
        let fm = FileManager.default
        var out: [String] = []
        var problems: [(path: String, why: String)] = []
        var pending = [""]
        var first = true
        while let folder = pending.popLast() {
            let full = folder.isEmpty ? root : (root as NSString).appendingPathComponent(folder)
            let names: [String]
            do { names = try listFolder(full) } catch {
                if first { throw ImportError(file: root, "cannot list the folder; expected a readable folder") }
                problems.append((folder, "cannot list the folder (\(error.localizedDescription)); expected a readable folder"))
                continue
            }
            first = false
            for name in names where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
                let path = (root as NSString).appendingPathComponent(relative)
                let type = (try? fm.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                var isDir: ObjCBool = false
                let exists = fm.fileExists(atPath: path, isDirectory: &isDir)  // follows links
                if type == .typeSymbolicLink {
                    if !exists {
                        problems.append((relative, "a dangling symbolic link (its target does not exist); expected a file"))
                    } else if isDir.boolValue {
                        problems.append((relative, "a symbolic link to a folder, not followed; give the folder itself to --traces"))
                    } else {
                        out.append(relative)
                    }
                } else if isDir.boolValue {
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
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDir) else { continue }
            if isDir.boolValue {
                for f in (try? files(under: root))?.files ?? [] { relatives.append((f, (root as NSString).appendingPathComponent(f))) }
            } else {
                relatives.append(((root as NSString).lastPathComponent, root))
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
            let candidate = (folder as NSString).appendingPathComponent(RecordingManifest.fileName)
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

    func readOne(
        path: String, relative: String, local: [(RecordingManifest, String)], into traces: inout [Trace], skipped: inout [String]
    ) throws(ImportError) {
        let (options, manifestFormat, skip) = settings(path: path, relative: relative, local: local)
        if let skip {
            skipped.append("\(path): skipped by the manifest: \(skip)")
            return
        }
        do throws(ImportError) {
            let bytes = try RecordingLoader.readBytes(path, limit: maxFileBytes)
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
                    skipped.append("\(path): not a recording: \(why)")
                    return
                }
            }
            var trace = try RecordingLoader.read(bytes, path: path, format: format, options: options)
            trace.name = relative
            traces.append(trace)
        } catch {
            if strict { throw error }
            skipped.append("\(error.description)")
        }
    }

    /// Reads a file's bytes, refusing files over `limit` bytes.
    static func readBytes(_ path: String, limit: Int) throws(ImportError) -> [UInt8] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? NSNumber, size.intValue > limit {
            throw ImportError(file: path, "file is \(size.intValue) bytes; expected at most \(limit)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError(file: path, "cannot read the file; expected a readable file")
        }
        return [UInt8](data)
    }

    /// Reads one file's bytes as `format` (for evemu, with the sibling `.desc` if there is one).
    public static func read(_ bytes: [UInt8], path: String, format: TraceFormat, options: ImportOptions) throws(ImportError) -> Trace {
        var trace = try readFormat(bytes, path: path, format: format, options: options)
        if let device = options.device { trace.device = device }
        return trace
    }

    static func readFormat(_ bytes: [UInt8], path: String, format: TraceFormat, options: ImportOptions) throws(ImportError) -> Trace {
        switch format {
        case .traceCSV: return try TraceCSVReader.read(bytes, file: path, options: options)
        case .svc: return try SVCReader.read(bytes, file: path, options: options)
        case .googleInk: return try GoogleInkReader.read(bytes, file: path, options: options)
        case .pointerEvents: return try PointerEventsReader.read(bytes, file: path, options: options)
        case .mobileHCI17: return try MobileHCI17Reader.read(bytes, file: path, options: options)
        case .myPaintEvents: return try MyPaintEventsReader.read(bytes, file: path, options: options)
        case .curiousDrawing: return try CuriousDrawingReader.read(bytes, file: path, options: options)
        case .inkML: return try InkMLReader.read(bytes, file: path, options: options)
        case .evemu:
            let desc = siblingDescription(of: path)
            let descBytes = desc.flatMap { FileManager.default.contents(atPath: $0) }.map { [UInt8]($0) }
            return try EvemuReader.read(bytes, file: path, description: descBytes, descriptionFile: desc, options: options)
        }
    }

    /// Reads one file, detecting its format unless given.
    ///
    /// ```swift
    /// let trace = try RecordingLoader.readFile("pen.svc", options: ImportOptions(scaleUnitsPerMM: 200))
    /// ```
    public static func readFile(_ path: String, format: TraceFormat? = nil, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        let bytes = try readBytes(path, limit: 512 << 20)
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

    /// The `.desc` beside an evemu recording: of the `.desc` files in its folder, the one with
    /// the longest name that is the recording's name (without `.events`) or a prefix of it
    /// ending at a word boundary (the next character is not a letter or digit):
    /// `Pad Finger single-tap.events` and `Pad Finger.2.events` both take `Pad Finger.desc`,
    /// not `Pad Fin.desc`. The reader names the file it used in a notice.
    static func siblingDescription(of path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        var best: String?
        for name in names where name.hasSuffix(".desc") {
            let descStem = String(name.dropLast(5))
            guard !descStem.isEmpty, matchesAtWordBoundary(stem, prefix: descStem) else { continue }
            if best.map({ descStem.utf8.count > $0.utf8.count || (descStem.utf8.count == $0.utf8.count && descStem < $0) }) ?? true {
                best = descStem
            }
        }
        return best.map { (folder as NSString).appendingPathComponent($0 + ".desc") }
    }

    /// Whether `name` is `prefix`, or starts with it and goes on with a character that is not a
    /// letter or digit.
    static func matchesAtWordBoundary(_ name: String, prefix: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let rest = name.dropFirst(prefix.count)
        guard let next = rest.first else { return true }
        return !(next.isLetter || next.isNumber)
    }
}
