import Foundation
import InkTestSupport
import Testing

@testable import BenchCLI

/// The report's "By device and input rate" section: present when traces name devices, with
/// each device, each rate band and the worst device per strategy; absent from a synthetic run.
@Suite("report: by device and input rate")
struct ReportBreakdownTests {
    @Test func recordingsGetTheSection() async throws {
        let out = temporaryFolder("breakdown")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let arguments = [
            "--traces", ProjectData.recordings + "/google-ink-stylus", ProjectData.recordings + "/evemu-sample/tablets",
            "--manifest", ProjectData.recordingsManifest, "--resample-hz", "120",
            "--strategies", "none,linear,kalman-chromium", "--phases", "1", "--out", out, "--quiet", "--no-charts",
        ]
        #expect(await benchQuietly(arguments) == 0)
        let md = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        let section = try #require(md.components(separatedBy: "## By device and input rate").last?.components(separatedBy: "## Per trace").first)
        // (The Cintiq's two short strokes have too few moving frames for the suite mean at one phase.)
        for device in ["Android stylus, Google Ink (model not stated)", "Wacom Intuos4 6x9"] {
            #expect(section.contains("| \(device) | linear |"), "\(device)")
        }
        // 250 Hz and 167 Hz recordings, and their 120 Hz copies.
        #expect(section.contains("| 150-300 Hz | linear |"))
        #expect(section.contains("| < 150 Hz | linear |"))
        #expect(!section.contains("> 300 Hz"))
        #expect(section.contains("- `linear`: worst device **"))
        #expect(!section.contains("- `none`: worst device"))
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.contains("<h2>By device and input rate</h2>"))
    }

    @Test func aSyntheticRunHasNone() async throws {
        let out = temporaryFolder("breakdown synthetic")
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await benchQuietly(["--strategies", "none,linear", "--phases", "1", "--out", out, "--quiet", "--no-charts"]) == 0)
        let md = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(!md.contains("By device and input rate"))
    }
}
