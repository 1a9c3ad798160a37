import Foundation

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

    /// `chromium --version`'s line, or `nil` when it prints nothing.
    public static func version(of path: String) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = ["--version"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
