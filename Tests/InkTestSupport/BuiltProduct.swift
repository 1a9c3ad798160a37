import Foundation

/// An executable of this package built with the tests (`bench`, `custom-predictor-example`),
/// for tests that run it as a subprocess.
public enum BuiltProduct {
    /// The executable `name`: beside the test bundle in the build folder (or up to three
    /// folders above it), else in the package's `.build/debug` or `.build/release`.
    ///
    /// - Throws: ``MissingRequirement`` (failing the test) when it was not built.
    public static func url(_ name: String) throws -> URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        let root = URL(fileURLWithPath: Requirement.packageRoot)
        for config in ["debug", "release"] {
            let candidate = root.appendingPathComponent(".build/\(config)/\(name)")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw MissingRequirement(description: "\(name) was not built next to the tests (\(CommandLine.arguments[0]))")
    }
}
