import InkModels
import InkPrediction
import InkReplay
import InkTraces

/// A parameter a built-in strategy takes, with its default.
public struct StrategyParameter: Sendable, Equatable {
    /// Its name in `name=value` lists, e.g. `sigma_p`.
    public var name: String
    /// Its default; `nil` means off (for limits such as `cap_ms`).
    public var defaultValue: Double?
    /// One line: what it does, with its unit.
    public var about: String
    /// What its value is: a number (the default; `off` where ``defaultValue`` may be `nil`) or
    /// a file path (taken as text, up to the next comma; ``defaultText`` is its default).
    public var kind: Kind = .number
    /// The default of a ``Kind/path`` parameter, as text.
    public var defaultText: String? = nil
    /// The values the harness accepts for a parameter that has no parameter type of its own to
    /// validate it (the limits `cap_ms` and `gap_ms`, or a parameter of your own); `nil` where
    /// the predictor's parameter type validates the value (the one place its range is stated).
    /// Checked once, when the strategy is made.
    public var range: ClosedRange<Double>? = nil
    /// Its unit (`ms`, `mm`, `Hz`, ...), or empty for a plain number, share or switch: stated by
    /// the predictor's ``/InkPrediction/ParameterField`` for a typed parameter.
    public var unit: String = ""
    /// The values its predictor's parameter type accepts, in words (`a finite number > 0`);
    /// `nil` where ``range`` (or nothing) states them.
    public var accepts: String? = nil

    /// The values accepted, in words, for the docs table: ``accepts``, else ``range``'s, else
    /// any finite number (`or 'off'` where the default may be off).
    public var acceptedText: String {
        if let accepts { return accepts }
        let off = defaultValue == nil ? " or 'off'" : ""
        if kind == .path { return "a file path" }
        guard let range else { return "a finite number" + off }
        return (range.upperBound == .greatestFiniteMagnitude
            ? "a number >= \(StrategyCatalog.formatNumber(range.lowerBound))"
            : "a number from \(StrategyCatalog.formatNumber(range.lowerBound)) to \(StrategyCatalog.formatNumber(range.upperBound))") + off
    }

    /// What a parameter's value is.
    public enum Kind: Sendable, Equatable {
        case number, path
    }

    /// A parameter of a strategy.
    ///
    /// - Parameters:
    ///   - name: its name in `name=value` lists (`gain`).
    ///   - defaultValue: its default; `nil` means off.
    ///   - about: one line, with its unit.
    ///   - kind: a number (the default) or a file path.
    ///   - defaultText: the default of a path parameter, as text.
    ///   - range: the values accepted, checked before the strategy is made (`nil`: any finite
    ///     number; state a range here or in the predictor's own check, not both).
    public init(
        name: String, defaultValue: Double?, about: String, kind: Kind = .number, defaultText: String? = nil,
        range: ClosedRange<Double>? = nil
    ) {
        self.name = name
        self.defaultValue = defaultValue
        self.about = about
        self.kind = kind
        self.defaultText = defaultText
        self.range = range
    }

    /// Throws if `value` is outside ``range``, naming the strategy, the parameter, the value and the range.
    func check(_ value: Double, strategy: String) throws(StrategySpecError) {
        guard let range, !range.contains(value) else { return }
        let expected =
            range.upperBound == .greatestFiniteMagnitude
            ? "a number >= \(StrategyCatalog.formatNumber(range.lowerBound))"
            : "a number from \(StrategyCatalog.formatNumber(range.lowerBound)) to \(StrategyCatalog.formatNumber(range.upperBound))"
        throw StrategySpecError(
            "\(strategy): \(name) = \(StrategyCatalog.formatNumber(value)) is invalid: expected \(expected)"
                + (defaultValue == nil ? " or 'off'" : ""))
    }
}

/// A built-in strategy: its name, what it is, its parameters, and how to build it.
public struct StrategyDefinition: Sendable {
    public var name: String
    public var about: String
    public var parameters: [StrategyParameter]
    /// Whether it needs recorded predictions in the trace (`recorded`).
    public var needsRecordedPredictions: Bool
    let build: @Sendable (_ values: [String: Double?]) throws(StrategySpecError) -> Strategy
    /// Builds a strategy that also takes ``StrategyParameter/Kind/path`` parameters (the text of
    /// those given, by name; the builder applies its own default, which may depend on the
    /// environment); used instead of `build` when set.
    var buildWithPaths: (@Sendable (_ values: [String: Double?], _ paths: [String: String]) throws(StrategySpecError) -> Strategy)? = nil
}

extension StrategyDefinition {
    /// The parameter called `key`.
    ///
    /// - Throws: ``StrategySpecError`` naming the strategy and listing its parameters.
    public func parameter(named key: String) throws(StrategySpecError) -> StrategyParameter {
        guard let p = parameters.first(where: { $0.name == key }) else {
            let known = parameters.map(\.name)
            throw StrategySpecError(
                "\(name): unknown parameter '\(key)'; "
                    + (known.isEmpty ? "it takes none" : "known: \(known.joined(separator: ", "))"))
        }
        return p
    }

    /// Makes the strategy from parameter values: the one place a definition's values are
    /// checked (each parameter's ``StrategyParameter/range``, then the predictor's own check) and
    /// its defaults filled in. The strategy is named plainly (`kalman`); a caller that names
    /// the values given (the `--strategies` grammar) renames it.
    ///
    /// - Parameters:
    ///   - values: number parameters by name; `nil` for `off`; absent ones take their default.
    ///   - paths: ``StrategyParameter/Kind/path`` parameters by name (absent: the builder's default).
    /// - Throws: ``StrategySpecError`` naming an unknown parameter, a value that is not finite or
    ///   is out of range, with the range expected.
    ///
    /// ```swift
    /// let capped = try StrategyCatalog.definition(named: "kalman")?.strategy(["cap_ms": 16])
    /// ```
    public func strategy(_ values: [String: Double?] = [:], paths: [String: String] = [:]) throws(StrategySpecError) -> Strategy {
        var resolved: [String: Double?] = [:]
        for (key, value) in values {
            let p = try parameter(named: key)
            if let value {
                guard value.isFinite else {
                    throw StrategySpecError("\(name): \(key) = \(value) is invalid: expected a finite number or 'off'")
                }
                try p.check(value, strategy: name)
            }
            resolved[key] = .some(value)
        }
        for key in paths.keys {
            guard try parameter(named: key).kind == .path else {
                throw StrategySpecError("\(name): \(key) is a number, not a file path")
            }
        }
        for p in parameters where p.kind == .number && resolved[p.name] == nil { resolved[p.name] = .some(p.defaultValue) }
        var strategy: Strategy
        if let buildWithPaths { strategy = try buildWithPaths(resolved, paths) } else { strategy = try build(resolved) }
        // The harness's horizon cap, checked above with every other value, is set here for
        // every definition that takes it: the one place `cap_ms` becomes `Strategy.capMs`.
        if parameters.contains(where: StrategyCatalog.isHarnessCap) { strategy.capMs = resolved[StrategyCatalog.capName] ?? nil }
        return strategy
    }

    /// A strategy of your own, for ``StrategyCatalog/added`` and `BenchMain.main(strategies:)`:
    /// `bench` lists it, parses `name:param=value,...` for it and runs it like a built-in.
    ///
    /// The horizon cap `cap_ms` and the gap reset `gap_ms` are added to `parameters` (both off
    /// by default), so `bench sweep` and `bench tune` can vary the cap of your predictor too.
    ///
    /// - Parameters:
    ///   - name: the name in `--strategies` (letters, digits, `-`, `_`; not a built-in's).
    ///   - about: one line: what it does.
    ///   - parameters: its own parameters with their defaults (and a ``StrategyParameter/range``
    ///     where `makePredictor` does not check the value itself).
    ///   - makePredictor: builds a fresh predictor for each stroke from every parameter's value
    ///     (defaults filled in; a parameter set to `off` is absent). Throw a
    ///     ``StrategySpecError`` naming the parameter, the value and the expected range for a
    ///     value it cannot use: it is checked once when the strategy is parsed.
    ///
    /// ```swift
    /// let damped = StrategyDefinition(
    ///     name: "damped-linear", about: "linear over part of the horizon",
    ///     parameters: [StrategyParameter(name: "gain", defaultValue: 0.5, about: "share of the horizon", range: 0...1)]
    /// ) { values in DampedLinearPredictor(gain: values["gain"] ?? 0.5) }
    /// ```
    public init(
        name: String, about: String, parameters: [StrategyParameter],
        makePredictor: @escaping @Sendable (_ values: [String: Double]) throws(StrategySpecError) -> any Predictor
    ) {
        let all = parameters.filter { p in !StrategyCatalog.limits.contains { $0.name == p.name } } + StrategyCatalog.limits
        self.name = name
        self.about = about
        self.parameters = all
        self.needsRecordedPredictions = false
        self.build = { values throws(StrategySpecError) in
            var given: [String: Double] = [:]
            for (k, v) in values { if let v { given[k] = v } }
            _ = try makePredictor(given)  // validate once, at parse time
            let resolved = given
            return Strategy(
                name: name, parameters: StrategyCatalog.describe(all, values), gapResetMs: given["gap_ms"],
                makePredictor: { _ in (try? makePredictor(resolved)) ?? NoPredictor() })
        }
    }
}

/// A strategy name or parameter list that cannot be used, with what was expected.
public struct StrategySpecError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The built-in strategies: each one's name, parameters (with their defaults and, where no
/// parameter type checks them, their ranges) and how to make its predictor, and the input
/// stages. The text syntax that names them (`oneeuro(beta=0.01)+kalman:cap_ms=16`) is the
/// command line's, `StrategySpec`, in this module too.
///
/// ```swift
/// let kalman = try StrategyCatalog.strategy(named: "kalman", ["sigma_p": 0.02, "cap_ms": 16])
/// let all = try StrategyCatalog.strategies(named: StrategyCatalog.defaultNames)
/// ```
public enum StrategyCatalog {
    /// The strategies a default run uses, in report order.
    public static let defaultNames = ["none", "linear", "quadratic", "kalman", "kalman-chromium"]

    /// Strategies added to the built-ins for the current task and its child tasks (a `bench`
    /// built with `BenchMain.main(strategies:)` sets them): parsed, listed and run like the built-ins.
    ///
    /// ```swift
    /// try StrategyCatalog.$added.withValue([damped]) { try StrategyCatalog.strategy(named: "damped-linear", ["gain": 0.3]) }
    /// ```
    @TaskLocal public static var added: [StrategyDefinition] = []

    /// The built-ins, then the added strategies.
    public static var all: [StrategyDefinition] { builtIn + added }

    /// A default run's strategies: ``defaultNames`` and every added strategy.
    public static var defaultRunNames: [String] { defaultNames + added.map(\.name) }

    /// The harness limits every predicting strategy takes: ``capMs(_:)`` and ``gapMs(_:)``, both off.
    static let limits: [StrategyParameter] = [capMs(nil), gapMs(nil, about: "reset the predictor after an input gap over this many ms (off: never)")]

    /// The range of the harness limits (they have no parameter type of their own): the timing
    /// model's range for any latency in ms, ``/InkTraces/InputLimits/latencyMs`` (0 to 10 s), the
    /// same range `--horizon-cap-ms` takes. A horizon cap or gap beyond it means nothing at
    /// 240 Hz input, and `bench tune` draws its candidate values from this range (issue 29,
    /// hostile item 8: `cap_ms=4...1e300` was accepted).
    static let msRange: ClosedRange<Double> = InputLimits.latencyMs

    /// The harness's horizon cap `cap_ms` with a default (`nil`: off). A definition that lists
    /// it gets its value as ``/InkReplay/Strategy/capMs`` from ``StrategyDefinition/strategy(_:paths:)``;
    /// no builder reads it.
    static func capMs(_ defaultValue: Double?) -> StrategyParameter {
        var p = StrategyParameter(name: capName, defaultValue: defaultValue, about: "horizon cap in ms (off: predict to photon time)", range: msRange)
        p.unit = "ms"
        return p
    }

    /// The harness cap's name in `name=value` lists.
    static let capName = "cap_ms"

    /// Whether `p` is the harness's horizon cap (``capMs(_:)`` with any default), not a
    /// predictor's own parameter that happens to share its name.
    static func isHarnessCap(_ p: StrategyParameter) -> Bool { p == capMs(p.defaultValue) }

    /// The harness's gap reset `gap_ms` with a default (`nil`: off).
    static func gapMs(
        _ defaultValue: Double?, about: String = "reset after an input gap over this many ms (off: never)"
    ) -> StrategyParameter {
        var p = StrategyParameter(name: "gap_ms", defaultValue: defaultValue, about: about, range: msRange)
        p.unit = "ms"
        return p
    }

    /// Every built-in strategy.
    public static let builtIn: [StrategyDefinition] = [
        simple("none", "no prediction: shows the newest received sample (the baseline)") { NoPredictor() },
        simple("linear", "extrapolates the last two samples at constant velocity") { LinearPredictor() },
        simple("quadratic", "the quadratic through the last three samples") { QuadraticPredictor() },
        typed(
            "kalman", "Chromium's Kalman predictor, without limits", defaults: KalmanPredictor.Parameters(),
            limits: [capMs(nil), gapMs(nil)]
        ) { KalmanPredictor(parameters: $0) },
        typed(
            "kalman-chromium",
            "Chromium's Kalman predictor as pages get it: pen-down not fed, points every mean interval within 25 ms, 20 ms gap reset",
            defaults: ChromiumKalmanPredictor.Parameters(), limits: []
        ) { ChromiumKalmanPredictor(parameters: $0) },
        StrategyDefinition(
            name: "recorded", about: "the predictions the recording platform made (traces that carry them)",
            parameters: [], needsRecordedPredictions: true,
            build: { _ throws(StrategySpecError) in
                Strategy(name: "recorded", needsRecordedPredictions: true) { stroke in
                    RecordedPredictor(tails: stroke.recordedPredictions ?? [])
                }
            }),
        android,
        typed(
            "braking",
            "InkBench's own: a short weighted least-squares fit followed along the arc of its curvature, braking to where a slowing pen stops, trusting a bend and leading the newest sample only so far, stopping when pressure falls",
            defaults: BrakingPredictor.Parameters(), limits: [capMs(BrakingPredictor.defaultCapMs), gapMs(nil)]
        ) { BrakingPredictor(parameters: $0) },
    ] + platformStrategies

    static func simple(
        _ name: String, _ about: String, _ make: @escaping @Sendable () -> some Predictor
    ) -> StrategyDefinition {
        StrategyDefinition(
            name: name, about: about, parameters: limits, needsRecordedPredictions: false,
            build: { values throws(StrategySpecError) in
                let gap = values["gap_ms"] ?? nil
                return Strategy(
                    name: name, parameters: describe(limits, values), gapResetMs: gap,
                    makePredictor: { _ in make() })
            })
    }

    static func describe(_ parameters: [StrategyParameter], _ values: [String: Double?]) -> [(name: String, value: String)] {
        parameters.map { p in
            let v = values[p.name] ?? p.defaultValue
            return (p.name, v.map { formatNumber($0) } ?? "off")
        }
    }

    /// Shortest round-trip text for a parameter value.
    static func formatNumber(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }

    /// The definition of a built-in strategy, or `nil`.
    public static func definition(named name: String) -> StrategyDefinition? {
        builtIn.first { $0.name == name } ?? added.first { $0.name == name }
    }

    /// Makes a built-in or added strategy by name from parameter values (the others take their
    /// defaults), named after the values given in the definition's order, e.g.
    /// `kalman[sigma_p=0.02,cap_ms=16]`, as the `--strategies` grammar names them.
    ///
    /// - Throws: ``StrategySpecError`` naming an unknown strategy (listing the known ones), an
    ///   unknown parameter or a value out of range.
    public static func strategy(named name: String, _ values: [String: Double?] = [:]) throws(StrategySpecError) -> Strategy {
        var strategy = try definitionOrError(named: name).strategy(values)
        let given = (definition(named: name)?.parameters ?? []).compactMap { p in
            values[p.name].map { "\(p.name)=\($0.map(formatNumber) ?? "off")" }
        }
        if !given.isEmpty { strategy.name = "\(name)[\(given.joined(separator: ","))]" }
        return strategy
    }

    /// Makes strategies by name with their defaults (``defaultNames``, for example).
    ///
    /// - Throws: ``StrategySpecError`` for the first unknown name.
    public static func strategies(named names: [String]) throws(StrategySpecError) -> [Strategy] {
        var out: [Strategy] = []
        for name in names { out.append(try strategy(named: name)) }
        return out
    }

    /// The definition called `name`.
    ///
    /// - Throws: ``StrategySpecError`` listing the known strategies.
    public static func definitionOrError(named name: String) throws(StrategySpecError) -> StrategyDefinition {
        guard let definition = definition(named: name) else {
            throw StrategySpecError(
                "unknown strategy '\(name)'\(Spelling.didYouMean(name, among: all.map(\.name))); known strategies: \(all.map(\.name).joined(separator: ", "))")
        }
        return definition
    }

    /// The stage called `name`.
    ///
    /// - Throws: ``StrategySpecError`` listing the known stages (and saying so when `name` is a
    ///   predictor written first).
    public static func stage(named name: String) throws(StrategySpecError) -> StageDefinition {
        guard let stage = stages.first(where: { $0.name == name }) else {
            let isStrategy = definition(named: name) != nil
            throw StrategySpecError(
                "unknown input stage '\(name)'"
                    + (isStrategy ? " ('\(name)' is a predictor: write stages first, e.g. oneeuro+\(name))" : "")
                    + "; known stages: \(stages.map(\.name).joined(separator: ", "))")
        }
        return stage
    }
}
