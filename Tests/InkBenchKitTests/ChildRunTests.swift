import Foundation
import InkOutput
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ChildRun` (git for the manifest, gnuplot for the charts) collects its child's stream even
/// when this process runs with descriptor 0, 1 or 2 closed (as a daemon or `cmd <&- >&-`
/// starts it): `pipe` then hands out those numbers, where the file actions put /dev/null and
/// the collected stream.
@Suite("ChildRun")
struct ChildRunTests {
    /// Set in the copy of the test binary that runs the probe: the file it writes its lines to.
    static let probeVariable = "INKBENCH_CHILDRUN_PROBE"

    /// Which of this process's descriptors 0, 1 and 2 each case closes.
    static let closedSets: [[Int32]] = [[], [0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]

    /// One line per case and collected stream: the closed descriptors, the stream, the parent's
    /// read end, and the exit status and text collected (`nil` when the child did not start).
    static func probe() -> [String] {
        let saved = (0...2).map { fcntl(Int32($0), F_DUPFD_CLOEXEC, 100) }
        var lines: [String] = []
        for closed in closedSets {
            for fd in closed { close(fd) }
            for collecting: Int32 in [1, 2] {
                var line = "closed [\(closed.map(String.init).joined(separator: " "))] collecting \(collecting): "
                if let child = ChildRun.start("/bin/sh", ["-c", "echo out; echo err >&2"], collecting: collecting) {
                    let end = child.readEnd
                    let result = child.finish()
                    line += "read end \(end), " + (result.map { "status \($0.status), output \($0.output.debugDescription)" } ?? "no exit status")
                } else {
                    line += "not started"
                }
                lines.append(line)
            }
            for (fd, copy) in saved.enumerated() where copy >= 0 { dup2(copy, Int32(fd)) }
        }
        return lines
    }

    /// The pipe `ChildRun` collects through is close-on-exec on both ends as it is made (no
    /// window in which a child another thread starts inherits them: on Linux `pipe2`), and
    /// carries bytes from the write end to the read end.
    @Test func pipeEndsAreCloseOnExecFromTheStart() throws {
        let ends = try #require(SpawnSetup.closeOnExecPipe())
        defer { close(ends.read); close(ends.write) }
        #expect(fcntl(ends.read, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(ends.write, F_GETFD) & FD_CLOEXEC != 0)
        let bytes: [UInt8] = [1, 2, 3]
        #expect(write(ends.write, bytes, 3) == 3)
        var back = [UInt8](repeating: 0, count: 3)
        #expect(read(ends.read, &back, 3) == 3 && back == bytes)
    }

    /// Every case, run in a copy of this test binary (closing the descriptors in the test process
    /// would break the tests running beside it): the child's output is collected whole, and the
    /// parent's pipe end is never one of the standard descriptor numbers.
    @Test func collectsWithStandardDescriptorsClosed() throws {
        let environment = ProcessInfo.processInfo.environment
        if let out = environment[Self.probeVariable] {
            try (Self.probe().joined(separator: "\n") + "\n").write(toFile: out, atomically: true, encoding: .utf8)
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-childrun-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/probe.txt"
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        copy.arguments = ["--testing-library", "swift-testing", "--filter", "ChildRunTests.collectsWithStandardDescriptorsClosed"]
        copy.environment = environment.merging([Self.probeVariable: out]) { $1 }
        copy.standardInput = FileHandle.nullDevice
        copy.standardOutput = FileHandle.nullDevice
        copy.standardError = FileHandle.nullDevice
        try copy.run()
        copy.waitUntilExit()
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.closedSets.count * 2, "\(text)")
        for line in lines {
            let collecting = line.contains("collecting 1") ? "out" : "err"
            #expect(line.hasSuffix("status 0, output \"\(collecting)\\n\""), "\(line)")
            let end = line.components(separatedBy: "read end ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? -1
            #expect(end >= 3, "the parent's read end must not take a standard descriptor's number: \(line)")
        }
    }
}
