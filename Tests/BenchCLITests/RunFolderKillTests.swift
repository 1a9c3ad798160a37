import Foundation
import InkBenchKit
import InkTestSupport
import Testing

@testable import BenchCLI
import InkBaseline
import InkOutput

/// Issue 18, case 7: `kill -9` during a run over an earlier complete run must leave a folder
/// that holds one whole run (the old one or the new one), never a mix; the next run removes
/// what the dead one left behind.
@Suite("Run folders that never lie")
struct RunFolderKillTests {
    /// The `bench` binary beside the test bundle.
    static func bench() throws -> URL { try BuiltProduct.url("bench") }

    /// Whether the folder holds one whole run: its manifest decodes and every listed output has
    /// the recorded checksum.
    static func isWhole(_ path: String) throws -> Manifest {
        let folder = try OutputFolder(path: path)
        let manifest = try Manifest.decode(folder.read("manifest.json"))
        try manifest.verifyOutputs(in: folder)
        return manifest
    }

    @Test("a run killed at any point leaves the old run or the new one, whole")
    func killedRuns() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench kill \(UUID().uuidString)").path
        let out = parent + "/results"
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let bench = try Self.bench()
        func start(_ arguments: [String]) throws -> Process {
            let p = Process()
            p.executableURL = bench
            p.arguments = arguments + ["--out", out, "--quiet", "--no-charts"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        // The first whole run: two strategies; a note of the user's own in the folder.
        let first = try start(["--strategies", "none,linear"])
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        try "my notes\n".write(toFile: out + "/notes.txt", atomically: true, encoding: .utf8)
        let old = try Self.isWhole(out)
        #expect(old.strategies.map(\.name) == ["none", "linear"])
        // Runs with other strategies and more seeds, killed at several points.
        var sawNew = false
        for delayMs in [5, 40, 120, 300, 700, 1500] {
            let p = try start(["--strategies", "none,quadratic,kalman", "--seeds", "3"])
            usleep(useconds_t(delayMs * 1000))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let now = try Self.isWhole(out)
            let names = now.strategies.map(\.name)
            #expect(names == ["none", "linear"] || names == ["none", "quadratic", "kalman"], "after \(delayMs) ms: \(names)")
            if names != ["none", "linear"] { sawNew = true }
            #expect(FileManager.default.fileExists(atPath: out + "/notes.txt"), "the user's file is kept")
        }
        _ = sawNew
        // The next run removes what the dead ones left behind.
        let last = try start(["--strategies", "none,linear"])
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: parent)
        #expect(siblings == ["results"], "stale staging folders removed: \(siblings)")
        let inside = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(!inside.contains { $0.hasPrefix(".") }, "no temporaries: \(inside)")
        _ = try Self.isWhole(out)
    }

    @Test("report refuses a folder whose files do not belong together, naming the file")
    func mixedFolder() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench mixed \(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["--strategies", "none,linear", "--out", out, "--quiet", "--no-charts"]) == 0)
        var text = try String(contentsOfFile: out + "/summary.csv", encoding: .utf8)
        text += "\n"
        try text.write(toFile: out + "/summary.csv", atomically: true, encoding: .utf8)
        #expect(await benchQuietly(["report", out, "--quiet", "--no-charts"]) == 2)
        #expect(await benchQuietly(["check", "--baseline", "Benchmarks/baseline/default-ipad-60.csv", "--results", out]) == 2)
        do {
            _ = try ResultsFolder.read(out)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.description.contains("summary.csv: differs from the run manifest.json describes"))
        }
    }

    @Test("a folder with subfolders is refused, not emptied; hidden plain files are carried over")
    func foreignContent() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench foreign \(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        try FileManager.default.createDirectory(atPath: out + "/project/src", withIntermediateDirectories: true)
        try "keep".write(toFile: out + "/project/src/main.swift", atomically: true, encoding: .utf8)
        #expect(await benchQuietly(["--strategies", "none,linear", "--out", out, "--quiet", "--no-charts"]) == 2)
        #expect(FileManager.default.fileExists(atPath: out + "/project/src/main.swift"))
        #expect(!FileManager.default.fileExists(atPath: out + "/summary.csv"))
        try FileManager.default.removeItem(atPath: out + "/project")
        try "x".write(toFile: out + "/.keep", atomically: true, encoding: .utf8)
        #expect(await benchQuietly(["--strategies", "none,linear", "--out", out, "--quiet", "--no-charts"]) == 0)
        #expect(FileManager.default.fileExists(atPath: out + "/.keep"))
        #expect(FileManager.default.fileExists(atPath: out + "/summary.csv"))
    }

    @Test("a path that cannot be a folder says why")
    func badPaths() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench file \(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: OutputError.self) { _ = try RunFolder(path: file, startFrom: .empty) }
        // The current folder (or one above it) is never swapped out from under the process.
        #expect(throws: OutputError.self) { _ = try RunFolder(path: ".", startFrom: .empty) }
        #expect(throws: OutputError.self) { _ = try RunFolder(path: "..", startFrom: .empty) }
        do {
            _ = try RunFolder(path: file + "/sub", startFrom: .empty)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("is a file, not a folder"))
            #expect(!error.description.contains("NSCocoaErrorDomain"))
        }
    }
}
