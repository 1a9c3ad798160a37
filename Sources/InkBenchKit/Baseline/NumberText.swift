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

    /// `v` with `digits` digits after the point.
    package static func fixed(_ v: Double, _ digits: Int) -> String {
        let s = String(format: "%.\(digits)f", locale: posix, v)
        return s.hasPrefix("-") && Double(s) == 0 ? String(s.dropFirst()) : s
    }

    /// `v` with a sign and `digits` digits after the point.
    package static func signed(_ v: Double, _ digits: Int) -> String {
        let s = fixed(v, digits)
        return s.hasPrefix("-") ? s : "+" + s
    }
}
