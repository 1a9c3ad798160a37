import Foundation
import InkOutput
import InkTestSupport
import Testing

/// `bench` started with descriptor 0, 1 or 2 closed (as a daemon or `bench <&- >&-` starts it):
/// `open(2)` hands out the lowest free number, so without care the concurrency runtime's
/// descriptors, an input or an output file take those numbers and receive text meant for
/// standard output or error. `bench` opens `/dev/null` on each closed one before its first
/// `await` (`BenchMain.openClosedStandardStreams`), and so does a `bench` with strategies of
/// its own (`BenchMain.main(strategies:)`, the custom-predictor example).
@Suite("bench with standard descriptors closed")
struct ClosedStandardStreamsTests {
    /// Which of `bench`'s descriptors 0, 1 and 2 each case closes (the first closes none: the
    /// reference run).
    static let closedSets: [[Int32]] = [[], [0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]

    /// A `git` that records what `bench` (its parent) holds on descriptors 0-2 when it looks the
    /// commit up for the manifest (where the process is running, after the runtime started),
    /// then fails as outside a repository.
    static let fakeGit = """
        #!/bin/sh
        for fd in 0 1 2; do echo "$fd $(readlink /proc/$PPID/fd/$fd)"; done >> "$INKBENCH_FAKE_GIT_LOG"
        exit 128
        """

    @Test(
        "each combination of 0, 1 and 2 closed: /dev/null on the closed ones, the run folder whole and its tables the same",
        arguments: ["bench", "custom-predictor-example"])
    func runsWithDescriptorsClosed(executable: String) throws {
        let root = temporaryFolder("closed fds \(executable)")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bin = root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try Self.fakeGit.write(toFile: bin + "/git", atomically: true, encoding: .utf8)
        chmod(bin + "/git", 0o755)
        try "".write(toFile: root + "/stdin.txt", atomically: true, encoding: .utf8)
        let bench = try BuiltProduct.url(executable)
        let seesProcess = FileManager.default.fileExists(atPath: "/proc/self/fd")
        let tables = ["summary.csv", "frames.csv", "chart-frames.csv", "tails.csv", "paths.csv"]
        var reference: [String: Data] = [:]
        for (n, closed) in Self.closedSets.enumerated() {
            let out = root + "/out \(n)", log = root + "/git \(n).txt", stdout = root + "/stdout \(n).txt"
            // The shell closes the descriptors, then replaces itself with bench.
            let closing = closed.map { $0 == 0 ? "0<&-" : "\($0)>&-" }.joined(separator: " ")
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "exec \"$0\" \"$@\" \(closing)", bench.path, "run", "--strategies", "none,linear", "--no-charts", "--out", out]
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["INKBENCH_FAKE_GIT_LOG"] = log
            p.environment = environment
            // Open descriptors go to files, not /dev/null, so the log tells them from mended ones.
            try "".write(toFile: stdout, atomically: true, encoding: .utf8)
            p.standardInput = FileHandle(forReadingAtPath: root + "/stdin.txt")
            p.standardOutput = FileHandle(forWritingAtPath: stdout)
            p.standardError = FileHandle(forWritingAtPath: stdout)
            try p.run()
            p.waitUntilExit()
            let label = "\(executable), closed \(closed)"
            #expect(p.terminationStatus == 0, "\(label)")
            _ = try RunFolderKillTests.isWhole(out)
            for table in tables {
                let data = try Data(contentsOf: URL(fileURLWithPath: out + "/" + table))
                if closed.isEmpty { reference[table] = data } else { #expect(data == reference[table], "\(label): \(table)") }
            }
            let printed = try String(contentsOfFile: stdout, encoding: .utf8)
            #expect(printed.contains("wrote ") == !closed.contains(1), "\(label): standard output \(printed.debugDescription)")
            guard seesProcess else { continue }
            let held = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").prefix(3)
            for line in held {
                let fd = Int32(line.prefix(1)) ?? -1
                let target = String(line.dropFirst(2))
                if closed.contains(fd) {
                    #expect(target == "/dev/null", "\(label): bench's descriptor \(fd) is \(target)")
                } else {
                    #expect(target == (fd == 0 ? root + "/stdin.txt" : stdout), "\(label): bench's descriptor \(fd) is \(target)")
                }
            }
            #expect(held.count == 3, "\(label): \(held)")
        }
    }
}
