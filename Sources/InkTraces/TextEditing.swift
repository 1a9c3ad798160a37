/// Trimming and replacing without Foundation (the product links FoundationEssentials only, which
/// has no `trimmingCharacters(in:)` or `replacingOccurrences(of:with:)`). Each trim removes the
/// same Unicode scalars as the Foundation character set it is named after.
extension StringProtocol {
    /// The text with every occurrence of `target` replaced by `replacement`, left to right,
    /// matching UTF-8 bytes exactly (so `"\r"` is found inside a CR LF pair, as Foundation's
    /// `replacingOccurrences(of:with:)` finds it; an empty `target` changes nothing).
    package func replacingText(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8)
        let pattern = Array(target.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return String(self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == pattern[0], i + pattern.count <= bytes.count, bytes[i..<(i + pattern.count)].elementsEqual(pattern) {
                out.append(contentsOf: replacement.utf8)
                i += pattern.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text without leading and trailing scalars for which `trimmed` is true.
    package func trimmingScalars(where trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }) else { return "" }
        guard let last = scalars.lastIndex(where: { !trimmed($0) }) else { return "" }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[first...last])
        return String(out)
    }

    /// The text without leading and trailing spaces and tabs: Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (general category Zs and U+0009).
    package func trimmingWhitespace() -> String {
        trimmingScalars { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The text without leading and trailing white space and line breaks: Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (general category Z*, U+0009-U+000D
    /// and U+0085).
    package func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars { scalar in
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return (0x09...0x0D).contains(scalar.value) || scalar.value == 0x85
            }
        }
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is a letter, a mark or a number (Unicode general categories L*, M*
    /// and N*, as the standard library's Unicode tables give them): what Foundation's
    /// `CharacterSet.alphanumerics` holds (FoundationEssentials, which the product links, has
    /// no `CharacterSet`), and also what Foundation 6.3's own tables leave out: the Tangut
    /// ideographs (U+17000-U+18D08) and the letters and digits assigned since Unicode 15.1.
    /// What names and labels allow (an added strategy's name, a capture's device name, a DNS
    /// label's ASCII letters and digits).
    package var isAlphanumeric: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }
}
