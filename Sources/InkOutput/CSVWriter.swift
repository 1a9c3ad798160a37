/// A small byte-level CSV writer (RFC 4180): comma-separated, CRLF-free (`\n` line ends),
/// fields quoted only when they hold a comma, a quote, CR or LF (quotes doubled inside).
///
/// Numbers are written as the shortest text that reads back to the same `Double`, with no
/// locale effects (`0.1`, `35.4`, `1e-05`); integral values print without a fraction
/// (`240`, not `240.0`); `nil` and non-finite values print as an empty cell. A perceived
/// latency stored as a count of 0.1 ms prints from the integer, so `354` is exactly `35.4`.
///
/// ```swift
/// var csv = CSVWriter()
/// csv.row(["trace", "latency_ms"])
/// csv.text("s-curve, slow"); csv.tenths(354); csv.endRow()
/// csv.string   // "trace,latency_ms\n\"s-curve, slow\",35.4\n"
/// ```
package struct CSVWriter: Sendable {
    /// The bytes written so far (UTF-8).
    package private(set) var bytes: [UInt8] = []
    private var atRowStart = true

    package init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func separator() {
        if !atRowStart { bytes.append(UInt8(ascii: ",")) }
        atRowStart = false
    }

    /// Appends a text cell, quoting it when needed.
    package mutating func text(_ value: String) {
        separator()
        let utf8 = value.utf8
        let needsQuotes = utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        if !needsQuotes {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(0x22)
        for b in utf8 {
            if b == 0x22 { bytes.append(0x22) }
            bytes.append(b)
        }
        bytes.append(0x22)
    }

    /// Appends a number cell (shortest round-trip text); `nil` or non-finite is an empty cell.
    package mutating func number(_ value: Double?) {
        separator()
        guard let value, value.isFinite else { return }
        CSVWriter.appendNumber(value, to: &bytes)
    }

    /// Appends an integer cell; `nil` is an empty cell.
    package mutating func integer(_ value: Int?) {
        separator()
        guard let value else { return }
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends a count of 0.1 units as a decimal with one digit (`354` -> `35.4`, `-6` -> `-0.6`).
    package mutating func tenths(_ value: Int?) {
        separator()
        guard let value else { return }
        bytes.append(contentsOf: CSVWriter.tenthsText(value).utf8)
    }

    /// Appends an empty cell.
    package mutating func empty() { separator() }

    /// Appends an empty line (between rows): gnuplot reads it as a break in a line plot.
    package mutating func blankLine() {
        precondition(atRowStart, "blankLine() goes between rows")
        bytes.append(0x0A)
    }

    /// Ends the current row.
    package mutating func endRow() {
        bytes.append(0x0A)
        atRowStart = true
    }

    /// Appends a whole row of text cells.
    package mutating func row(_ cells: [String]) {
        for c in cells { text(c) }
        endRow()
    }

    /// The text of a count of 0.1 units: `354` -> `35.4`, `-6` -> `-0.6`, `0` -> `0.0`.
    package static func tenthsText(_ value: Int) -> String {
        let magnitude = value.magnitude
        return (value < 0 ? "-" : "") + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    /// Appends the shortest round-trip text of a number, without locale effects (`NumberText.exact`).
    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
        } else if value == value.rounded(), value.magnitude < 1e15 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
        } else {
            // Swift's description is the shortest text that round-trips, and locale-free.
            bytes.append(contentsOf: value.description.utf8)
        }
    }
}
