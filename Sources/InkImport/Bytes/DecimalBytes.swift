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

    /// For `k` in 1...38 (index 0 unused): `ceil(2^e_k / 5^k)`, with `e_k` the
    /// ``reciprocalExponents`` entry that puts it in `[2^127, 2^128)`, as its high and low 64
    /// bits (``quotientByProduct(_:_:)``). Written out (generated with exact integers; checked by
    /// `ByteReaderTests` against a product of limbs), so it is initialised statically.
    @usableFromInline static let reciprocalHigh: [UInt64] = [
        0x0000000000000000, 0xcccccccccccccccc, 0xa3d70a3d70a3d70a, 0x83126e978d4fdf3b,
        0xd1b71758e219652b, 0xa7c5ac471b478423, 0x8637bd05af6c69b5, 0xd6bf94d5e57a42bc,
        0xabcc77118461cefc, 0x89705f4136b4a597, 0xdbe6fecebdedd5be, 0xafebff0bcb24aafe,
        0x8cbccc096f5088cb, 0xe12e13424bb40e13, 0xb424dc35095cd80f, 0x901d7cf73ab0acd9,
        0xe69594bec44de15b, 0xb877aa3236a4b449, 0x9392ee8e921d5d07, 0xec1e4a7db69561a5,
        0xbce5086492111aea, 0x971da05074da7bee, 0xf1c90080baf72cb1, 0xc16d9a0095928a27,
        0x9abe14cd44753b52, 0xf79687aed3eec551, 0xc612062576589dda, 0x9e74d1b791e07e48,
        0xfd87b5f28300ca0d, 0xcad2f7f5359a3b3e, 0xa2425ff75e14fc31, 0x81ceb32c4b43fcf4,
        0xcfb11ead453994ba, 0xa6274bbdd0fadd61, 0x84ec3c97da624ab4, 0xd4ad2dbfc3d07787,
        0xaa242499697392d2, 0x881cea14545c7575, 0xd9c7dced53c72255,
    ]
    /// The low 64 bits of the ``reciprocalHigh`` entries.
    @usableFromInline static let reciprocalLow: [UInt64] = [
        0x0000000000000000, 0xcccccccccccccccd, 0x3d70a3d70a3d70a4, 0x645a1cac083126ea,
        0xd3c36113404ea4a9, 0x0fcf80dc33721d54, 0xa63f9a49c2c1b110, 0x3d32907604691b4d,
        0xfdc20d2b36ba7c3e, 0x31680a88f8953031, 0xb573440e5a884d1c, 0xf78f69a51539d749,
        0xf93f87b7442e45d4, 0x2865a5f206b06fba, 0x538484c19ef38c95, 0x0f9d37014bf60a11,
        0x4c2ebe687989a9b4, 0x09befeb9fad487c3, 0x3aff322e62439fd0, 0x2b31e9e3d06c32e6,
        0x88f4bb1ca6bcf585, 0xd3f6fc16ebca5e04, 0x5324c68b12dd6339, 0x75b7053c0f178294,
        0xc4926a9672793543, 0x3a83ddbd83f52205, 0x95364afe032a819e, 0x775ea264cf55347e,
        0x8bca9d6e188853fd, 0x096ee45813a04331, 0xa1258379a94d028e, 0x80eacf948770ced8,
        0x67de18eda5814af3, 0xecb1ad8aeacdd58f, 0xbd5af13bef0b113f, 0x955e4ec64b44e865,
        0xdde50bd1d5d0b9ea, 0x7e50d64177da2e55, 0x96e7bd358c904a22,
    ]
    /// `e_k` of the ``reciprocalHigh`` entries (`128 + floor(k log2 5)`).
    @usableFromInline static let reciprocalExponents: [Int] = [
        0, 130, 132, 134, 137, 139, 141, 144, 146, 148, 151, 153, 155,
        158, 160, 162, 165, 167, 169, 172, 174, 176, 179, 181, 183, 186,
        188, 190, 193, 195, 197, 199, 202, 204, 206, 209, 211, 213, 216,
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
    /// - otherwise, one product by a 128-bit reciprocal of `5^k` (``quotientByProduct(_:_:)``),
    ///   where its error cannot change the rounding (all but about one text in 2^70 of 17
    ///   digits, such as every shortest text of a millimetre or a time in seconds);
    /// - otherwise (``quotientByDivision(_:_:)``) `mantissa · 2^s` (at most 190 bits, in three 64-bit limbs) is divided by
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
        if let v = quotientByProduct(mantissa, k) { return v }
        return quotientByDivision(mantissa, k)
    }

    /// `mantissa / 10^k` (`k` in 1...38, `mantissa` not zero) correctly rounded, from one
    /// product, or `nil` where the product cannot settle the rounding (then
    /// ``quotientByDivision(_:_:)`` computes it exactly).
    ///
    /// `mantissa / 10^k = X / 2^(e + k)` with `X = mantissa · 2^e / 5^k`, `e` =
    /// ``reciprocalExponents```[k]`. The product `Π = mantissa · P`, `P = ceil(2^e / 5^k)`
    /// (``reciprocalHigh``, ``reciprocalLow``: 128 bits), is at most `mantissa < 2^64` above
    /// `X`: `X` lies in `(Π - 2^64, Π]`. Take `Π`'s top 53 bits and its next bit (the round
    /// bit). Where any bit of `Π` between the round bit and bit 64 is set, the bits below the
    /// round bit are at least `2^64`, so the whole interval, `X` with it, lies strictly inside
    /// the same half unit in the last place as `Π`: no halfway point and no representable
    /// value is crossed, `X` is no tie, and it rounds as `Π` does, up exactly when the round
    /// bit is set. Where those bits are all zero (`X` may be a tie, or below the half unit:
    /// about one text in 2^70 of 17 digits, and every exact quotient), the answer is `nil`.
    /// The bits of `Π` below 2^64 are never needed, so neither is the low product's low half.
    @inlinable
    static func quotientByProduct(_ mantissa: UInt64, _ k: Int) -> Double? {
        let (h1, l1) = mantissa.multipliedFullWidth(by: reciprocalHigh[k])
        let h0 = mantissa.multipliedFullWidth(by: reciprocalLow[k]).high
        // Π = top · 2^128 + middle · 2^64 + (bits never read); top < 2^64 as Π < 2^192.
        let (middle, carry) = l1.addingReportingOverflow(h0)
        let top = carry ? h1 &+ 1 : h1
        guard top != 0 else { return nil }  // Π < 2^128: a mantissa of a few bits (Clinger's path takes most)
        let lz = top.leadingZeroBitCount
        // Π's bits 64 and up, shifted so their top bit is bit 63 of `head`; `rest` holds the bits after.
        let head = lz == 0 ? top : top << UInt64(lz) | middle >> UInt64(64 - lz)
        let rest = middle << UInt64(lz)
        guard head & 0x3FF != 0 || rest != 0 else { return nil }
        var significand = head >> 11
        if head & 0x400 != 0 { significand += 1 }
        // Π's top bit is bit 191 - lz: the value is significand · 2^(191 - lz - 52 - e - k).
        var exponent = 191 - lz - 52 - reciprocalExponents[k] - k
        if significand == 1 << 53 {
            significand = 1 << 52
            exponent += 1
        }
        // Normal (1e-38 < value < 2^64): the biased exponent of significand · 2^exponent.
        return Double(bitPattern: UInt64(exponent + 52 + 1023) << 52 | significand & (1 << 52 - 1))
    }

    /// `mantissa / 10^k` (`k` in 1...38, `mantissa` not zero) correctly rounded, by division:
    /// the exact path, or `nil` (a quotient over 64 bits).
    @inlinable
    static func quotientByDivision(_ mantissa: UInt64, _ k: Int) -> Double? {
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
