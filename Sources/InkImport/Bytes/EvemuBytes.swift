import InkTraces

/// The evemu reader's fast path: `E:` lines decoded from the file's bytes (no `String` per
/// line, no `Character` iteration) into the events that
/// ``EvemuReader/readOracle(_:file:description:descriptionFile:options:)`` decodes from text,
/// fed to the same stroke assembly (``EvemuStrokes``), so the trace is the oracle's, to the bit.
///
/// Header and comment lines (a few, before the events) go through the oracle's own functions.
/// It reads plain ASCII files that are well formed; at the first thing it does not take (any
/// error, a non-ASCII byte, a number in a form other than plain digits) it gives up and the
/// oracle reads the whole file, so every error and its line are the oracle's. `ByteReaderTests`
/// compares the two on the corpus and on fuzzed files.
package enum EvemuBytes {
    /// The trace, or `nil` where the oracle must read the file.
    ///
    /// - Parameters:
    ///   - bytes: the `.events` file.
    ///   - file: its name, for the trace and notices.
    ///   - device: what its `.desc` file said, if it has one.
    ///   - options: the reader's options, already validated.
    static func read(_ bytes: [UInt8], file: String, device: EvemuReader.Device, options: ImportOptions) -> Trace? {
        bytes.withUnsafeBufferPointer { read($0, file: file, device: device, options: options) }
    }

    /// A line's bytes `[start, end)` without its `\n` and a final `\r` (``ByteLines/Line``).
    private typealias Line = ByteLines.Line

    private static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

    /// Splits `[start, end)` at blanks into at most `max` fields; returns the count (more than `max` means more).
    private static func fields(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ starts: inout [Int], _ ends: inout [Int], max: Int
    ) -> Int {
        var count = 0
        var i = start
        while i < end {
            while i < end && isBlank(b[i]) { i += 1 }
            guard i < end else { break }
            let s = i
            while i < end && !isBlank(b[i]) { i += 1 }
            if count < max {
                starts[count] = s
                ends[count] = i
            }
            count += 1
        }
        return count
    }

    /// Plain hexadecimal digits (at most 15) as a number, or `nil`.
    private static func hex(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Int? {
        guard e > s, e - s <= 15 else { return nil }
        var v = 0
        for i in s..<e {
            let c = b[i]
            let d: Int
            switch c {
            case 0x30...0x39: d = Int(c - 0x30)
            case 0x61...0x66: d = Int(c - 0x61 + 10)
            case 0x41...0x46: d = Int(c - 0x41 + 10)
            default: return nil
            }
            v = v << 4 | d
        }
        return v
    }

    /// Plain decimal digits (1 to `maxDigits`) as a number, or `nil`.
    private static func digits(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, maxDigits: Int) -> Int? {
        guard e > s, e - s <= maxDigits else { return nil }
        var v = 0
        for i in s..<e {
            let d = b[i] &- 0x30
            guard d < 10 else { return nil }
            v = v * 10 + Int(d)
        }
        return v
    }

    private static func substring(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Substring {
        Substring(String(decoding: UnsafeBufferPointer(rebasing: b[s..<e]), as: UTF8.self))
    }

    private static func isEventLine(_ b: UnsafeBufferPointer<UInt8>, _ line: Line) -> Bool {
        line.end - line.start >= 2 && b[line.start] == 0x45 && b[line.start + 1] == 0x3A  // "E:"
    }

    private static func read(_ b: UnsafeBufferPointer<UInt8>, file: String, device: EvemuReader.Device, options: ImportOptions) -> Trace? {
        var first = 0
        if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { first = 3 }
        for i in first..<b.count where b[i] >= 0x80 { return nil }

        // Pass 1, as the oracle's pre-scans: multitouch (an ABS_MT_TRACKING_ID event, read from the
        // second and third fields, '#' comments included) and the declared keys of 'B:' lines.
        var starts = [Int](repeating: 0, count: 8), ends = [Int](repeating: 0, count: 8)
        var multitouch = false
        var keyLines: [Substring] = []
        var plain = true
        _ = ByteLines.forEach(b, from: first) { line, _ in
            if isEventLine(b, line) {
                guard !multitouch else { return true }
                let count = fields(b, line.start + 2, line.end, &starts, &ends, max: 3)
                guard count >= 3 else { return true }
                guard let type = hex(b, starts[1], ends[1]), let code = hex(b, starts[2], ends[2]) else {
                    plain = false
                    return false
                }
                if type == Evdev.EventType.abs && code == Evdev.Abs.mtTrackingID { multitouch = true }
            } else if line.end - line.start >= 2 && b[line.start] == 0x42 && b[line.start + 1] == 0x3A {  // "B:"
                keyLines.append(substring(b, line.start, line.end))
            }
            return true
        }
        guard plain else { return nil }

        var deviceName = device.name
        var strokes = EvemuStrokes(
            file: file, options: options, multitouch: multitouch,
            declared: device.declaredKeys.union(EvemuReader.declaredKeys(lines: keyLines)), axes: device.axes,
            notices: device.notices)
        var sawEvents = false
        var failed = false
        let lineCount = ByteLines.forEach(b, from: first) { line, n in
            do throws(ImportError) {
                if !isEventLine(b, line) {
                    if line.end == line.start { return true }
                    if b[line.start] == 0x23 {  // '#'
                        if !sawEvents { strokes.comments.read(substring(b, line.start, line.end), n) }
                        return true
                    }
                    guard !sawEvents else { return false }
                    try EvemuReader.header(substring(b, line.start, line.end), n, file, &strokes.axes, &deviceName)
                    return true
                }
                sawEvents = true
                var end = line.end
                for i in (line.start + 2)..<line.end where b[i] == 0x23 {
                    end = i
                    break
                }
                guard fields(b, line.start + 2, end, &starts, &ends, max: 4) == 4 else { return false }
                // sec.usec: at most 12 and 9 digits.
                var dot = -1
                for i in starts[0]..<ends[0] where b[i] == 0x2E {
                    dot = i
                    break
                }
                guard dot >= 0, let seconds = digits(b, starts[0], dot, maxDigits: 12),
                    var fraction = digits(b, dot + 1, ends[0], maxDigits: 9)
                else { return false }
                var fractionDigits = ends[0] - dot - 1
                while fractionDigits > 6 { fraction /= 10; fractionDigits -= 1 }
                while fractionDigits < 6 { fraction *= 10; fractionDigits += 1 }
                let micros = seconds * 1_000_000 + fraction
                guard let type = hex(b, starts[1], ends[1]), let code = hex(b, starts[2], ends[2]) else { return false }
                let negative = b[starts[3]] == 0x2D
                guard let magnitude = digits(b, starts[3] + (negative ? 1 : 0), ends[3], maxDigits: 18) else { return false }
                let value = negative ? -magnitude : magnitude
                guard value > -(1 << 40), value < (1 << 40) else { return false }
                let timeStart = starts[0], timeEnd = ends[0]
                try strokes.event(micros: micros, type: type, code: code, value: value, line: n) { substring(b, timeStart, timeEnd) }
                return true
            } catch {
                failed = true
                return false
            }
        }
        guard let lineCount, !failed, sawEvents else { return nil }
        do {
            return try strokes.trace(lineCount: lineCount, deviceName: deviceName)
        } catch {
            return nil
        }
    }
}
