/// The project's one strict decimal parser, for options, parameters and the text readers'
/// numbers (`TextLines.number` in InkImport calls it): `[+-]digits[.digits][e[+-]digits]`
/// (`.5`, `5.`, `+1` included) and nothing else. Swift's `Double(String)` also takes hex
/// (`0x10`), `inf`, `nan`, and stops at a NUL byte (`1<NUL>e-5` reads as 1): all refused here.
///
/// Underflow rule: a text with a non-zero digit whose value rounds to 0 (`1e-400`) is refused
/// (``Problem/underflow``), in a file as in an option, because reading it as 0 would silently
/// change what was written (a noise of 0, a zero step); subnormal values (`1e-310`) are not 0
/// and are kept. Texts of 400 bytes or more are refused as not decimal (no number needs them).
///
/// ```swift
/// DecimalText.parse("0.05")    // .success(0.05)
/// DecimalText.parse("0x10")    // .failure: not a decimal number
/// ```
package enum DecimalText {
    /// Why a text is not a usable number.
    package enum Problem: Error, Equatable, Sendable {
        /// Not decimal digits with an optional sign, point and exponent.
        case notDecimal
        /// Beyond ±1.8e308.
        case overflow
        /// Not zero, but smaller than the smallest double (it would read as 0).
        case underflow

        /// For messages: what was wrong.
        package var text: String {
            switch self {
            case .notDecimal: "not a decimal number"
            case .overflow: "too large for a number"
            case .underflow: "too small: it would read as 0"
            }
        }
    }

    /// The number, or why the text is not one.
    @inlinable
    package static func parse<S: StringProtocol>(_ text: S) -> Result<Double, Problem> {
        var digits = 0, nonZero = false
        var state = 0  // 0 sign, 1 integer, 2 fraction, 3 exponent sign, 4 exponent
        var exponentDigits = 0
        for b in text.utf8 {
            switch b {
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard state == 0 || state == 3 else { return .failure(.notDecimal) }
                state += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if state == 0 { state = 1 }
                if state == 3 { state = 4 }
                if state == 4 { exponentDigits += 1 } else {
                    digits += 1
                    if b != UInt8(ascii: "0") { nonZero = true }
                }
            case UInt8(ascii: "."):
                guard state <= 1 else { return .failure(.notDecimal) }
                state = 2
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard state == 1 || state == 2, digits > 0 else { return .failure(.notDecimal) }
                state = 3
            default:
                return .failure(.notDecimal)
            }
        }
        guard digits > 0, state != 3, !(state == 4 && exponentDigits == 0), text.utf8.count < 400, let v = Double(text) else {
            return .failure(.notDecimal)
        }
        if !v.isFinite { return .failure(.overflow) }
        if v == 0 && nonZero { return .failure(.underflow) }
        return .success(v)
    }

    /// The number, or `nil` (see ``parse(_:)``).
    @inlinable
    package static func value<S: StringProtocol>(_ text: S) -> Double? {
        if case .success(let v) = parse(text) { return v }
        return nil
    }
}
