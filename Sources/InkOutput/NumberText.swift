/// Locale-free number text for baselines, tables and summaries.
///
/// ```swift
/// NumberText.exact(35.4)        // "35.4"   (shortest text that reads back to the same Double)
/// NumberText.exact(4.0)         // "4"
/// NumberText.fixed(0.12345, 3)  // "0.123"
/// NumberText.signed(0.5, 3)     // "+0.500"
/// ```
package enum NumberText {
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

    /// The oracle of ``fixed(_:_:)``: ``printf(_:_:)``, with `-0.00` written `0.00`.
    package static func formattedFixed(_ v: Double, _ digits: Int) -> String {
        let s = printf(v, digits)
        return s.hasPrefix("-") && Double(s) == 0 ? String(s.dropFirst()) : s
    }

    /// The text of Foundation's `String(format: "%.<digits>f", v)` (POSIX locale), byte for
    /// byte, without Foundation (the product links FoundationEssentials only). Tests compare
    /// the two over many values.
    ///
    /// Foundation's rounding is its own, not C's `printf`'s: it takes the shortest decimal
    /// digits that read back to `v` (Swift's `description`), keeps at most 15 significant
    /// digits when more than 15 digits after the point are asked for, and rounds those
    /// decimal digits half to even. So it writes 2.675 (binary 2.67499999999999982...) as
    /// `2.68`, 2.665 as `2.66`, 0.125 as `0.12`. A negative value keeps its sign when it
    /// rounds to zero (`-0.00`); NaN is `NaN` (`-NaN` with the sign bit), infinities `INF`
    /// and `-INF`.
    ///
    /// - Parameters:
    ///   - v: the value.
    ///   - digits: digits after the point (a negative count is 0).
    package static func printf(_ v: Double, _ digits: Int) -> String {
        let sign = v.sign == .minus ? "-" : ""
        if v.isNaN { return sign + "NaN" }
        if v.isInfinite { return sign + "INF" }
        let fraction = max(0, digits)
        // The shortest digits that read back to |v|: the value is 0.d1d2... x 10^point.
        var decimals: [UInt8] = []
        var point = 0
        var seenPoint = false
        var exponent = 0
        var text = v.magnitude.description.utf8[...]
        if let e = text.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            exponent = Int(Substring(text[text.index(after: e)...])) ?? 0
            text = text[..<e]
        }
        for byte in text {
            if byte == UInt8(ascii: ".") {
                seenPoint = true
                continue
            }
            let d = byte &- UInt8(ascii: "0")
            if decimals.isEmpty && d == 0 {
                if seenPoint { point -= 1 }
                continue
            }
            decimals.append(d)
            if !seenPoint { point += 1 }
        }
        point += exponent
        if fraction > 15 { roundHalfEven(&decimals, &point, keep: 15) }
        let keep = point + fraction
        if keep < 0 { decimals = [] } else { roundHalfEven(&decimals, &point, keep: keep) }
        var out = [UInt8](sign.utf8)
        let zero = UInt8(ascii: "0")
        if point <= 0 || decimals.isEmpty {
            out.append(zero)
        } else {
            for i in 0..<point { out.append(zero + (i < decimals.count ? decimals[i] : 0)) }
        }
        if fraction > 0 {
            out.append(UInt8(ascii: "."))
            for k in 0..<fraction {
                let i = point + k
                out.append(zero + (decimals.isEmpty || i < 0 || i >= decimals.count ? 0 : decimals[i]))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Rounds the decimal digits `0.d1d2... x 10^point` to their first `keep` digits, half to
    /// even (a carry out of the first digit adds one to `point`).
    private static func roundHalfEven(_ decimals: inout [UInt8], _ point: inout Int, keep: Int) {
        guard keep < decimals.count else { return }
        let next = decimals[keep]
        let restNonZero = decimals[(keep + 1)...].contains { $0 != 0 }
        let previousOdd = keep > 0 && decimals[keep - 1] % 2 == 1
        decimals.removeSubrange(keep...)
        guard next > 5 || (next == 5 && (restNonZero || previousOdd)) else { return }
        var i = keep - 1
        while i >= 0 && decimals[i] == 9 {
            decimals[i] = 0
            i -= 1
        }
        if i >= 0 { decimals[i] += 1 } else { decimals.insert(1, at: 0); point += 1 }
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
