#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces

/// Says in words why a path cannot be written, instead of a Foundation error code
/// ("NSCocoaErrorDomain error 512"): a part of it is a file, the target is a folder, a folder
/// is missing or not writable.
///
/// ```swift
/// PathDiagnosis.whyNotWritable("notes.txt/sub", wantFolder: true)
/// // "notes.txt is a file, not a folder, so notes.txt/sub cannot be made inside it"
/// ```
package enum PathDiagnosis {
    /// Why `path` cannot be created or written as a folder (`wantFolder`) or a file; `fallback`
    /// (the system's message) when no reason is found.
    package static func whyNotWritable(_ path: String, wantFolder: Bool, fallback: String = "") -> String {
        let fm = FileManager.default
        if let isDir = PathText.isFolder(path) {
            if wantFolder && !isDir { return "\(path) is a file; expected a folder (or a path that does not exist yet)" }
            if !wantFolder && isDir { return "\(path) is a folder; expected a file path, e.g. \(PathText.appending(path, "trace.csv"))" }
            if !fm.isWritableFile(atPath: path) { return "\(path) is not writable (permissions)" }
        }
        // The nearest existing ancestor decides: a file there blocks, a read-only folder refuses.
        var ancestor = PathText.deletingLastComponent(path)
        var below = path
        while !ancestor.isEmpty && PathText.isFolder(ancestor) == nil {
            below = ancestor
            ancestor = PathText.deletingLastComponent(ancestor)
        }
        if ancestor.isEmpty { ancestor = "." }
        if let isDir = PathText.isFolder(ancestor) {
            if !isDir { return "\(ancestor) is a file, not a folder, so \(path) cannot be made inside it" }
            if !fm.isWritableFile(atPath: ancestor) {
                return "the folder \(ancestor) is not writable (permissions), so \(below) cannot be made there"
            }
            if !wantFolder && below != path {
                return "the folder \(PathText.deletingLastComponent(path)) does not exist; expected an existing folder for the file"
            }
        }
        return fallback.isEmpty ? "\(path) cannot be written" : fallback
    }
}
