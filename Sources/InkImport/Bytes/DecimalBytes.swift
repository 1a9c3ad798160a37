/// Decimal numbers parsed straight from UTF-8 bytes to the `Double` that `Double(Substring)`
/// (a correctly rounded parse) gives for the same text: the byte readers' number parser.
///
/// The fast path takes plain decimals, `-?digits(.digits)?([eE][+-]?digits)?` with at most 19
/// significant digits, and computes the correctly rounded quotient or product in integers
/// (``exactDouble(mantissa:exponent10:)``); every other text (a leading `+` or `.`, more digits,
/// exponents beyond ±19, hex, spaces) goes to ``TextLines/number(_:)``, the readers' oracle, so
/// the answer is always that oracle's, to the bit. `DecimalBytesTests` compares the two on
/// shortest round-trip texts, fixed and exponent forms, and random digit strings.
///
/// ```swift
/// let bytes = Array("0.004166666666666667".utf8)
/// let v = bytes.withUnsafeBufferPointer { DecimalBytes.number($0, 0, $0.count) }   // 1/240
/// ```
package enum DecimalBytes {
    /// Powers of ten that fit in a `UInt64` (10^0 ... 10^19).
    @usableFromInline static let powersOfTen: [UInt64] = {
        var p: [UInt64] = [1]
        for _ in 1...19 { p.append(p[p.count - 1] &* 10) }
        return p
    }()

    /// The finite number written in `bytes[start..<end]`, or `nil` where ``TextLines/number(_:)``
    /// gives `nil` (not a finite decimal number).
    ///
    /// - Parameters:
    ///   - bytes: the text's UTF-8 bytes.
    ///   - start: the first byte of the number.
    ///   - end: one past its last byte.
    @inlinable
    package static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        if let v = plain(bytes, start, end) { return v }
        return TextLines.number(Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
    }

    /// The fast path: a plain decimal of at most 19 significant digits and a decimal exponent
    /// within ±19, or `nil` (the caller then asks the oracle).
    @inlinable
    static func plain(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        guard end - start < 400 else { return nil }  // the oracle's length limit
        var i = start
        var negative = false
        if i < end && b[i] == 0x2D {
            negative = true
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent10 = 0
        var integerDigits = 0
        while i < end, b[i] &- 0x30 < 10 {
            let d = UInt64(b[i] &- 0x30)
            if significant > 0 || d != 0 {
                significant += 1
                if significant > 19 { return nil }
                mantissa = mantissa &* 10 &+ d
            }
            integerDigits += 1
            i += 1
        }
        guard integerDigits > 0 else { return nil }
        if i < end && b[i] == 0x2E {
            i += 1
            var fractionDigits = 0
            while i < end, b[i] &- 0x30 < 10 {
                let d = UInt64(b[i] &- 0x30)
                if significant > 0 || d != 0 {
                    significant += 1
                    if significant > 19 { return nil }
                    mantissa = mantissa &* 10 &+ d
                }
                exponent10 -= 1
                fractionDigits += 1
                i += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        if i < end && (b[i] == 0x65 || b[i] == 0x45) {
            i += 1
            var exponentNegative = false
            if i < end && (b[i] == 0x2D || b[i] == 0x2B) {
                exponentNegative = b[i] == 0x2D
                i += 1
            }
            var e = 0, digits = 0
            while i < end, b[i] &- 0x30 < 10 {
                if digits >= 4 { return nil }
                e = e * 10 + Int(b[i] &- 0x30)
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            exponent10 += exponentNegative ? -e : e
        }
        guard i == end else { return nil }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        guard let v = exactDouble(mantissa: mantissa, exponent10: exponent10) else { return nil }
        return negative ? -v : v
    }

    /// `mantissa × 10^exponent10` correctly rounded to a `Double` (round to nearest, ties to
    /// even), or `nil` outside the range this computes exactly (`|exponent10| > 19`, or a product
    /// over 64 bits).
    ///
    /// A non-negative exponent multiplies in integers and converts once (Swift's integer to
    /// `Double` conversion is correctly rounded). A negative one divides `mantissa · 2^s` by
    /// `10^k` in 128 bits, `s` chosen so the quotient has 63 or 64 bits; the remainder, when
    /// not zero, sets the quotient's lowest bit (a sticky bit well below the 53 kept), so the one
    /// conversion to `Double` rounds as the exact quotient would; scaling by `2^-s` is exact.
    ///
    /// - Parameters:
    ///   - mantissa: the significant digits as an integer, not zero.
    ///   - exponent10: the power of ten it is multiplied by.
    @inlinable
    static func exactDouble(mantissa: UInt64, exponent10: Int) -> Double? {
        if exponent10 >= 0 {
            guard exponent10 <= 19 else { return nil }
            let (product, overflow) = mantissa.multipliedReportingOverflow(by: powersOfTen[exponent10])
            return overflow ? nil : Double(product)
        }
        let k = -exponent10
        guard k <= 19 else { return nil }
        let divisor = powersOfTen[k]
        let divisorBits = 64 - divisor.leadingZeroBitCount
        let mantissaBits = 64 - mantissa.leadingZeroBitCount
        // (mantissa << s) < divisor · 2^64, so the quotient fits in 64 bits, and it is at least 2^62.
        let s = 64 + divisorBits - 1 - mantissaBits
        let high: UInt64, low: UInt64
        if s >= 64 {
            high = mantissa << UInt64(s - 64)
            low = 0
        } else if s == 0 {
            high = 0
            low = mantissa
        } else {
            high = mantissa >> UInt64(64 - s)
            low = mantissa << UInt64(s)
        }
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
        let sticky: UInt64 = remainder == 0 ? 0 : 1
        let rounded = Double(quotient | sticky)
        return Double(sign: .plus, exponent: -s, significand: rounded)
    }
}
