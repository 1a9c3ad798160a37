import InkModels
import InkPrediction
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

    /// What a parameter's value is.
    public enum Kind: Sendable, Equatable {
        case number, path
    }

    /// A parameter of a strategy.
    ///
    /// - Parameters:
    ///   - name: its name in `name=value` lists (`gain`); a name ending in `_ms` is a number of ms >= 0.
    ///   - defaultValue: its default; `nil` means off.
    ///   - about: one line, with its unit.
    ///   - kind: a number (the default) or a file path.
    ///   - defaultText: the default of a path parameter, as text.
    public init(name: String, defaultValue: Double?, about: String, kind: Kind = .number, defaultText: String? = nil) {
        self.name = name
        self.defaultValue = defaultValue
        self.about = about
        self.kind = kind
        self.defaultText = defaultText
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
    /// A strategy of your own, for ``StrategyCatalog/added`` and `BenchMain.main(strategies:)`:
    /// `bench` lists it, parses `name:param=value,...` for it and runs it like a built-in.
    ///
    /// The horizon cap `cap_ms` and the gap reset `gap_ms` are added to `parameters` (both off
    /// by default), so `bench sweep` and `bench tune` can vary the cap of your predictor too.
    ///
    /// - Parameters:
    ///   - name: the name in `--strategies` (letters, digits, `-`, `_`; not a built-in's).
    ///   - about: one line: what it does.
    ///   - parameters: its own parameters with their defaults.
    ///   - makePredictor: builds a fresh predictor for each stroke from every parameter's value
    ///     (defaults filled in; a parameter set to `off` is absent). Throw a
    ///     ``StrategySpecError`` naming the parameter, the value and the expected range for a
    ///     value it cannot use: it is checked once when the strategy is parsed.
    ///
    /// ```swift
    /// let damped = StrategyDefinition(
    ///     name: "damped-linear", about: "linear over part of the horizon",
    ///     parameters: [StrategyParameter(name: "gain", defaultValue: 0.5, about: "share of the horizon (0...1)")]
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
                name: name, parameters: StrategyCatalog.describe(all, values), horizonCapMs: given["cap_ms"], gapResetMs: given["gap_ms"],
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

/// The built-in strategies and the `name:param=value,...` syntax that configures them, with
/// optional input stages in front: `oneeuro(beta=0.01)+kalman:cap_ms=16` (see ``specSyntax``).
///
/// ```swift
/// let kalman = try StrategyCatalog.parse("kalman:sigma_p=0.02,cap_ms=16")
/// let all = try StrategyCatalog.parseList("none,linear,kalman-chromium")
/// ```
public enum StrategyCatalog {
    /// The strategies a default run uses, in report order.
    public static let defaultNames = ["none", "linear", "quadratic", "kalman", "kalman-chromium"]

    /// Strategies added to the built-ins for the current task and its child tasks (a `bench`
    /// built with `BenchMain.main(strategies:)` sets them): parsed, listed and run like the built-ins.
    ///
    /// ```swift
    /// try StrategyCatalog.$added.withValue([damped]) { try StrategyCatalog.parse("damped-linear:gain=0.3") }
    /// ```
    @TaskLocal public static var added: [StrategyDefinition] = []

    /// The built-ins, then the added strategies.
    public static var all: [StrategyDefinition] { builtIn + added }

    /// A default run's strategies: ``defaultNames`` and every added strategy.
    public static var defaultRunNames: [String] { defaultNames + added.map(\.name) }

    static let limits: [StrategyParameter] = [
        StrategyParameter(name: "cap_ms", defaultValue: nil, about: "horizon cap in ms (off: predict to photon time)"),
        StrategyParameter(name: "gap_ms", defaultValue: nil, about: "reset the predictor after an input gap over this many ms (off: never)"),
    ]

    static func kalmanParameters(cap: Double?, gap: Double?) -> [StrategyParameter] {
        [
            StrategyParameter(name: "sigma_p", defaultValue: 0.01, about: "process noise scale (Chromium units: px, ms)"),
            StrategyParameter(name: "sigma_m", defaultValue: 1.0, about: "measurement noise variance (px^2)"),
            StrategyParameter(name: "ready_after", defaultValue: 4, about: "updates before predicting"),
            StrategyParameter(name: "px_mm", defaultValue: 0.15875, about: "size of Chromium's px in mm (160 per inch)"),
            StrategyParameter(name: "cap_ms", defaultValue: cap, about: "horizon cap in ms (off: predict to photon time)"),
            StrategyParameter(name: "gap_ms", defaultValue: gap, about: "reset after an input gap over this many ms (off: never)"),
        ]
    }

    /// Every built-in strategy.
    public static let builtIn: [StrategyDefinition] = [
        simple("none", "no prediction: shows the newest received sample (the baseline)") { NoPredictor() },
        simple("linear", "extrapolates the last two samples at constant velocity") { LinearPredictor() },
        simple("quadratic", "the quadratic through the last three samples") { QuadraticPredictor() },
        kalman("kalman", "Chromium's Kalman predictor, without limits", cap: nil, gap: nil),
        chromiumKalman(),
        StrategyDefinition(
            name: "recorded", about: "the predictions the recording platform made (traces that carry them)",
            parameters: [], needsRecordedPredictions: true,
            build: { _ throws(StrategySpecError) in
                Strategy(name: "recorded", needsRecordedPredictions: true) { stroke in
                    RecordedPredictor(tails: stroke.recordedPredictions ?? [])
                }
            }),
        android,
        braking(),
    ] + platformStrategies

    static func simple(
        _ name: String, _ about: String, _ make: @escaping @Sendable () -> some Predictor
    ) -> StrategyDefinition {
        StrategyDefinition(
            name: name, about: about, parameters: limits, needsRecordedPredictions: false,
            build: { values throws(StrategySpecError) in
                let cap = values["cap_ms"] ?? nil, gap = values["gap_ms"] ?? nil
                return Strategy(
                    name: name, parameters: describe(limits, values), horizonCapMs: cap, gapResetMs: gap,
                    makePredictor: { _ in make() })
            })
    }

    static func kalman(_ name: String, _ about: String, cap: Double?, gap: Double?) -> StrategyDefinition {
        let parameters = kalmanParameters(cap: cap, gap: gap)
        return StrategyDefinition(
            name: name, about: about, parameters: parameters, needsRecordedPredictions: false,
            build: { values throws(StrategySpecError) in
                func value(_ key: String) -> Double? { values[key] ?? nil }
                let ready = try readyAfter(value("ready_after") ?? 4, strategy: name)
                let filter = KalmanFilter.Parameters(
                    sigmaProcess: value("sigma_p") ?? 0.01, sigmaMeasurement: value("sigma_m") ?? 1,
                    stableIterations: ready)
                let p = KalmanPredictor.Parameters(filter: filter, pixelSizeMM: value("px_mm") ?? 0.15875)
                do throws(PredictorParameterError) { try p.validate(predictor: name) } catch { throw StrategySpecError(error.description) }
                return Strategy(
                    name: name, parameters: describe(parameters, values), horizonCapMs: value("cap_ms"),
                    gapResetMs: value("gap_ms"), makePredictor: { _ in KalmanPredictor(parameters: p) })
            })
    }

    /// `kalman-chromium`: ``/InkPrediction/ChromiumKalmanPredictor``, Chromium's predictor as a page sees it
    /// (the pen-down not fed, a list of points every Δ̄ within 25 ms, a reset after a 20 ms gap).
    /// Its limits are the predictor's own, so the harness applies none.
    static func chromiumKalman() -> StrategyDefinition {
        let name = "kalman-chromium"
        let parameters = Array(kalmanParameters(cap: nil, gap: nil).prefix(4)) + [
            StrategyParameter(name: "max_ms", defaultValue: 25, about: "points up to this many ms after the newest sample (kMaxPredictionTime)"),
            StrategyParameter(name: "gap_ms", defaultValue: 20, about: "reset after an input gap over this many ms (kMaxTimeDelta)"),
            StrategyParameter(name: "min_interval_ms", defaultValue: 2.5, about: "least spacing of the points in ms (kMinTimeInterval)"),
        ]
        return StrategyDefinition(
            name: name,
            about: "Chromium's Kalman predictor as pages get it: pen-down not fed, points every mean interval within 25 ms, 20 ms gap reset",
            parameters: parameters, needsRecordedPredictions: false,
            build: { values throws(StrategySpecError) in
                func value(_ key: String) throws(StrategySpecError) -> Double {
                    let p = parameters.first { $0.name == key }
                    guard let v = (values[key] ?? p?.defaultValue) ?? nil else {
                        throw StrategySpecError("\(name): \(key) cannot be 'off': expected a number")
                    }
                    return v
                }
                let ready = try readyAfter(try value("ready_after"), strategy: name)
                let filter = KalmanFilter.Parameters(
                    sigmaProcess: try value("sigma_p"), sigmaMeasurement: try value("sigma_m"), stableIterations: ready)
                let p = ChromiumKalmanPredictor.Parameters(
                    kalman: KalmanPredictor.Parameters(filter: filter, pixelSizeMM: try value("px_mm")),
                    maxPredictionMs: try value("max_ms"), gapResetMs: try value("gap_ms"),
                    minIntervalMs: try value("min_interval_ms"))
                do throws(PredictorParameterError) { try p.validate(predictor: name) } catch { throw StrategySpecError(error.description) }
                return Strategy(
                    name: name, parameters: describe(parameters, values),
                    makePredictor: { _ in ChromiumKalmanPredictor(parameters: p) })
            })
    }

    /// `ready_after` as a whole number in the range `KalmanFilter.Parameters.stableIterationsRange` states.
    static func readyAfter(_ value: Double, strategy name: String) throws(StrategySpecError) -> Int {
        let range = KalmanFilter.Parameters.stableIterationsRange
        guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw StrategySpecError(
                "\(name): ready_after = \(value) is invalid: expected an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(value)
    }

    /// InkBench's own predictor (``/InkPrediction/BrakingPredictor``) with its constants and the harness limits.
    /// Not in the default run.
    static func braking() -> StrategyDefinition {
        let d = BrakingPredictor.Parameters()
        let parameters = [
            StrategyParameter(name: "window_ms", defaultValue: d.windowMs, about: "fit window in ms (at least the newest 3 samples)"),
            StrategyParameter(name: "accel_gain", defaultValue: d.accelGain, about: "share of a speed-up that is extrapolated (0-4)"),
            StrategyParameter(name: "decel_gain", defaultValue: d.decelGain, about: "multiple of a slow-down that is extrapolated and sets the stopping point (0-10)"),
            StrategyParameter(name: "turn_gain", defaultValue: d.turnGain, about: "share of the turning acceleration that bends the prediction (0-4)"),
            StrategyParameter(name: "window_mm", defaultValue: d.windowMm, about: "fit window in mm of path (100: the time window alone)"),
            StrategyParameter(name: "turn_limit_rad", defaultValue: d.turnLimitRad, about: "direction cut-off: horizon cut to the time the pen turns this many radians"),
            StrategyParameter(name: "lift_ratio", defaultValue: d.liftRatio, about: "lift detector: pressure ratio to the last 100 ms's peak at which prediction stops (0: off)"),
            StrategyParameter(name: "bend_mm", defaultValue: d.bendMm, about: "bend cut-off: horizon cut so the pen's turning leaves the straight line by at most this many mm"),
            StrategyParameter(name: "lead_mm", defaultValue: d.leadMm, about: "lead cut-off: the prediction goes at most this many mm past the newest sample"),
            StrategyParameter(name: "cap_ms", defaultValue: BrakingPredictor.defaultCapMs, about: "horizon cap in ms (off: predict to photon time)"),
            StrategyParameter(name: "gap_ms", defaultValue: nil, about: "reset after an input gap over this many ms (off: never)"),
        ]
        return StrategyDefinition(
            name: "braking",
            about: "InkBench's own: a short least-squares fit extrapolated along the motion, braking to the stopping point when the pen slows",
            parameters: parameters, needsRecordedPredictions: false,
            build: { values throws(StrategySpecError) in
                func value(_ key: String) -> Double? { values[key] ?? nil }
                let p = BrakingPredictor.Parameters(
                    windowMs: value("window_ms") ?? d.windowMs, accelGain: value("accel_gain") ?? d.accelGain,
                    decelGain: value("decel_gain") ?? d.decelGain, turnGain: value("turn_gain") ?? d.turnGain,
                    windowMm: value("window_mm") ?? d.windowMm, turnLimitRad: value("turn_limit_rad") ?? d.turnLimitRad,
                    liftRatio: value("lift_ratio") ?? d.liftRatio, bendMm: value("bend_mm") ?? d.bendMm,
                    leadMm: value("lead_mm") ?? d.leadMm)
                do throws(PredictorParameterError) { try p.validate(predictor: "braking") } catch {
                    throw StrategySpecError(error.description)
                }
                return Strategy(
                    name: "braking", parameters: describe(parameters, values), horizonCapMs: value("cap_ms"),
                    gapResetMs: value("gap_ms"), makePredictor: { _ in BrakingPredictor(parameters: p) })
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

    /// Builds a strategy from `name` or `name:param=value,param=value`. A value may be `off`
    /// for a limit. A strategy's own name in outputs includes its non-default parameters, e.g.
    /// `kalman[sigma_p=0.02]`.
    ///
    /// - Throws: ``StrategySpecError`` naming an unknown strategy (and listing the known ones),
    ///   an unknown parameter (listing the strategy's parameters) or a value that is not a number.
    public static func parse(_ text: String) throws(StrategySpecError) -> Strategy {
        let (stageList, predictorText) = try splitStages(text.trimmingSpaces)
        try checkStageNames(stageList)
        let strategy = try parsePredictor(predictorText)
        return stageList.isEmpty ? strategy : try applyStages(stageList, to: strategy)
    }

    /// Parses `name` or `name:param=value,...` (no stages).
    static func parsePredictor(_ text: String) throws(StrategySpecError) -> Strategy {
        let trimmed = text.trimmingSpaces
        let (name, rest) = trimmed.splitOnce(":")
        guard let definition = definition(named: name) else {
            throw StrategySpecError(
                "unknown strategy '\(name)'; known strategies: \(all.map(\.name).joined(separator: ", "))")
        }
        var values: [String: Double?] = [:]
        var paths: [String: String] = [:]
        var given: [String] = []
        if let rest {
            for item in rest.split(separator: ",", omittingEmptySubsequences: false) {
                let (key, raw) = String(item).trimmingSpaces.splitOnce("=")
                guard let raw, !key.isEmpty else {
                    throw StrategySpecError("\(name): '\(item)' is not param=value")
                }
                guard let p = definition.parameters.first(where: { $0.name == key }) else {
                    let known = definition.parameters.map(\.name)
                    throw StrategySpecError(
                        "\(name): unknown parameter '\(key)'; "
                            + (known.isEmpty ? "it takes none" : "known: \(known.joined(separator: ", "))"))
                }
                let value = raw.trimmingSpaces
                if p.kind == .path {
                    guard !value.isEmpty else { throw StrategySpecError("\(name): \(p.name) is empty; expected a file path") }
                    paths[p.name] = value
                } else if value == "off" || value == "none" {
                    values[p.name] = .some(nil)
                } else if let v = Double(value), v.isFinite {
                    if p.name.hasSuffix("_ms") && !signedMsParameters.contains(p.name) && v < 0 {
                        throw StrategySpecError("\(name): \(p.name) = \(value) is invalid: expected a number of ms >= 0 or 'off'")
                    }
                    values[p.name] = .some(v)
                } else {
                    throw StrategySpecError("\(name): \(p.name) = '\(value)' is invalid: expected a finite number or 'off'")
                }
                given.append("\(p.name)=\(value)")
            }
        }
        for p in definition.parameters where p.kind == .number && values[p.name] == nil { values[p.name] = .some(p.defaultValue) }
        var strategy: Strategy
        if let buildWithPaths = definition.buildWithPaths {
            strategy = try buildWithPaths(values, paths)
        } else {
            strategy = try definition.build(values)
        }
        if !given.isEmpty { strategy.name = "\(name)[\(given.joined(separator: ","))]" }
        return strategy
    }

    /// Splits a `--strategies` list on commas that start a new strategy name (commas inside a
    /// `name:a=1,b=2` parameter list stay with it) and parses each.
    public static func parseList(_ text: String) throws(StrategySpecError) -> [Strategy] {
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
}

extension StrategyCatalog {
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
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }

    func splitOnce(_ separator: Character) -> (String, String?) {
        guard let i = firstIndex(of: separator) else { return (self, nil) }
        return (String(self[..<i]), String(self[index(after: i)...]))
    }
}
