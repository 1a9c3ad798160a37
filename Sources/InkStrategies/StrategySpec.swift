import InkTraces
import InkReplay

/// The `--strategies` grammar: text such as `oneeuro(beta=0.01)+kalman:cap_ms=16` to the
/// strategies of the `StrategyCatalog`. Only the text is handled here (names, `=`,
/// commas, parentheses, `off`); the values are checked once, by the catalog's definitions.
///
/// A strategy's name in outputs includes the parameters written, as written:
/// `kalman[sigma_p=0.02]`, `oneeuro(beta=0.01)+kalman`.
///
/// ```swift
/// let kalman = try StrategySpec.parse("kalman:sigma_p=0.02,cap_ms=16")
/// let all = try StrategySpec.parseList("none,linear,kalman-chromium")
/// ```
package enum StrategySpec {
    /// The syntax, for `bench list` and errors.
    package static let syntax = """
        A strategy is NAME or NAME:param=value,param=value (its own parameters after the colon).
        Input stages go in front, each joined by '+', with their parameters in parentheses:
        STAGE(param=value,...)+...+NAME:param=value. Stages run in the order written, before the
        predictor (filter first, then predict); a parameter in parentheses belongs to the stage
        before it, one after ':' to the predictor. Example:
          oneeuro(mincutoff=1,beta=0.01)+kalman-chromium:cap_ms=16
        """

    /// Builds a strategy from `name`, `name:param=value,param=value` or stages in front of
    /// either. A predictor's value may be `off` (for a limit).
    ///
    /// - Throws: `StrategySpecError` naming an unknown strategy or stage (listing the known
    ///   ones), an unknown parameter (listing the strategy's parameters), text that is not
    ///   `param=value`, or a value that is not a number or is out of range.
    package static func parse(_ text: String) throws(StrategySpecError) -> Strategy {
        let (stageList, predictorText) = try splitStages(text.trimmingSpaces)
        for (name, _) in stageList { _ = try StrategyCatalog.stage(named: name) }
        let strategy = try parsePredictor(predictorText)
        return stageList.isEmpty ? strategy : try applyStages(stageList, to: strategy)
    }

    /// Splits a `--strategies` list on commas that start a new strategy name (commas inside a
    /// `name:a=1,b=2` parameter list stay with it) and parses each.
    ///
    /// - Throws: `StrategySpecError` for an empty name or the first strategy that does not parse.
    package static func parseList(_ text: String) throws(StrategySpecError) -> [Strategy] {
        var items: [String] = []
        for piece in splitOutsideParentheses(text) {
            if piece.contains("="), !piece.contains(":"), !piece.contains("("), !piece.contains("+"), let last = items.popLast() {
                items.append(last + "," + piece)
            } else {
                items.append(piece)
            }
        }
        guard !items.isEmpty, !items.contains(where: { $0.trimmingSpaces.isEmpty }) else {
            throw StrategySpecError("empty strategy name in '\(text)'; expected names separated by commas")
        }
        var out: [Strategy] = []
        for item in items { out.append(try parse(item)) }
        return out
    }

    /// Parses `name` or `name:param=value,...` (no stages).
    static func parsePredictor(_ text: String) throws(StrategySpecError) -> Strategy {
        let (name, rest) = text.trimmingSpaces.splitOnce(":")
        let definition = try StrategyCatalog.definitionOrError(named: name)
        var values: [String: Double?] = [:]
        var paths: [String: String] = [:]
        var given: [String] = []
        for (key, value) in try pairs(rest, of: name) {
            let p = try definition.parameter(named: key)
            if p.kind == .path {
                guard !value.isEmpty else { throw StrategySpecError("\(name): \(p.name) is empty; expected a file path") }
                paths[p.name] = value
            } else if value == "off" || value == "none" {
                values[p.name] = .some(nil)
            } else {
                switch DecimalText.parse(value) {
                case .success(let v): values[p.name] = .some(v)
                case .failure(let problem):
                    throw StrategySpecError("\(name): \(p.name) = '\(value)' is invalid (\(problem.text)): expected a finite decimal number or 'off'")
                }
            }
            given.append("\(p.name)=\(value)")
        }
        var strategy = try definition.strategy(values, paths: paths)
        if !given.isEmpty { strategy.name = "\(name)[\(given.joined(separator: ","))]" }
        return strategy
    }

    /// The `key=value` items of a parameter list (`nil`: none), trimmed, in the order written.
    ///
    /// - Throws: `StrategySpecError` for an item that is not `param=value`, or a parameter given
    ///   twice (which value counts would be a guess, and the name would show both).
    static func pairs(_ list: String?, of name: String) throws(StrategySpecError) -> [(key: String, value: String)] {
        guard let list else { return [] }
        var out: [(key: String, value: String)] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let (key, raw) = String(item).trimmingSpaces.splitOnce("=")
            guard let raw, !key.isEmpty else { throw StrategySpecError("\(name): '\(item)' is not param=value") }
            if let earlier = out.first(where: { $0.key == key }) {
                throw StrategySpecError("\(name): \(key) is given twice ('\(earlier.value)' and '\(raw.trimmingSpaces)'); expected each parameter once")
            }
            out.append((key, raw.trimmingSpaces))
        }
        return out
    }

    /// Splits on commas outside parentheses (a stage's `oneeuro(a=1,b=2)` stays whole).
    static func splitOutsideParentheses(_ text: String) -> [String] {
        var pieces: [String] = [], current = "", depth = 0
        for c in text {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if c == "," && depth <= 0 {
                pieces.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        pieces.append(current)
        return pieces
    }

    /// Parses `STAGE(params)+...+rest` into its stages (name, parameter text) and the rest.
    static func splitStages(_ text: String) throws(StrategySpecError) -> (stages: [(String, String?)], rest: String) {
        var stages: [(String, String?)] = []
        var rest = Substring(text)
        while true {
            // A '+' at parenthesis depth 0 before any ':' ends a stage.
            var depth = 0, plus: String.Index? = nil
            var i = rest.startIndex
            scan: while i < rest.endIndex {
                switch rest[i] {
                case "(": depth += 1
                case ")": depth -= 1
                case ":" where depth == 0: break scan
                case "+" where depth == 0:
                    plus = i
                    break scan
                default: break
                }
                i = rest.index(after: i)
            }
            guard let plus else { break }
            let stage = String(rest[..<plus]).trimmingSpaces
            rest = rest[rest.index(after: plus)...]
            if let open = stage.firstIndex(of: "(") {
                guard stage.hasSuffix(")") else {
                    throw StrategySpecError("stage '\(stage)': expected NAME(param=value,...) with a closing ')'")
                }
                let inner = stage[stage.index(after: open)..<stage.index(before: stage.endIndex)]
                stages.append((String(stage[..<open]).trimmingSpaces, String(inner)))
            } else {
                stages.append((stage, nil))
            }
        }
        return (stages, String(rest))
    }

    /// Applies parsed stages to a strategy, the last written first (so the first written filters first).
    static func applyStages(_ parsed: [(String, String?)], to strategy: Strategy) throws(StrategySpecError) -> Strategy {
        var strategy = strategy
        for (name, text) in parsed.reversed() {
            let stage = try StrategyCatalog.stage(named: name)
            var values: [String: Double] = [:]
            var given: [String] = []
            for (key, raw) in try pairs(text.flatMap { $0.isEmpty ? nil : $0 }, of: name) {
                guard stage.parameters.contains(where: { $0.name == key }) else {
                    throw StrategySpecError(
                        "\(name): '\(key)=\(raw)' is not param=value with a known parameter; known: "
                            + stage.parameters.map(\.name).joined(separator: ", "))
                }
                let v: Double
                switch DecimalText.parse(raw) {
                case .success(let parsed): v = parsed
                case .failure(let problem):
                    throw StrategySpecError("\(name): \(key) = '\(raw)' is invalid (\(problem.text)): expected a finite decimal number")
                }
                values[key] = v
                given.append("\(key)=\(raw)")
            }
            let inner = strategy.name
            strategy = try stage.applied(to: strategy, values)
            strategy.name = name + (given.isEmpty ? "" : "(\(given.joined(separator: ",")))") + "+" + inner
        }
        return strategy
    }
}

extension String {
    /// The text without leading and trailing spaces (only U+0020, as the grammar allows),
    /// scalar by scalar as every trim in the project (`trimmingScalars`): a space followed by
    /// a combining mark is trimmed and the mark kept, so an error names the mark.
    fileprivate var trimmingSpaces: String { trimmingScalars { $0 == " " } }

    /// The text before the first `separator` and the rest after it (`nil` without one).
    fileprivate func splitOnce(_ separator: Character) -> (String, String?) {
        guard let i = firstIndex(of: separator) else { return (self, nil) }
        return (String(self[..<i]), String(self[index(after: i)...]))
    }
}
