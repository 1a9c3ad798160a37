import Dispatch
import InkTraces

/// The manifest's records of a run's input files (``Manifest/FileRecord``: path, SHA-256,
/// size), hashed on a thread of their own from the moment the inputs are known, so that
/// hashing a large recording overlaps the replay instead of following it. ``records`` waits
/// for the hashing to finish.
///
/// The files are read and hashed here, except those a ``HandedOverHashes`` given as
/// `reusing` holds: `bench run` hashes its `--traces` files from the bytes its reader read
/// (each file read once), then lists every input here.
///
/// ```swift
/// let hashes = FileHashes(paths: ["Datasets/recordings/a.csv"])
/// // ... replay ...
/// manifest.inputs = hashes.records
/// ```
package final class FileHashes: Sendable {
    /// The paths hashed, in order.
    package let paths: [String]
    /// Every path's record once hashed.
    private let result = HashResult()

    /// Starts hashing `paths` (none: nothing is started).
    ///
    /// - Parameters:
    ///   - paths: the files, in the order their records are wanted.
    ///   - earlier: hashes of bytes handed over while the inputs were read (`bench run`'s
    ///     `--traces` files); a path they hold is taken from them (waiting for them), not read
    ///     again.
    package init(paths: [String], reusing earlier: HandedOverHashes? = nil) {
        self.paths = paths
        guard !paths.isEmpty else {
            result.set([])
            return
        }
        DispatchQueue(label: "inkbench.file-hashes").async { [result] in
            result.set(
                paths.map { path in
                    if let earlier, let i = earlier.paths.firstIndex(of: path) { return earlier.result.all[i] }
                    return Manifest.FileRecord(hashing: path)
                })
        }
    }

    /// One record per path that could be read, in order (a file that cannot be read is left
    /// out, as ``Manifest/FileRecord/init(hashing:)`` gives `nil`); waits for the hashing.
    package var records: [Manifest.FileRecord] { result.all.compactMap { $0 } }
}

/// Hashes of files whose bytes a reader hands over as it reads them (``handOver(_:bytes:)``):
/// `bench run`'s recordings, so that a file is read once, not twice, and its record is of the
/// bytes the figures were made from. After ``finishHandingOver()`` any path whose bytes never
/// came is read and hashed from disk. A later ``FileHashes`` of the run's whole input list
/// takes these records (`reusing:`).
///
/// ```swift
/// let early = HandedOverHashes(paths: ["pen.csv"])
/// early.handOver("pen.csv", bytes: bytes)   // from the reader's thread
/// early.finishHandingOver()
/// let all = FileHashes(paths: ["suite.txt", "pen.csv"], reusing: early)
/// ```
package final class HandedOverHashes: @unchecked Sendable {
    // @unchecked: `handed` and `finished` are touched only on `queue`.

    /// The paths hashed, in order.
    package let paths: [String]
    /// Every path's record once ``finishHandingOver()`` has run.
    fileprivate let result = HashResult()
    /// Hashes the bytes handed over, one piece at a time (a serial queue of its own gets a
    /// thread even while the reader's helpers fill the pool).
    private let queue = DispatchQueue(label: "inkbench.handed-over-hashes")
    /// Each path's record as handed over so far; touched only on `queue`.
    private var handed: [Manifest.FileRecord?]
    /// Whether ``finishHandingOver()`` has run; touched only on `queue`.
    private var finished = false
    /// The most bytes ``handOver(_:bytes:)`` keeps for hashing (larger files are read again).
    private let holdLimit: Int

    /// The default of ``init(paths:holdingAtMost:)``'s limit: 8 MiB. The bytes of a larger
    /// file are not held for its hash (which reads the file again, 1 MiB at a time, as soon as
    /// its reader has read it): a 48 MB recording's bytes held until a hashing thread that
    /// waits for a core got to them raised `hour.csv`'s peak RSS from 213 to 241 MB.
    package static let defaultHoldLimit = 8 << 20

    /// Hashes `paths` from the bytes handed over; call ``finishHandingOver()`` once the reader
    /// is done, or no ``FileHashes`` that reuses these records ever returns them.
    ///
    /// - Parameters:
    ///   - paths: the files, in the order their records are wanted.
    ///   - limit: the most bytes held for hashing (``defaultHoldLimit``); a larger file's
    ///     hash reads the file again instead.
    package init(paths: [String], holdingAtMost limit: Int = HandedOverHashes.defaultHoldLimit) {
        self.paths = paths
        handed = Array(repeating: nil, count: paths.count)
        holdLimit = limit
    }

    /// Hashes `bytes`, read from the file at `path`, as that path's record (every place
    /// `path` has in ``paths``; a path not there is ignored, as are bytes of a path already
    /// handed over and bytes handed over after ``finishHandingOver()``); bytes over the hold
    /// limit are not kept: the file is read and hashed again, starting now. Returns at once;
    /// any thread.
    package func handOver(_ path: String, bytes: [UInt8]) {
        guard let first = paths.firstIndex(of: path) else { return }
        let held = bytes.count <= holdLimit ? bytes : nil
        queue.async { [self] in
            guard !finished, handed[first] == nil else { return }
            let record = WorkSpans.shared.span("hash \(PathText.lastComponent(path))") {
                held.map { Manifest.FileRecord(path: path, sha256: Digest.sha256Hex($0), bytes: $0.count) } ?? Manifest.FileRecord(hashing: path)
            }
            for i in paths.indices where paths[i] == path { handed[i] = record }
        }
    }

    /// No more bytes come: the paths not handed over are read and hashed (a file that cannot
    /// be read has no record), and the records can be read. A second call does nothing.
    package func finishHandingOver() {
        queue.async { [self] in
            guard !finished else { return }
            finished = true
            result.set(paths.indices.map { handed[$0] ?? Manifest.FileRecord(hashing: paths[$0]) })
        }
    }

    /// One record per path that could be read, in order; waits for ``finishHandingOver()``
    /// and the hashing.
    package var records: [Manifest.FileRecord] { result.all.compactMap { $0 } }
}

/// A list of records set once by a hashing thread and read by any number of waiters.
private final class HashResult: @unchecked Sendable {
    // @unchecked: `done` is written once, before `ready` is first signalled, and read only
    // after a wait on it.

    /// Signalled once when `done` is set (each waiter passes the signal on).
    private let ready = DispatchSemaphore(value: 0)
    private var done: [Manifest.FileRecord?] = []

    /// Sets the records (`nil` for a file that could not be read); call once.
    func set(_ records: [Manifest.FileRecord?]) {
        done = records
        ready.signal()
    }

    /// Every path's record, in order; waits until they are set.
    var all: [Manifest.FileRecord?] {
        ready.wait()
        defer { ready.signal() }
        return done
    }
}
