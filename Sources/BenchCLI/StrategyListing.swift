import InkBenchKit
import InkReplay

/// The input stages and the spec syntax, for `bench list`.
enum StrategyListing {
    /// The lines that list the stages and say how to write them.
    static func stageLines() -> [String] {
        var lines = ["Input stages (STAGE(param=value,...)+NAME; filter first, then predict):"]
        for line in StrategySpec.syntax.split(separator: "\n") { lines.append("  " + line) }
        for stage in StrategyCatalog.stages {
            lines.append("  \(stage.name)")
            lines.append("      \(stage.about)")
            for p in stage.parameters {
                let value = p.defaultValue.map { CSVText.number($0) } ?? "off"
                let head = "      \(p.name)=\(value)"
                lines.append(head.padding(toLength: max(30, head.count + 2), withPad: " ", startingAt: 0) + p.about)
            }
        }
        return lines
    }
}
