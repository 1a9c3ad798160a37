/// The byte-level pieces of JSON text that both of bench's JSON writers share: `manifest.json`
/// (InkOutput's `Manifest.encoded()`, `JSONEncoder`'s bytes) and InkImport's
/// `JSONValue.text(pretty:sortedKeys:)` (`JSONSerialization`'s bytes). Each writer keeps what
/// is its own (its values, its errors, whether `/` is escaped); the format here is the one the
/// two Foundation encoders share on Linux, and each writer's tests compare it with its encoder:
/// - a string quoted, with `"` and `\` escaped, `\b \f \n \r \t` for those controls and `\u00xx`
///   (lowercase hex) for the other controls below 0x20, `/` as `\/` or as it is, everything else
///   as its UTF-8 bytes;
/// - a `Double` as its shortest round-trip `description` without a trailing `.0` (`2`, `0.125`,
///   `1e-07`, `1e+20`, `-0`); JSON has no NaN or infinity, so there is no text for those;
/// - an array or object, pretty: the opening bracket, each element on its own line indented by
///   two spaces per level, elements separated by `,` and a line break, a line break, the
///   closing bracket at the container's own indent (so an empty one is the bracket, an empty
///   line, and the closing bracket); compact: no spaces or line breaks at all;
/// - an object's member as `"key" : value` pretty, `"key":value` compact; its members sorted by
///   their keys' UTF-8 bytes where sorted.
package enum JSONBytes {
    /// Appends `text` as a JSON string (quotes and escapes); `/` written as `\/` when
    /// `escapingSlashes` (`JSONSerialization`), as it is otherwise (`JSONEncoder` with
    /// `.withoutEscapingSlashes`).
    package static func string(_ text: String, escapingSlashes: Bool, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "/") where !escapingSlashes: out.append(byte)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out += [UInt8(ascii: "\\"), byte]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case ..<0x20: out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `value`'s JSON number text (`description` without a trailing `.0`), or `nil` when it is
    /// not finite (the caller reports that in its own words).
    package static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// Appends an array (`open` `[`) or object (`{`) of `count` elements at nesting level
    /// `depth` (0 for the top level; the caller has written the indent of its first line), each
    /// element written by `element` after its separator and indent. An element that is a
    /// container itself is written at `depth + 1`.
    ///
    /// - Parameters:
    ///   - count: how many elements.
    ///   - open: `[` or `{`; `close` is `]` or `}`.
    ///   - pretty: line breaks and two spaces of indent per level, or none.
    ///   - element: writes element `i` (for an object, ``key(_:pretty:escapingSlashes:into:)``
    ///     then the value); what it throws ends the container there and is rethrown.
    package static func container<E: Error>(
        _ count: Int, open: UInt8, close: UInt8, pretty: Bool, depth: Int, into out: inout [UInt8],
        _ element: (Int, inout [UInt8]) throws(E) -> Void
    ) throws(E) {
        out.append(open)
        if pretty { out.append(0x0A) }
        for i in 0..<count {
            if i > 0 { out += pretty ? [UInt8(ascii: ","), 0x0A] : [UInt8(ascii: ",")] }
            if pretty { indent(depth + 1, into: &out) }
            try element(i, &out)
        }
        if pretty {
            out.append(0x0A)
            indent(depth, into: &out)
        }
        out.append(close)
    }

    /// Appends an object member's key and separator: `"key" : ` pretty, `"key":` compact.
    package static func key(_ key: String, pretty: Bool, escapingSlashes: Bool, into out: inout [UInt8]) {
        string(key, escapingSlashes: escapingSlashes, into: &out)
        out += pretty ? [0x20, UInt8(ascii: ":"), 0x20] : [UInt8(ascii: ":")]
    }

    /// The indices of `keys` in the order their members are written sorted: by the keys' UTF-8
    /// bytes, a repeated key's members in their given order.
    package static func sortedOrder(_ keys: [String]) -> [Int] {
        Array(keys.indices).sorted { a, b in
            let (ka, kb) = (keys[a].utf8, keys[b].utf8)
            return ka.elementsEqual(kb) ? a < b : ka.lexicographicallyPrecedes(kb)
        }
    }

    /// Two spaces per level.
    static func indent(_ level: Int, into out: inout [UInt8]) {
        out += repeatElement(0x20, count: 2 * level)
    }

    /// The lowercase hex digit of `nibble` (0-15).
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
