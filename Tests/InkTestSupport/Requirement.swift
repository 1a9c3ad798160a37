import Foundation
import Testing

/// Things a test may need that a user's machine may lack (gnuplot, Chromium). The project's own
/// data (recordings, the Android model, fixtures) is always there: see ``ProjectData``.
///
/// Use as a Swift Testing trait: the test is skipped, with the reason printed, where the thing
/// is missing, unless `INKBENCH_REQUIRE_ALL=1` (set by `.ci/run`), in which case the test runs
/// and fails, so CI never skips it silently.
///
/// ```swift
/// @Test
/// func readsEvemu() throws {
///     let root = ProjectData.recordings
/// }
/// ```
public struct Requirement: Sendable {
    /// What is needed, for the skip message.
    public let reason: Comment
    let probe: @Sendable () -> String?

    /// Whether CI asked for every requirement to be met (`INKBENCH_REQUIRE_ALL=1`).
    public static var requireAll: Bool { ProcessInfo.processInfo.environment["INKBENCH_REQUIRE_ALL"] == "1" }

    /// True where the requirement is met, or where CI requires it (the test then fails if it is missing).
    public var isMetOrRequired: Bool { probe() != nil || Requirement.requireAll }

    /// The path the requirement found; throws (failing the test) when it is missing.
    public func path() throws -> String {
        guard let p = probe() else { throw MissingRequirement(description: "missing: \(reason)") }
        return p
    }

    /// The package's root folder.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// A Chromium browser: `$INKBENCH_CHROMIUM`, else `chromium`, `chromium-browser` or
    /// `google-chrome` on the PATH (for the live browser tests).
    public static let chromium = Requirement(
        reason: "needs Chromium on the PATH (apt-get install chromium)",
        probe: {
            let env = ProcessInfo.processInfo.environment
            if let given = env["INKBENCH_CHROMIUM"], FileManager.default.isExecutableFile(atPath: given) { return given }
            return onPath(["chromium", "chromium-browser", "google-chrome"])
        })

    /// The `gnuplot` program on the PATH.
    public static let gnuplot = Requirement(
        reason: "needs gnuplot on the PATH (apt-get install gnuplot-nox)",
        probe: { onPath(["gnuplot"]) })

    /// WebKitGTK's WebDriver (`WebKitWebDriver`, Debian's `webkit2gtk-driver`), its MiniBrowser,
    /// and `Xvfb` for a display (Debian's `xvfb`). The path is the driver's.
    public static let webKitDriver = Requirement(
        reason: "needs WebKitGTK's WebDriver and Xvfb (apt-get install webkit2gtk-driver xvfb)",
        probe: {
            guard let driver = onPath(["WebKitWebDriver"]), onPath(["Xvfb"]) != nil, webKitMiniBrowser() != nil else { return nil }
            return driver
        })

    /// WebKitGTK's MiniBrowser (`/usr/lib/<arch>/webkit2gtk-4.1/MiniBrowser` on Debian), or `nil`.
    public static func webKitMiniBrowser() -> String? {
        let fm = FileManager.default
        for lib in ["/usr/lib", "/usr/libexec", "/usr/local/lib"] {
            let arches = ((try? fm.contentsOfDirectory(atPath: lib)) ?? []).sorted()
            for folder in [lib] + arches.map({ "\(lib)/\($0)" }) {
                for version in ["webkit2gtk-4.1", "webkit2gtk-4.0", "webkitgtk-6.0"] {
                    let candidate = "\(folder)/\(version)/MiniBrowser"
                    if fm.isExecutableFile(atPath: candidate) { return candidate }
                }
            }
        }
        return nil
    }

    /// The `curl` program on the PATH (a real TLS client for the capture server's tests).
    public static let curl = Requirement(
        reason: "needs curl on the PATH (apt-get install curl)",
        probe: { onPath(["curl"]) })

    /// The `git` program on the PATH (the manifest's commit lookup).
    public static let git = Requirement(
        reason: "needs git on the PATH (apt-get install git)",
        probe: { onPath(["git"]) })

    /// The first of `names` found as an executable on the PATH, or `nil`.
    public static func onPath(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for dir in path.split(separator: ":") {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    public init(reason: Comment, probe: @escaping @Sendable () -> String?) {
        self.reason = reason
        self.probe = probe
    }
}

/// A requirement that is missing, failing the test that needed it.
public struct MissingRequirement: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}
