import Foundation
import InkTestSupport
import Testing

/// `Examples/CustomPredictor` builds with the package and runs: its custom strategy lands
/// between `linear` and `none` on latency, with less overshoot than `linear`.
@Suite("Examples")
struct CustomPredictorExampleTests {
    /// The example's binary, beside the test bundle in the build folder.
    static func binary() throws -> URL { try BuiltProduct.url("custom-predictor-example") }

    /// Runs the example's `bench` with `arguments`; returns its exit status, standard output and
    /// standard error (kept out of the test run's terminal; its messages are small).
    static func bench(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments
        let pipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = pipe
        process.standardError = errorPipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }

    static func folder(_ label: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-example-\(label)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func listsTheCustomStrategyWithItsParameters() throws {
        let (status, output, _) = try Self.bench(["list"])
        #expect(status == 0)
        #expect(output.contains("damped-linear"))
        #expect(output.contains("gain=0.5"))
    }

    @Test func runsAndScoresTheCustomStrategy() throws {
        let out = Self.folder("run")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (status, output, _) = try Self.bench(["run", "--strategies", "none,linear,damped-linear", "--out", out, "--no-charts"])
        #expect(status == 0)
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
        let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(report.contains("damped-linear"))
    }

    @Test func refusesAGainOutOfRange() throws {
        let out = Self.folder("bad")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let refused = try Self.bench(["run", "--strategies", "damped-linear:gain=3", "--out", out])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("damped-linear: gain = 3 is invalid"), "\(refused.errors)")
    }

    @Test func checksTheCustomStrategyAgainstABaseline() throws {
        let dir = Self.folder("check")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let baseline = dir + "/baseline.csv"
        let strategies = "none,damped-linear:gain=0.3"
        let written = try Self.bench(["check", "--baseline", baseline, "--update-baseline", "--strategies", strategies, "--spread-seeds", "0"])
        #expect(written.status == 0)
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains("damped-linear[gain=0.3]"))
        // Against its own baseline, re-running the strategies the baseline names: passes.
        let again = try Self.bench(["check", "--baseline", baseline])
        #expect(again.status == 0, "\(again.output)")
    }

    @Test func tunesTheCustomStrategysOwnParameter() throws {
        let out = Self.folder("tune")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (status, output, _) = try Self.bench([
            "tune", "damped-linear", "--param", "gain=0...1", "--budget", "overshoot_p95_mm<=0.5", "--grid", "5", "--refine-rounds", "3",
            "--out", out, "--no-charts",
        ])
        #expect(status == 0)
        #expect(output.contains("chosen (tuned on all traces): damped-linear:gain="))
        let spec = try String(contentsOfFile: out + "/tune-spec.txt", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let gain = try #require(Double(spec.replacingOccurrences(of: "damped-linear:gain=", with: "")))
        // Full linear overshoots 4 mm at p95 on the default suite: the budget keeps the gain well below 1, above 0.
        #expect(gain > 0 && gain < 0.5)
    }
}
