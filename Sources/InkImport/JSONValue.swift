/// A JSON value with the 1-based line it starts on, so that a reader can name the line of a
/// value it refuses (``JSONParser`` makes them); the project's one JSON value type, also built
/// in code (line 0, from literals or ``number(_:)``) and written back as text by
/// ``text(pretty:sortedKeys:)`` (the DevTools messages and `bench browser`'s manifest).
///
/// Numbers are `Double`s (integers are exact up to 2^53), objects keep their members in order
/// (duplicates included, as parsed).
///
/// ```swift
/// let root = try JSONParser.parse(Array(#"{"x": [1, true]}"#.utf8), file: "a.json")
/// root.member("x")?.elements?[1].describe   // "true"
/// let message: JSONValue = ["id": .number(Double(7)), "method": "Browser.getVersion"]
/// String(decoding: try message.text(), as: UTF8.self)   // {"id":7,"method":"Browser.getVersion"}
/// ```
package indirect enum JSONValue: Sendable {
    case null(line: Int)
    case bool(Bool, line: Int)
    case number(Double, line: Int)
    case string(String, line: Int)
    case array([JSONValue], line: Int)
    /// An array of numbers written on one line (a capture's sample row): kept as doubles, one
    /// allocation instead of one per number, so a large capture costs a few times its size.
    case numbers([Double], line: Int)
    case object([(key: String, value: JSONValue)], line: Int)

    /// The line the value starts on.
    package var line: Int {
        switch self {
        case .null(let l), .bool(_, let l), .number(_, let l), .string(_, let l), .array(_, let l), .numbers(_, let l), .object(_, let l): l
        }
    }

    /// The number, if the value is one (`true`, `"12"` and `null` are not).
    package var number: Double? { if case .number(let v, _) = self { v } else { nil } }
    /// The string, if the value is one.
    package var string: String? { if case .string(let v, _) = self { v } else { nil } }
    /// `true` for the JSON literal `true` only (never a number or a string).
    package var isTrue: Bool { if case .bool(let v, _) = self { v } else { false } }
    /// The elements, if the value is an array.
    package var elements: [JSONValue]? {
        switch self {
        case .array(let v, _): v
        case .numbers(let v, let line): v.map { .number($0, line: line) }
        default: nil
        }
    }
    /// The numbers, if the value is an array of numbers only.
    package var numberElements: [Double]? {
        if case .numbers(let v, _) = self { return v }
        guard case .array(let v, _) = self else { return nil }
        var out: [Double] = []
        out.reserveCapacity(v.count)
        for e in v {
            guard let n = e.number else { return nil }
            out.append(n)
        }
        return out
    }
    /// The members in file order, if the value is an object.
    package var members: [(key: String, value: JSONValue)]? { if case .object(let v, _) = self { v } else { nil } }

    /// The last member named `key` (as JSON parsers commonly keep), if the value is an object.
    package func member(_ key: String) -> JSONValue? { members?.last { $0.key == key }?.value }

    /// The value for messages: `true`, `null`, `the string "12"`, `an array`, `an object`, `3.5`.
    package var describe: String {
        switch self {
        case .null: "null"
        case .bool(let b, _): b ? "true" : "false"
        case .number(let v, _): "\(v)"
        case .string(let s, _): "the string \"\(s.prefix(40))\""
        case .array, .numbers: "an array"
        case .object: "an object"
        }
    }
}
