import Foundation
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
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    /// Renders `<name>.gp` to `<name>.svg` and `<name>.png` for each name, running the
    /// scripts side by side. Returns the names that failed with gnuplot's message.
    package func render(_ names: [String], in folder: OutputFolder) -> [(name: String, message: String)] {
        let prefix = ".tmp-\(ProcessInfo.processInfo.processIdentifier)-"
        var running: [(String, Process, Pipe)] = []
        var failures: [(name: String, message: String)] = []
        for name in names {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["-e", "out_prefix='\(prefix)'", "\(name).gp"]
            process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
            do {
                try process.run()
                running.append((name, process, pipe))
            } catch {
                failures.append((name, "cannot start \(path): \(error.localizedDescription)"))
            }
        }
        for (name, process, pipe) in running {
            let messages = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            var ok = process.terminationStatus == 0
            for ext in ["svg", "png"] {
                let temporary = folder.file("\(prefix)\(name).\(ext)")
                if ok && rename(temporary, folder.file("\(name).\(ext)")) != 0 { ok = false }
                try? FileManager.default.removeItem(atPath: temporary)
            }
            if !ok {
                let text = messages.trimmingCharacters(in: .whitespacesAndNewlines)
                failures.append((name, text.isEmpty ? "gnuplot exited with status \(process.terminationStatus)" : text))
            }
        }
        return failures
    }
}
