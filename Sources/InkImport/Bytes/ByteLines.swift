/// Lines and fields of a file's bytes, numbered as ``TextLines/numbered`` numbers them: the
/// one line splitter of the byte readers (SVC, MobileHCI; the trace CSV and evemu readers walk
/// their lines inline in their hot loops, with the same rule).
///
/// A line is `[start, end)` without its `\n` and without one final `\r`; the empty piece after
/// a final `\n` is not a line. A leading UTF-8 byte-order mark is skipped by ``bodyStart(_:)``.
///
/// ```swift
/// let b = Array("3\n1 2\n".utf8)
/// b.withUnsafeBufferPointer { p in ByteLines.forEach(p, from: 0) { line, number in print(number, line.end - line.start); return true } }
/// ```
package enum ByteLines {
    /// One line's bytes, `[start, end)`.
    package struct Line {
        package var start: Int
        package var end: Int
        package var isEmpty: Bool { start == end }
    }

    /// The first byte after a UTF-8 byte-order mark (0 when there is none).
    package static func bodyStart(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
    }

    /// Whether any byte from `start` on is not ASCII (the byte readers leave such files to
    /// their oracles, which check the UTF-8 and name the bad byte).
    package static func hasNonASCII(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var i = start
        while i < b.count {
            if b[i] >= 0x80 { return true }
            i += 1
        }
        return false
    }

    /// Calls `body` with each line and its 1-based number; stops when `body` returns `false`.
    ///
    /// - Returns: the number of lines, or `nil` if `body` stopped early.
    @inlinable
    package static func forEach(_ b: UnsafeBufferPointer<UInt8>, from first: Int, _ body: (Line, Int) -> Bool) -> Int? {
        var i = first, n = 0
        let count = b.count
        while i < count {
            let start = i
            while i < count && b[i] != 0x0A { i += 1 }
            var end = i
            if i < count { i += 1 }
            n += 1
            if end > start && b[end - 1] == 0x0D { end -= 1 }
            if !body(Line(start: start, end: end), n) { return nil }
        }
        return n
    }

    /// Splits `[start, end)` at bytes for which `isSeparator` holds into at most `starts.count`
    /// fields (written to `starts` and `ends`); `keepEmpty` keeps empty fields, as
    /// ``TextLines/fields(_:keepEmpty:_:)`` does.
    ///
    /// - Returns: the number of fields (more than `starts.count` means there were more).
    @inlinable
    package static func fields(
        _ b: UnsafeBufferPointer<UInt8>, _ line: Line, keepEmpty: Bool, into starts: inout [Int], _ ends: inout [Int],
        _ isSeparator: (UInt8) -> Bool
    ) -> Int {
        let max = starts.count
        var count = 0
        var s = line.start
        var i = line.start
        while i < line.end {
            if isSeparator(b[i]) {
                if keepEmpty || s != i {
                    if count < max {
                        starts[count] = s
                        ends[count] = i
                    }
                    count += 1
                }
                s = i + 1
            }
            i += 1
        }
        if keepEmpty || s != line.end {
            if count < max {
                starts[count] = s
                ends[count] = line.end
            }
            count += 1
        }
        return count
    }

    /// Plain decimal digits (1 to 18) as a number, or `nil`: what `Int(text)` gives for texts
    /// of digits only (others go to the oracle).
    @inlinable
    package static func digits(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Int? {
        guard e > s, e - s <= 18 else { return nil }
        var v = 0
        for i in s..<e {
            let d = b[i] &- 0x30
            guard d < 10 else { return nil }
            v = v * 10 + Int(d)
        }
        return v
    }
}
