import Foundation
import InkOutput
import InkSynthesis
import Testing

/// `NumberText.fixed` formats directly where it can be sure of the rounding; the formatter
/// (`formattedFixed`, Foundation's `%.Nf`) is its oracle, and every text must agree byte for byte.
@Suite("Fixed-point number text: the direct formatter against the oracle")
struct NumberTextTests {
    /// Values around every rounding boundary that matters: ties in decimal text (which are not
    /// ties in binary), signs, zeros, the limits of the direct path and random values of every
    /// magnitude the reports print.
    static func values() -> [Double] {
        var values: [Double] = [
            0, -0.0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.125, 0.135, 0.145, 1.005, 2.675, 35.45, 35.4,
            0.0004, -0.0004, 0.0005, -0.0005, 0.00049999, -0.00051, 9.9995, 99.95, 999_999.5, 1e-9, -1e-9, 1e11, 999_999_999_999.4,
            1e12, -1e12, 1e15, 1e300, -1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .pi, -.pi, .infinity, -.infinity, .nan,
        ]
        var rng = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> UInt64 { rng.next() }
        for _ in 0..<3_000 {
            let magnitude = Double(Int(next() % 28)) - 14  // 1e-14 ... 1e13
            let unit = Double(next() >> 11) / Double(1 << 53)
            let sign: Double = next() & 1 == 0 ? 1 : -1
            values.append(sign * unit * Foundation.pow(10, magnitude))
        }
        // Decimal half-way texts (x.xx5 and the like): the binary value decides, often within 1e-3 of the tie.
        for _ in 0..<1_500 {
            let digits = Int(next() % 7)
            let whole = Double(next() % 1_000_000)
            let text = String(Int(whole)) + "." + String(repeating: "0", count: max(0, digits - 1)) + "5"
            if let v = Double(text) { values.append(next() & 1 == 0 ? v : -v) }
        }
        return values
    }

    @Test("fixed(v, digits) is the oracle's text byte for byte, 0-12 digits")
    func agreesWithOracle() {
        var mismatches: [String] = []
        var direct = 0, total = 0
        for v in Self.values() {
            for digits in 0...12 {
                total += 1
                if NumberText.directFixed(v, digits) != nil { direct += 1 }
                let fast = NumberText.fixed(v, digits), oracle = NumberText.formattedFixed(v, digits)
                if Array(fast.utf8) != Array(oracle.utf8) && mismatches.count < 10 {
                    mismatches.append("\(v) at \(digits) digits: \(fast) vs oracle \(oracle)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // The direct path must carry the ordinary values (else it is no faster): every value under
        // 1e12 units with up to 9 digits that is not within 1e-3 of a tie.
        #expect(direct > total / 2, "direct path used for \(direct) of \(total)")
    }

    @Test("the direct path declines ties and near ties (the formatter's to decide) and formats the rest")
    func directPathBounds() {
        #expect(NumberText.directFixed(0.125, 2) == nil)  // a binary tie
        #expect(NumberText.directFixed(2.675, 2) == nil)  // 2.67499999999999982236431605997495353221893310546875
        #expect(NumberText.directFixed(1.005, 2) == nil)
        #expect(NumberText.directFixed(.nan, 2) == nil)
        #expect(NumberText.directFixed(1e12, 1) == nil)
        #expect(NumberText.directFixed(1.0, 10) == nil)
        #expect(NumberText.directFixed(35.4123, 1) == "35.4")
        #expect(NumberText.directFixed(-0.0004, 3) == "0.000")
        #expect(NumberText.directFixed(-0.0006, 3) == "-0.001")
        #expect(NumberText.directFixed(0.049, 0) == "0")
        #expect(NumberText.directFixed(-12.3456, 2) == "-12.35")
        // Near ties are the formatter's to decide (it writes 2.675 as 2.68, not as the binary
        // value's 2.67): the direct path leaves them to it.
        #expect(NumberText.fixed(2.675, 2) == NumberText.formattedFixed(2.675, 2))
        #expect(NumberText.fixed(0.125, 2) == NumberText.formattedFixed(0.125, 2))
        #expect(NumberText.signed(0.5, 3) == "+0.500")
    }
}
