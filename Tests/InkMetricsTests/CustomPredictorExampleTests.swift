import Foundation
import InkTestSupport
import Testing

/// `Examples/CustomPredictor` builds with the package and runs: its custom strategy lands
/// between `linear` and `none` on latency, with less overshoot than `linear`.
@Suite("Examples")
struct CustomPredictorExampleTests {
    /// The example's binary, beside the test bundle in the build folder.
    static func binary() throws -> URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("custom-predictor-example")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        let root = URL(fileURLWithPath: Requirement.packageRoot)
        for config in ["debug", "release"] {
            let candidate = root.appendingPathComponent(".build/\(config)/custom-predictor-example")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw MissingRequirement(description: "custom-predictor-example was not built next to the tests (\(CommandLine.arguments[0]))")
    }

    @Test func runsAndScoresTheCustomStrategy() throws {
        let process = Process()
        process.executableURL = try Self.binary()
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let rows = output.split(separator: "\n").filter { $0.hasPrefix("suite mean") }
        let damped = try #require(rows.first { $0.contains("damped-linear") })
        let linear = try #require(rows.first { $0.contains(" linear ") })
        func columns(_ row: Substring) -> [Double] { row.split(separator: " ").compactMap { Double($0) } }
        // Columns after the name: latency ms, removed ms, overshoot p95 mm, end overshoot mean and max mm.
        let d = columns(damped), l = columns(linear)
        #expect(d.count == 5 && l.count == 5)
        #expect(d[0] > l[0], "damping keeps more latency")
        #expect(d[2] < l[2], "and overshoots less")
        #expect(d[0] < 35.4)
    }
}
