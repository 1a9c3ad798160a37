/// Decimal numbers parsed straight from UTF-8 bytes to the `Double` that `Double(Substring)`
/// (a correctly rounded parse) gives for the same text: the byte readers' number parser.
///
/// The fast path takes plain decimals, `-?digits(.digits)?([eE][+-]?digits)?` with at most 19
/// significant digits, and computes the correctly rounded quotient or product in integers
/// (``exactDouble(mantissa:exponent10:)``); every other text (a leading `+` or `.`, more digits,
/// a decimal exponent outside -38...19, hex, spaces) goes to ``TextLines/number(_:)``, the
/// readers' oracle, so the answer is always that oracle's, to the bit. `ByteReaderTests` compares the two on
/// shortest round-trip texts, fixed and exponent forms, and random digit strings.
///
/// ```swift
/// let bytes = Array("0.004166666666666667".utf8)
/// let v = bytes.withUnsafeBufferPointer { DecimalBytes.number($0, 0, $0.count) }   // 1/240
/// ```
package enum DecimalBytes {
    /// Powers of ten that fit in a `UInt64` (10^0 ... 10^19); written out, so the table is
    /// initialised statically (no lazy-initialisation check per number).
    @usableFromInline static let powersOfTen: [UInt64] = [
        1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000, 10000000000, 100000000000,
        1000000000000, 10000000000000, 100000000000000, 1000000000000000, 10000000000000000, 100000000000000000,
        1000000000000000000, 10000000000000000000,
    ]

    /// The powers of ten that a `Double` holds exactly (10^0 ... 10^22).
    @usableFromInline static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

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
    /// within -38...19, or `nil` (the caller then asks the oracle).
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
    /// even), or `nil` outside the range this computes exactly (`exponent10` outside -38...19, or
    /// a product over 64 bits).
    ///
    /// A non-negative exponent multiplies in integers and converts once (Swift's integer to
    /// `Double` conversion is correctly rounded). A negative one, `k = -exponent10`:
    /// - with a mantissa of at most 53 bits and k ≤ 22, one `Double` division of two exact
    ///   values, `mantissa / 10^k`, which IEEE 754 rounds correctly (Clinger's fast path);
    /// - otherwise `mantissa · 2^s` (at most 190 bits, in three 64-bit limbs) is divided by
    ///   `10^k` as by `10^min(k, 19)` then by `10^(k - 19)` (floor of a floor is the floor of the
    ///   product), `s` chosen so the quotient has 63 or 64 bits; a remainder that is not zero sets
    ///   the quotient's lowest bit (a sticky bit well below the 53 kept), so the one conversion to
    ///   `Double` rounds as the exact quotient would, and scaling by `2^-s` is exact (the result
    ///   is at least 1e-38, far from the subnormals).
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
        guard k <= 38 else { return nil }
        if k <= 22 && mantissa <= 1 << 53 { return Double(mantissa) / exactPowersOfTen[k] }
        let d1 = powersOfTen[min(k, 19)], d2 = powersOfTen[max(k - 19, 0)]
        let (dh, dl) = d1.multipliedFullWidth(by: d2)
        let divisorBits = dh != 0 ? 128 - dh.leadingZeroBitCount : 64 - dl.leadingZeroBitCount
        let mantissaBits = 64 - mantissa.leadingZeroBitCount
        // 2^62 <= (mantissa << s) / 10^k < 2^64; mantissa << s has mantissaBits + s <= 190 bits.
        let s = 64 + divisorBits - 1 - mantissaBits
        let shift = UInt64(s % 64)
        let low = mantissa << shift, high = shift == 0 ? 0 : mantissa >> (64 - shift)
        var x2: UInt64 = 0, x1: UInt64 = 0, x0: UInt64 = 0
        switch s / 64 {
        case 0: (x1, x0) = (high, low)
        case 1: (x2, x1) = (high, low)
        default:
            guard high == 0 else { return nil }
            x2 = low
        }
        var sticky: UInt64 = 0
        for step in 0..<(k > 19 ? 2 : 1) {
            let d = step == 0 ? d1 : d2
            let q2 = x2 / d
            let (q1, r1) = d.dividingFullWidth((high: x2 % d, low: x1))
            let (q0, r0) = d.dividingFullWidth((high: r1, low: x0))
            (x2, x1, x0) = (q2, q1, q0)
            if r0 != 0 { sticky = 1 }
        }
        guard x2 == 0, x1 == 0 else { return nil }
        return Double(sign: .plus, exponent: -s, significand: Double(x0 | sticky))
    }
}
