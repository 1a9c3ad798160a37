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
import InkTraces
import InkOutput

/// Runs gnuplot on chart scripts in a results folder: each script renders to temporary names
/// (`out_prefix`), which are renamed over the real ones only when gnuplot succeeds.
///
/// ```swift
/// if let gnuplot = Gnuplot.find() { try gnuplot.render(["tradeoff"], in: out) }
/// ```
package struct Gnuplot: Sendable {
    /// The program's path.
    package var path: String

    /// The message printed (once) when gnuplot is missing.
    package static let missingMessage =
        "charts skipped: gnuplot not found; install gnuplot-nox (apt-get install gnuplot-nox, brew install gnuplot) to render them; the CSV files and .gp scripts are written"

    package init(path: String) { self.path = path }

    /// gnuplot on the `PATH` (or `$INKBENCH_GNUPLOT`), or `nil`.
    package static func find() -> Gnuplot? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["INKBENCH_GNUPLOT"] {
            return isProgram(explicit) ? Gnuplot(path: explicit) : nil
        }
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/gnuplot"
            if isProgram(candidate) { return Gnuplot(path: candidate) }
        }
        return nil
    }

    /// Whether `path` is an existing, executable regular file.
    static func isProgram(_ path: String) -> Bool {
        return PathText.isFolder(path) == false
            && FileManager.default.isExecutableFile(atPath: path)
    }

    /// Renders `<name>.gp` to `<name>.svg` and `<name>.png` for each name, running the
    /// scripts side by side. Returns the names that failed with gnuplot's message.
    package func render(_ names: [String], in folder: OutputFolder) -> [(name: String, message: String)] {
        let prefix = ".tmp-\(ProcessInfo.processInfo.processIdentifier)-"
        // The child starts in the folder: a relative path (a relative PATH entry) is made absolute.
        let program = path.hasPrefix("/") ? path : PathText.appending(FileManager.default.currentDirectoryPath, path)
        var running: [(String, ChildRun)] = []
        var failures: [(name: String, message: String)] = []
        for name in names {
            switch ChildRun.launch(program, ["-e", "out_prefix='\(prefix)'", "\(name).gp"], in: folder.path, collecting: 2) {
            case .success(let child): running.append((name, child))
            case .failure(let failure): failures.append((name, "cannot start \(path): \(failure.reason)"))
            }
        }
        for (name, child) in running {
            let result = child.finish()
            let messages = result?.output ?? ""
            let status = result.map { "status \($0.status)" } ?? "a signal"
            var ok = result?.status == 0
            for ext in ["svg", "png"] {
                let temporary = folder.file("\(prefix)\(name).\(ext)")
                if ok && rename(temporary, folder.file("\(name).\(ext)")) != 0 { ok = false }
                try? FileManager.default.removeItem(atPath: temporary)
            }
            if !ok {
                let text = messages.trimmingWhitespaceAndNewlines()
                failures.append((name, text.isEmpty ? "gnuplot exited with \(status)" : text))
            }
        }
        return failures
    }
}
