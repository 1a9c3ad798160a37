import InkTraces

/// The lines of a UTF-8 text file, checked for valid encoding, with 1-based line numbers: the
/// one line reader of every text format (trace CSV, evemu, SVC, manifests, `.suite` files,
/// baselines, tolerance files and results tables).
///
/// A leading byte-order mark is skipped and `\r\n` line ends are accepted.
///
/// ```swift
/// let text = try TextLines(bytes: Array("a\nb\n".utf8), file: "x.csv")
/// for (number, line) in text.numbered { print(number, line) }   // 1 a, 2 b
/// ```
package struct TextLines {
    /// The decoded text.
    package let text: String
    /// The file name, for errors.
    package let file: String

    /// Decodes `bytes`, throwing an error naming the line and byte offset of the first invalid UTF-8 sequence.
    package init(bytes: [UInt8], file: String) throws(ImportError) {
        self.file = file
        let start = try TextLines.checkUTF8(bytes, file: file)
        text = String(decoding: bytes[start...], as: UTF8.self)
    }

    /// Checks that `bytes` are UTF-8 text (after a byte-order mark, if any) without decoding
    /// them, with the error ``init(bytes:file:)`` gives; returns the offset after the mark.
    ///
    /// - Throws: ``ImportError`` naming the line and byte offset of the first invalid UTF-8 sequence.
    @discardableResult
    package static func checkUTF8(_ bytes: [UInt8], file: String) throws(ImportError) -> Int {
        var start = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        if let bad = TextLines.firstInvalidUTF8(bytes, from: start) {
            var line = 1
            for i in 0..<bad where bytes[i] == 0x0A { line += 1 }
            throw ImportError(
                file: file, line: line,
                "byte \(bad) (0x\(String(bytes[bad], radix: 16))) is not valid UTF-8; expected a UTF-8 text file")
        }
        return start
    }

    /// Text already decoded (a `String` is valid Unicode); a leading byte-order mark is dropped.
    package init(text: String, file: String) {
        self.file = file
        self.text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    /// The lines of `text` (line `i + 1` at index `i`), BOM and `\r` line ends removed: for
    /// readers that number lines themselves.
    package static func lines(of text: String) -> [Substring] {
        TextLines(text: text, file: "").numbered.map(\.line)
    }

    /// Every line with its 1-based number; a final empty line after the last `\n` is left out,
    /// and a trailing `\r` is removed.
    package var numbered: [(number: Int, line: Substring)] {
        var out: [(Int, Substring)] = []
        let pieces = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (i, piece) in pieces.enumerated() {
            if i == pieces.count - 1 && piece.isEmpty { break }
            var bytes = piece
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            // A fresh String per line keeps later Character operations on the fast path
            // (a Substring cut from the UTF-8 view is not known to be Character-aligned).
            out.append((i + 1, Substring(String(decoding: bytes, as: UTF8.self))))
        }
        return out
    }

    /// The offset of the first byte that does not start or continue a valid UTF-8 scalar, or `nil`.
    static func firstInvalidUTF8(_ b: [UInt8], from start: Int) -> Int? {
        var i = start
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            var need = 0
            var lowest: UInt32 = 0
            var scalar: UInt32 = 0
            switch c {
            case 0xC2...0xDF: need = 1; lowest = 0x80; scalar = UInt32(c & 0x1F)
            case 0xE0...0xEF: need = 2; lowest = 0x800; scalar = UInt32(c & 0x0F)
            case 0xF0...0xF4: need = 3; lowest = 0x10000; scalar = UInt32(c & 0x07)
            default: return i
            }
            guard i + need < n else { return i }
            for k in 1...need {
                let d = b[i + k]
                guard d & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(d & 0x3F)
            }
            if scalar < lowest || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) { return i }
            i += need + 1
        }
        return nil
    }

    /// Splits a line into fields at bytes for which `isSeparator` holds, working on UTF-8 bytes
    /// (much faster than Character splitting); `keepEmpty` keeps empty fields (CSV cells).
    package static func fields(_ line: Substring, keepEmpty: Bool, _ isSeparator: (UInt8) -> Bool) -> [Substring] {
        var out: [Substring] = []
        let u = line.utf8
        var start = u.startIndex
        var i = start
        while i != u.endIndex {
            if isSeparator(u[i]) {
                if keepEmpty || start != i { out.append(Substring(String(Substring(u[start..<i])))) }
                start = u.index(after: i)
            }
            i = u.index(after: i)
        }
        if keepEmpty || start != u.endIndex { out.append(Substring(String(Substring(u[start..<u.endIndex])))) }
        return out
    }

    /// Whether a byte is a space or a tab.
    package static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    /// Whether every byte of `s` is an ASCII digit (and there is at least one).
    package static func isDigits(_ s: Substring) -> Bool { !s.isEmpty && s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }

    /// A finite decimal number, or `nil`: ``/InkTraces/DecimalText``'s rule (digits, sign, point
    /// and exponent only: no hex, no spaces, no NUL byte; a non-zero text that would read as 0,
    /// such as `1e-400`, is refused), so readers and options parse numbers alike.
    @inlinable
    package static func number(_ s: Substring) -> Double? { DecimalText.value(s) }
}
