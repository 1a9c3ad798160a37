import Foundation
import InkTraces
import Testing

@testable import InkImport

/// Issue 18, case 11: an unreadable subfolder inside `--traces` is reported (skipped with its
/// path and why, or an error with `--strict`), never ignored without a word; the other files
/// are still read.
struct UnreadableFolderTests {
    static let good = "t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n"

    /// A folder with `good.csv` and `locked/inner.csv`; removed by the caller.
    func makeFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "inkunreadable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/locked", withIntermediateDirectories: true)
        try Self.good.write(toFile: dir + "/good.csv", atomically: true, encoding: .utf8)
        try Self.good.write(toFile: dir + "/locked/inner.csv", atomically: true, encoding: .utf8)
        return dir
    }

    /// The walk's answer to a folder it cannot list, whoever runs the test: the listing of
    /// `locked` fails as `opendir` does for a folder without read permission.
    @Test func subfolderThatCannotBeListedIsReported() throws {
        let dir = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var loader = RecordingLoader()
        loader.listFolder = { path in
            if path.hasSuffix("/locked") { throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path]) }
            return try FileManager.default.contentsOfDirectory(atPath: path)
        }
        let result = try loader.load(paths: [dir])
        #expect(result.traces.map(\.name) == ["good.csv"])
        #expect(result.skipped.contains { $0.hasPrefix(dir + "/locked: cannot list the folder") && $0.hasSuffix("expected a readable folder") })
        loader.strict = true
        #expect {
            try loader.load(paths: [dir])
        } throws: { error in "\(error)".contains("locked") && "\(error)".contains("cannot list the folder") }
    }

    /// The same with a real folder made unreadable (`chmod 000`). Root reads any folder whatever
    /// its mode, so under root the test runs itself again in a child process as user `nobody`
    /// (`setpriv`, util-linux), which must pass; it never skips.
    @Test func chmodZeroSubfolderIsReported() throws {
        if geteuid() == 0 {
            try Self.runAsNobody(filter: "chmodZeroSubfolderIsReported")
            return
        }
        let dir = try makeFolder()
        defer {
            chmod(dir + "/locked", 0o755)
            try? FileManager.default.removeItem(atPath: dir)
        }
        #expect(chmod(dir + "/locked", 0) == 0)
        let result = try RecordingLoader().load(paths: [dir])
        #expect(result.traces.map(\.name) == ["good.csv"])
        #expect(result.skipped.contains { $0.hasPrefix(dir + "/locked: cannot list the folder") })
        var strict = RecordingLoader()
        strict.strict = true
        #expect(throws: ImportError.self) { try strict.load(paths: [dir]) }
    }

    /// Runs the test named `filter` of this test binary as user and group 65534 (`nobody`),
    /// with no capabilities, and requires it to pass. Every folder on the binary's path must be
    /// searchable by others (`.ci/run` makes its clone's folder so).
    static func runAsNobody(filter: String) throws {
        let binary = try #require(Bundle.main.executablePath ?? CommandLine.arguments.first)
        let setpriv = try #require(
            ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "running as root needs setpriv (util-linux) to run this test as nobody")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: setpriv)
        process.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all", binary,
            "--testing-library", "swift-testing", "--filter", filter,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = "/tmp"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "as nobody: \(output.suffix(2000))")
        #expect(output.contains("passed") && !output.contains("skipped"), "as nobody: \(output.suffix(2000))")
    }
}
