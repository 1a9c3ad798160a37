import InkOutput
import InkReplay
import InkStrategies

/// The input stages and the spec syntax, for `bench list`.
enum StrategyListing {
    /// The lines that list the stages and say how to write them.
    static func stageLines() -> [String] {
        var lines = ["Input stages (STAGE(param=value,...)+NAME; filter first, then predict):"]
        for line in StrategySpec.syntax.split(separator: "\n") { lines.append("  " + line) }
        for stage in StrategyCatalog.stages {
            lines.append("  \(stage.name)")
            lines.append("      \(stage.about)")
            for p in stage.parameters { lines += parameterLines(p) }
        }
        return lines
    }

    /// A parameter's lines in the listing: `name=default`, then what it does (and its range
    /// where the parameter states one) from column 30, or on the next line for a path.
    static func parameterLines(_ p: StrategyParameter) -> [String] {
        let value = p.kind == .path ? (p.defaultText ?? "none") : p.defaultValue.map { NumberText.exact($0) } ?? "off"
        let head = "      \(p.name)=\(value)"
        if p.kind == .path { return [head, String(repeating: " ", count: 30) + p.about] }
        let range = p.range.flatMap { r in
            r.upperBound < .greatestFiniteMagnitude ? " (\(NumberText.exact(r.lowerBound)) to \(NumberText.exact(r.upperBound)))" : nil
        }
        return [padded(head, max(30, head.count + 2)) + p.about + (range ?? "")]
    }
}
