import InkImport
import InkTraces
import Testing

/// The one strict decimal parser (`DecimalText`) at its edges, and the readers' entry point
/// (`TextLines.number`) giving exactly its answers: one rule for options and files.
@Suite("Decimal text")
struct DecimalTextTests {
    /// Accepted texts and their values.
    static let accepted: [(String, Double)] = [
        ("0.05", 0.05), ("+1", 1), ("-1", -1), (".5", 0.5), ("-.5", -0.5), ("5.", 5), ("1e3", 1000), ("1E-3", 0.001),
        ("2.5e+2", 250), ("0", 0), ("-0", 0), ("0e-999", 0), ("0.000e5", 0), ("1e-310", Double("1e-310")!), ("1.7976931348623157e308", .greatestFiniteMagnitude),
    ]

    /// Refused texts and why.
    static let refused: [(String, DecimalText.Problem)] = [
        ("1e-400", .underflow), ("-1e-400", .underflow), ("0.0000001e-330", .underflow),
        ("1e309", .overflow), ("-2e308", .overflow),
        ("0x10", .notDecimal), ("0X1p3", .notDecimal), ("inf", .notDecimal), ("-inf", .notDecimal), ("infinity", .notDecimal),
        ("nan", .notDecimal), ("NaN", .notDecimal), ("", .notDecimal), ("+", .notDecimal), (".", .notDecimal), ("e5", .notDecimal),
        ("1e", .notDecimal), ("1e+", .notDecimal), ("+-1", .notDecimal), ("1.2.3", .notDecimal), ("1e5e5", .notDecimal),
        (" 1", .notDecimal), ("1 ", .notDecimal), ("1\u{0}e-5", .notDecimal), ("1,5", .notDecimal), ("١", .notDecimal),
        (String(repeating: "1", count: 400), .notDecimal),
    ]

    @Test("accepted texts read as their value", arguments: accepted.indices)
    func acceptedTexts(_ k: Int) {
        let (text, value) = Self.accepted[k]
        #expect(DecimalText.parse(text) == .success(value), "'\(text)'")
        #expect(TextLines.number(Substring(text)) == value, "'\(text)' through the readers' parser")
    }

    @Test("refused texts name why, and the readers refuse them too", arguments: refused.indices)
    func refusedTexts(_ k: Int) {
        let (text, problem) = Self.refused[k]
        #expect(DecimalText.parse(text) == .failure(problem), "'\(text)'")
        #expect(TextLines.number(Substring(text)) == nil, "'\(text)' through the readers' parser")
    }

    @Test("a substring parses as its own text")
    func substring() {
        let line = "t,1e-400,0.25"
        let fields = line.split(separator: ",")
        #expect(TextLines.number(fields[1]) == nil)
        #expect(TextLines.number(fields[2]) == 0.25)
    }
}
