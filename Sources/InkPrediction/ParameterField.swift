/// The values a predictor parameter accepts: an interval (closed, or open at its lower end),
/// optionally whole numbers only. What an error says was expected is derived from the bounds
/// and the parameter's unit (``expected(unit:)``), so the range is stated once.
///
/// ```swift
/// ParameterRange.closed(1, 200)        // from 1 to 200
/// ParameterRange.above(0)              // > 0
/// ParameterRange.flag                  // 0 or 1 (a Bool parameter)
/// ```
public struct ParameterRange: Sendable, Equatable {
    /// The lowest value (or the bound values must exceed, where ``excludesLowerBound``).
    public var lowerBound: Double
    /// Whether ``lowerBound`` itself is refused (`> 0` rather than `>= 0`).
    public var excludesLowerBound: Bool
    /// The highest value accepted (`.infinity`: no upper bound; the value must still be finite).
    public var upperBound: Double
    /// Whether only whole numbers are accepted (an `Int` or `Bool` parameter).
    public var wholeNumbers: Bool
    /// Another parameter of the same type (by its name) that the value may not exceed: a bound
    /// between parameters (`start_ms` at most `cap_max_ms`), checked by
    /// ``DescribedParameters/validateFields(predictor:)`` and shown as `and at most NAME`;
    /// `nil`: none.
    public var atMostField: String?

    /// A range.
    ///
    /// - Parameters:
    ///   - lowerBound: the lowest value, or the bound values must exceed.
    ///   - excludesLowerBound: whether `lowerBound` itself is refused.
    ///   - upperBound: the highest value (`.infinity`: none).
    ///   - wholeNumbers: whether only whole numbers are accepted.
    ///   - atMostField: the name of another parameter of the same type the value may not
    ///     exceed, or `nil`.
    public init(lowerBound: Double, excludesLowerBound: Bool, upperBound: Double, wholeNumbers: Bool, atMostField: String? = nil) {
        self.lowerBound = lowerBound
        self.excludesLowerBound = excludesLowerBound
        self.upperBound = upperBound
        self.wholeNumbers = wholeNumbers
        self.atMostField = atMostField
    }

    /// Whether `value` is accepted: finite, within the bounds and, where asked, whole
    /// (``atMostField`` is checked with the other parameter's value, by
    /// ``DescribedParameters/validateFields(predictor:)``).
    @inlinable
    public func contains(_ value: Double) -> Bool {
        value.isFinite && (excludesLowerBound ? value > lowerBound : value >= lowerBound) && value <= upperBound
            && (!wholeNumbers || value == value.rounded())
    }

    /// What an error says was expected, derived from the bounds: `a number of ms from 0 to
    /// 1000`, `a finite number > 0`, `an integer from 1 to 1000`, `0 or 1`, then `and at most
    /// NAME` for ``atMostField``.
    ///
    /// - Parameter unit: the parameter's unit (`ms`, `px^2`, ...; empty: a plain number).
    public func expected(unit: String = "") -> String {
        let text: String
        if wholeNumbers && lowerBound == 0 && upperBound == 1 {
            text = "0 or 1"
        } else {
            let noun: String
            if wholeNumbers {
                noun = "an integer"
            } else if unit.isEmpty {
                noun = "a finite number"
            } else {
                noun = unit.allSatisfy(\.isLetter) ? "a number of \(unit)" : "a number in \(unit)"
            }
            let low = Self.text(lowerBound), high = Self.text(upperBound)
            switch (excludesLowerBound, upperBound == .infinity) {
            case (false, false): text = "\(noun) from \(low) to \(high)"
            case (false, true): text = "\(noun) >= \(low)"
            case (true, false): text = "\(noun) > \(low) and at most \(high)"
            case (true, true): text = "\(noun) > \(low)"
            }
        }
        return atMostField.map { text + " and at most " + $0 } ?? text
    }

    /// A bound as text: whole numbers without a decimal point (`1000`, not `1000.0`).
    static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }

    /// From `low` to `high`, both included, and at most the parameter `atMostField` where named.
    public static func closed(_ low: Double, _ high: Double, atMostField: String? = nil) -> ParameterRange {
        ParameterRange(lowerBound: low, excludesLowerBound: false, upperBound: high, wholeNumbers: false, atMostField: atMostField)
    }

    /// Greater than `low`, at most `high` (`.infinity`: no upper bound), and at most the
    /// parameter `atMostField` where named.
    public static func above(_ low: Double, atMost high: Double = .infinity, atMostField: String? = nil) -> ParameterRange {
        ParameterRange(lowerBound: low, excludesLowerBound: true, upperBound: high, wholeNumbers: false, atMostField: atMostField)
    }

    /// At least `low`, no upper bound, and at most the parameter `atMostField` where named.
    public static func atLeast(_ low: Double, atMostField: String? = nil) -> ParameterRange {
        ParameterRange(lowerBound: low, excludesLowerBound: false, upperBound: .infinity, wholeNumbers: false, atMostField: atMostField)
    }

    /// The whole numbers in `range` (an `Int` parameter).
    public static func integers(_ range: ClosedRange<Int>) -> ParameterRange {
        ParameterRange(
            lowerBound: Double(range.lowerBound), excludesLowerBound: false, upperBound: Double(range.upperBound), wholeNumbers: true)
    }

    /// 0 or 1: a `Bool` parameter (1: true).
    public static let flag = ParameterRange(lowerBound: 0, excludesLowerBound: false, upperBound: 1, wholeNumbers: true)
}

/// What a ``ParameterField``'s value is.
public enum ParameterKind: Sendable, Equatable {
    /// A number (`Double`, `Double?`, `Int` or `Bool` property).
    case number
    /// A file path, taken as text up to the next comma; `nil` in the parameters means the
    /// harness's default, which may depend on the environment, shown as `shownDefault`.
    case path(shownDefault: String)
}

/// One parameter of a predictor's `Parameters` type, stated once: its name in `name=value`
/// lists, its unit, its range, a one-line doc, and where it lives in the type (a key path).
/// The default is not stated here: it is the field's value in the type's default instance.
///
/// A `Bool` property is the number 0 or 1 and an `Int` property a whole number, so every
/// parameter is read and written as a `Double` (`nil`: off, for an optional property).
///
/// ```swift
/// extension MyPredictor.Parameters: DescribedParameters {
///     public static let fields: [ParameterField<Self>] = [
///         ParameterField("gain", \.gain, unit: "", range: .closed(0, 1), about: "share of the horizon (0-1)")
///     ]
/// }
/// ```
public struct ParameterField<Root>: Sendable {
    /// Its name in `name=value` lists, e.g. `window_ms`.
    public let name: String
    /// Its unit (`ms`, `mm`, `Hz`, `px^2`, ...), or empty for a plain number, share or switch.
    public let unit: String
    /// The values accepted (a ``ParameterKind/path(shownDefault:)`` field: unused).
    public let range: ParameterRange
    /// One line: what it does (the `bench list` and docs text).
    public let about: String
    /// Whether the parameter may be `off` (an optional property).
    public let canBeOff: Bool
    /// What its value is: a number (read and written as a `Double`), or a file path (text).
    public let kind: ParameterKind
    private let read: @Sendable (Root) -> Double?
    private let write: @Sendable (inout Root, Double?) -> Void
    private let readText: @Sendable (Root) -> String?
    private let writeText: @Sendable (inout Root, String?) -> Void

    private init(
        name: String, unit: String, range: ParameterRange, about: String, canBeOff: Bool, kind: ParameterKind = .number,
        read: @escaping @Sendable (Root) -> Double?, write: @escaping @Sendable (inout Root, Double?) -> Void,
        readText: @escaping @Sendable (Root) -> String? = { _ in nil },
        writeText: @escaping @Sendable (inout Root, String?) -> Void = { _, _ in }
    ) {
        self.name = name
        self.unit = unit
        self.range = range
        self.about = about
        self.canBeOff = canBeOff
        self.kind = kind
        self.read = read
        self.write = write
        self.readText = readText
        self.writeText = writeText
    }

    /// A `Double` property.
    public init(
        _ name: String, _ keyPath: WritableKeyPath<Root, Double> & Sendable, unit: String, range: ParameterRange, about: String
    ) {
        self.init(
            name: name, unit: unit, range: range, about: about, canBeOff: false, read: { $0[keyPath: keyPath] },
            write: { root, value in if let value { root[keyPath: keyPath] = value } })
    }

    /// A `Double` property that holds the reciprocal of the parameter: a rate given in Hz (the
    /// parameter, checked against `range`) kept as an interval in s (the property).
    public init(
        _ name: String, reciprocalOf keyPath: WritableKeyPath<Root, Double> & Sendable, unit: String, range: ParameterRange,
        about: String
    ) {
        self.init(
            name: name, unit: unit, range: range, about: about, canBeOff: false, read: { 1 / $0[keyPath: keyPath] },
            write: { root, value in if let value { root[keyPath: keyPath] = 1 / value } })
    }

    /// An optional `Double` property: `nil` is `off`.
    public init(
        _ name: String, _ keyPath: WritableKeyPath<Root, Double?> & Sendable, unit: String, range: ParameterRange, about: String
    ) {
        self.init(
            name: name, unit: unit, range: range, about: about, canBeOff: true, read: { $0[keyPath: keyPath] },
            write: { root, value in root[keyPath: keyPath] = value })
    }

    /// An `Int` property; `range` must be whole numbers (``ParameterRange/integers(_:)``).
    public init(
        _ name: String, _ keyPath: WritableKeyPath<Root, Int> & Sendable, unit: String, range: ParameterRange, about: String
    ) {
        self.init(
            name: name, unit: unit, range: range, about: about, canBeOff: false, read: { Double($0[keyPath: keyPath]) },
            write: { root, value in if let value, value.isFinite, abs(value) < 1e15 { root[keyPath: keyPath] = Int(value) } })
    }

    /// A `Bool` property: 1 is `true`, 0 `false` (range ``ParameterRange/flag``).
    public init(_ name: String, _ keyPath: WritableKeyPath<Root, Bool> & Sendable, about: String) {
        self.init(
            name: name, unit: "", range: .flag, about: about, canBeOff: false, read: { $0[keyPath: keyPath] ? 1 : 0 },
            write: { root, value in if let value { root[keyPath: keyPath] = value == 1 } })
    }

    /// A file path (an optional `String` property; `nil`: the harness's default, which it
    /// resolves itself and lists as `shownDefault`). Its value is text, never a number:
    /// ``value(in:)`` is `nil` and ``text(in:)`` reads it.
    public init(_ name: String, path keyPath: WritableKeyPath<Root, String?> & Sendable, shownDefault: String, about: String) {
        self.init(
            name: name, unit: "", range: .atLeast(.infinity), about: about, canBeOff: false, kind: .path(shownDefault: shownDefault),
            read: { _ in nil }, write: { _, _ in }, readText: { $0[keyPath: keyPath] },
            writeText: { root, text in root[keyPath: keyPath] = text })
    }

    /// What an error says was expected: ``range``'s text in ``unit``, derived from its bounds.
    public var expected: String { range.expected(unit: unit) }

    /// The text of a ``ParameterKind/path(shownDefault:)`` field in `parameters` (`nil`: the default, or a number field).
    public func text(in parameters: Root) -> String? { readText(parameters) }

    /// Sets a ``ParameterKind/path(shownDefault:)`` field's text (`nil`: the default); does nothing to a number field.
    public func setText(_ text: String?, in parameters: inout Root) { writeText(&parameters, text) }

    /// The field's value in `parameters` (`nil`: off).
    public func value(in parameters: Root) -> Double? { read(parameters) }

    /// Sets the field in `parameters` after checking `value` (`nil`: off).
    ///
    /// - Throws: ``PredictorParameterError`` for a value outside ``range``, `nil` where the
    ///   parameter cannot be off (expected `a number`), or any value for a ``ParameterKind/path(shownDefault:)`` field.
    public func set(_ value: Double?, in parameters: inout Root, predictor: String) throws(PredictorParameterError) {
        if case .path = kind {
            throw PredictorParameterError(predictor: predictor, parameter: name, value: value ?? .nan, expected: "a file path, not a number")
        }
        if let value {
            try check(value, predictor: predictor)
        } else if !canBeOff {
            throw PredictorParameterError(predictor: predictor, parameter: name, value: .nan, expected: "a number, not 'off'")
        }
        write(&parameters, value)
    }

    /// Throws a ``PredictorParameterError`` if `value` is outside ``range``; what it says was
    /// expected is ``expected``, with `or 'off'` where the parameter may be off.
    public func check(_ value: Double, predictor: String) throws(PredictorParameterError) {
        guard range.contains(value) else {
            throw PredictorParameterError(
                predictor: predictor, parameter: name, value: value, expected: canBeOff ? expected + " or 'off'" : expected)
        }
    }

    /// The same field seen from a type that holds `Root` at `keyPath` (a predictor whose
    /// parameters nest another's, like Chromium's Kalman predictor around the filter's).
    public func nested<Outer>(in keyPath: WritableKeyPath<Outer, Root> & Sendable) -> ParameterField<Outer> {
        let read = self.read, write = self.write, readText = self.readText, writeText = self.writeText
        return ParameterField<Outer>(
            name: name, unit: unit, range: range, about: about, canBeOff: canBeOff,
            kind: kind, read: { read($0[keyPath: keyPath]) }, write: { outer, value in write(&outer[keyPath: keyPath], value) },
            readText: { readText($0[keyPath: keyPath]) }, writeText: { outer, text in writeText(&outer[keyPath: keyPath], text) })
    }
}

/// A predictor's `Parameters` type that states its parameters once, as ``fields``: the
/// harness derives the strategy's parameter list, its `name=value` parsing, `bench list`, the
/// sweep and tune look-ups, the docs table and the range checks from them.
///
/// Each type keeps a `validate(predictor:)` that calls ``validateFields(predictor:)`` and then
/// makes any check between parameters a field's range cannot state (a bound by another field's
/// value, `start_ms` at most `cap_max_ms`, is stated in the range: ``ParameterRange/atMostField``).
public protocol DescribedParameters: Sendable {
    /// Every parameter a strategy of this type takes, in listing order.
    static var fields: [ParameterField<Self>] { get }

    /// Throws a ``PredictorParameterError`` naming the first parameter out of range: the
    /// fields' ranges (``validateFields(predictor:)``), then any check between parameters.
    ///
    /// - Parameter predictor: the name errors give the predictor (the strategy's name).
    func validate(predictor: String) throws(PredictorParameterError)
}

extension DescribedParameters {
    /// Throws a ``PredictorParameterError`` naming the first field (in ``fields`` order) out of
    /// its range, then the first whose value exceeds the field its range names
    /// (``ParameterRange/atMostField``; the error gives that field's value). A field that is
    /// off, or names no field of the type, is not compared.
    public func validateFields(predictor: String) throws(PredictorParameterError) {
        for field in Self.fields {
            if let value = field.value(in: self) { try field.check(value, predictor: predictor) }
        }
        for field in Self.fields {
            guard let other = field.range.atMostField else { continue }
            // A bound naming no field of this type is the type's own mistake (a misspelt name),
            // refused on every validation, so the defaults' own tests catch it.
            guard let boundField = Self.field(named: other) else {
                throw PredictorParameterError(
                    predictor: predictor, parameter: field.name, value: field.value(in: self) ?? .nan,
                    expected: field.expected + " (no parameter \(other) in \(predictor))")
            }
            guard let value = field.value(in: self), let bound = boundField.value(in: self), value > bound else { continue }
            throw PredictorParameterError(
                predictor: predictor, parameter: field.name, value: value,
                expected: field.expected + " (\(other) = \(ParameterRange.text(bound)))")
        }
    }

    /// The field called `name`, or `nil`.
    public static func field(named name: String) -> ParameterField<Self>? {
        fields.first { $0.name == name }
    }
}
