import InkTraces

/// An element of an XML document: its name (namespace prefix removed), attributes, children,
/// text and line. Built by ``XMLReader/parse(_:file:)``.
package final class XMLTree {
    /// The element's name after the last `:` (`inkml:trace` and `trace` are both `trace`).
    package let name: String
    /// The attributes by their names as written (`xml:id`, `xmlns:inkml`, `units`), values with
    /// references replaced and blanks (tab, line feed, carriage return) turned into spaces.
    package let attributes: [String: String]
    /// The 1-based line of the `>` that ends the start tag.
    package let line: Int
    package var children: [XMLTree] = []
    /// The element's own character data (text and CDATA sections, not its children's), with
    /// references replaced and `\r\n` and `\r` read as `\n`.
    package var text = ""

    package init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// Every element under this one (depth first) with the name.
    package func descendants(named n: String) -> [XMLTree] {
        var out: [XMLTree] = []
        for c in children {
            if c.name == n { out.append(c) }
            out += c.descendants(named: n)
        }
        return out
    }

    /// The element's name without its namespace prefix: what follows the last `:`, or the
    /// name itself when nothing does (as `Substring.split` leaves it).
    package static func localName(_ qualified: String) -> String {
        qualified.split(separator: ":").last.map(String.init) ?? qualified
    }
}

/// The project's own XML reader, for what InkML documents contain: a byte-level parser over
/// UTF-8 that builds an ``XMLTree`` without Foundation.
///
/// Why not Foundation's `XMLParser`: it lives in FoundationXML, whose loading (libFoundation,
/// libxml2, ICU, libz, liblzma) cost every `bench` process about 4.6 ms of start-up, whatever it
/// read (docs/performance.md); no pure-Swift XML package was in reach (XMLCoder and SWXMLHash
/// both wrap `XMLParser`).
///
/// What it reads (XML 1.0, well-formedness only, no validation):
/// - an optional byte-order mark and XML declaration (`version`, `encoding` UTF-8 or US-ASCII,
///   `standalone`); comments, processing instructions and blanks around the root element;
/// - a `<!DOCTYPE>` with at most an external identifier, which is not loaded (a public
///   identifier holds only XML's PubidChar characters); an internal subset (`[...]`, where
///   entities would be declared) is refused;
/// - elements with attributes in either quote kind (duplicates refused), character data,
///   CDATA sections (their text is the element's text), comments and processing instructions;
/// - the five predefined entities (`&lt;` `&gt;` `&amp;` `&apos;` `&quot;`) and character
///   references (`&#65;`, `&#x41;`); any other entity is an error;
/// - names as XML 1.0 (fifth edition) defines them: a character outside NameStartChar or
///   NameChar (say `×`, U+00D7) is an error naming it and its byte;
/// - namespaces as names: prefixes are not resolved (an undeclared prefix is no error) and an
///   element's name is what follows its last `:`; attributes keep their qualified names.
///
/// Refused on purpose, though libxml2 (Foundation's `XMLParser`) reads them: a DOCTYPE's
/// internal subset; an `encoding` other than UTF-8 or US-ASCII; `<!DOCTYPE` without a blank
/// before the root element's name; an XML declaration's attribute without a blank before it;
/// a `version` other than `1.` and digits (libxml2 reads `1.` with a warning). The tests'
/// comparison with `XMLParser` excuses exactly these refusals.
///
/// Elements nest at most ``maxDepth`` deep. Any malformation throws an ``ImportError`` naming
/// the file, the line and the byte offset, and what was expected there.
package enum XMLReader {
    /// The deepest nesting of elements read.
    package static let maxDepth = 64

    /// Parses a UTF-8 document (already checked to be valid UTF-8) into its root element.
    ///
    /// - Parameters:
    ///   - bytes: the document, with or without a UTF-8 byte-order mark.
    ///   - file: the file's name, for errors.
    /// - Throws: ``ImportError`` with the line of the problem and its byte offset in the message.
    package static func parse(_ bytes: [UInt8], file: String) throws(ImportError) -> XMLTree {
        let result = bytes.withUnsafeBufferPointer { p -> Result<XMLTree, ImportError> in
            var parser = Parser(bytes: p, file: file)
            do throws(ImportError) { return .success(try parser.document()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The parser's state: the bytes (valid while ``parse(_:file:)`` runs), the position, and a
    /// line count kept up to a position.
    private struct Parser {
        let b: UnsafeBufferPointer<UInt8>
        let file: String
        var i = 0
        /// ``lineAt(_:)``'s cache: the line of byte `linePos`.
        var linePos = 0
        var lineCount = 1

        init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
            b = bytes
            self.file = file
        }

        /// The 1-based line of byte `pos` (lines end at `\n`), counted on from the last call.
        mutating func lineAt(_ pos: Int) -> Int {
            let pos = min(pos, b.count)
            if pos < linePos {
                linePos = 0
                lineCount = 1
            }
            var p = linePos
            var n = lineCount
            if let base = b.baseAddress {
                // Eight bytes at a time: the line feeds are the zero bytes of the word XOR 0x0A...,
                // counted per byte lane (at most 31 words, so a lane holds at most 31 and the
                // eight lanes' sum fits the top byte of the multiply; no popcount instruction
                // in the baseline x86-64 target).
                let ones: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, lanes: UInt64 = 0x0101_0101_0101_0101
                while p + 8 <= pos {
                    var acc: UInt64 = 0
                    var words = 0
                    while words < 31 && p + 8 <= pos {
                        let v = UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                        acc &+= (~(((v & ones) &+ ones) | v | ones)) >> 7
                        p += 8
                        words += 1
                    }
                    n &+= Int(truncatingIfNeeded: (acc &* lanes) >> 56)
                }
            }
            while p < pos {
                n &+= b[p] == 0x0A ? 1 : 0
                p += 1
            }
            linePos = pos
            lineCount = n
            return n
        }

        /// A well-formedness error at byte `pos`.
        mutating func fail(_ what: String, at pos: Int? = nil) -> ImportError {
            let at = min(pos ?? i, b.count)
            return ImportError(file: file, line: lineAt(at), "not well-formed XML at byte \(at): \(what)")
        }

        /// A short, printable view of the bytes at `pos` for messages.
        func found(at pos: Int) -> String {
            guard pos < b.count else { return "the end of the file" }
            var end = pos
            while end < b.count && end - pos < 12 && b[end] != 0x0A && b[end] != 0x0D { end += 1 }
            if end == pos { end = pos + 1 }
            var text = String(decoding: b[pos..<end], as: UTF8.self)
            text = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
            return "'\(text)'"
        }

        @inline(__always) static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

        /// Whether an ASCII byte may start a name (letters, `_` and `:`; XML 1.0's NameStartChar
        /// below U+0080). A non-ASCII character is decoded and checked by ``isNameStart(scalar:)``.
        @inline(__always) static func isNameStart(_ c: UInt8) -> Bool {
            (c | 0x20) &- 0x61 < 26 || c == 0x5F || c == 0x3A
        }

        /// Whether an ASCII byte may follow in a name (also digits, `-` and `.`).
        @inline(__always) static func isNameByte(_ c: UInt8) -> Bool {
            isNameStart(c) || c &- 0x30 < 10 || c == 0x2D || c == 0x2E
        }

        /// Whether a character from U+0080 on may start a name: XML 1.0 (fifth edition)
        /// production [4] NameStartChar, as libxml2 reads names.
        static func isNameStart(scalar v: UInt32) -> Bool {
            switch v {
            case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F,
                0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
                return true
            default: return false
            }
        }

        /// Whether a character from U+0080 on may follow in a name: production [4a] NameChar
        /// (NameStartChar, U+00B7, U+0300-U+036F and U+203F-U+2040).
        static func isNameChar(scalar v: UInt32) -> Bool {
            isNameStart(scalar: v) || v == 0xB7 || (0x300...0x36F).contains(v) || (0x203F...0x2040).contains(v)
        }

        /// The character whose UTF-8 sequence starts at `pos` (a byte from 0x80 on) and the
        /// sequence's length; `nil` where the bytes are not a whole well-formed sequence.
        func scalar(at pos: Int) -> (value: UInt32, length: Int)? {
            let lead = b[pos]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            guard length > 0, lead < 0xF5, pos + length <= b.count else { return nil }
            var value = UInt32(lead) & (0x7F >> UInt32(length))
            for k in 1..<length {
                let c = b[pos + k]
                guard c & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(c & 0x3F)
            }
            return Unicode.Scalar(value) == nil ? nil : (value, length)
        }

        /// Whether a byte may be in a DOCTYPE's public identifier: XML 1.0's PubidChar (space,
        /// CR, LF, ASCII letters and digits, and -'()+,./:=?;!*#@$_%).
        static func isPublicIdentifierByte(_ c: UInt8) -> Bool {
            if c &- 0x30 < 10 || (c | 0x20) &- 0x61 < 26 { return true }
            switch c {
            case 0x20, 0x0D, 0x0A, 0x2D, 0x27, 0x28, 0x29, 0x2B, 0x2C, 0x2E, 0x2F, 0x3A, 0x3D, 0x3F, 0x3B, 0x21, 0x2A, 0x23, 0x40, 0x24, 0x5F, 0x25:
                return true
            default: return false
            }
        }

        func starts(with s: StaticString, at pos: Int) -> Bool {
            let n = s.utf8CodeUnitCount
            guard pos + n <= b.count else { return false }
            return s.withUTF8Buffer { lit in
                for k in 0..<n where b[pos + k] != lit[k] { return false }
                return true
            }
        }

        mutating func skipBlanks() -> Bool {
            let start = i
            while i < b.count && Self.isBlank(b[i]) { i += 1 }
            return i > start
        }

        /// An XML name (production [5]: a NameStartChar, then NameChars). A character from
        /// U+0080 on is decoded and checked against XML 1.0's ranges; one that may not be in a
        /// name ends it with an error (nothing the reader reads may follow a name directly but
        /// ASCII), which names the character and its byte.
        mutating func name(_ what: String) throws(ImportError) -> String {
            let start = i
            while i < b.count {
                let c = b[i]
                if c < 0x80 {
                    guard i == start ? Self.isNameStart(c) : Self.isNameByte(c) else { break }
                    i += 1
                    continue
                }
                guard let (value, length) = scalar(at: i) else { throw fail("a byte 0x\(String(c, radix: 16, uppercase: true)) that starts no UTF-8 character; expected \(what)") }
                let character = "'\(Character(Unicode.Scalar(value) ?? "?"))' (U+\(Self.hex(value)))"
                if i == start {
                    guard Self.isNameStart(scalar: value) else { throw fail("\(character), which cannot start an XML name; expected \(what)") }
                } else {
                    guard Self.isNameChar(scalar: value) else {
                        let sofar = String(decoding: b[start..<i], as: UTF8.self)
                        throw fail("\(character) after '\(sofar)', a character XML does not allow in a name; expected \(what), of XML name characters only")
                    }
                }
                i += length
            }
            guard i > start else { throw fail("\(found(at: i)); expected \(what)") }
            return String(decoding: b[start..<i], as: UTF8.self)
        }

        /// A code point in at least four upper-case hexadecimal digits, as in U+00D7.
        static func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        mutating func expect(_ s: StaticString, _ what: String) throws(ImportError) {
            guard starts(with: s, at: i) else { throw fail("\(found(at: i)); expected \(what)") }
            i += s.utf8CodeUnitCount
        }

        /// A byte that may not appear in a document: a control character other than tab, line
        /// feed and carriage return, or U+FFFE / U+FFFF.
        func isForbidden(at p: Int) -> Bool {
            let c = b[p]
            if c < 0x20 { return c != 0x09 && c != 0x0A && c != 0x0D }
            if c == 0xEF && p + 2 < b.count && b[p + 1] == 0xBF { return b[p + 2] == 0xBE || b[p + 2] == 0xBF }
            return false
        }

        // MARK: The document

        mutating func document() throws(ImportError) -> XMLTree {
            if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
            if starts(with: "<?xml", at: i) && i + 5 < b.count && Self.isBlank(b[i + 5]) {
                try declaration()
            }
            var sawDoctype = false
            while true {
                _ = skipBlanks()
                if i >= b.count { throw fail("the document has no element; expected an <ink> root element") }
                if starts(with: "<!--", at: i) {
                    try comment()
                } else if starts(with: "<?", at: i) {
                    try processingInstruction()
                } else if starts(with: "<!DOCTYPE", at: i) {
                    if sawDoctype { throw fail("a second <!DOCTYPE>; expected one at most") }
                    sawDoctype = true
                    try doctype()
                } else if b[i] == 0x3C {
                    break
                } else {
                    throw fail("\(found(at: i)) before the root element; expected '<'")
                }
            }
            let root = try elements()
            while true {
                _ = skipBlanks()
                if i >= b.count { return root }
                if starts(with: "<!--", at: i) {
                    try comment()
                } else if starts(with: "<?", at: i) {
                    try processingInstruction()
                } else {
                    throw fail("\(found(at: i)) after the root element; expected only comments, processing instructions or blanks")
                }
            }
        }

        /// `<?xml version="1.x" encoding="…" standalone="…"?>`, at the very start.
        mutating func declaration() throws(ImportError) {
            i += 5
            var seen: [String] = []
            var nextRank = 0
            while true {
                let blank = skipBlanks()
                if starts(with: "?>", at: i) {
                    i += 2
                    break
                }
                guard blank else { throw fail("\(found(at: i)) in the XML declaration; expected a blank or '?>'") }
                let at = i
                let key = try name("version, encoding or standalone in the XML declaration")
                let value = try quotedPlain()
                guard let rank = ["version", "encoding", "standalone"].firstIndex(of: key), rank >= nextRank, rank == 0 || !seen.isEmpty else {
                    throw fail("'\(key)' in the XML declaration; expected version, then encoding, then standalone, each at most once", at: at)
                }
                nextRank = rank + 1
                seen.append(key)
                switch key {
                case "version":
                    let v = Array(value.utf8)
                    guard v.count >= 3, v[0] == 0x31, v[1] == 0x2E, v.dropFirst(2).allSatisfy({ $0 &- 0x30 < 10 }) else {
                        throw fail("version '\(value)' in the XML declaration; expected 1.0", at: at)
                    }
                case "encoding":
                    guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(value.lowercased()) else {
                        throw fail("encoding '\(value)' in the XML declaration; expected UTF-8 (InkBench reads UTF-8 documents only)", at: at)
                    }
                default:
                    guard value == "yes" || value == "no" else { throw fail("standalone '\(value)' in the XML declaration; expected yes or no", at: at) }
                }
            }
            guard seen.first == "version" else { throw fail("no version in the XML declaration; expected version=\"1.0\"") }
        }

        /// `= "value"` without references (the XML declaration and DOCTYPE identifiers).
        mutating func quotedPlain() throws(ImportError) -> String {
            _ = skipBlanks()
            try expect("=", "'=' and a quoted value")
            _ = skipBlanks()
            return try literal()
        }

        /// A quoted literal taken as it is (no references).
        mutating func literal() throws(ImportError) -> String {
            guard i < b.count, b[i] == 0x22 || b[i] == 0x27 else { throw fail("\(found(at: i)); expected a quoted value") }
            let quote = b[i]
            let start = i + 1
            var j = start
            while j < b.count && b[j] != quote {
                if isForbidden(at: j) { throw fail("a control character in a quoted value; expected text", at: j) }
                j += 1
            }
            guard j < b.count else { throw fail("the end of the file in a quoted value; expected its closing quote", at: j) }
            i = j + 1
            return String(decoding: b[start..<j], as: UTF8.self)
        }

        /// `<!DOCTYPE name [SYSTEM "…" | PUBLIC "…" "…"] >`; an internal subset is refused.
        mutating func doctype() throws(ImportError) {
            i += 9
            guard skipBlanks() else { throw fail("\(found(at: i)) after <!DOCTYPE; expected a blank and the root element's name") }
            _ = try name("the root element's name")
            _ = skipBlanks()
            if starts(with: "SYSTEM", at: i) {
                i += 6
                guard skipBlanks() else { throw fail("\(found(at: i)); expected a blank and the system identifier") }
                _ = try literal()
            } else if starts(with: "PUBLIC", at: i) {
                i += 6
                guard skipBlanks() else { throw fail("\(found(at: i)); expected a blank and the public identifier") }
                let start = i + 1
                _ = try literal()
                // PubidChar (production [13]): what libxml2 also holds the public identifier to.
                for p in start..<(i - 1) where !Self.isPublicIdentifierByte(b[p]) {
                    throw fail("\(found(at: p)) in a public identifier; expected only letters, digits, spaces, line ends and -'()+,./:=?;!*#@$_%", at: p)
                }
                guard skipBlanks() else { throw fail("\(found(at: i)); expected a blank and the system identifier") }
                _ = try literal()
            }
            _ = skipBlanks()
            if i < b.count && b[i] == 0x5B {
                throw fail("a DOCTYPE with an internal subset ('['); expected none (InkBench does not read document type declarations or their entities)")
            }
            try expect(">", "'>' ending the <!DOCTYPE>")
        }

        /// `<!-- … -->`, without `--` inside.
        mutating func comment() throws(ImportError) {
            i += 4
            while i < b.count {
                if b[i] == 0x2D && i + 1 < b.count && b[i + 1] == 0x2D {
                    guard i + 2 < b.count, b[i + 2] == 0x3E else {
                        throw fail("'--' inside a comment; expected '-->' to end it")
                    }
                    i += 3
                    return
                }
                if isForbidden(at: i) { throw fail("a control character in a comment; expected text") }
                i += 1
            }
            throw fail("the end of the file in a comment; expected '-->'")
        }

        /// `<?target …?>`, whose target is not `xml` in any case.
        mutating func processingInstruction() throws(ImportError) {
            i += 2
            let at = i
            let target = try name("a processing instruction's target")
            if target.lowercased() == "xml" {
                throw fail("an XML declaration ('<?xml') that is not at the start of the file; expected it first or not at all", at: at - 2)
            }
            if !starts(with: "?>", at: i) {
                guard skipBlanks() else { throw fail("\(found(at: i)) after a processing instruction's target; expected a blank or '?>'") }
            }
            while i < b.count {
                if starts(with: "?>", at: i) {
                    i += 2
                    return
                }
                if isForbidden(at: i) { throw fail("a control character in a processing instruction; expected text") }
                i += 1
            }
            throw fail("the end of the file in a processing instruction; expected '?>'")
        }

        // MARK: Elements

        /// The root element and everything in it, with an explicit stack (no recursion).
        mutating func elements() throws(ImportError) -> XMLTree {
            var stack: [(node: XMLTree, qualified: String)] = []
            var root: XMLTree?
            // Start with the root's start tag.
            repeat {
                if let last = stack.last {
                    try content(of: last.node)
                    // At '<': an end tag or a child's start tag (content() stops only there).
                    if starts(with: "</", at: i) {
                        let at = i
                        i += 2
                        let closing = try name("the name of the element to end")
                        _ = skipBlanks()
                        try expect(">", "'>' ending </\(closing)")
                        guard closing == last.qualified else {
                            throw fail("</\(closing)>; expected </\(last.qualified)> (elements must nest)", at: at)
                        }
                        stack.removeLast()
                        continue
                    }
                }
                let (node, qualified, empty) = try startTag()
                if stack.count >= XMLReader.maxDepth {
                    throw ImportError(file: file, line: node.line, "elements nest deeper than \(XMLReader.maxDepth); expected an InkML document")
                }
                if let parent = stack.last { parent.node.children.append(node) } else { root = node }
                if !empty { stack.append((node, qualified)) }
            } while !stack.isEmpty
            guard let root else { throw fail("no root element; expected an <ink> element") }
            return root
        }

        /// A start tag at `<`: the element (its line the line of its `>`), its qualified name,
        /// and whether it was empty (`/>`).
        mutating func startTag() throws(ImportError) -> (XMLTree, String, Bool) {
            i += 1
            let qualified = try name("an element name after '<'")
            var attributes: [String: String] = [:]
            while true {
                let blank = skipBlanks()
                guard i < b.count else { throw fail("the end of the file in the start tag <\(qualified)>; expected '>'") }
                if b[i] == 0x3E {
                    let node = XMLTree(name: XMLTree.localName(qualified), attributes: attributes, line: lineAt(i))
                    i += 1
                    return (node, qualified, false)
                }
                if b[i] == 0x2F {
                    guard i + 1 < b.count, b[i + 1] == 0x3E else { throw fail("\(found(at: i)) in <\(qualified)>; expected '/>'") }
                    let node = XMLTree(name: XMLTree.localName(qualified), attributes: attributes, line: lineAt(i + 1))
                    i += 2
                    return (node, qualified, true)
                }
                guard blank else { throw fail("\(found(at: i)) in <\(qualified)>; expected a blank before an attribute, '>' or '/>'") }
                let at = i
                let key = try name("an attribute name, '>' or '/>' in <\(qualified)>")
                _ = skipBlanks()
                try expect("=", "'=' after attribute \(key)")
                _ = skipBlanks()
                let value = try attributeValue()
                guard attributes.updateValue(value, forKey: key) == nil else {
                    throw fail("attribute \(key) twice in <\(qualified)>; expected each attribute once", at: at)
                }
            }
        }

        /// A quoted attribute value, references replaced, blanks turned into spaces.
        mutating func attributeValue() throws(ImportError) -> String {
            guard i < b.count, b[i] == 0x22 || b[i] == 0x27 else { throw fail("\(found(at: i)); expected a quoted attribute value") }
            let quote = b[i]
            i += 1
            var out: [UInt8] = []
            while true {
                guard i < b.count else { throw fail("the end of the file in an attribute value; expected its closing quote") }
                let c = b[i]
                if c == quote {
                    i += 1
                    return String(decoding: out, as: UTF8.self)
                }
                switch c {
                case 0x3C: throw fail("'<' in an attribute value; expected '&lt;'")
                case 0x26: try reference(into: &out)
                case 0x0D:
                    out.append(0x20)
                    i += (i + 1 < b.count && b[i + 1] == 0x0A) ? 2 : 1
                case 0x09, 0x0A:
                    out.append(0x20)
                    i += 1
                default:
                    if isForbidden(at: i) { throw fail("a control character in an attribute value; expected text") }
                    out.append(c)
                    i += 1
                }
            }
        }

        /// `&…;` at `i`: a predefined entity or a character reference, appended as UTF-8.
        mutating func reference(into out: inout [UInt8]) throws(ImportError) {
            let at = i
            i += 1
            var j = i
            if j < b.count && b[j] == 0x23 { j += 1 }  // '#'
            while j < b.count && j - i < 40 && (Self.isNameByte(b[j]) || b[j] >= 0x80) { j += 1 }
            guard j < b.count, b[j] == 0x3B, j > i else {
                throw fail("\(found(at: at)); expected a reference such as '&amp;' or '&#38;' (a lone '&' is written '&amp;')", at: at)
            }
            let body = b[i..<j]
            i = j + 1
            if body.first == 0x23 {
                var value: UInt32 = 0
                let hex = body.count > 1 && body[body.startIndex + 1] == 0x78
                let digits = body.dropFirst(hex ? 2 : 1)
                guard !digits.isEmpty else { throw fail("an empty character reference; expected digits", at: at) }
                for d in digits {
                    let v: UInt32
                    if d &- 0x30 < 10 {
                        v = UInt32(d - 0x30)
                    } else if hex, (d | 0x20) &- 0x61 < 6 {
                        v = UInt32((d | 0x20) - 0x61 + 10)
                    } else {
                        throw fail("\(found(at: at)); expected a character reference of \(hex ? "hexadecimal" : "decimal") digits", at: at)
                    }
                    value = value * (hex ? 16 : 10) + v
                    if value > 0x10FFFF { break }
                }
                let allowed =
                    value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
                    || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
                guard allowed, let scalar = Unicode.Scalar(value) else {
                    throw fail("\(found(at: at)) names no XML character; expected a character reference to a character", at: at)
                }
                out.append(contentsOf: String(Character(scalar)).utf8)
                return
            }
            switch String(decoding: body, as: UTF8.self) {
            case "lt": out.append(0x3C)
            case "gt": out.append(0x3E)
            case "amp": out.append(0x26)
            case "apos": out.append(0x27)
            case "quot": out.append(0x22)
            case let other:
                throw fail(
                    "the entity '&\(other);', which is not defined; expected &lt;, &gt;, &amp;, &apos;, &quot; or a character reference",
                    at: at)
            }
        }

        /// An element's content up to a `<` that starts an end tag or a child element: text,
        /// references, CDATA sections, comments and processing instructions.
        mutating func content(of node: XMLTree) throws(ImportError) {
            var pending: [UInt8] = []
            defer {
                if !pending.isEmpty { node.text += String(decoding: pending, as: UTF8.self) }
            }
            while true {
                // A run of plain text: up to markup, a reference, a carriage return, a ']', a
                // control character or 0xEF (which may start U+FFFE or U+FFFF).
                let start = i
                while true {
                    while i < b.count {
                        let c = b[i]
                        // Trace data first: ',' '-' '.' '/' digits, and the space.
                        if c &- 0x2C < 14 || c == 0x20 {
                            i += 1
                            continue
                        }
                        if c == 0x3C || c == 0x26 || c == 0x5D || c == 0xEF || (c < 0x20 && c != 0x09 && c != 0x0A) { break }
                        i += 1
                    }
                    guard i < b.count, b[i] == 0xEF || (b[i] < 0x20 && b[i] != 0x0D) else { break }
                    if isForbidden(at: i) {
                        throw fail(b[i] == 0xEF ? "U+FFFE or U+FFFF in text; expected text" : "a control character (0x\(String(b[i], radix: 16))) in text; expected text")
                    }
                    i += 1
                }
                if i > start {
                    if pending.isEmpty && i - start > 64 {
                        node.text += String(decoding: b[start..<i], as: UTF8.self)
                    } else {
                        pending.append(contentsOf: b[start..<i])
                    }
                }
                guard i < b.count else { throw fail("the end of the file inside <\(node.name)>; expected its end tag") }
                switch b[i] {
                case 0x26:
                    try reference(into: &pending)
                case 0x0D:
                    pending.append(0x0A)
                    i += (i + 1 < b.count && b[i + 1] == 0x0A) ? 2 : 1
                case 0x5D:
                    if starts(with: "]]>", at: i) { throw fail("']]>' in text; expected it only to end a CDATA section") }
                    pending.append(0x5D)
                    i += 1
                default:  // '<'
                    if starts(with: "<!--", at: i) {
                        try comment()
                    } else if starts(with: "<![CDATA[", at: i) {
                        i += 9
                        let from = i
                        while i < b.count && !starts(with: "]]>", at: i) {
                            if isForbidden(at: i) { throw fail("a control character in a CDATA section; expected text") }
                            i += 1
                        }
                        guard i < b.count else { throw fail("the end of the file in a CDATA section; expected ']]>'") }
                        for k in from..<i {
                            if b[k] == 0x0D {
                                if k + 1 < i && b[k + 1] == 0x0A { continue }
                                pending.append(0x0A)
                            } else {
                                pending.append(b[k])
                            }
                        }
                        i += 3
                    } else if starts(with: "<?", at: i) {
                        try processingInstruction()
                    } else if starts(with: "<!", at: i) {
                        throw fail("\(found(at: i)) inside <\(node.name)>; expected an element, a comment or a CDATA section")
                    } else {
                        if !pending.isEmpty {
                            node.text += String(decoding: pending, as: UTF8.self)
                            pending.removeAll()
                        }
                        return
                    }
                }
            }
        }
    }
}
