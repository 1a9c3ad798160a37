/// The InkML reader's fast path for a `<trace>`'s text: its values read from the UTF-8 bytes
/// (no `Character` iteration, no `String` per value; numbers by ``DecimalBytes``), the tokens
/// that ``TraceData/parseOracle(_:channels:file:line:)`` reads, so the points are the oracle's,
/// to the bit.
///
/// The document around the traces is parsed by ``XMLReader``. (When Foundation's `XMLParser`
/// parsed it, the trace texts took about 70% of the reader's time on the 1 MB benchmark InkML,
/// `Benchmarks/inputs/make-inputs.sh`; see docs/performance.md.)
///
/// It takes plain ASCII text whose values are plain decimals (`-?digits[.digits][e±digits]`,
/// each optionally after `!`, `'` or `"`); at anything else (a non-ASCII byte, `+1`, `.5`, a
/// value that is not a number) it gives up and the oracle reads the trace, so every error is
/// the oracle's. `ByteReaderTests` compares the two on the fixtures and on fuzzed traces.
enum TraceDataBytes {
    /// Every value of a trace's text in order, with its prefix, and where each point ends.
    struct Tokens {
        var values: [Double] = []
        var modes: [TraceData.Mode?] = []
        /// The index in ``values`` one past each point's last value (a point per `,`-separated chunk).
        var pointEnds: [Int] = []
    }

    /// Whether a byte is one that `Character.isWhitespace` holds for (ASCII only).
    @inline(__always)
    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    /// The tokens, `[]`-pointed `Tokens` for a text of nothing but spaces and commas, or `nil`
    /// where the oracle must read the text.
    static func tokens(_ text: String) -> Tokens? {
        var text = text
        return text.withUTF8 { b -> Tokens? in
            var out = Tokens()
            out.values.reserveCapacity(b.count / 8)
            out.modes.reserveCapacity(b.count / 8)
            var anything = false
            for c in b where c != 0x2C && !isSpace(c) {
                if c >= 0x80 { return nil }
                anything = true
            }
            guard anything else { return out }  // the oracle's "no points"
            var i = 0
            let n = b.count
            while true {
                // One chunk: up to the next ',' or the end.
                while i < n && b[i] != 0x2C {
                    let c = b[i]
                    if isSpace(c) {
                        i += 1
                        continue
                    }
                    var mode: TraceData.Mode?
                    switch c {
                    case 0x21: mode = .explicit  // !
                    case 0x27: mode = .first  // '
                    case 0x22: mode = .second  // "
                    default: break
                    }
                    if mode != nil { i += 1 }
                    while i < n && isSpace(b[i]) { i += 1 }
                    // The oracle's token: a sign, then digits, one '.', one exponent with its sign.
                    var j = i
                    if j < n && (b[j] == 0x2D || b[j] == 0x2B) { j += 1 }
                    var seenDot = false, seenExp = false
                    while j < n {
                        let d = b[j]
                        if d &- 0x30 < 10 {
                        } else if d == 0x2E && !seenDot && !seenExp {
                            seenDot = true
                        } else if (d == 0x65 || d == 0x45) && !seenExp && j > i {
                            seenExp = true
                            if j + 1 < n && (b[j + 1] == 0x2D || b[j + 1] == 0x2B) { j += 1 }
                        } else {
                            break
                        }
                        j += 1
                    }
                    guard j > i, let value = DecimalBytes.plain(b, i, j) else { return nil }
                    out.values.append(value)
                    out.modes.append(mode)
                    i = j
                }
                out.pointEnds.append(out.values.count)
                if i >= n { break }
                i += 1  // past the ','
            }
            return out
        }
    }
}
