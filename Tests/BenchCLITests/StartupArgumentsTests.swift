@testable import BenchCLI
import Foundation
import Testing

/// Issue 28: the start and the end of `bench run` without Foundation's formatter or a
/// `git` started late.
@Suite("bench: start-up hints and the final line")
struct StartupArgumentsTests {
    /// The final line's numbers are those `String(format:)` gave (it loaded ICU's locale
    /// data for them: about 1.4 ms per process).
    @Test
    func finalLineMatchesTheFormatter() {
        for elapsed in [0.0, 0.004, 0.125, 0.2049, 1.6, 12.345, 3_600.5] {
            for replay in [0.0, 0.0031, 0.0899, 0.8, 7.25] {
                for samples in [0, 1, 19_300, 864_001] {
                    let rate = replay > 0 ? Double(samples) / replay : 0
                    let overall = elapsed > 0 ? Double(samples) / elapsed : 0
                    let old = String(
                        format: "done in %.2f s for %d input samples (%.0f samples/s end to end); replay and scoring %.2f s (%.0f samples/s)",
                        locale: Locale(identifier: "en_US_POSIX"), elapsed, samples, overall, replay, rate)
                    #expect(FinalLine.text(elapsedSeconds: elapsed, replaySeconds: replay, samples: samples) == old)
                }
            }
        }
    }

    /// `git` starts before parsing for `run` (named or the default), `sweep` and `tune`;
    /// never for help, the version or the other subcommands.
    @Test
    func gitStartsEarlyOnlyForCommandsThatRecordTheCommit() {
        #expect(BenchMain.recordsCommit([]))
        #expect(BenchMain.recordsCommit(["run", "--traces", "a.csv"]))
        #expect(BenchMain.recordsCommit(["--strategies", "none"]))
        #expect(BenchMain.recordsCommit(["sweep", "--caps", "4,8"]))
        #expect(BenchMain.recordsCommit(["tune"]))
        #expect(!BenchMain.recordsCommit(["list"]))
        #expect(!BenchMain.recordsCommit(["convert", "a.svc"]))
        #expect(!BenchMain.recordsCommit(["run", "--help"]))
        #expect(!BenchMain.recordsCommit(["--version"]))
        #expect(!BenchMain.recordsCommit(["help"]))
    }
}
