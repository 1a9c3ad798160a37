import Foundation

/// Locale-free number text for baselines, tables and summaries.
///
/// ```swift
/// NumberText.exact(35.4)        // "35.4"   (shortest text that reads back to the same Double)
/// NumberText.exact(4.0)         // "4"
/// NumberText.fixed(0.12345, 3)  // "0.123"
/// NumberText.signed(0.5, 3)     // "+0.500"
/// ```
package enum NumberText {
    static let posix = Locale(identifier: "en_US_POSIX")

    /// The shortest text that reads back to exactly `v`; integers without a fraction (`-0` is
    /// `0`). The same text the CSV files hold: one algorithm, `CSVWriter`'s, for every
    /// round-trip number in files, messages, manifests and strategy names.
    package static func exact(_ v: Double) -> String {
        var out: [UInt8] = []
        CSVWriter.appendNumber(v, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `v` with `digits` digits after the point: the text of `String(format: "%.<digits>f")`
    /// in the POSIX locale, without the sign of a value that rounds to zero.
    ///
    /// Byte for byte ``formattedFixed(_:_:)`` (the oracle; tests compare the two), by the fast
    /// path ``directFixed(_:_:)`` where that is certain of the rounding, so a report's
    /// thousands of cells cost microseconds, not the formatter's 3 µs each.
    package static func fixed(_ v: Double, _ digits: Int) -> String {
        directFixed(v, digits) ?? formattedFixed(v, digits)
    }

    /// The oracle of ``fixed(_:_:)``: Foundation's `%.Nf` formatting, with `-0.00` written
    /// `0.00`. (Its rounding of a near tie is its own: it writes 2.675, whose binary value is
    /// 2.67499999999999982..., as `2.68`.)
    package static func formattedFixed(_ v: Double, _ digits: Int) -> String {
        let s = String(format: "%.\(digits)f", locale: posix, v)
        return s.hasPrefix("-") && Double(s) == 0 ? String(s.dropFirst()) : s
    }

    /// Powers of ten exact in a `Double`, for 0-9 digits.
    private static let scales: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
    private static let integerScales: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// ``fixed(_:_:)`` without the formatter, or `nil` where it cannot be sure of the rounding.
    ///
    /// `|v| · 10^digits` is computed in `Double` (10^digits is exact for 0-9 digits); below
    /// 10^12 its error is under 1.2e-4, so unless its fraction lies within 1e-3 of one half
    /// (a tie or a near tie, which the formatter decides in its own way) the nearest integer
    /// is the one any correct formatter rounds to. Non-finite values, more than 9
    /// digits, values of 10^12 units or more and near ties return `nil` (use the oracle).
    package static func directFixed(_ v: Double, _ digits: Int) -> String? {
        guard v.isFinite, digits >= 0, digits < scales.count else { return nil }
        let scaled = v.magnitude * scales[digits]
        guard scaled < 1e12 else { return nil }
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        guard (fraction - 0.5).magnitude > 1e-3 else { return nil }
        let units = UInt64(whole) + (fraction > 0.5 ? 1 : 0)
        let unit = integerScales[digits]
        let integerPart = units / unit
        var text = v < 0 && units != 0 ? "-" : ""
        text += String(integerPart)
        if digits > 0 {
            let fractionText = String(units % unit)
            text += "."
            text += String(repeating: "0", count: digits - fractionText.utf8.count)
            text += fractionText
        }
        return text
    }

    /// `v` with a sign and `digits` digits after the point.
    package static func signed(_ v: Double, _ digits: Int) -> String {
        let s = fixed(v, digits)
        return s.hasPrefix("-") ? s : "+" + s
    }
}
