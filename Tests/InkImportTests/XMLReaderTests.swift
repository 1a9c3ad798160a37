import Foundation
import InkImport
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

/// The project's own XML reader (`XMLReader`, what InkML documents contain), on its own and
/// against Foundation's `XMLParser` (`XMLParserOracle`) through the whole InkML reader.
@Suite("XML reader")
struct XMLReaderTests {
    static func tree(_ text: String) throws(ImportError) -> XMLTree {
        try XMLReader.parse(Array(text.utf8), file: "t.xml")
    }

    @Test func elementsAttributesTextAndReferences() throws {
        let root = try Self.tree(
            "<?xml version='1.0' encoding=\"utf-8\" standalone='no'?>\n<!DOCTYPE ink PUBLIC 'p' \"s\">\n"
                + "<i:ink xmlns:i='u' a=\"1\" b='x&amp;&lt;&gt;&apos;&quot;&#65;&#x42;&#233;'>t<!--c-->u<?p d?><![CDATA[<v>&amp;]]>&#10;"
                + "<x:y:trace\n k='a\tb\r\nc' l=\"'\"/>w</i:ink ><!--end-->\n<?after?>\n")
        #expect(root.name == "ink")
        #expect(root.attributes == ["xmlns:i": "u", "a": "1", "b": "x&<>'\"ABé"])
        #expect(root.text == "tu<v>&amp;\nw")
        #expect(root.line == 3)
        #expect(root.children.map(\.name) == ["trace"])
        #expect(root.children[0].attributes == ["k": "a b c", "l": "'"])
        #expect(root.children[0].line == 5, "the line of the start tag's '>' (after the attribute's line end)")
        #expect(root.children[0].children.isEmpty && root.children[0].text.isEmpty)
    }

    /// A DOCTYPE with no identifier, a SYSTEM or a PUBLIC one is read (the oracle comparisons
    /// excuse the reader's DOCTYPE refusals, so a wrong refusal must fail here).
    @Test func doctypesWithExternalIdentifiersAreRead() throws {
        for doctype in ["<!DOCTYPE ink>", "<!DOCTYPE ink SYSTEM \"ink.dtd\">", "<!DOCTYPE ink SYSTEM 'a b' >",
                        "<!DOCTYPE ink PUBLIC \"-//W3C//DTD InkML//EN\" 'http://example.org/ink.dtd'>"] {
            let root = try Self.tree(doctype + "\n<ink><trace>1 2</trace></ink>")
            #expect(root.name == "ink" && root.children.map(\.name) == ["trace"], "\(doctype)")
        }
    }

    @Test func byteOrderMarkAndLineEnds() throws {
        let root = try XMLReader.parse([0xEF, 0xBB, 0xBF] + Array("<ink>a\r\nb\rc<![CDATA[d\r\ne]]><t/>f</ink>".utf8), file: "t.xml")
        #expect(root.text == "a\nb\ncd\nef", "each element's own text, \\r\\n and \\r read as \\n")
        #expect(root.children.map(\.name) == ["t"])
        let deep = String(repeating: "<a>", count: XMLReader.maxDepth) + String(repeating: "</a>", count: XMLReader.maxDepth)
        #expect(try Self.tree(deep).name == "a")
    }

    /// Each malformed document, the line its error must name, and the text at the byte it must
    /// name (its last occurrence; nil: the end of the file).
    static let malformed: [(String, String, Int, String?)] = [
        ("end tag of another element", "<ink>\n<trace>1 2</ink>", 2, "</ink>"),
        ("end of file in an element", "<ink><trace>1 2", 1, nil),
        ("text after the root", "<ink/>\njunk", 2, "junk"),
        ("a second root", "<ink/>\n<ink/>", 2, "<ink/>"),
        ("text before the root", "ink\n<ink/>", 1, "ink\n"),
        ("an undefined entity", "<ink>&nbsp;</ink>", 1, "&nbsp;"),
        ("a bare ampersand", "<ink a='x & y'/>", 1, "& y"),
        ("an unterminated reference", "<ink>&amp</ink>", 1, "&amp<"),
        ("a reference to no character", "<ink>&#0;</ink>", 1, "&#0;"),
        ("a surrogate reference", "<ink>\n&#xD800;</ink>", 2, "&#xD800;"),
        ("'<' in an attribute", "<ink a='<'/>", 1, "<'/>"),
        ("an attribute twice", "<ink a='1'\n a='2'/>", 2, "a='2'"),
        ("an unquoted attribute", "<ink a=1/>", 1, "1/>"),
        ("no blank between attributes", "<ink a='1'b='2'/>", 1, "b='2'"),
        ("an attribute without a value", "<ink a/>", 1, "/>"),
        ("an internal subset", "<!DOCTYPE ink [<!ENTITY e 'x'>]>\n<ink>&e;</ink>", 1, "["),
        ("a second DOCTYPE", "<!DOCTYPE ink>\n<!DOCTYPE ink>\n<ink/>", 2, "<!DOCTYPE ink>\n<ink/>"),
        ("a DOCTYPE inside", "<ink>\n<!DOCTYPE ink></ink>", 2, "<!DOCTYPE"),
        ("another encoding", "<?xml version='1.0' encoding='ISO-8859-1'?><ink/>", 1, "encoding"),
        ("another version", "<?xml version='2.0'?><ink/>", 1, "version"),
        ("a late XML declaration", " <?xml version='1.0'?><ink/>", 1, "<?xml"),
        ("'--' in a comment", "<ink><!-- a -- b --></ink>", 1, "-- b"),
        ("an unterminated comment", "<ink><!-- a", 1, nil),
        ("an unterminated CDATA section", "<ink>\n<![CDATA[a", 2, nil),
        ("an unterminated processing instruction", "<ink><?p a", 1, nil),
        ("']]>' in text", "<ink>a]]>b</ink>", 1, "]]>"),
        ("a control character", "<ink>\n\u{1}</ink>", 2, "\u{1}"),
        ("U+FFFF", "<ink>\u{FFFF}</ink>", 1, "\u{FFFF}"),
        ("no element", "<!-- only a comment -->\n", 2, nil),
        ("an empty file", "", 1, nil),
        ("a name starting with a digit", "<ink><1a/></ink>", 1, "1a/>"),
        ("an unterminated start tag", "<ink a='1'", 1, nil),
        ("'<' in a public identifier", "<!DOCTYPE ink PUBLIC 'a<b' 'x'>\n<ink/>", 1, "<b' 'x'>"),
        ("'\"' in a public identifier", "<!DOCTYPE ink PUBLIC\n'a\"b' 'x'><ink/>", 2, "\"b' 'x'>"),
        ("a name starting with U+00D7", "<ink>\n<×a/></ink>", 2, "×a/>"),
        ("U+00D7 inside an element name", "<ink>\n<a×b/></ink>", 2, "×b/>"),
        ("U+2190 inside an attribute name", "<ink a\u{2190}b='1'/>", 1, "\u{2190}b="),
        ("U+00B7 starting an attribute name", "<ink\n ·a='1'/>", 2, "·a="),
        ("U+3000 starting an end tag's name", "<ink></\u{3000}ink>", 1, "\u{3000}ink>"),
        ("U+F0000 in a processing instruction's target", "<ink><?p\u{F0000} x?></ink>", 1, "\u{F0000} x?>"),
    ]

    @Test(arguments: 0..<malformed.count)
    func malformedDocumentsNameLineByteAndExpectation(_ k: Int) {
        let (name, text, line, at) = Self.malformed[k]
        let bytes = Array(text.utf8)
        var byte = bytes.count
        if let at, let range = text.range(of: at, options: .backwards) { byte = text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound) }
        do {
            let root = try XMLReader.parse(bytes, file: "t.xml")
            Issue.record("\(name) was accepted: <\(root.name)>")
        } catch {
            #expect(error.file == "t.xml", "\(name)")
            #expect(error.line == line, "\(name): \(error)")
            #expect(error.message.hasPrefix("not well-formed XML at byte \(byte):"), "\(name): \(error)")
            #expect(error.message.contains("; expected "), "\(name): \(error)")
        }
    }

    /// Names with characters from U+0080 on: XML 1.0's NameStartChar and NameChar ranges, at
    /// their edges, each as it starts a name and inside one.
    @Test func namesWithCharactersBeyondASCII() throws {
        let root = try Self.tree("<ink é·\u{300}-a='1' \u{10000}x='2' \u{200C}\u{203F}='3'><ñ\u{2040}\u{36F}/><\u{EFFFF}/></ink>")
        #expect(root.attributes == ["é·\u{300}-a": "1", "\u{10000}x": "2", "\u{200C}\u{203F}": "3"])
        #expect(root.children.map(\.name) == ["ñ\u{2040}\u{36F}", "\u{EFFFF}"])
        // (scalar, may start a name, may follow in one)
        let edges: [(UInt32, Bool, Bool)] = [
            (0xB7, false, true), (0xC0, true, true), (0xD7, false, false), (0xF7, false, false), (0x2FF, true, true), (0x300, false, true),
            (0x36F, false, true), (0x370, true, true), (0x37E, false, false), (0x1FFF, true, true), (0x2000, false, false),
            (0x200C, true, true), (0x200E, false, false), (0x203F, false, true), (0x2041, false, false), (0x2070, true, true),
            (0x2190, false, false), (0x2C00, true, true), (0x2FF0, false, false), (0x3000, false, false), (0x3001, true, true),
            (0xE000, false, false), (0xF900, true, true), (0xFDD0, false, false), (0xFDF0, true, true), (0xFFFD, true, true),
            (0x10000, true, true), (0xEFFFF, true, true), (0xF0000, false, false),
        ]
        for (value, start, follows) in edges {
            let c = String(Character(try #require(Unicode.Scalar(value))))
            let hex = String(value, radix: 16)
            for (text, ok) in [("<ink \(c)a='1'/>", start), ("<ink a\(c)='1'/>", follows), ("<\(c)x/>", start), ("<x\(c)/>", follows)] {
                let bytes = Array(text.utf8)
                do {
                    _ = try XMLReader.parse(bytes, file: "t.xml")
                    #expect(ok, "U+\(hex) read in \(text)")
                } catch {
                    #expect(!ok, "U+\(hex) refused in \(text): \(error)")
                    #expect(error.message.contains("(U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex.uppercased()))"), "\(error)")
                }
                // XMLParser (libxml2) reads the same names.
                let doc = Array("<ink>\(text)<trace>1 2</trace></ink>".utf8)
                Self.agree(doc, file: "name-\(hex).inkml")
            }
        }
    }

    /// The comparison with `XMLParser` excuses exactly the reader's documented refusals: each
    /// is the reader's error on its witness, which `XMLParser` reads; other errors, even ones
    /// whose text names DOCTYPE, are not excused.
    @Test func theOracleExcusesOnlyTheDocumentedRefusals() throws {
        for (ending, witness) in XMLParserOracle.deliberateRefusals {
            let bytes = Array(witness.utf8)
            do {
                _ = try XMLReader.parse(bytes, file: "w.xml")
                Issue.record("the reader read \(witness)")
            } catch {
                #expect(error.message.hasSuffix(ending) && XMLParserOracle.isDeliberateRefusal(error), "\(witness): \(error)")
            }
            #expect((try? XMLParserOracle.parse(bytes, file: "w.xml")) != nil, "XMLParser reads \(witness), else the excuse is not needed")
        }
        for text in [
            "<ink>\n<!DOCTYPE ink></ink>", "<ink/>\n<!DOCTYPE ink>", "<!DOCTYPE ink>\n<!DOCTYPE ink>\n<ink/>", "<!DOCTYPE ink PUBLIC 'a<b' 'x'><ink/>",
            "<!DOCTYPE ink SYSTEM><ink/>", "<!DOCTYPE ink PUBLIC 'p'><ink/>", "<?xml version='1.0' standalone='maybe'?><ink/>",
        ] {
            do {
                _ = try XMLReader.parse(Array(text.utf8), file: "t.xml")
                Issue.record("the reader read \(text)")
            } catch {
                #expect(!XMLParserOracle.isDeliberateRefusal(error), "\(text): \(error)")
            }
        }
        // A refusal that names DOCTYPE only in the bytes it quotes, of a document XMLParser read.
        let trace = try RecordingLoader.readFile(ProjectData.path("Tests/Fixtures/inkml/tablet-200hz.inkml"))
        let quoting = ImportError(file: "t.inkml", line: 2, "not well-formed XML at byte 6: '<!DOCTYPE ink' inside <ink>; expected an element, a comment or a CDATA section")
        #expect(XMLParserOracle.disagreement(reader: .failure(quoting), oracle: .success(trace)) != nil)
    }

    /// Foundation's `XMLParser` crashes on a processing instruction without data (`<?pi?>`); the
    /// comparison does not hand it such a document (this test would crash the test process).
    @Test func processingInstructionsWithoutDataAreNotGivenToXMLParser() throws {
        for text in ["<ink><?pi?><trace>1 2</trace></ink>", "<?x-y.z?><ink/>", "<?é?><ink/>", "<ink a='<?pi?>'/>", "<ink><![CDATA[<?p?>]]></ink>"] {
            #expect(XMLParserOracle.crashesXMLParser(Array(text.utf8)), "\(text)")
            Self.agree(Array(text.utf8), file: "pi.inkml")
        }
        let root = try Self.tree("<ink><?pi?><?pi ?></ink>")
        #expect(root.name == "ink" && root.children.isEmpty, "the reader reads a processing instruction without data")
        for text in ["<ink><?pi ?></ink>", "<ink><?pi x?></ink>", "<??><ink/>", "<ink><?pi?x?></ink>"] {
            #expect(!XMLParserOracle.crashesXMLParser(Array(text.utf8)), "\(text)")
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        let n = XMLReader.maxDepth + 1
        let text = "<ink>\n" + String(repeating: "<a>", count: n - 1) + String(repeating: "</a>", count: n - 1) + "</ink>"
        #expect(throws: ImportError(file: "t.xml", line: 2, "elements nest deeper than \(XMLReader.maxDepth); expected an InkML document")) {
            try XMLReader.parse(Array(text.utf8), file: "t.xml")
        }
    }

    /// The fixture with the XML an InkML file may hold (declaration, BOM, CRLF, DOCTYPE, comments,
    /// processing instructions, CDATA, references, prefixes, both quotes), read to its points.
    @Test func xmlFeaturesFixture() throws {
        let trace = try RecordingLoader.readFile(ProjectData.path("Tests/Fixtures/inkml/xml-features.inkml"))
        #expect(trace.strokes.count == 2)
        let a = trace.strokes[0], b = trace.strokes[1]
        #expect(zip(a.x, a.y).map { [$0, $1] } == [[10, 20], [11, 21], [12, 22], [13, 23]])
        #expect(a.t.map { ($0 * 1e6).rounded() / 1e6 } == [0, 0.005, 0.01, 0.015])
        #expect(zip(b.x, b.y).map { [$0, $1] } == [[30, 40], [31, 41]])
        #expect(b.t.map { ($0 * 1e6).rounded() / 1e6 } == [0.1, 0.105])
    }

    // MARK: Against XMLParser

    /// Whether the reader and the oracle agree on a document (recording the disagreement), and
    /// whether the reader read it.
    @discardableResult
    static func agree(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) -> (agree: Bool, read: Bool) {
        let (reader, oracle) = XMLParserOracle.outcomes(bytes, file: file, options: options)
        if let why = XMLParserOracle.disagreement(reader: reader, oracle: oracle) {
            Issue.record("\(file): \(why)")
            return (false, false)
        }
        if case .success(let x) = reader, case .success(let y) = oracle {
            #expect(sameTrace(x, y), "\(file): not the same bits")
        }
        if case .success = reader { return (true, true) }
        return (true, false)
    }

    /// Every `.inkml` file of the project (Datasets/, the fixtures, the fuzz seeds), with and
    /// without hover strokes: each read, and read as `XMLParser` reads it.
    @Test func everyInkMLFileReadsAsXMLParserReadsIt() throws {
        var paths: [String] = []
        for folder in ["Datasets", "Tests/Fixtures", "scripts/fuzz/corpus"] {
            guard let e = FileManager.default.enumerator(atPath: ProjectData.path(folder)) else { continue }
            while let relative = e.nextObject() as? String {
                if relative.hasSuffix(".inkml") { paths.append(ProjectData.path("\(folder)/\(relative)")) }
            }
        }
        #expect(paths.count >= 5, "\(paths)")
        for path in paths.sorted() {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(Self.agree(bytes, file: path).read, "\(path) was not read")
            Self.agree(bytes, file: path, options: ImportOptions(includeHover: true))
            Self.agree(bytes, file: path, options: ImportOptions(scaleUnitsPerMM: 1, timeUnitSeconds: 1, includeHover: true))
        }
    }

    /// A document like the benchmark's `hundred.inkml` (Benchmarks/inputs/make-inputs.sh: one
    /// `<trace>` per stroke, X Y in mm, T in s, values as shortest round-trip text), with the
    /// dressing of `style`: 0 plain, 1 a declaration, BOM, CRLF, prefixes, comments and CDATA.
    static func benchmarkLike(seed: UInt64, strokes: Int, style: Int) -> String {
        var rng = SplitMix64(seed: seed)
        let p = style == 0 ? "" : "inkml:"
        let nl = style == 0 ? "\n" : "\r\n"
        var out = style == 0 ? "" : "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\(nl)<!-- benchmark-like -->\(nl)"
        out += "<\(p)ink xmlns\(style == 0 ? "" : ":inkml")=\"http://www.w3.org/2003/InkML\">\(nl)"
        out += "<\(p)context><\(p)traceFormat><\(p)channel name=\"X\" type=\"decimal\" units=\"mm\"/>"
        out += "<\(p)channel name='Y' type='decimal' units='mm'/><\(p)channel name=\"T\" type=\"decimal\" units=\"s\"/></\(p)traceFormat></\(p)context>\(nl)"
        var t = 0.0
        for s in 0..<strokes {
            out += "<\(p)trace>"
            let n = 20 + Int(rng.next() % 200)
            var x = Double(Int64(bitPattern: rng.next()) >> 40) / 1e5, y = Double(Int64(bitPattern: rng.next()) >> 40) / 1e5
            for k in 0..<n {
                x += Double(Int64(bitPattern: rng.next()) >> 44) / 1e6
                y += Double(Int64(bitPattern: rng.next()) >> 44) / 1e6
                let sample = "\(x) \(y) \(t)"
                if style == 1 && k == n / 2 { out += (k == 0 ? "" : ", ") + "<![CDATA[\(sample)]]><!-- mid -->" } else { out += (k == 0 ? "" : ", ") + sample }
                t += 1.0 / 240
            }
            out += "</\(p)trace>\(nl)"
            if s % 7 == 3 { out += "<!-- stroke \(s) &amp; more -->\(nl)" }
            t += 0.1
        }
        return out + "</\(p)ink>\(nl)"
    }

    @Test(arguments: [0, 1])
    func benchmarkLikeDocumentsReadAsXMLParserReadsThem(_ style: Int) {
        for seed in UInt64(1)...3 {
            let bytes = Array(Self.benchmarkLike(seed: seed, strokes: 40, style: style).utf8)
            #expect(Self.agree(bytes, file: "like\(seed)-\(style).inkml").read)
        }
    }

    /// A few thousand seeded mutations (bytes and XML words replaced, inserted, removed; cut
    /// short) of three documents: the reader and `XMLParser` agree on each.
    @Test func fuzzedDocumentsReadAsXMLParserReadsThem() throws {
        let bases = [
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: ProjectData.path("Tests/Fixtures/inkml/xml-features.inkml")))),
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: ProjectData.path("Tests/Fixtures/inkml/tablet-200hz.inkml")))),
            Array(Self.benchmarkLike(seed: 9, strokes: 6, style: 1).utf8.prefix(5_000)) + Array("</inkml:trace></inkml:ink>".utf8),
        ]
        let alphabet: [UInt8] = Array("0123456789.,-+eE \t\r\n!'\"<>/&;#x:=?[]".utf8) + [0xC3, 0xA9]
        let words = [
            "<![CDATA[", "]]>", "<!--", "-->", "<?pi x?>", "&amp;", "&#x31;", "&#49;", "&lt;", "&foo;", "inkml:", "</trace>", "<trace>",
            "<?xml version='1.0'?>", "<!DOCTYPE ink>", "<!DOCTYPE ink [", "xml:id='c'", " a='1'", "\r\n", "\u{FEFF}", "/>", "&#0;",
            "×", "·", "\u{300}", "\u{2190}", "\u{3001}", "\u{10000}",
        ].map { Array($0.utf8) }
        var rng = SplitMix64(seed: 2612)
        var read = 0, xmlErrors = 0, cases = 0
        for (k, base) in bases.enumerated() {
            for c in 0..<1_000 {
                let bytes = ByteReaderFormatsTests.mutate(base, &rng, alphabet: alphabet, words: words)
                cases += 1
                let name = "fuzz\(k)-\(c).inkml"
                if Self.agree(bytes, file: name).read { read += 1 }
                do { _ = try InkMLReader.read(bytes, file: name) } catch { if XMLParserOracle.isXMLError(error) { xmlErrors += 1 } }
            }
        }
        #expect(read >= 100 && xmlErrors >= 500, "\(read) read and \(xmlErrors) XML errors in \(cases) fuzzed documents")
    }
}
