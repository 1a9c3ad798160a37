#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces

/// Finds the Chromium to drive: the given path, else `chromium`, `chromium-browser` or
/// `google-chrome` on the PATH.
///
/// ```swift
/// let path = try ChromiumLocator.find(given: nil)   // "/usr/bin/chromium"
/// ```
public enum ChromiumLocator {
    /// The names looked for on the PATH, in order.
    public static let names = ["chromium", "chromium-browser", "google-chrome"]

    /// The browser's path.
    ///
    /// - Parameters:
    ///   - given: `--chromium PATH`; used as is (it must be an executable file).
    ///   - environment: the environment whose `PATH` is searched.
    /// - Throws: ``BrowserError`` saying what to install when none is found.
    public static func find(
        given: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BrowserError) -> String {
        if let given {
            if PathText.isFolder(given) == true {
                throw BrowserError("--chromium \(given): is a folder; expected the path of a Chromium or Chrome binary (for example /usr/bin/chromium)")
            }
            guard FileManager.default.isExecutableFile(atPath: given) else {
                throw BrowserError("--chromium \(given): not an executable file; expected the path of a Chromium or Chrome binary")
            }
            return given
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for dir in path.split(separator: ":") where !dir.isEmpty {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        throw BrowserError(
            "no Chromium found: looked for \(names.joined(separator: ", ")) on the PATH; install it (Debian/Ubuntu: "
                + "apt-get install chromium) or give its path with --chromium PATH")
    }

    /// How long `chromium --version` may take (s) before it is killed.
    public static let versionTimeoutSeconds = 10.0
    /// The most of `chromium --version`'s output read (bytes).
    public static let versionMaxBytes = 4096

    /// `chromium --version`'s first line (at most 200 characters), or `nil` when it prints
    /// nothing or cannot start. Bounded: a program that never ends, prints without end or
    /// leaves a child holding its output is killed (its whole process group) after
    /// `timeoutSeconds` or ``versionMaxBytes``.
    public static func version(of path: String, timeoutSeconds: Double = versionTimeoutSeconds) -> String? {
        guard let bytes = ChildProcess.output(path: path, arguments: ["--version"], maxBytes: versionMaxBytes, timeoutSeconds: timeoutSeconds) else {
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespaceAndNewlines()
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.isEmpty ? nil : String(line.prefix(200))
    }
}
