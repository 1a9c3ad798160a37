import InkPrediction
import InkReplay
import InkTraces

/// Strategies and stages whose parameters are a predictor's ``/InkPrediction/DescribedParameters``
/// type: the parameter list (names, defaults from the type's default value, docs), the range
/// checks and the values' way into the type all come from the type's `fields`, stated once in
/// InkPrediction.
extension StrategyCatalog {
    /// The strategy parameters of `fields` (`P`'s, or a subset for a variant that takes fewer),
    /// each with its value in `defaults` as its default; a path field lists its shown default.
    static func parameters<P: DescribedParameters>(of defaults: P, fields: [ParameterField<P>] = P.fields) -> [StrategyParameter] {
        fields.map { field in
            guard case .path(let shownDefault) = field.kind else {
                var p = StrategyParameter(name: field.name, defaultValue: field.value(in: defaults), about: field.about)
                p.unit = field.unit
                p.accepts = field.expected + (field.canBeOff ? " or 'off'" : "")
                return p
            }
            return StrategyParameter(name: field.name, defaultValue: nil, about: field.about, kind: .path, defaultText: shownDefault)
        }
    }

    /// `defaults` with the values given set (each checked against its field's range), then
    /// validated as a whole (the type's checks between parameters).
    ///
    /// - Parameters:
    ///   - defaults: the values of the parameters not given.
    ///   - fields: the fields that may be set (`P`'s, or the subset a variant takes).
    ///   - values: number values by field name (`nil`: off); names that are not fields are
    ///     ignored (the harness limits `cap_ms` and `gap_ms`).
    ///   - paths: the text of path fields given, by name (absent: `nil`, the harness's default).
    ///   - name: the strategy's name, for errors.
    /// - Throws: ``StrategySpecError`` naming the parameter, the value and what was expected.
    static func resolve<P: DescribedParameters>(
        _ defaults: P, fields: [ParameterField<P>] = P.fields, _ values: [String: Double?], paths: [String: String] = [:],
        strategy name: String
    ) throws(StrategySpecError) -> P {
        var p = defaults
        for field in fields {
            if case .path = field.kind {
                if let text = paths[field.name] { field.setText(text, in: &p) }
                continue
            }
            guard let given = values[field.name] else { continue }
            if given == nil && !field.canBeOff {
                throw StrategySpecError("\(name): \(field.name) cannot be 'off': expected a number")
            }
            do throws(PredictorParameterError) {
                try field.set(given, in: &p, predictor: name)
            } catch {
                throw StrategySpecError(error.description)
            }
        }
        do throws(PredictorParameterError) { try p.validate(predictor: name) } catch { throw StrategySpecError(error.description) }
        return p
    }

    /// A built-in strategy whose parameters are `P`'s fields, then `limits` (the harness's
    /// ``capMs(_:)`` and ``gapMs(_:about:)``, with the strategy's defaults; empty, or the cap
    /// alone, for a predictor that applies its own limits: a field called `gap_ms` is then the
    /// predictor's own).
    ///
    /// - Parameters:
    ///   - name: its name in `--strategies`.
    ///   - about: one line: what it does.
    ///   - defaults: the parameters' defaults (usually `P()`).
    ///   - fields: the fields it takes (`P`'s; a subset for a variant that uses fewer).
    ///   - limits: the harness limits it takes, after its own parameters.
    ///   - make: a fresh predictor from checked parameters (one per stroke).
    static func typed<P: DescribedParameters>(
        _ name: String, _ about: String, defaults: P, fields: [ParameterField<P>] = P.fields,
        limits: [StrategyParameter] = StrategyCatalog.limits, make: @escaping @Sendable (P) -> any Predictor
    ) -> StrategyDefinition {
        let parameters = parameters(of: defaults, fields: fields) + limits
        let takesGap = limits.contains { $0.name == "gap_ms" }
        return StrategyDefinition(
            name: name, about: about, parameters: parameters, needsRecordedPredictions: false,
            build: { values throws(StrategySpecError) in
                let p = try resolve(defaults, fields: fields, values, strategy: name)
                return Strategy(
                    name: name, parameters: describe(parameters, values),
                    gapResetMs: takesGap ? values["gap_ms"] ?? nil : nil, makePredictor: { _ in make(p) })
            })
    }

    /// An input stage whose parameters are `P`'s fields with the defaults of `defaults`; the
    /// checked parameters build the stage in front of each stroke's predictor
    /// (``/InkPrediction/StageParameters/stage(wrapping:)``).
    ///
    /// - Parameters:
    ///   - name: its name in `--strategies` (`name(param=value)+strategy`).
    ///   - about: one line: what it does.
    ///   - defaults: the parameters' defaults (usually `P()`).
    ///   - measuredInFrontOf: the built-in strategy its benchmark puts it in front of.
    static func typedStage<P: StageParameters>(
        _ name: String, _ about: String, defaults: P, measuredInFrontOf: String = "braking"
    ) -> StageDefinition {
        StageDefinition(
            name: name, about: about, parameters: parameters(of: defaults),
            build: { values throws(StrategySpecError) in
                let p = try resolve(defaults, values, strategy: name)
                return { base in p.stage(wrapping: base) }
            }, measuredInFrontOf: measuredInFrontOf)
    }
}
