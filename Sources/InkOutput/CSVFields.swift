import InkTraces
/// The small CSV dialect of baselines and `summary.csv`: fields separated by commas, a field
/// quoted with `"` when it holds a comma, a quote or leading/trailing spaces, a quote inside
/// quotes doubled. One record per line (no line breaks inside fields).
///
/// ```swift
/// CSVFields.join(["s-curve slow", "kalman[sigma_p=0.02,cap_ms=16]"])
/// // s-curve slow,"kalman[sigma_p=0.02,cap_ms=16]"
/// try CSVFields.split("a,\"b,c\",")   // ["a", "b,c", ""]
/// ```
package enum CSVFields {
    /// Joins fields into one line, quoting where needed.
    package static func join(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",")
    }

    /// Quotes one field if it needs it.
    package static func quote(_ field: String) -> String {
        let needs = field.contains(",") || field.contains("\"") || field.first == " " || field.last == " "
        guard needs else { return field }
        return "\"" + field.replacingText("\"", with: "\"\"") + "\""
    }

    /// Splits one line into fields.
    ///
    /// - Throws: `CSVFieldError` with the column (1-based) where a quoted field is malformed.
    package static func split(_ line: Substring) throws(CSVFieldError) -> [String] {
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var afterQuote = false
        var column = 0
        var chars = line.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let p = pending { pending = nil; return p }
            return chars.next()
        }
        while let c = next() {
            column += 1
            if inQuotes {
                if c == "\"" {
                    if let d = chars.next() {
                        if d == "\"" { field.append("\""); column += 1 } else { inQuotes = false; afterQuote = true; pending = d }
                    } else {
                        inQuotes = false; afterQuote = true
                    }
                } else {
                    field.append(c)
                }
            } else if c == "," {
                fields.append(field); field = ""; afterQuote = false
            } else if afterQuote {
                throw CSVFieldError(column: column, message: "expected ',' after a closing quote, found '\(c)'")
            } else if c == "\"" && field.isEmpty {
                inQuotes = true
            } else if c == "\r" {
                continue
            } else {
                field.append(c)
            }
        }
        if inQuotes { throw CSVFieldError(column: column, message: "a quoted field is not closed") }
        fields.append(field)
        return fields
    }

    /// Splits one line into fields.
    package static func split(_ line: String) throws(CSVFieldError) -> [String] { try split(Substring(line)) }
}
