#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Manifest {
    /// Checks that every data file (`.csv`) the manifest lists is in `folder` with the recorded
    /// SHA-256, so the figures, frames and chart data belong to one run. The charts and the
    /// report are derived from them (`bench report` rebuilds those), so they are not checked.
    ///
    /// - Throws: `OutputError` naming the first file that is missing or differs.
    package func verifyOutputs(in folder: OutputFolder) throws(OutputError) {
        for record in outputs where record.path.hasSuffix(".csv") {
            let path = folder.file(record.path)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw OutputError("\(path): listed in manifest.json but missing; the folder does not hold one whole run (run bench again)")
            }
            let sha = Digest.sha256Hex(Array(data))
            guard sha == record.sha256 else {
                throw OutputError(
                    "\(path): differs from the run manifest.json describes (SHA-256 \(sha.prefix(12))…, manifest \(record.sha256.prefix(12))…); the folder's files do not belong together (run bench again)")
            }
        }
    }

    /// Re-hashes the outputs: every file the manifest listed that still exists, then `added`
    /// (files a later command wrote into the run, such as `sweep.csv`), in that order.
    package mutating func refreshOutputs(in folder: OutputFolder, adding added: [String] = []) {
        var names = outputs.map(\.path)
        for name in added where !names.contains(name) { names.append(name) }
        outputs = names.compactMap { name in
            FileRecord(hashing: folder.file(name)).map { FileRecord(path: name, sha256: $0.sha256, bytes: $0.bytes) }
        }
    }
}
