import Foundation

/// Writes a file whole or not at all: the text goes to a temporary file beside the target, which
/// is then renamed over it, so a reader never sees half a file.
///
/// ```swift
/// try AtomicFile.write("a,b\n1,2\n", to: "Benchmarks/baseline/default-ipad-60.csv")
/// ```
package enum AtomicFile {
    /// Writes `text` as UTF-8 to `path`, creating missing parent folders.
    ///
    /// - Throws: `BaselineFileError` naming the path and the system's reason.
    package static func write(_ text: String, to path: String) throws(BaselineFileError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw BaselineFileError(path: path, line: nil, "cannot write: \(error.localizedDescription)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw BaselineFileError(path: path, line: nil, "cannot write: \(reason)")
        }
    }
}
