// The InkML reader's XML oracle: Foundation's `XMLParser` (libxml2), which parsed InkML in the
// product until InkBench got its own `XMLReader`. Used by the InkImport tests and by the inkml
// fuzz harness (scripts/fuzz.sh compiles this file into it), so it imports no test framework.
import Foundation
import InkImport
import InkTraces

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Foundation's `XMLParser` building the same ``XMLTree`` as ``XMLReader``, and the rule by which
/// the two must agree.
///
/// Stricter than the old product reader: `XMLParser` runs libxml2 in recovery mode, so it went
/// on after errors (an unclosed tag, text after the root) and the old reader read what it
/// recovered; here any error it reports fails the parse, except libxml2's namespace errors
/// (codes 200 and up: an undeclared prefix, a name with two colons) and warnings (96-110),
/// because the InkML reader treats prefixes as part of names and never resolved them. CDATA
/// sections count as text (the old reader dropped them).
enum XMLParserOracle {
    /// Parses with `XMLParser`; an error names the line `XMLParser` stopped at.
    static func parse(_ bytes: [UInt8], file: String) throws(ImportError) -> XMLTree {
        let builder = Builder()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = builder
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        if let error = builder.error { throw ImportError(file: file, line: error.line, error.message) }
        // Error 64 (a name beginning with "xml") is only a warning for a processing
        // instruction's target such as `xml-stylesheets`; fatal where the parse failed.
        let counted = builder.xmlErrors.first { $0.code != 64 || !ok }
        if let (code, line) = counted ?? (ok ? nil : ((parser.parserError as NSError?)?.code ?? -1, parser.lineNumber)) {
            throw ImportError(file: file, line: max(1, line), "not well-formed XML (XMLParser error \(code)); expected an InkML document")
        }
        guard let root = builder.root else {
            throw ImportError(file: file, line: max(1, parser.lineNumber), "not well-formed XML (no root); expected an InkML document")
        }
        return root
    }

    /// The InkML reader with `XMLParser` in place of ``XMLReader`` (trace texts by the byte path).
    static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try InkMLReader.read(bytes, file: file, options: options, textOracle: false, parse: parse)
    }

    /// Whether an error is about the document's XML (not well-formed, nested too deep, or a
    /// construct ``XMLReader`` refuses) rather than about its InkML.
    static func isXMLError(_ error: ImportError) -> Bool {
        error.message.hasPrefix("not well-formed XML") || error.message.hasPrefix("elements nest deeper than")
    }

    /// The endings of the messages of what ``XMLReader`` refuses on purpose where `XMLParser`
    /// reads on (the list in ``XMLReader``'s documentation), each with a document that shows it.
    /// Each ending is one `fail` call's fixed text, so the bytes a message quotes cannot make
    /// another error look like one of these.
    static let deliberateRefusals: [(ending: String, witness: String)] = [
        ("a DOCTYPE with an internal subset ('['); expected none (InkBench does not read document type declarations or their entities)",
         "<!DOCTYPE ink [<!ENTITY e 'x'>]><ink/>"),
        ("' in the XML declaration; expected UTF-8 (InkBench reads UTF-8 documents only)", "<?xml version='1.0' encoding='ISO-8859-1'?><ink/>"),
        ("' after <!DOCTYPE; expected a blank and the root element's name", "<!DOCTYPEink><ink/>"),
        ("' in the XML declaration; expected a blank or '?>'", "<?xml version='1.0' encoding='UTF-8'standalone='yes'?><ink/>"),
        ("' in the XML declaration; expected 1.0", "<?xml version='1.'?><ink/>"),
    ]

    /// Whether `error` is one of ``XMLReader``'s deliberate refusals (``deliberateRefusals``).
    static func isDeliberateRefusal(_ error: ImportError) -> Bool {
        isXMLError(error) && deliberateRefusals.contains { error.message.hasSuffix($0.ending) }
    }

    /// Why the reader's outcome and the oracle's disagree, or nil when they agree: the same
    /// trace (its trace CSV, every value's shortest round-trip text, and its notices); the same
    /// error where the XML parsed both ways; XML errors both ways (the messages differ: each
    /// parser words its own); or the reader's deliberate refusal of what the oracle reads.
    static func disagreement(reader: Result<Trace, ImportError>, oracle: Result<Trace, ImportError>) -> String? {
        switch (reader, oracle) {
        case (.success(let x), .success(let y)):
            if TraceCSVWriter.write(x) != TraceCSVWriter.write(y) || x.notices != y.notices { return "the traces differ" }
            return nil
        case (.failure(let x), .failure(let y)):
            if x == y || (isXMLError(x) && isXMLError(y)) || isDeliberateRefusal(x) { return nil }
            return "the errors differ: reader \(x) / oracle \(y)"
        case (.failure(let x), .success):
            return isDeliberateRefusal(x) ? nil : "the reader rejects what the oracle reads: \(x)"
        case (.success, .failure(let y)):
            return "the reader reads what the oracle rejects: \(y)"
        }
    }

    /// Whether `bytes` hold `<?`, a name and `?>` (a processing instruction without data, or
    /// text that looks like one): Foundation's `XMLParser` on Linux (swift-corelibs-foundation
    /// 6.3.1) crashes on such a document (it reads the missing data's NULL pointer), so the
    /// comparison leaves it to the reader's own tests.
    static func crashesXMLParser(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 3 < bytes.count {
            if bytes[i] == 0x3C && bytes[i + 1] == 0x3F {
                var j = i + 2
                while j < bytes.count, bytes[j] >= 0x80 || (bytes[j] | 0x20) &- 0x61 < 26 || bytes[j] &- 0x2D < 14 || bytes[j] == 0x5F {
                    j += 1  // letters, non-ASCII, - . / digits : and _
                }
                if j > i + 2 && j + 1 < bytes.count && bytes[j] == 0x3F && bytes[j + 1] == 0x3E { return true }
            }
            i += 1
        }
        return false
    }

    /// Both readers' outcomes on one document (the reader's twice where `XMLParser` would
    /// crash on it: ``crashesXMLParser(_:)``).
    static func outcomes(_ bytes: [UInt8], file: String, options: ImportOptions) -> (reader: Result<Trace, ImportError>, oracle: Result<Trace, ImportError>) {
        let a: Result<Trace, ImportError>, b: Result<Trace, ImportError>
        do { a = .success(try InkMLReader.read(bytes, file: file, options: options)) } catch { a = .failure(error) }
        if crashesXMLParser(bytes) { return (a, a) }
        do { b = .success(try read(bytes, file: file, options: options)) } catch { b = .failure(error) }
        return (a, b)
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLTree?
        var stack: [XMLTree] = []
        var error: (line: Int, message: String)?
        /// The errors `XMLParser` reported that are not namespace errors or warnings.
        var xmlErrors: [(code: Int, line: Int)] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
            attributes attributeDict: [String: String] = [:]
        ) {
            let node = XMLTree(name: XMLTree.localName(elementName), attributes: attributeDict, line: max(1, parser.lineNumber))
            if stack.count >= XMLReader.maxDepth {
                error = (node.line, "elements nest deeper than \(XMLReader.maxDepth); expected an InkML document")
                parser.abortParsing()
                return
            }
            if let parent = stack.last { parent.children.append(node) } else if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            let code = (parseError as NSError).code
            if code < 200 && !(96...110).contains(code) { xmlErrors.append((code, max(1, parser.lineNumber))) }
        }
    }
}
