import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's `write(2)` (the name is taken by ``OutputFolder/write(_:bytes:)`` inside the type).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}

/// A results folder that files are written into whole or not at all: each file goes to a
/// temporary file in the same folder and is then renamed over the old one, so a reader (or
/// a crash) never sees half a file. Only the files written are replaced; others stay.
///
/// ```swift
/// let out = try OutputFolder(path: "bench-results")
/// try out.write("summary.csv", bytes: csv.bytes)
/// ```
package struct OutputFolder: Sendable {
    /// The folder's path as given.
    package let path: String

    /// Opens the folder, creating it (and its parents) if needed.
    package init(path: String) throws(OutputError) {
        self.path = path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OutputError("--out \(path): exists and is a file; expected a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                let why = PathDiagnosis.whyNotWritable(path, wantFolder: true, fallback: error.localizedDescription)
                throw OutputError("--out \(path): cannot create the folder: \(why)")
            }
        }
    }

    /// The path of a file in the folder.
    package func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Whether the folder holds a file of that name.
    package func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    /// Writes a file whole: to a temporary file beside it, then renamed over it.
    ///
    /// Plain `open`/`write`/`close`, no `fsync`: the rename makes the file whole for every
    /// reader and for a killed or failed run (a full disk fails the `write` or the `close`,
    /// and the temporary is removed), and a run folder is swapped in whole by ``RunFolder``.
    /// Surviving a power cut is not promised: Foundation's `Data.write`, used before, flushed
    /// each file (6 to 20 ms per file on this machine, half the wall time of a small run) but
    /// never the folder that names it, so it did not promise that either.
    package func write(_ name: String, bytes: [UInt8]) throws(OutputError) {
        let target = file(name)
        let temporary = file(".\(name).tmp-\(getpid())")
        if let reason = Self.writeWhole(bytes, to: temporary) {
            unlink(temporary)
            throw OutputError("cannot write \(target): \(reason)")
        }
        if rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputError("cannot replace \(target): \(reason)")
        }
    }

    /// Creates (or truncates) `path` and writes every byte; the system's reason on failure.
    static func writeWhole(_ bytes: [UInt8], to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
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
        if close(fd) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }

    /// Writes a text file whole.
    package func write(_ name: String, text: String) throws(OutputError) {
        try write(name, bytes: Array(text.utf8))
    }

    /// Reads a text file of the folder.
    package func read(_ name: String) throws(OutputError) -> String {
        do {
            return try String(contentsOfFile: file(name), encoding: .utf8)
        } catch {
            throw OutputError("cannot read \(file(name)): \(error.localizedDescription)")
        }
    }
}

/// A results folder or file that cannot be written or read.
package struct OutputError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
