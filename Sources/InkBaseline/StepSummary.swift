import Foundation
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
        let data = Data((markdown + "\n").utf8)
        do {
            if !FileManager.default.fileExists(atPath: path) {
                try data.write(to: URL(fileURLWithPath: path))
                return
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: data)
        } catch {
            throw BaselineFileError(path: path, line: nil, "cannot append the job summary ($GITHUB_STEP_SUMMARY): \(error.localizedDescription)")
        }
    }
}
