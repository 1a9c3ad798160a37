import InkTraces

/// Building ``JSONValue``s in code and writing them as JSON text: the DevTools messages `bench
/// browser` sends and the manifest it writes (InkBrowser), without Foundation's
/// `JSONSerialization`.
///
/// The text is what `JSONSerialization` writes for the same values on Linux, byte for byte (the
/// tests compare both): InkTraces' `JSONBytes` format (string escapes, number text, pretty
/// containers with two-space indent and `"key" : value`, UTF-8-ordered keys) with `/` escaped as
/// `\/` and `null` for `JSONValue.null`. Sorted keys in UTF-8 byte order are
/// `JSONSerialization`'s order for keys made of lowercase ASCII letters and `_` (every key bench
/// writes; its own order is Finder-like: case-insensitive, digits by value).
///
/// ```swift
/// let manifest: JSONValue = ["tool": "bench browser", "strokes": .number(3)]
/// try manifest.text(pretty: true, sortedKeys: true)   // {\n  "strokes" : 3,\n  "tool" : "bench browser"\n}
/// ```
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A value built in code has line 0.
    package init(stringLiteral value: String) { self = .string(value, line: 0) }
    package init(integerLiteral value: Int) { self = .number(Double(value), line: 0) }
    package init(floatLiteral value: Double) { self = .number(value, line: 0) }
    package init(booleanLiteral value: Bool) { self = .bool(value, line: 0) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements, line: 0) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements.map { (key: $0.0, value: $0.1) }, line: 0) }
    package init(nilLiteral: ()) { self = .null(line: 0) }

    /// A number built in code (line 0).
    package static func number(_ value: Double) -> JSONValue { .number(value, line: 0) }
    /// A string built in code (line 0).
    package static func string(_ value: String) -> JSONValue { .string(value, line: 0) }
    /// A boolean built in code (line 0).
    package static func bool(_ value: Bool) -> JSONValue { .bool(value, line: 0) }
    /// An array built in code (line 0).
    package static func array(_ elements: [JSONValue]) -> JSONValue { .array(elements, line: 0) }
    /// An object built in code (line 0), members in the order given.
    package static func object(_ members: [(key: String, value: JSONValue)]) -> JSONValue { .object(members, line: 0) }

    /// The boolean, if the value is `true` or `false`.
    package var bool: Bool? { if case .bool(let v, _) = self { v } else { nil } }

    /// The number as an `Int`, if it is one exactly (`7`, not `7.5` or `1e300`).
    package var int: Int? { number.flatMap { Int(exactly: $0) } }

    /// The member named `key` (the last one), if the value is an object; ``member(_:)``.
    package subscript(key: String) -> JSONValue? { member(key) }

    /// `self` with `value` as its member `key` (replacing a member of that name), if it is an
    /// object; other values are returned unchanged.
    package func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members, let line) = self else { return self }
        members.removeAll { $0.key == key }
        members.append((key, value))
        return .object(members, line: line)
    }

    /// A number that JSON cannot hold (NaN or an infinity), with where it was.
    package struct NonFiniteNumber: Error, Sendable {
        /// The path of the number from the root, e.g. `replay.timing_spread_us`.
        package let path: String
        /// "NaN", "inf" or "-inf".
        package let value: String
    }

    /// The value as UTF-8 JSON text: compact (no spaces), or pretty (two-space indent,
    /// `"key" : value`), with each object's keys in the order given or sorted (UTF-8 byte order).
    ///
    /// - Throws: ``NonFiniteNumber`` for a NaN or infinite number (JSON has none).
    package func text(pretty: Bool = false, sortedKeys: Bool = false) throws(NonFiniteNumber) -> [UInt8] {
        var out: [UInt8] = []
        try JSONTextWriter(pretty: pretty, sortedKeys: sortedKeys).write(self, into: &out, depth: 0, path: "")
        return out
    }

    /// `text` as JSON's string syntax (quotes and escapes), as ``text(pretty:sortedKeys:)``
    /// writes it; `/` left as it is when not `escapingSlashes` (the capture server's answers).
    package static func quoted(_ text: String, escapingSlashes: Bool = true) -> String {
        var out: [UInt8] = []
        JSONBytes.string(text, escapingSlashes: escapingSlashes, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// ``JSONValue/text(pretty:sortedKeys:)``'s writer: `JSONSerialization`'s choices (`/`
/// escaped, `null`, repeated keys kept) over ``JSONBytes``'s pieces.
private struct JSONTextWriter {
    let pretty: Bool
    let sortedKeys: Bool

    func write(_ value: JSONValue, into out: inout [UInt8], depth: Int, path: String) throws(JSONValue.NonFiniteNumber) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let b, _): out += Array((b ? "true" : "false").utf8)
        case .number(let v, _): try Self.number(v, into: &out, path: path)
        case .numbers(let list, _):
            try container(list.count, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), into: &out, depth: depth) { (i, out) throws(JSONValue.NonFiniteNumber) in
                try Self.number(list[i], into: &out, path: "\(path)[\(i)]")
            }
        case .string(let s, _): JSONBytes.string(s, escapingSlashes: true, into: &out)
        case .array(let list, _):
            try container(list.count, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), into: &out, depth: depth) { (i, out) throws(JSONValue.NonFiniteNumber) in
                try write(list[i], into: &out, depth: depth + 1, path: "\(path)[\(i)]")
            }
        case .object(let members, _):
            let order = sortedKeys ? JSONBytes.sortedOrder(members.map(\.key)) : Array(members.indices)
            try container(order.count, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), into: &out, depth: depth) { (i, out) throws(JSONValue.NonFiniteNumber) in
                let member = members[order[i]]
                JSONBytes.key(member.key, pretty: pretty, escapingSlashes: true, into: &out)
                try write(member.value, into: &out, depth: depth + 1, path: path.isEmpty ? member.key : path + "." + member.key)
            }
        }
    }

    /// An array or object of `count` elements, each written by `element`.
    func container(
        _ count: Int, open: UInt8, close: UInt8, into out: inout [UInt8], depth: Int,
        _ element: (Int, inout [UInt8]) throws(JSONValue.NonFiniteNumber) -> Void
    ) throws(JSONValue.NonFiniteNumber) {
        try JSONBytes.container(count, open: open, close: close, pretty: pretty, depth: depth, into: &out, element)
    }

    static func number(_ v: Double, into out: inout [UInt8], path: String) throws(JSONValue.NonFiniteNumber) {
        guard let text = JSONBytes.number(v) else {
            throw JSONValue.NonFiniteNumber(path: path, value: v.isNaN ? "NaN" : v < 0 ? "-inf" : "inf")
        }
        out += Array(text.utf8)
    }
}
