import Foundation

/// Writes a file whole or not at all: the bytes go to a temporary file beside the target, which
/// is then renamed over it, so a reader never sees half a file. The one atomic writer: results
/// folders (`OutputFolder`), baselines, and the files `convert`, `browser` and `capture` write.
///
/// ```swift
/// try AtomicFile.write(Array("a,b\n1,2\n".utf8), to: "out/summary.csv")
/// try AtomicFile.write("a,b\n1,2\n", to: "Benchmarks/baseline/default-ipad-60.csv")
/// ```
package enum AtomicFile {
    /// Writes `bytes` to `path`, creating missing parent folders when `createFolders`.
    ///
    /// - Throws: `OutputError` naming the path and the system's reason.
    package static func write(_ bytes: [UInt8], to path: String, createFolders: Bool = false) throws(OutputError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            if createFolders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            try Data(bytes).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw OutputError("cannot write \(path): \(error.localizedDescription)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw OutputError("cannot replace \(path): \(reason)")
        }
    }

    /// Writes `text` as UTF-8 to `path`, creating missing parent folders (baselines).
    ///
    /// - Throws: `BaselineFileError` naming the path and the system's reason.
    package static func write(_ text: String, to path: String) throws(BaselineFileError) {
        do throws(OutputError) { try write(Array(text.utf8), to: path, createFolders: true) } catch {
            let reason = error.message.components(separatedBy: "\(path): ").last ?? error.message
            throw BaselineFileError(path: path, line: nil, "cannot write: \(reason)")
        }
    }
}
