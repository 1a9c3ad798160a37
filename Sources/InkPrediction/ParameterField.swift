/// The values a predictor parameter accepts: an interval (closed, or open at its lower end),
/// optionally whole numbers only, with the words an error uses for it.
///
/// ```swift
/// ParameterRange.closed(1, 200)        // a finite number from 1 to 200
/// ParameterRange.above(0)              // a finite number > 0
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
    /// What an error says was expected, e.g. `a finite number > 0`.
    public var expected: String

    /// A range with the words its errors use.
    ///
    /// - Parameters:
    ///   - lowerBound: the lowest value, or the bound values must exceed.
    ///   - excludesLowerBound: whether `lowerBound` itself is refused.
    ///   - upperBound: the highest value (`.infinity`: none).
    ///   - wholeNumbers: whether only whole numbers are accepted.
    ///   - expected: what an error says was expected.
    public init(lowerBound: Double, excludesLowerBound: Bool, upperBound: Double, wholeNumbers: Bool, expected: String) {
        self.lowerBound = lowerBound
        self.excludesLowerBound = excludesLowerBound
        self.upperBound = upperBound
        self.wholeNumbers = wholeNumbers
        self.expected = expected
    }

    /// Whether `value` is accepted: finite, within the bounds and, where asked, whole.
    @inlinable
    public func contains(_ value: Double) -> Bool {
        value.isFinite && (excludesLowerBound ? value > lowerBound : value >= lowerBound) && value <= upperBound
            && (!wholeNumbers || value == value.rounded())
    }

    /// From `low` to `high`, both included (`expected` defaults to `a finite number from low to high`).
    public static func closed(_ low: Double, _ high: Double, expected: String? = nil) -> ParameterRange {
        ParameterRange(
            lowerBound: low, excludesLowerBound: false, upperBound: high, wholeNumbers: false,
            expected: expected ?? "a finite number from \(low) to \(high)")
    }

    /// Greater than `low`, at most `high` (`.infinity`: no upper bound).
    public static func above(_ low: Double, atMost high: Double = .infinity, expected: String? = nil) -> ParameterRange {
        ParameterRange(
            lowerBound: low, excludesLowerBound: true, upperBound: high, wholeNumbers: false,
            expected: expected ?? (high == .infinity ? "a finite number > \(low)" : "a finite number > \(low) and <= \(high)"))
    }

    /// At least `low`, no upper bound.
    public static func atLeast(_ low: Double, expected: String? = nil) -> ParameterRange {
        ParameterRange(
            lowerBound: low, excludesLowerBound: false, upperBound: .infinity, wholeNumbers: false,
            expected: expected ?? "a finite number >= \(low)")
    }

    /// The whole numbers in `range` (an `Int` parameter).
    public static func integers(_ range: ClosedRange<Int>) -> ParameterRange {
        ParameterRange(
            lowerBound: Double(range.lowerBound), excludesLowerBound: false, upperBound: Double(range.upperBound),
            wholeNumbers: true, expected: "an integer from \(range.lowerBound) to \(range.upperBound)")
    }

    /// 0 or 1: a `Bool` parameter (1: true).
    public static let flag = ParameterRange(
        lowerBound: 0, excludesLowerBound: false, upperBound: 1, wholeNumbers: true, expected: "0 or 1")
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
    /// The values accepted.
    public let range: ParameterRange
    /// One line: what it does (the `bench list` and docs text).
    public let about: String
    /// Whether the parameter may be `off` (an optional property).
    public let canBeOff: Bool
    private let read: @Sendable (Root) -> Double?
    private let write: @Sendable (inout Root, Double?) -> Void

    private init(
        name: String, unit: String, range: ParameterRange, about: String, canBeOff: Bool,
        read: @escaping @Sendable (Root) -> Double?, write: @escaping @Sendable (inout Root, Double?) -> Void
    ) {
        self.name = name
        self.unit = unit
        self.range = range
        self.about = about
        self.canBeOff = canBeOff
        self.read = read
        self.write = write
    }

    /// A `Double` property.
    public init(
        _ name: String, _ keyPath: WritableKeyPath<Root, Double> & Sendable, unit: String, range: ParameterRange, about: String
    ) {
        self.init(
            name: name, unit: unit, range: range, about: about, canBeOff: false, read: { $0[keyPath: keyPath] },
            write: { root, value in if let value { root[keyPath: keyPath] = value } })
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

    /// The field's value in `parameters` (`nil`: off).
    public func value(in parameters: Root) -> Double? { read(parameters) }

    /// Sets the field in `parameters` after checking `value` (`nil`: off).
    ///
    /// - Throws: ``PredictorParameterError`` for a value outside ``range``, or `nil` where the
    ///   parameter cannot be off (expected `a number`).
    public func set(_ value: Double?, in parameters: inout Root, predictor: String) throws(PredictorParameterError) {
        if let value {
            try check(value, predictor: predictor)
        } else if !canBeOff {
            throw PredictorParameterError(predictor: predictor, parameter: name, value: .nan, expected: "a number, not 'off'")
        }
        write(&parameters, value)
    }

    /// Throws a ``PredictorParameterError`` if `value` is outside ``range``.
    public func check(_ value: Double, predictor: String) throws(PredictorParameterError) {
        guard range.contains(value) else {
            throw PredictorParameterError(predictor: predictor, parameter: name, value: value, expected: range.expected)
        }
    }

    /// The same field seen from a type that holds `Root` at `keyPath` (a predictor whose
    /// parameters nest another's, like Chromium's Kalman predictor around the filter's).
    public func nested<Outer>(in keyPath: WritableKeyPath<Outer, Root> & Sendable) -> ParameterField<Outer> {
        let read = self.read, write = self.write
        return ParameterField<Outer>(
            name: name, unit: unit, range: range, about: about, canBeOff: canBeOff,
            read: { read($0[keyPath: keyPath]) }, write: { outer, value in write(&outer[keyPath: keyPath], value) })
    }
}

/// A predictor's `Parameters` type that states its parameters once, as ``fields``: the
/// harness derives the strategy's parameter list, its `name=value` parsing, `bench list`, the
/// sweep and tune look-ups, the docs table and the range checks from them.
///
/// Each type keeps a `validate(predictor:)` that calls ``validateFields(predictor:)`` and then
/// makes its checks between parameters (for example `min_delta_ms <= max_delta_ms`).
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
    /// Throws a ``PredictorParameterError`` naming the first field (in ``fields`` order) out of its range.
    public func validateFields(predictor: String) throws(PredictorParameterError) {
        for field in Self.fields {
            if let value = field.value(in: self) { try field.check(value, predictor: predictor) }
        }
    }

    /// The field called `name`, or `nil`.
    public static func field(named name: String) -> ParameterField<Self>? {
        fields.first { $0.name == name }
    }
}
