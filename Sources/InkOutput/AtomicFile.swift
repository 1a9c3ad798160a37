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

/// The system's `write(2)` (the name `write` is taken by ``AtomicFile`` inside the type).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}

/// Writes a file whole or not at all: the bytes go to a temporary file beside the target, which
/// is then renamed over it, so a reader never sees half a file. The one atomic writer: results
/// folders (`OutputFolder`), baselines, and the files `convert`, `browser` and `capture` write.
///
/// Plain `open`/`write`/`close`, no `fsync`: the rename makes the file whole for every reader
/// and for a killed or failed run (a full disk fails the `write` or the `close`, and the
/// temporary is removed), and a run folder is swapped in whole by `RunFolder`. Surviving a
/// power cut is not promised: Foundation's `Data.write`, used before, flushed each file (6 to
/// 20 ms per file on this machine, half the wall time of a small run) but never the folder
/// that names it, so it did not promise that either.
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
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        if createFolders {
            do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
                throw OutputError("cannot write \(path): \(ErrorReason.text(error))")
            }
        }
        if let reason = writeWhole(bytes, to: temporary) {
            unlink(temporary)
            throw OutputError("cannot write \(path): \(reason)")
        }
        if rename(temporary, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
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

    /// Creates (or truncates) `path` and writes every byte; the system's reason on failure.
    static func writeWhole(_ bytes: [UInt8], to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        var failure = writeAll(bytes, to: fd)
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }

    /// Writes every byte to the open descriptor `fd` (retrying partial and interrupted writes);
    /// the system's reason on failure.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        return failure
    }
}
