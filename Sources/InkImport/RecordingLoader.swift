import Foundation
import InkTraces

/// Loads recordings from files and folders: finds the files (recursively, in sorted order),
/// applies manifests and `--scale` rules, detects each format, reads it, and turns every
/// failure into a skip message (or, with `strict`, an error), so one bad file never stops a run.
///
/// ```swift
/// var loader = RecordingLoader()
/// loader.manifests = [try RecordingManifest.load(path: "Datasets/datasets-raw.manifest")]
/// let result = try loader.load(paths: ["../shared/datasets-raw"])
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
    /// Fail on the first file that cannot be read, instead of skipping it.
    public var strict = false
    /// Keep pen motion in proximity (hover) as strokes of its own, in every file (a manifest's
    /// `hover` key still decides per file).
    public var includeHover = false
    /// Largest file read (bytes).
    public var maxFileBytes = 512 << 20

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
            for relative in try files(under: root) {
                let name = (relative as NSString).lastPathComponent
                if name == RecordingManifest.fileName { continue }
                let local = try localManifests(for: relative, root: root, direct: false)
                let path = (root as NSString).appendingPathComponent(relative)
                try readOne(path: path, relative: relative, local: local, into: &traces, skipped: &skipped)
            }
        }
        // Two folders may hold files of the same relative path: name those by the path given.
        var counts: [String: Int] = [:]
        for t in traces { counts[t.name, default: 0] += 1 }
        for i in traces.indices where (counts[traces[i].name] ?? 0) > 1 { traces[i].name = traces[i].source }
        return Result(traces: traces, skipped: skipped)
    }

    /// The relative paths of the regular files under `root`, sorted, hidden ones left out.
    func files(under root: String) throws(ImportError) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw ImportError(file: root, "cannot list the folder; expected a readable folder")
        }
        var out: [String] = []
        while let next = walker.nextObject() as? String {
            let parts = next.split(separator: "/")
            if parts.contains(where: { $0.hasPrefix(".") }) { continue }
            var isDir: ObjCBool = false
            let full = (root as NSString).appendingPathComponent(next)
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue { out.append(next) }
        }
        return out.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
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

    /// The `.desc` beside an evemu recording: `A.B.events` looks for `A.B.desc`, then `A.desc`.
    static func siblingDescription(of path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        var stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        while true {
            let candidate = (folder as NSString).appendingPathComponent(stem + ".desc")
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            guard let dot = stem.lastIndex(of: ".") else { return nil }
            stem = String(stem[..<dot])
        }
    }
}
