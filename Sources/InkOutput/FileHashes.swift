import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The manifest's records of a run's input files (``Manifest/FileRecord``: path, SHA-256,
/// size), hashed on a thread of their own from the moment the inputs are known, so that
/// hashing a large recording (48 MB: about 0.1 s of CPU) overlaps the replay instead of
/// following it. ``records`` waits for the hashing to finish.
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

    /// Starts hashing `paths` (none: nothing is started).
    ///
    /// - Parameters:
    ///   - paths: the files, in the order their records are wanted.
    ///   - earlier: hashes started before the inputs were final (`bench run` starts the
    ///     `--traces` files' while it reads them, beside the reading); a path
    ///     they hold is taken from them (waiting for them), not read again.
    package init(paths: [String], reusing earlier: FileHashes? = nil) {
        self.paths = paths
        guard !paths.isEmpty else {
            done = []
            finished.signal()
            return
        }
        // A serial queue of its own gets a thread even while the replay's workers fill the pool.
        DispatchQueue(label: "inkbench.file-hashes").async { [self] in
            let hashed = paths.map { path in
                if let earlier, let i = earlier.paths.firstIndex(of: path) { return earlier.waitForAll()[i] }
                return Manifest.FileRecord(hashing: path)
            }
            done = hashed
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
