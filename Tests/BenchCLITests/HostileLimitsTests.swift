import Foundation
import InkStrategies
import InkTestSupport
import Testing

@testable import BenchCLI
import InkBaseline

/// Issue 29, hostile inputs 8, 12 and 14 (limits and messages of options): tune's size and
/// budget, strict numbers, tolerance files.
@Suite("Hostile inputs: limits and messages")
struct HostileLimitsTests {
    @Test("tune refuses 6.25 M configurations before it starts, unless --max-evaluations allows them")
    func tuneTooLarge() throws {
        let args = ["kalman", "--param", "cap_ms=4...33", "--param", "sigma_p=0.001...0.1", "--param", "sigma_m=0.01...1",
            "--param", "gap_ms=10...100", "--grid", "50", "--budget", "overshoot_p95_mm<=0.5"]
        let error = #expect(throws: (any Error).self) { try TuneCommand.parse(args) }
        let message = error.map { TuneCommand.message(for: $0) } ?? ""
        #expect(message.contains("6250000 grid configurations") && message.contains("over the limit of 100000"))
        #expect((try? TuneCommand.parse(args + ["--max-evaluations", "7000000"])) != nil)
    }

    @Test("tune with nothing within the budget exits 2 and writes no tune-spec.txt")
    func tuneNothingFits() async throws {
        let out = temporaryFolder("tune no fit")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let code = await benchQuietly([
            "tune", "linear", "--param", "cap_ms=4...8", "--grid", "2", "--refine-rounds", "0", "--folds", "2",
            "--budget", "overshoot_p95_mm<=0.0000001", "--seeds", "1", "--out", out, "--quiet", "--no-charts",
        ])
        #expect(code == 2)
        #expect(FileManager.default.fileExists(atPath: out + "/tune.md"))
        #expect(!FileManager.default.fileExists(atPath: out + "/tune-spec.txt"))
    }

    @Test("tune names the end of a range the strategy refuses")
    func tuneRangeEnds() async throws {
        let out = temporaryFolder("tune range")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let error = await #expect(throws: BenchInputError.self) {
            var command = try TuneCommand.parse(["kalman", "--param", "cap_ms=-5...4", "--budget", "overshoot_p95_mm<=0.5", "--out", out])
            command.output.quiet = true
            _ = try await command.prepare()
        }
        #expect(error?.description.contains("--param cap_ms=-5...4: its low end -5 is refused") == true)
    }

    @Test("tune refuses a cap range whose high end is past the harness's 10 s limit (item 8: cap_ms=4...1e300 was accepted)")
    func tuneHugeCapRange() async throws {
        let out = temporaryFolder("tune huge cap")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let error = await #expect(throws: BenchInputError.self) {
            var command = try TuneCommand.parse(["linear", "--param", "cap_ms=4...1e300", "--budget", "overshoot_p95_mm<=0.5", "--out", out])
            command.output.quiet = true
            _ = try await command.prepare()
        }
        let text = error?.description ?? ""
        #expect(text.contains("its high end") && text.contains("is refused") && text.contains("10000"), "\(text)")
        #expect(throws: StrategySpecError("linear: cap_ms = 1e+300 is invalid: expected a number from 0 to 10000 or 'off'")) {
            try StrategySpec.parse("linear:cap_ms=1e300")
        }
        #expect((try? StrategySpec.parse("linear:cap_ms=10000")) != nil)
    }

    @Test("strategy parameters take decimal numbers only: hex, underflow and NUL are refused", arguments: ["0x10", "1e-400", "1e400", "inf", "1\u{0}e-5"])
    func strictNumbers(_ value: String) {
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("kalman:sigma_p=\(value)") }
    }

    @Test("tolerance files: a folder, an image, a NUL inside a number and a figure given twice are refused")
    func toleranceFiles() throws {
        let folder = temporaryFolder("tolerance")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var table = ToleranceTable()
        let isFolder = #expect(throws: ToleranceError.self) { try table.apply(file: folder) }
        #expect(isFolder?.message.contains("is a folder") == true)
        let png = folder + "/t.png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: png))
        let image = #expect(throws: ToleranceError.self) { try table.apply(file: png) }
        #expect(image?.message.contains("is not UTF-8 text") == true)
        let nul = folder + "/nul.txt"
        try Data("overshoot_p95_mm=1\u{0}e-5\n".utf8).write(to: URL(fileURLWithPath: nul))
        #expect(throws: ToleranceError.self) { try table.apply(file: nul) }
        let twice = #expect(throws: ToleranceError.self) {
            try table.apply(text: "overshoot_p95_mm=0.1\novershoot_p95_mm=0.2\n", path: "t.txt")
        }
        #expect(twice?.message.contains("given twice (first on line 1)") == true)
        var options = ToleranceTable()
        try options.apply(option: "overshoot_p95_mm=0.1")
        #expect(throws: ToleranceError.self) { try options.apply(option: "overshoot_p95_mm=0.2") }
    }

    @Test("horizon with equal times fed as real timestamps fails naming the strategy instead of writing empty cells")
    func horizonEqualTimes() async throws {
        let folder = temporaryFolder("horizon equal")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var log = "1;100;10;10;0.4;0\n"
        for i in 1...40 { log += "1;\(100 + (i / 2) * 16);\(10 + i * 3);\(10 + i);0.4;2\n" }
        log += "1;1000;200;60;0.4;1\n"
        try log.write(toFile: folder + "/WriteTasks-participant1.txt", atomically: true, encoding: .utf8)
        let code = await benchQuietly([
            "horizon", "--traces", folder + "/WriteTasks-participant1.txt", "--strategies", "linear", "--min-interval-ms", "off",
            "--extrapolation", "time", "--out", folder + "/out", "--quiet", "--no-charts",
        ])
        #expect(code == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/horizon.csv"))
    }
}
