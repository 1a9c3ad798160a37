import ArgumentParser
import Foundation
import InkTestSupport
import Testing

@testable import BenchCLI

/// `--jobs 1` and `--jobs 2` write the same bytes: the work is split, never the arithmetic.
@Suite("--jobs")
struct JobsTests {
    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("bench horizon: horizon.csv is the same on one thread and on two")
    func horizon() async throws {
        var outputs: [Data] = []
        for jobs in ["1", "2"] {
            let out = temporaryFolder("jobs horizon \(jobs)")
            defer { try? FileManager.default.removeItem(atPath: out) }
            #expect(await benchQuietly([
                "horizon", "--traces", ProjectData.recordings + "/mobilehci17-touch", "--samples-ahead", "1,3", "--ms-ahead", "16",
                "--strategies", "none,linear,kalman", "--jobs", jobs, "--no-charts", "--quiet", "--out", out,
            ]) == 0)
            outputs.append(try Self.bytes(out + "/horizon.csv"))
        }
        #expect(outputs.count == 2 && outputs[0] == outputs[1])
        #expect((outputs.first?.count ?? 0) > 200)
    }

    @Test("bench run over the project's recordings: every CSV is the same on one thread and on two")
    func run() async throws {
        var outputs: [[Data]] = []
        for jobs in ["1", "2"] {
            let out = temporaryFolder("jobs run \(jobs)")
            defer { try? FileManager.default.removeItem(atPath: out) }
            #expect(await benchQuietly([
                "--traces", ProjectData.recordings, "--manifest", ProjectData.recordingsManifest, "--strategies", "none,linear",
                "--jobs", jobs, "--phases", "1", "--no-charts", "--quiet", "--out", out,
            ]) == 0)
            outputs.append(try ["summary.csv", "frames.csv", "tails.csv"].map { try Self.bytes(out + "/" + $0) })
        }
        #expect(outputs.count == 2 && outputs[0] == outputs[1])
    }

    @Test("bench tune over the project's recordings: tune.csv and its other CSVs are the same on one thread and on two")
    func tune() async throws {
        var outputs: [[Data]] = []
        for jobs in ["1", "2"] {
            let out = temporaryFolder("jobs tune \(jobs)")
            defer { try? FileManager.default.removeItem(atPath: out) }
            #expect(await benchQuietly([
                "tune", "linear", "--param", "cap_ms=4...33", "--grid", "3", "--refine-rounds", "1",
                "--budget", "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0",
                "--traces", ProjectData.recordings, "--manifest", ProjectData.recordingsManifest, "--jobs", jobs, "--phases", "1", "--no-charts", "--quiet", "--out", out,
            ]) == 0)
            outputs.append(try ["tune.csv", "tune-chart.csv", "tune-front.csv"].map { try Self.bytes(out + "/" + $0) })
        }
        #expect(outputs.count == 2 && outputs[0] == outputs[1])
        #expect((outputs.first?.first?.count ?? 0) > 100)
    }

    @Test("--jobs 0 is refused")
    func refused() async {
        #expect(await benchQuietly(["--traces", ProjectData.recordings, "--jobs", "0", "--quiet", "--no-charts", "--out", temporaryFolder("jobs 0")]) == 2)
    }

    /// One check for every command with `--jobs` (run and horizon shared two copies of it).
    @Test("--jobs is checked where it is parsed, with one message")
    func oneCheck() throws {
        #expect(try Jobs(parsing: "1").count == 1 && Jobs(parsing: "1024").count == 1024)
        for bad in ["0", "1025", "-3", "two", "1.5", ""] {
            let error = #expect(throws: ValidationError.self) { try Jobs(parsing: bad) }
            #expect(error?.message == "--jobs \(bad): expected a whole number from 1 to 1024")
            #expect(Jobs(argument: bad) == nil)
        }
        for command in [["run"], ["horizon"]] {
            #expect(throws: (any Error).self, "\(command)") { try BenchCommand.parseAsRoot(command + ["--jobs", "1025"]) }
        }
    }
}
