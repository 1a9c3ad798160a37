import Foundation
import InkTestSupport
import InkTraces
import Testing

@testable import BenchCLI

/// Messages that used to mislead (issue 29, item 4), and "did you mean" for names.
@Suite("Messages")
struct MessageTests {
    static let svc = ProjectData.path("Datasets/recordings/bdalab-handwriting-sample/svc_data/signal.svc")

    @Test("convert of an SVC with --scale 200 but times in the wrong unit warns with the rate and the likely cause; --strict refuses it")
    func implausibleImportWarns() async throws {
        let out = temporaryFolder("convert") + ".csv"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let plain = await benchCapturing(["convert", Self.svc, "--scale", "200", "--to", out])
        #expect(plain.status == 0)
        #expect(plain.stderr.contains("warning: implausible input rate 125000 Hz"), "\(plain.stderr)")
        #expect(plain.stderr.contains("--time-unit"))
        let strict = await benchCapturing(["convert", Self.svc, "--scale", "200", "--to", out, "--strict"])
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("signal.svc: implausible input rate 125000 Hz"))
        // With the manifest's scale and time unit (mm and s) the same file is plausible: no warning.
        let fine = await benchCapturing(["convert", Self.svc, "--scale", "1", "--time-unit", "s", "--to", out, "--strict"])
        #expect(fine.status == 0 && !fine.stderr.contains("warning"), "\(fine.stderr)")
    }

    @Test("convert takes --scale 'GLOB=VALUE' as run does, and refuses a glob that does not match the input")
    func convertScaleGlob() async throws {
        let out = temporaryFolder("convert glob") + ".csv"
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["convert", Self.svc, "--scale", "*.svc=1", "--time-unit", "s", "--to", out]) == 0)
        let wrong = await benchCapturing(["convert", Self.svc, "--scale", "*.csv=200", "--to", out])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("the glob '*.csv' does not match the input"))
    }

    @Test("an error of bench run names no root usage")
    func errorsWithoutRootUsage() async {
        let out = temporaryFolder("usage")
        defer { try? FileManager.default.removeItem(atPath: out) }
        for arguments in [["--budget", "overshoot_p99_mm<=0.5"], ["--chart-trace", "nope"], ["run", "--budget", "x"]] {
            let r = await benchCapturing(arguments + ["--out", out, "--quiet", "--no-charts"])
            #expect(r.status == 2)
            #expect(r.stderr.hasPrefix("Error: "), "\(r.stderr)")
            #expect(!r.stderr.contains("Usage: bench <subcommand>"), "\(r.stderr)")
        }
    }

    @Test("did you mean: subcommands, strategies, figures, presets")
    func didYouMean() async {
        let out = temporaryFolder("did you mean")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let cases: [([String], String)] = [
            (["rnu"], "did you mean 'run'?"),
            (["sweeep"], "did you mean 'sweep'?"),
            (["--strategies", "none,kalman-chromuim"], "did you mean 'kalman-chromium'?"),
            (["--budget", "overshot_p95_mm<=1"], "did you mean 'overshoot_p95_mm'?"),
            (["--preset", "ipad-6"], "did you mean 'ipad-60'?"),
        ]
        for (arguments, expected) in cases {
            let r = await benchCapturing(arguments + ["--out", out, "--quiet", "--no-charts"])
            #expect(r.status == 2)
            #expect(r.stderr.contains(expected), "\(arguments): \(r.stderr)")
        }
        #expect(Spelling.suggestion(for: "xyzzy", among: ["run", "sweep"]) == nil)
        #expect(Spelling.suggestion(for: "KALMAN", among: ["kalman", "linear"]) == "kalman")
    }

    @Test("a recording that cannot be read leads with its problem, not with --with-default-suite")
    func wrongColumnsMessage() async throws {
        let folder = temporaryFolder("wrong columns")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "# inkbench trace v1\nwhen,where\n1,2\n".write(toFile: folder + "/bad.csv", atomically: true, encoding: .utf8)
        let r = await benchCapturing(["--traces", folder + "/bad.csv", "--out", folder + "/out", "--quiet", "--no-charts"])
        #expect(r.status == 2)
        let firstLine = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.contains("bad.csv"), "\(r.stderr)")
        #expect(!firstLine.contains("--with-default-suite"), "\(r.stderr)")
    }

    @Test("compare of two folders: a sentence that reads, and the strategies in one folder only")
    func compareFolders() async throws {
        let root = temporaryFolder("compare")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(await benchQuietly(["--strategies", "none,linear,kalman", "--suite", "line", "--out", root + "/a", "--quiet", "--no-charts"]) == 0)
        #expect(await benchQuietly(["--strategies", "none,linear", "--suite", "line", "--out", root + "/b", "--quiet", "--no-charts"]) == 0)
        let (status, stdout) = try FirstScreenTests.runExecutable(["compare", root + "/a", root + "/b"])
        #expect(status == 0)
        #expect(stdout.contains("only in A (not compared): kalman"), "\(stdout)")
        #expect(stdout.contains("compared with A, B has the same latency within tolerance"), "\(stdout)")
        #expect(!stdout.contains(") than A"), "\(stdout)")
    }

    @Test("capture --help lists no option this build cannot use: TLS is built in")
    func captureHelp() {
        let help = BenchCommand.helpMessage(for: CaptureCommand.self)
        #expect(help.contains("--tls-cert") && help.contains("--make-cert"))
        #expect(!help.contains("Not available"))
    }

    @Test("a merged run counts its input samples as the unsharded run does")
    func mergedSampleCount() async throws {
        let root = temporaryFolder("merged samples")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = ["--strategies", "none,linear,kalman", "--quiet", "--no-charts"]
        #expect(await benchQuietly(run + ["--out", root + "/full"]) == 0)
        for k in 1...3 { #expect(await benchQuietly(run + ["--shard", "\(k)/3", "--out", root + "/s\(k)"]) == 0) }
        #expect(await benchQuietly(["merge", root + "/s1", root + "/s2", root + "/s3", "--out", root + "/merged", "--quiet", "--no-charts"]) == 0)
        func samples(_ folder: String) throws -> Int? {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))
            return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["samples_replayed"] as? Int
        }
        let full = try samples(root + "/full")
        #expect(full == 1350)
        #expect(try samples(root + "/merged") == full)
        let report = try String(contentsOfFile: root + "/merged/report.md", encoding: .utf8)
        #expect(report.contains("Replay: 1350 input samples"))
    }

    @Test("skips for one reason are summarised in one line with a count")
    func skipSummary() {
        let lines = SkipSummary.lines([
            "r/a.txt: no scale", "r/b.txt: no scale", "r/c.txt: no scale", "r/LICENSE: license text", "r/x.events:98: resolution 0",
        ])
        #expect(lines == ["skipped 3 files: no scale (a.txt, b.txt and 1 more)", "skipped: r/LICENSE: license text", "skipped: r/x.events:98: resolution 0"])
        // tune's --test set is summarised the same way, tagged.
        #expect(
            SkipSummary.lines(["t/a.txt: no scale", "t/b.txt: no scale", "t/c.json: bad"], context: "--test")
                == ["skipped 2 files (--test): no scale (a.txt, b.txt)", "skipped (--test): t/c.json: bad"])
    }
}
