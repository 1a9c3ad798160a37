/// The SVC reader's fast path: the rows of an SVC file parsed from its bytes (no `String` per
/// line or field, numbers by ``DecimalBytes``), the rows that
/// ``SVCReader/readOracle(_:file:options:)`` parses from text, assembled by the same
/// ``SVCReader/assemble(_:file:options:)``, so the trace is the oracle's, to the bit.
///
/// It reads plain ASCII files that are well formed; at the first thing it does not take (any
/// error, a non-ASCII byte, a sample count in a form other than plain digits) it gives up and
/// the oracle reads the whole file, so every error and its line are the oracle's.
/// `ByteReaderTests` compares the two on the corpus and on fuzzed files.
enum SVCBytes {
    /// The rows, or `nil` where the oracle must read the file (see above).
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - options: the reader's options, already validated (a missing scale is left to the oracle's error).
    static func rows(_ bytes: [UInt8], options: ImportOptions) -> SVCReader.Rows? {
        guard options.scaleUnitsPerMM != nil else { return nil }
        return bytes.withUnsafeBufferPointer { b -> SVCReader.Rows? in
            let first = ByteLines.bodyStart(b)
            guard !ByteLines.hasNonASCII(b, from: first) else { return nil }
            var rows = SVCReader.Rows()
            rows.values.reserveCapacity(b.count / 4)
            rows.lines.reserveCapacity(b.count / 30)
            var starts = [Int](repeating: 0, count: 8), ends = [Int](repeating: 0, count: 8)
            let lineCount = ByteLines.forEach(b, from: first) { line, n in
                let count = ByteLines.fields(b, line, keepEmpty: false, into: &starts, &ends) { $0 == 0x20 || $0 == 0x09 }
                if count == 0 { return true }
                if rows.declared == nil && rows.lines.isEmpty {
                    guard count == 1, let declared = ByteLines.digits(b, starts[0], ends[0]) else { return false }
                    rows.declared = declared
                    return true
                }
                guard count == 7 else { return false }
                for f in 0..<7 {
                    guard let v = DecimalBytes.number(b, starts[f], ends[f]) else { return false }
                    rows.values.append(v)
                }
                let status = rows.values[rows.values.count - 4]
                guard status == 0 || status == 1 else { return false }
                rows.lines.append(n)
                return true
            }
            guard let lineCount, rows.declared != nil else { return nil }
            rows.lineCount = lineCount
            return rows
        }
    }
}
