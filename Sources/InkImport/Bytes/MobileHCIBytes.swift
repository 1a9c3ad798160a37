/// The MobileHCI 2017 reader's fast path: the rows of a touch log parsed from its bytes (no
/// `String` per line or field, numbers by ``DecimalBytes``), the rows that
/// ``MobileHCI17Reader/readRowsOracle(_:file:)`` parses from text, to the bit.
///
/// It reads plain ASCII files that are well formed; at the first thing it does not take (any
/// error, a non-ASCII byte) it gives up and the oracle reads the whole file, so every error and
/// its line are the oracle's. `ByteReaderTests` compares the two on the corpus and on fuzzed files.
enum MobileHCIBytes {
    /// The rows, or `nil` where the oracle must read the file (see above).
    ///
    /// - Parameter bytes: the whole file.
    static func rows(_ bytes: [UInt8]) -> [MobileHCI17Reader.Row]? {
        bytes.withUnsafeBufferPointer { b -> [MobileHCI17Reader.Row]? in
            let first = ByteLines.bodyStart(b)
            guard !ByteLines.hasNonASCII(b, from: first) else { return nil }
            var rows: [MobileHCI17Reader.Row] = []
            rows.reserveCapacity(b.count / 40)
            var starts = [Int](repeating: 0, count: 7), ends = [Int](repeating: 0, count: 7)
            var v = [Double](repeating: 0, count: 6)
            let timeLimit = MobileHCI17Reader.eventTimeLimitMs, positionLimit = MobileHCI17Reader.positionLimitPx
            let lineCount = ByteLines.forEach(b, from: first) { line, n in
                var blank = true
                for k in line.start..<line.end where b[k] != 0x20 && b[k] != 0x09 {
                    blank = false
                    break
                }
                if blank { return true }
                guard ByteLines.fields(b, line, keepEmpty: true, into: &starts, &ends, { $0 == 0x3B }) == 6 else { return false }  // ';'
                for f in 0..<6 {
                    // Trimmed of spaces, tabs and carriage returns, as the oracle trims.
                    var s = starts[f], e = ends[f]
                    while s < e && (b[s] == 0x20 || b[s] == 0x09 || b[s] == 0x0D) { s += 1 }
                    while e > s && (b[e - 1] == 0x20 || b[e - 1] == 0x09 || b[e - 1] == 0x0D) { e -= 1 }
                    guard s < e, let d = DecimalBytes.number(b, s, e) else { return false }
                    v[f] = d
                }
                guard let code = Int(exactly: v[5]), let action = MobileHCI17Reader.Action(rawValue: code) else { return false }
                guard abs(v[1]) <= timeLimit, abs(v[2]) <= positionLimit, abs(v[3]) <= positionLimit else { return false }
                if let previous = rows.last, v[1] < previous.eventTimeMs { return false }
                rows.append(MobileHCI17Reader.Row(line: n, eventTimeMs: v[1], xPx: v[2], yPx: v[3], size: v[4], action: action))
                return true
            }
            guard lineCount != nil, !rows.isEmpty else { return nil }
            return rows
        }
    }
}
