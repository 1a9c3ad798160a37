#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import InkOutput

/// GitHub Actions' job summary: Markdown appended to the file named by `$GITHUB_STEP_SUMMARY`
/// shows on the run's page and on the pull request's checks.
///
/// ```swift
/// if let path = StepSummary.path { try StepSummary.append(report.markdown(), to: path) }
/// ```
package enum StepSummary {
    /// The file named by `$GITHUB_STEP_SUMMARY`, when set and not empty.
    package static var path: String? {
        guard let p = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !p.isEmpty else { return nil }
        return p
    }

    /// Appends `markdown` (followed by a blank line) to `path`, creating the file if needed.
    ///
    /// - Throws: `BaselineFileError` naming the file.
    package static func append(_ markdown: String, to path: String) throws(BaselineFileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        var reason = fd < 0 ? String(cString: strerror(errno)) : AtomicFile.writeAll(Array((markdown + "\n").utf8), to: fd)
        if fd >= 0, close(fd) != 0, reason == nil { reason = String(cString: strerror(errno)) }
        if let reason {
            throw BaselineFileError(path: path, line: nil, "cannot append the job summary ($GITHUB_STEP_SUMMARY): \(reason)")
        }
    }
}
