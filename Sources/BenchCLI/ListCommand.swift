import ArgumentParser
import InkBenchKit
import InkReplay
import InkStrategies

/// `bench list`: the built-in strategies with their parameters and defaults, the timing
/// presets and the suites.
///
/// ```
/// bench list
/// bench list --markdown    # the docs' parameter table
/// ```
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the strategies (with parameters and defaults), timing presets and suites.")

    @Flag(help: "Print the parameter reference of every strategy and stage as a Markdown table (docs/predictors.md holds it).")
    var markdown = false

    init() {}

    func run() throws {
        print(markdown ? StrategyReference.markdownTable() : Self.text())
    }

    /// The listing.
    static func text() -> String {
        var lines = ["Strategies (--strategies NAME or NAME:param=value,param=value; 'off' turns a limit off):"]
        for d in StrategyCatalog.all {
            lines.append("  \(d.name)\(StrategyCatalog.defaultRunNames.contains(d.name) ? "" : " (not in the default list)")")
            lines.append("      \(d.about)")
            for p in d.parameters { lines += StrategyListing.parameterLines(p) }
        }
        lines.append("")
        lines.append(contentsOf: StrategyListing.stageLines())
        lines.append("")
        lines.append("Timing presets (--preset NAME):")
        for p in Timing.presets {
            lines.append("  \(padded(p.name, 16))\(p.about): \(p.timing.summary)")
        }
        lines.append("")
        lines.append("Suites (--suite NAME):")
        for s in SuiteFile.builtIn {
            lines.append("  \(padded(s.name, 16))\(s.about)")
        }
        for name in SuiteFile.available() {
            let about: String
            if let suite = try? SuiteFile.resolve(name, defaultInputRateHz: 240) {
                about = "\(suite.file ?? name): \(suite.suite.specs.count) traces (\(suite.suite.specs.map(\.name).joined(separator: ", ")))"
            } else {
                about = "\(SuiteFile.datasetsFolder)/\(name).suite (cannot be read: run it to see the error)"
            }
            lines.append("  \(padded(name, 16))\(about)")
        }
        return lines.joined(separator: "\n")
    }
}

/// `text` cut or padded with spaces to `length` characters (Foundation's
/// `padding(toLength:withPad: " ", startingAt: 0)` for the ASCII names it is given).
func padded(_ text: String, _ length: Int) -> String {
    let cut = String(text.prefix(length))
    return cut + String(repeating: " ", count: length - cut.count)
}
