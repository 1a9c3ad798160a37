import Foundation
import InkStrategies
import InkTestSupport
import Testing

@testable import BenchCLI

/// The README's claims checked against the tool: the default strategies, the strategy table,
/// the option help it quotes, the prerequisites section near the top.
@Suite("README claims")
struct ReadmeClaimsTests {
    static func readme() throws -> String { try String(contentsOfFile: ProjectData.path("README.md"), encoding: .utf8) }

    @Test("the default strategy list is the tool's, and nothing says the default is every built-in")
    func defaultStrategies() throws {
        let text = try Self.readme()
        let names = StrategyCatalog.defaultNames
        #expect(text.contains(names.joined(separator: ", ")), "the README names the default strategies in order")
        #expect(!text.contains("every built-in strategy"))
        let help = BenchCommand.helpMessage(for: RunCommand.self, columns: 1000)
        #expect(help.contains("(default: " + names.joined(separator: ",")), "--strategies help names the default list")
        #expect(!help.contains("every built-in"))
        // The README's terminal example ends with the pick line, as the tool does.
        #expect(text.contains("\nPick: none (no prediction): no predicting strategy fits the default budget"))
    }

    @Test("every built-in strategy has a row in the README's strategy table")
    func strategyTable() throws {
        let text = try Self.readme()
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for definition in StrategyCatalog.all {
            #expect(rows.contains { $0.contains("`\(definition.name)`") }, "\(definition.name) missing from the README's strategy table")
        }
    }

    @Test("--chart-trace: the README and the help say the same default")
    func chartTrace() throws {
        let text = try Self.readme()
        let help = BenchCommand.helpMessage(for: RunCommand.self, columns: 1000)
        let phrase = "else the trace with the most moving frames"
        #expect(help.contains(phrase))
        #expect(text.contains(phrase))
        #expect(!help.contains("else the first trace"))
    }

    @Test("Getting started with the prerequisites comes before line 60")
    func gettingStarted() throws {
        let lines = try Self.readme().split(separator: "\n", omittingEmptySubsequences: false)
        let at = try #require(lines.firstIndex { $0 == "## Getting started" })
        #expect(at < 60)
        let section = lines[at..<min(lines.count, at + 25)].joined(separator: "\n")
        for needed in ["Swift 6.3", "gnuplot", "Chromium", "scripts/test-summary.sh"] { #expect(section.contains(needed), "\(needed)") }
        #expect(FileManager.default.isExecutableFile(atPath: ProjectData.path("scripts/test-summary.sh")))
        #expect(try Self.readme().contains("Executed 0 tests"), "the README says what XCTest's line means")
    }
}
