import Foundation
import InkBenchKit
import Testing

@testable import BenchCLI
import InkOutput

/// Issue 18, case 6: output proportionate to what was asked.
@Suite("Output proportionate to what was asked")
struct OutputVolumeTests {
    func scratch(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("inkbench volume \(label) \(UUID().uuidString)").path
    }

    @Test("--no-frames writes no per-frame file")
    func noFrames() async throws {
        let out = scratch("no frames")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["--strategies", "none,linear", "--no-frames", "--out", out, "--quiet", "--no-charts"]) == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: out)
        for name in ["frames.csv", "chart-frames.csv", "tails.csv", "paths.csv", "replay.gp", "error.gp"] {
            #expect(!files.contains(name), "\(name) written with --no-frames")
        }
        #expect(files.contains("summary.csv") && files.contains("tradeoff.gp"))
    }

    @Test("the per-frame charts' data of a long trace is windowed, and says so")
    func windowed() async throws {
        let out = scratch("window"), suite = scratch("suite") + ".suite"
        defer {
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: suite)
        }
        try "suite long\nline \"long line\" duration_s=30 speed_mm_per_s=20\n".write(toFile: suite, atomically: true, encoding: .utf8)
        #expect(await benchQuietly(["--suite", suite, "--strategies", "none,linear", "--out", out, "--quiet", "--no-charts"]) == 0)
        let frames = try CSVTable(parsing: String(contentsOfFile: out + "/chart-frames.csv", encoding: .utf8))
        let all = try CSVTable(parsing: String(contentsOfFile: out + "/frames.csv", encoding: .utf8))
        #expect(frames.rows.indices.allSatisfy { frames.text(row: $0, "phase") == "0" })
        let last = frames.rows.indices.compactMap { frames.double(row: $0, "photon_time_s") }.max() ?? 0
        #expect(last <= ChartWindow.seconds + 0.001)
        #expect(all.rows.count > 8 * frames.rows.count, "frames.csv keeps every phase of the 30 s")
        let manifest = try Manifest.decode(String(contentsOfFile: out + "/manifest.json", encoding: .utf8))
        #expect(manifest.chartWindow == "the first 10 s of 30.0 s, frame phase 0")
        let replay = try String(contentsOfFile: out + "/replay.gp", encoding: .utf8)
        #expect(replay.contains("the first 10 s of 30.0 s"))
    }
}
