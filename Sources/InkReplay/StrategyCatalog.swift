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
}

/// A built-in strategy: its name, what it is, its parameters, and how to build it.
public struct StrategyDefinition: Sendable {
    public var name: String
    public var about: String
    public var parameters: [StrategyParameter]
    /// Whether it needs recorded predictions in the trace (`recorded`).
    public var needsRecordedPredictions: Bool
    let build: @Sendable (_ values: [String: Double?]) throws(StrategySpecError) -> Strategy
}

/// A strategy name or parameter list that cannot be used, with what was expected.
public struct StrategySpecError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The built-in strategies and the `name:param=value,...` syntax that configures them.
///
/// ```swift
/// let kalman = try StrategyCatalog.parse("kalman:sigma_p=0.02,cap_ms=16")
/// let all = try StrategyCatalog.parseList("none,linear,kalman-chromium")
/// ```
public enum StrategyCatalog {
    /// The strategies a default run uses, in report order.
    public static let defaultNames = ["none", "linear", "quadratic", "kalman", "kalman-chromium"]

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
        kalman("kalman-chromium", "Chromium's Kalman predictor with its 25 ms horizon cap and 20 ms gap reset", cap: 25, gap: 20),
        StrategyDefinition(
            name: "recorded", about: "the predictions the recording platform made (traces that carry them)",
            parameters: [], needsRecordedPredictions: true,
            build: { _ throws(StrategySpecError) in
                Strategy(name: "recorded", needsRecordedPredictions: true) { stroke in
                    RecordedPredictor(tails: stroke.recordedPredictions ?? [])
                }
            }),
        braking(),
    ]

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
                let ready = value("ready_after") ?? 4
                guard ready == ready.rounded(), ready >= 1, ready <= 1000 else {
                    throw StrategySpecError("\(name): ready_after = \(ready) is invalid: expected an integer from 1 to 1000")
                }
                let filter = KalmanFilter.Parameters(
                    sigmaProcess: value("sigma_p") ?? 0.01, sigmaMeasurement: value("sigma_m") ?? 1,
                    stableIterations: Int(ready))
                let p = KalmanPredictor.Parameters(filter: filter, pixelSizeMM: value("px_mm") ?? 0.15875)
                do throws(PredictorParameterError) { try p.validate(predictor: name) } catch { throw StrategySpecError(error.description) }
                return Strategy(
                    name: name, parameters: describe(parameters, values), horizonCapMs: value("cap_ms"),
                    gapResetMs: value("gap_ms"), makePredictor: { _ in KalmanPredictor(parameters: p) })
            })
    }

    /// InkBench's own predictor (``BrakingPredictor``) with its constants and the harness limits.
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
                    liftRatio: value("lift_ratio") ?? d.liftRatio)
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
        builtIn.first { $0.name == name }
    }

    /// Builds a strategy from `name` or `name:param=value,param=value`. A value may be `off`
    /// for a limit. A strategy's own name in outputs includes its non-default parameters, e.g.
    /// `kalman[sigma_p=0.02]`.
    ///
    /// - Throws: ``StrategySpecError`` naming an unknown strategy (and listing the known ones),
    ///   an unknown parameter (listing the strategy's parameters) or a value that is not a number.
    public static func parse(_ text: String) throws(StrategySpecError) -> Strategy {
        let trimmed = text.trimmingSpaces
        let (name, rest) = trimmed.splitOnce(":")
        guard let definition = definition(named: name) else {
            throw StrategySpecError(
                "unknown strategy '\(name)'; known strategies: \(builtIn.map(\.name).joined(separator: ", "))")
        }
        var values: [String: Double?] = [:]
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
                if value == "off" || value == "none" {
                    values[p.name] = .some(nil)
                } else if let v = Double(value), v.isFinite {
                    if p.name.hasSuffix("_ms") && v < 0 {
                        throw StrategySpecError("\(name): \(p.name) = \(value) is invalid: expected a number of ms >= 0 or 'off'")
                    }
                    values[p.name] = .some(v)
                } else {
                    throw StrategySpecError("\(name): \(p.name) = '\(value)' is invalid: expected a finite number or 'off'")
                }
                given.append("\(p.name)=\(value)")
            }
        }
        for p in definition.parameters where values[p.name] == nil { values[p.name] = .some(p.defaultValue) }
        var strategy = try definition.build(values)
        if !given.isEmpty { strategy.name = "\(name)[\(given.joined(separator: ","))]" }
        return strategy
    }

    /// Splits a `--strategies` list on commas that start a new strategy name (commas inside a
    /// `name:a=1,b=2` parameter list stay with it) and parses each.
    public static func parseList(_ text: String) throws(StrategySpecError) -> [Strategy] {
        var items: [String] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if piece.contains("="), !piece.contains(":"), let last = items.popLast() {
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
