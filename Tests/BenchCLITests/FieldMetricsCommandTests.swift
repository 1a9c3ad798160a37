import BenchCLI
import Foundation
import InkBenchKit
import InkOutput
import InkTestSupport
import Testing

/// `bench horizon` and `bench platform-metrics` end to end.
@Suite("bench horizon and bench platform-metrics")
struct FieldMetricsCommandTests {
    static func folder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "inkbench-field-\(name)-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    @Test("bench horizon on the default suite writes the same horizon.csv twice")
    func horizonIsDeterministic() async throws {
        let a = Self.folder("h1"), b = Self.folder("h2")
        defer { for p in [a, b] { try? FileManager.default.removeItem(atPath: p) } }
        for out in [a, b] {
            #expect(await benchQuietly(["horizon", "--ms-ahead", "8,16,33", "--samples-ahead", "2", "--no-charts", "--quiet", "--out", out]) == 0)
        }
        let first = try String(contentsOfFile: a + "/horizon.csv", encoding: .utf8)
        #expect(first == (try String(contentsOfFile: b + "/horizon.csv", encoding: .utf8)))
        #expect(first.hasPrefix(HorizonCSV.header.joined(separator: ",")))
        // 5 default strategies x 4 horizons, one pool.
        #expect(first.split(separator: "\n").count == 1 + 5 * 4)
        #expect(FileManager.default.fileExists(atPath: a + "/horizon.gp"))
    }

    @Test("bad horizon options are refused with what was expected")
    func badOptions() async {
        #expect(await benchQuietly(["horizon", "--samples-ahead", "0", "--quiet"]) != 0)
        #expect(await benchQuietly(["horizon", "--pool", "participant", "--quiet"]) != 0)
        #expect(await benchQuietly(["horizon", "--history", "3", "--min-real", "3", "--quiet"]) != 0)
    }

    @Test("bench platform-metrics writes both CSV files and the chart script")
    func platformMetrics() async throws {
        let out = Self.folder("pm")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["platform-metrics", "--strategies", "none,linear,kalman-chromium", "--no-charts", "--quiet", "--out", out]) == 0)
        for file in ["android-metrics.csv", "chromium-metrics.csv", "android-metrics.gp"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + file), "\(file)")
        }
        let chromium = try String(contentsOfFile: out + "/chromium-metrics.csv", encoding: .utf8)
        #expect(chromium.contains("all traces,kalman-chromium,"))
    }

    @Test(
        "bench horizon prints Table 1's none and linear cells from the workspace's logs")
    func table1() async throws {
        let root = ProjectData.recordings
        let out = Self.folder("t1")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly([
            "horizon", "--traces", root + "/mobilehci17-touch", "--samples-ahead", "2,4,6", "--strategies", "none,linear",
            "--no-charts", "--quiet", "--out", out,
        ]) == 0)
        let table = try CSVTable(parsing: String(contentsOfFile: out + "/horizon.csv", encoding: .utf8))
        let means = table.rows.map { row in
            (row[table.header.firstIndex(of: "pool") ?? 0], row[table.header.firstIndex(of: "strategy") ?? 0],
             row[table.header.firstIndex(of: "horizon") ?? 0], Double(row[table.header.firstIndex(of: "error_mean") ?? 0]) ?? 0)
        }
        let write = means.filter { $0.0 == "WriteTasks" }.map { (($0.3 * 10).rounded() / 10) }
        #expect(write == [15.4, 29.7, 42.5, 7.8, 21.1, 38.5])
    }
}
