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

/// `NumberText.printf` replaces Foundation's `String(format: "%.Nf")` in the product (which
/// links FoundationEssentials only): the two must agree byte for byte, for every figure's text.
@Suite("printf-style number text without Foundation, against String(format:)")
struct NumberTextPrintfTests {
    static let posix = Locale(identifier: "en_US_POSIX")

    static func foundation(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", locale: posix, v) }

    @Test("printf(v, digits) is String(format: \"%.<digits>f\") byte for byte, 0-25 digits")
    func agreesWithFoundation() {
        var values = NumberTextTests.values()
        var rng = SplitMix64(seed: 0x5EED_F0F0_1234_5678)
        for _ in 0..<20_000 { values.append(Double(bitPattern: rng.next())) }  // every exponent, NaNs
        // Short decimals (ties in decimal text, x.5, x.x25, ...), both signs.
        for _ in 0..<20_000 {
            let mantissa = Int64(bitPattern: rng.next() % 20_000_001) - 10_000_000
            let exponent = Int(rng.next() % 10)
            if let v = Double("\(mantissa)e-\(exponent)") { values.append(v) }
        }
        values += [-.nan, 2.665, 0.015, 0.025, 8.345, 9.995, 99.995, 123_456_789_012.345, 1e22, 1e23, .leastNonzeroMagnitude, 1.23e-18]
        var mismatches: [String] = []
        var checked = 0
        for (i, v) in values.enumerated() {
            for digits in [0, 1, 2, 3, 4, 6, 9, 12, 15, 16, 17, 20, 25] where i % 3 == 0 || digits <= 6 {
                checked += 1
                let mine = NumberText.printf(v, digits), theirs = Self.foundation(v, digits)
                if Array(mine.utf8) != Array(theirs.utf8) && mismatches.count < 10 {
                    mismatches.append("\(v) at \(digits) digits: \(mine) vs String(format:) \(theirs)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(checked > 200_000)
    }

    @Test("Foundation's own rounding: shortest digits, half to even, signs and non-finite values kept")
    func knownTexts() {
        #expect(NumberText.printf(2.675, 2) == "2.68")  // binary 2.67499999999999982..., printf(3) writes 2.67
        #expect(NumberText.printf(2.665, 2) == "2.66")
        #expect(NumberText.printf(0.125, 2) == "0.12")
        #expect(NumberText.printf(0.375, 2) == "0.38")
        #expect(NumberText.printf(2.5, 0) == "2")
        #expect(NumberText.printf(9.995, 2) == "10.00")
        #expect(NumberText.printf(-0.004, 2) == "-0.00")
        #expect(NumberText.printf(-0.0, 1) == "-0.0")
        #expect(NumberText.printf(1e22, 1) == "10000000000000000000000.0")
        #expect(NumberText.printf(.nan, 2) == "NaN")
        #expect(NumberText.printf(-.infinity, 2) == "-INF")
        #expect(NumberText.printf(1.5, -3) == "2")
        #expect(NumberText.formattedFixed(-0.004, 2) == "0.00")
    }
}
