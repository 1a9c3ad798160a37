import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The manifest's records of a run's input files (``Manifest/FileRecord``: path, SHA-256,
/// size), hashed on a thread of their own from the moment the inputs are known, so that
/// hashing a large recording overlaps the replay instead of following it. ``records`` waits
/// for the hashing to finish.
///
/// Two ways in: ``init(paths:reusing:)`` reads and hashes the files itself;
/// ``init(handedOver:)`` hashes the bytes a reader hands over as it reads them
/// (``handOver(_:bytes:)``: `bench run`'s recordings, so a file is read once, not twice), and
/// after ``finishHandingOver()`` reads and hashes any path whose bytes never came.
///
/// ```swift
/// let hashes = FileHashes(paths: ["Datasets/recordings/a.csv"])
/// // ... replay ...
/// manifest.inputs = hashes.records
/// ```
package final class FileHashes: @unchecked Sendable {
    /// The paths hashed, in order.
    package let paths: [String]
    /// Signalled once by the hashing thread when `done` is set (each waiter passes the signal on).
    private let finished = DispatchSemaphore(value: 0)
    /// Set once by the hashing thread, before `finished` is signalled.
    private var done: [Manifest.FileRecord?]?
    /// Runs the hashing, one piece at a time (a serial queue of its own gets a thread even
    /// while the replay's workers fill the pool).
    private let queue = DispatchQueue(label: "inkbench.file-hashes")
    /// Each path's record as handed over so far; touched only on `queue`.
    private var handed: [Manifest.FileRecord?]
    /// The most bytes ``handOver(_:bytes:)`` keeps for hashing (larger files are read again).
    private let holdLimit: Int

    /// The default of ``init(handedOver:holdingAtMost:)``'s limit: 8 MiB. The bytes of a
    /// larger file are not held for its hash (which reads the file again, 1 MiB at a time, as
    /// soon as its reader has read it): a 48 MB recording's bytes held until a hashing thread
    /// that waits for a core got to them raised `hour.csv`'s peak RSS from 213 to 241 MB.
    package static let defaultHoldLimit = 8 << 20

    /// Starts hashing `paths` (none: nothing is started).
    ///
    /// - Parameters:
    ///   - paths: the files, in the order their records are wanted.
    ///   - earlier: hashes started before the inputs were final (`bench run` hashes the
    ///     `--traces` files as they are read); a path they hold is taken from them (waiting
    ///     for them), not read again.
    package init(paths: [String], reusing earlier: FileHashes? = nil) {
        self.paths = paths
        handed = []
        holdLimit = 0
        guard !paths.isEmpty else {
            done = []
            finished.signal()
            return
        }
        queue.async { [self] in
            let hashed = paths.map { path in
                if let earlier, let i = earlier.paths.firstIndex(of: path) { return earlier.waitForAll()[i] }
                return Manifest.FileRecord(hashing: path)
            }
            done = hashed
            finished.signal()
        }
    }

    /// Hashes `paths` from the bytes handed over (``handOver(_:bytes:)``); call
    /// ``finishHandingOver()`` once the reader is done, or ``records`` never returns.
    ///
    /// - Parameters:
    ///   - paths: the files, in the order their records are wanted.
    ///   - limit: the most bytes held for hashing (``defaultHoldLimit``); a larger file's
    ///     hash reads the file again instead.
    package init(handedOver paths: [String], holdingAtMost limit: Int = FileHashes.defaultHoldLimit) {
        self.paths = paths
        handed = Array(repeating: nil, count: paths.count)
        holdLimit = limit
    }

    /// Hashes `bytes`, read from the file at `path`, as that path's record (every place
    /// `path` has in ``paths``; a path not there is ignored, as are bytes of a path already
    /// handed over); bytes over the hold limit are not kept: the file is read and hashed
    /// again, starting now. Returns at once; any thread.
    package func handOver(_ path: String, bytes: [UInt8]) {
        guard paths.contains(path) else { return }
        let held = bytes.count <= holdLimit ? bytes : nil
        queue.async { [self] in
            // Made by init(paths:reusing:) (nothing handed over), or this path's bytes came already.
            guard handed.count == paths.count, handed[paths.firstIndex(of: path) ?? 0] == nil else { return }
            let record = held.map { Manifest.FileRecord(path: path, sha256: Digest.sha256Hex($0), bytes: $0.count) } ?? Manifest.FileRecord(hashing: path)
            for i in paths.indices where paths[i] == path { handed[i] = record }
        }
    }

    /// No more bytes come: the paths not handed over are read and hashed (a file that cannot
    /// be read has no record), and ``records`` can return. Call it once; a second call, or a
    /// call on hashes made by ``init(paths:reusing:)``, does nothing.
    package func finishHandingOver() {
        queue.async { [self] in
            guard handed.count == paths.count, done == nil else { return }
            done = paths.indices.map { handed[$0] ?? Manifest.FileRecord(hashing: paths[$0]) }
            finished.signal()
        }
    }

    /// Every path's record (`nil` for a file that could not be read), in order; waits.
    private func waitForAll() -> [Manifest.FileRecord?] {
        finished.wait()
        defer { finished.signal() }
        return done ?? []
    }

    /// One record per path that could be read, in order (a file that cannot be read is left
    /// out, as ``Manifest/FileRecord/init(hashing:)`` gives `nil`); waits for the hashing.
    package var records: [Manifest.FileRecord] { waitForAll().compactMap { $0 } }
}
