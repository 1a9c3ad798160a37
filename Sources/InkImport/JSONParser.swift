/// A strict RFC 8259 JSON parser that keeps each value's line, for readers that must name the
/// line of what they refuse: syntax errors give the line and byte offset and what was expected,
/// a cut-off file says "unexpected end of file at line N".
///
/// Nesting deeper than ``maxDepth`` is refused (no recursion without a bound), numbers must be
/// finite doubles, strings valid UTF-8 with valid escapes.
///
/// ```swift
/// let root = try JSONParser.parse(bytes, file: "capture.json")
/// ```
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maxDepth = 256

    private let bytes: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1
    private var depth = 0
    private var oracleNumbers = false

    /// Parses `bytes` (after a UTF-8 byte-order mark, if any) as one JSON document.
    ///
    /// - Throws: ``ImportError`` naming the file, the line, the byte and what was expected.
    ///
    /// - Parameter oracleNumbers: parse numbers by `Double(String)` (the text oracle's way)
    ///   instead of straight from the bytes (``DecimalBytes``, the same `Double` to the bit).
    package static func parse(_ bytes: [UInt8], file: String, oracleNumbers: Bool = false) throws(ImportError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, file: file)
        parser.oracleNumbers = oracleNumbers
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.i = 3 }
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        if parser.i < bytes.count { throw parser.error("unexpected '\(parser.character)' after the JSON value; expected the end of the file") }
        return value
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private var character: String {
        guard i < bytes.count else { return "end of file" }
        let b = bytes[i]
        return b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "byte 0x\(String(b, radix: 16))"
    }

    private func error(_ message: String) -> ImportError {
        ImportError(file: file, line: line, "\(message) (byte \(i))")
    }

    private func endError(_ expected: String) -> ImportError {
        ImportError(file: file, line: line, "unexpected end of file at line \(line); expected \(expected)")
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            i += 1
        }
    }

    private mutating func value() throws(ImportError) -> JSONValue {
        guard i < bytes.count else { throw endError("a value") }
        let at = line
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string(), line: at)
        case UInt8(ascii: "t"): try literal("true"); return .bool(true, line: at)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false, line: at)
        case UInt8(ascii: "n"): try literal("null"); return .null(line: at)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number(), line: at)
        default: throw error("unexpected '\(character)'; expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: String) throws(ImportError) {
        for b in word.utf8 {
            guard i < bytes.count else { throw endError("'\(word)'") }
            guard bytes[i] == b else { throw error("unexpected '\(character)'; expected '\(word)'") }
            i += 1
        }
    }

    private mutating func enter() throws(ImportError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw error("arrays and objects nested over \(JSONParser.maxDepth) deep; expected a shallower document") }
    }

    private mutating func array() throws(ImportError) -> JSONValue {
        let at = line
        try enter()
        i += 1
        var out: [JSONValue] = []
        // Numbers on the array's first line, while every element so far is one (see `.numbers`).
        var numbers: [Double] = []
        var allNumbers = true
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return .array(out, line: at)
        }
        while true {
            skipSpace()
            if allNumbers, line == at, i < bytes.count, bytes[i] == UInt8(ascii: "-") || (bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9")) {
                numbers.append(try number())
            } else {
                if allNumbers {
                    allNumbers = false
                    out = numbers.map { .number($0, line: at) }
                    numbers = []
                }
                out.append(try value())
            }
            skipSpace()
            guard i < bytes.count else { throw endError("',' or ']' to go on with the array opened at line \(at)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            throw error("unexpected '\(character)' in the array opened at line \(at); expected ',' or ']'")
        }
        depth -= 1
        return allNumbers ? .numbers(numbers, line: at) : .array(out, line: at)
    }

    private mutating func object() throws(ImportError) -> JSONValue {
        let at = line
        try enter()
        i += 1
        var out: [(key: String, value: JSONValue)] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return .object(out, line: at)
        }
        while true {
            skipSpace()
            guard i < bytes.count else { throw endError("a key in the object opened at line \(at)") }
            guard bytes[i] == UInt8(ascii: "\"") else { throw error("unexpected '\(character)'; expected a quoted key") }
            let key = try string()
            skipSpace()
            guard i < bytes.count else { throw endError("':' after the key '\(key.prefix(40))'") }
            guard bytes[i] == UInt8(ascii: ":") else { throw error("unexpected '\(character)' after the key '\(key.prefix(40))'; expected ':'") }
            i += 1
            skipSpace()
            out.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw endError("',' or '}' to go on with the object opened at line \(at)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            throw error("unexpected '\(character)' in the object opened at line \(at); expected ',' or '}'")
        }
        depth -= 1
        return .object(out, line: at)
    }

    private mutating func string() throws(ImportError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw endError("a closing '\"'") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error("a control byte 0x\(String(b, radix: 16)) inside a string; expected it escaped") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                i += 1
                continue
            }
            i += 1
            guard i < bytes.count else { throw endError("an escape after '\\'") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("a lone high surrogate \\u\(String(scalar, radix: 16)); expected a low surrogate after it")
                    }
                    i += 2
                    let low = try hex4()
                    guard low >= 0xDC00 && low < 0xE000 else { throw error("\\u\(String(low, radix: 16)) after a high surrogate; expected a low surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw error("a lone low surrogate \\u\(String(scalar, radix: 16)); expected a character")
                }
                guard let u = Unicode.Scalar(scalar) else { throw error("\\u escape \(scalar) is not a character") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw error("unknown escape '\\\(String(UnicodeScalar(e)))'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func hex4() throws(ImportError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw endError("four hex digits after \\u") }
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("unexpected '\(character)' in a \\u escape; expected a hex digit")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    private mutating func number() throws(ImportError) -> Double {
        let start = i
        func digits(_ p: inout JSONParser) -> Int {
            var n = 0
            while p.i < p.bytes.count, p.bytes[p.i] >= UInt8(ascii: "0"), p.bytes[p.i] <= UInt8(ascii: "9") { p.i += 1; n += 1 }
            return n
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw endError("digits after '-'") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits(&self) == 0 {
            throw error("unexpected '\(character)' in a number; expected a digit")
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits(&self) == 0 { throw i < bytes.count ? error("unexpected '\(character)' after a decimal point; expected a digit") : endError("a digit after the decimal point") }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            if digits(&self) == 0 { throw i < bytes.count ? error("unexpected '\(character)' in an exponent; expected a digit") : endError("an exponent's digits") }
        }
        if !oracleNumbers {
            // The grammar above is a subset of what DecimalBytes takes; it gives Double(text)'s bits.
            let v = bytes.withUnsafeBufferPointer { DecimalBytes.number($0, start, i) }
            if let v { return v }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard text.utf8.count < 400, let v = Double(text), v.isFinite else {
            throw error("number \(text.prefix(40)) is out of range; expected a finite number")
        }
        return v
    }
}
