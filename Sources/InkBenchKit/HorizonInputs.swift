#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkImport
import InkMetrics
import InkTraces

/// A named pool of sequences that a fixed-horizon evaluation averages over together, as the
/// MobileHCI 2017 paper pools the windows of its 8 participants per task.
package struct HorizonPool: Sendable {
    /// The pool's name (a task such as `WriteTasks`, a file, a folder, or `all`).
    package var name: String
    /// The unit of its positions and errors: `px` for touch logs read in px, `mm` for traces.
    package var unit: String
    package var sequences: [HorizonSequence]
    /// The files (or synthetic trace names) it holds, in order.
    package var sources: [String]

    package init(name: String, unit: String, sequences: [HorizonSequence], sources: [String]) {
        self.name = name
        self.unit = unit
        self.sequences = sequences
        self.sources = sources
    }
}

/// How files are pooled for a fixed-horizon evaluation.
package enum HorizonPooling: String, Sendable, CaseIterable {
    /// By task: the file name up to its first `-` (`WriteTasks-participant1.txt` -> `WriteTasks`).
    case task
    /// Each file (or trace) alone.
    case file
    /// By the folder a file is in.
    case folder
    /// Everything in one pool (per unit).
    case all

    /// The pool a source belongs to.
    func poolName(_ source: String) -> String {
        let name = PathText.lastComponent(source)
        switch self {
        case .task:
            let stem = PathText.deletingExtension(name)
            return stem.split(separator: "-", maxSplits: 1).first.map(String.init) ?? stem
        case .file: return source
        case .folder:
            let folder = PathText.deletingLastComponent(source)
            return folder.isEmpty ? "." : folder
        case .all: return "all"
        }
    }
}

/// Builds the pools of a fixed-horizon evaluation from files, folders and traces.
///
/// MobileHCI 2017 touch logs are read as they are, in px, as the runs of their move rows
/// (``/InkImport/MobileHCI17Reader/moveRuns(_:)``): the paper's protocol needs the rows, not a trace in mm,
/// so they need no scale. Every other recording is read by the ``/InkImport/RecordingLoader`` (its
/// manifests and scales apply) and each stroke becomes a sequence in mm.
///
/// ```swift
/// let loaded = try HorizonInputs.load(paths: ["Datasets/recordings/mobilehci17-touch"], loader: RecordingLoader(), pooling: .task)
/// for pool in loaded.pools { print(pool.name, pool.unit, pool.sequences.count) }
/// ```
package enum HorizonInputs {
    /// The sequences of a touch log: its runs of move rows, times in ms, positions in px.
    package static func sequences(rows: [MobileHCI17Reader.Row]) -> [HorizonSequence] {
        MobileHCI17Reader.moveRuns(rows).map { run in
            HorizonSequence(timesMs: run.map(\.eventTimeMs), x: run.map(\.xPx), y: run.map(\.yPx))
        }
    }

    /// The sequences of a trace: one per stroke, in mm.
    package static func sequences(trace: Trace) -> [HorizonSequence] {
        trace.strokes.map { HorizonSequence(stroke: $0) }
    }

    /// Groups named sequences into pools, keeping first-seen order; units never mix.
    package static func pool(_ items: [(source: String, unit: String, sequences: [HorizonSequence])], by pooling: HorizonPooling) -> [HorizonPool] {
        var pools: [HorizonPool] = []
        for item in items {
            let name = pooling.poolName(item.source)
            if let i = pools.firstIndex(where: { $0.name == name && $0.unit == item.unit }) {
                pools[i].sequences += item.sequences
                pools[i].sources.append(item.source)
            } else {
                pools.append(HorizonPool(name: name, unit: item.unit, sequences: item.sequences, sources: [item.source]))
            }
        }
        return pools
    }

    /// Loads every file under `paths`: touch logs in px, other recordings through `loader`.
    ///
    /// - Returns: the pools, and one line per file not read (with why).
    /// - Throws: ``/InkImport/ImportError`` for a path that does not exist, or (with a strict loader) the
    ///   first file that cannot be read.
    package static func load(paths: [String], loader: RecordingLoader, pooling: HorizonPooling) throws(ImportError)
        -> (pools: [HorizonPool], skipped: [String])
    {
        var items: [(source: String, unit: String, sequences: [HorizonSequence])] = []
        var logs: Set<String> = []
        var skipped: [String] = []
        for root in paths {
            for path in try files(root, loader: loader) {
                guard path.hasSuffix(".txt") || loader.formatOverride == .mobileHCI17 else { continue }
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                let bytes = [UInt8](data)
                let isLog: Bool
                if let f = loader.formatOverride {
                    isLog = f == .mobileHCI17
                } else if case .format(.mobileHCI17) = FormatDetector.detect(path: path, head: Array(bytes.prefix(1 << 16))) {
                    isLog = true
                } else {
                    isLog = false
                }
                guard isLog else { continue }
                logs.insert(path)
                do throws(ImportError) {
                    let rows = try MobileHCI17Reader.readRows(bytes, file: path)
                    items.append((path, "px", sequences(rows: rows)))
                } catch {
                    if loader.strict { throw error }
                    skipped.append(error.description)
                }
            }
        }
        let result = try loader.load(paths: paths)
        for trace in result.traces where !logs.contains(trace.source) {
            items.append((trace.source, "mm", sequences(trace: trace)))
        }
        skipped += result.skipped.filter { line in !logs.contains { line.hasPrefix($0 + ":") } }
        return (pool(items, by: pooling), skipped)
    }

    /// The files at or under `root`, sorted, as `loader` lists a folder for a run
    /// (`RecordingLoader.files(under:)`: hidden names skipped before going down,
    /// links to folders not followed); a subfolder it cannot walk is left out here and
    /// reported by the loader's own pass over the same folder.
    static func files(_ root: String, loader: RecordingLoader) throws(ImportError) -> [String] {
        guard let isDir = PathText.isFolder(root) else {
            throw ImportError(file: root, "no such file or folder; expected a recording or a folder of recordings")
        }
        guard isDir else { return [root] }
        return try loader.files(under: root).files.map { PathText.appending(root, $0) }
    }
}
