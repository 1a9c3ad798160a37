import Foundation
import InkImport
import InkSynthesis
import InkTestSupport
import Testing

@testable import BenchCLI

/// `bench browser` and `bench capture` from the command line.
@Suite("bench browser and capture", .serialized)
struct BrowserCommandTests {
    /// The default suite's fast S-curve (97 samples) as a trace CSV in `folder`.
    static func shortTrace(in folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let spec = try #require(SyntheticSuite.default.specs.first { $0.name == "s-curve fast" })
        let path = folder + "/fast.csv"
        try Data(TraceCSVWriter.write(try spec.generate(seed: 1)).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "bench browser writes the browser's predictions, and bench scores recorded equal to kalman-chromium",
        .enabled(if: Requirement.chromium.isMetOrRequired, Requirement.chromium.reason))
    func browserThenScore() async throws {
        let folder = temporaryFolder("browser")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = try Self.shortTrace(in: folder)
        let out = folder + "/fast-chromium.csv"
        let started = Date()
        var code: Int32 = -1
        for _ in 1...3 {  // browser timing has strays: up to 3 replays
            code = await benchQuietly(["browser", input, "--to", out, "--quiet", "--chromium", try Requirement.chromium.path()])
            if code == 0 { break }
        }
        print("bench browser on 97 samples: \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        #expect(code == 0)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("# chromium: ") && text.contains("getPredictedEvents()") && text.contains("px per mm"))
        #expect(text.contains(",predicted"))
        let manifest = try Data(contentsOf: URL(fileURLWithPath: folder + "/fast-chromium.manifest.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
        #expect((json["chromium"] as? [String: Any])?["version"] as? String != nil)
        let results = folder + "/results"
        #expect(await benchQuietly(["--traces", out, "--strategies", "none,kalman-chromium,recorded", "--out", results, "--quiet", "--no-charts"]) == 0)
        let summary = try String(contentsOfFile: results + "/summary.csv", encoding: .utf8)
        let rows = summary.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(rows.first)
        let latency = try #require(header.firstIndex(of: "perceived_latency_ms"))
        let p95 = try #require(header.firstIndex(of: "overshoot_p95_mm"))
        let port = try #require(rows.first { $0.count > 1 && $0[1] == "kalman-chromium" && $0[0] != "suite mean" })
        let browser = try #require(rows.first { $0.count > 1 && $0[1] == "recorded" && $0[0] != "suite mean" })
        #expect(port[latency] == browser[latency], "perceived latency: kalman-chromium \(port[latency]), browser \(browser[latency])")
        #expect(abs((Double(port[p95]) ?? .nan) - (Double(browser[p95]) ?? .nan)) <= 0.005)
    }

    @Test("bench browser without a browser says what to install and writes nothing")
    func noBrowser() async throws {
        let folder = temporaryFolder("browser missing")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = try Self.shortTrace(in: folder)
        let out = folder + "/never.csv"
        #expect(await benchQuietly(["browser", input, "--to", out, "--chromium", folder + "/no-such-chromium"]) == 2)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(!FileManager.default.fileExists(atPath: folder + "/never.manifest.json"))
    }

    @Test("bench capture: --write saves the page; missing TLS files and no action are refused")
    func captureWrite() async throws {
        let folder = temporaryFolder("capture")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(await benchQuietly(["capture", "--write", folder + "/capture.html"]) == 0)
        let page = try String(contentsOfFile: folder + "/capture.html", encoding: .utf8)
        #expect(page.contains("getPredictedEvents") && page.contains("inkbench-capture"))
        #expect(await benchQuietly(["capture", "--serve", "--port", "0", "--tls-cert", folder + "/a.pem", "--tls-key", folder + "/b.pem"]) == 2)
        #expect(await benchQuietly(["capture", "--serve", "--tls-cert", "a.pem"]) == 2)
        #expect(await benchQuietly(["capture"]) == 2)
    }
}
