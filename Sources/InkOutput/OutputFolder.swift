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
        if let isDirectory = PathText.isFolder(path) {
            guard isDirectory else { throw OutputError("--out \(path): exists and is a file; expected a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                let why = PathDiagnosis.whyNotWritable(path, wantFolder: true, fallback: ErrorReason.text(error))
                throw OutputError("--out \(path): cannot create the folder: \(why)")
            }
        }
    }

    /// The path of a file in the folder.
    package func file(_ name: String) -> String { PathText.appending(path, name) }

    /// Whether the folder holds a file of that name.
    package func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    /// Writes a file whole (`AtomicFile`): to a temporary file beside it, then renamed over it.
    package func write(_ name: String, bytes: [UInt8]) throws(OutputError) {
        try AtomicFile.write(bytes, to: file(name))
    }

    /// Writes a text file whole.
    package func write(_ name: String, text: String) throws(OutputError) {
        try write(name, bytes: Array(text.utf8))
    }

    /// Reads a text file of the folder, or `nil` when it cannot be read (absent): for the
    /// files a folder may hold (`sweep.csv`, `tune.md`, a chart's `.svg`), without building the
    /// error ``read(_:)`` would throw.
    package func readIfPresent(_ name: String) -> String? {
        try? String(contentsOfFile: file(name), encoding: .utf8)
    }

    /// Reads a text file of the folder.
    package func read(_ name: String) throws(OutputError) -> String {
        do {
            return try String(contentsOfFile: file(name), encoding: .utf8)
        } catch {
            throw OutputError("cannot read \(file(name)): \(ErrorReason.text(error))")
        }
    }
}

/// A results folder or file that cannot be written or read.
package struct OutputError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
