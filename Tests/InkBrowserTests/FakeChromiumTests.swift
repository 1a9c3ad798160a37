import Foundation
import InkBrowser
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 29, hostile inputs 4, 5 and 14: a `chromium` that prints without end, never returns,
/// leaves a child holding its output or blocking SIGTERM, or fails; and a folder given as
/// `--chromium`. Each test writes a fake browser (a shell script) and finishes in seconds.
@Suite("Fake browsers")
struct FakeChromiumTests {
    /// A folder with an executable script `chromium` of `body`.
    static func fake(_ body: String) throws -> (folder: String, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench fake chromium \(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/chromium"
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return (folder, path)
    }

    static func alive(_ pidFile: String) -> Bool {
        guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return false
        }
        guard kill(pid, 0) == 0 else { return false }
        // A killed child whose parent is gone may stay a zombie until PID 1 reaps it: not running.
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") {
            let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1)
            return state != "Z" && state != "X"
        }
        return true
    }

    @Test("a --version that prints without end is cut at 4 KB, not read to 2 GB")
    func endlessOutput() throws {
        let f = try Self.fake("exec yes 'Chromium 1.2.3'")
        defer { try? FileManager.default.removeItem(atPath: f.folder) }
        let started = Date()
        #expect(ChromiumLocator.version(of: f.path, timeoutSeconds: 5) == "Chromium 1.2.3")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test("a --version that never returns, or leaves a child holding stdout, ends within the timeout; the child is killed")
    func hangingVersion() throws {
        let f = try Self.fake("exec sleep 600")
        defer { try? FileManager.default.removeItem(atPath: f.folder) }
        var started = Date()
        #expect(ChromiumLocator.version(of: f.path, timeoutSeconds: 1) == nil)
        #expect(Date().timeIntervalSince(started) < 4)
        let pidFile = f.folder + "/child.pid"
        let g = try Self.fake("sleep 600 &\necho $! > '\(pidFile)'\necho 'Chromium 9'")
        defer { try? FileManager.default.removeItem(atPath: g.folder) }
        started = Date()
        #expect(ChromiumLocator.version(of: g.path, timeoutSeconds: 20) == "Chromium 9")
        #expect(Date().timeIntervalSince(started) < 4)
        usleep(200_000)
        #expect(!Self.alive(pidFile), "the child left holding stdout still runs")
    }

    @Test("a browser that fails is reported with its exit status and stderr; a child blocking SIGTERM is killed with it")
    func failingBrowser() throws {
        let pidFolder = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench pid \(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: pidFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: pidFolder) }
        let pidFile = pidFolder + "/child.pid"
        let f = try Self.fake("(trap '' TERM; exec sleep 600) &\necho $! > '\(pidFile)'\necho 'cannot open display: boom' >&2\nexit 3")
        defer { try? FileManager.default.removeItem(atPath: f.folder) }
        let started = Date()
        let error = #expect(throws: BrowserError.self) { try DevToolsBrowser(chromium: f.path, windowSize: (800, 600)) }
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(error?.message.contains("exit status 3") == true)
        #expect(error?.message.contains("cannot open display: boom") == true)
        usleep(200_000)
        #expect(!Self.alive(pidFile), "the browser's child that blocks SIGTERM still runs")
    }

    @Test("--chromium naming a folder says so")
    func folderAsBrowser() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench folder \(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = #expect(throws: BrowserError.self) { try ChromiumLocator.find(given: folder) }
        #expect(error?.message.contains("is a folder") == true)
    }
}
