import InkPrediction
import InkTraces

/// The trace CSV reader's fast path: the format of ``TraceCSVReader`` parsed from the file's
/// bytes (no `String` per line or cell, no `Character` iteration; numbers by
/// ``DecimalBytes``), giving the trace that ``TraceCSVReader/readOracle(_:file:options:)``
/// gives, to the bit.
///
/// It reads files that are well formed; at the first thing it does not take (any error, a
/// non-ASCII byte outside a plain comment, bytes that are not UTF-8) it gives up and the
/// oracle reads the whole file, so every error, with its line, and every odd but valid input
/// is exactly the oracle's. `TraceCSVBytesTests` compares the two on every trace CSV of the
/// corpus, the fixtures and fuzzed files.
package enum TraceCSVBytes {
    /// The trace, or `nil` where the oracle must read the file (see above).
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - file: its path, for the trace's name and source.
    ///   - options: the reader's options, already validated.
    package static func read(_ bytes: [UInt8], file: String, options: ImportOptions) -> Trace? {
        bytes.withUnsafeBufferPointer { read($0, file: file, options: options) }
    }

    /// Column positions of a header; -1 where a column is absent.
    private struct Columns {
        var t = -1, x = -1, y = -1, stroke = -1, pressure = -1, tilt = -1, azimuth = -1, tool = -1, kind = -1
        var count = 0
        var isEmpty: Bool { count == 0 }

        /// Sets the column called `name` (bytes `b[s..<e]`) to `index`; `false` for an unknown or repeated name.
        mutating func set(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, _ index: Int) -> Bool {
            func named(_ name: StaticString) -> Bool {
                let n = name.utf8CodeUnitCount
                guard e - s == n else { return false }
                let p = name.utf8Start
                for k in 0..<n where b[s + k] != p[k] { return false }
                return true
            }
            func claim(_ slot: inout Int) -> Bool {
                guard slot < 0 else { return false }
                slot = index
                return true
            }
            if named("t_s") { return claim(&t) }
            if named("x_mm") { return claim(&x) }
            if named("y_mm") { return claim(&y) }
            if named("stroke") { return claim(&stroke) }
            if named("pressure") { return claim(&pressure) }
            if named("tilt_rad") { return claim(&tilt) }
            if named("azimuth_rad") { return claim(&azimuth) }
            if named("tool") { return claim(&tool) }
            if named("kind") { return claim(&kind) }
            return false
        }
    }

    /// A stroke id (at most 18 digits) as its value and length, so `1` and `01` differ as in the oracle.
    private struct StrokeID: Hashable {
        var value: UInt64
        var length: Int
    }

    /// The number in a cell `b[s..<e]`, `nil` for an empty cell or one that is not a number.
    @inline(__always)
    private static func cellNumber(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Double? {
        s == e ? nil : DecimalBytes.number(b, s, e)
    }

    /// Whether the cell `b[s..<e]` is `word`.
    @inline(__always)
    private static func cellEquals(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, _ word: StaticString) -> Bool {
        let len = word.utf8CodeUnitCount
        guard e - s == len else { return false }
        let p = word.utf8Start
        for k in 0..<len where b[s + k] != p[k] { return false }
        return true
    }

    private static func read(_ b: UnsafeBufferPointer<UInt8>, file: String, options: ImportOptions) -> Trace? {
        let n = b.count
        var i = 0
        if n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
        // Non-ASCII bytes are taken only in comments; the file must be UTF-8 as a whole.
        var anyHigh = false
        for k in i..<n where b[k] >= 0x80 {
            anyHigh = true
            break
        }
        if anyHigh && TextLines.firstInvalidUTF8(Array(b), from: i) != nil { return nil }

        let scale = options.scaleUnitsPerMM ?? 1, scaleY = options.yScaleUnitsPerMM ?? 1
        let timeUnit = options.timeUnitSeconds ?? 1
        var columns = Columns()
        var nominal: Double?
        var assembler = TraceAssembler(file: file)
        var seen = Set<StrokeID>()
        var current: StrokeID?
        var currentTool = Tool.pen
        var pending: Sample?
        var pendingTail: [PenPoint] = []
        var pendingLine = 0
        // The cells of the current line (at most 16): fixed storage, not arrays (no uniqueness
        // or exclusivity checks per cell).
        let cellStart = UnsafeMutablePointer<Int>.allocate(capacity: 16), cellEnd = UnsafeMutablePointer<Int>.allocate(capacity: 16)
        defer {
            cellStart.deallocate()
            cellEnd.deallocate()
        }
        var lineNumber = 0

        func number(_ c: Int) -> Double? { cellNumber(b, cellStart[c], cellEnd[c]) }
        func equals(_ c: Int, _ word: StaticString) -> Bool { cellEquals(b, cellStart[c], cellEnd[c], word) }

        do throws(ImportError) {
            while i < n {
                // One line: [start, end) without its '\n' and a final '\r'.
                let start = i
                var high: UInt8 = 0
                while i < n && b[i] != 0x0A {
                    high |= b[i]
                    i += 1
                }
                var end = i
                if i < n { i += 1 }  // past the '\n'
                lineNumber += 1
                if end > start && b[end - 1] == 0x0D { end -= 1 }

                var blank = true
                for k in start..<end where b[k] != 0x20 && b[k] != 0x09 {
                    blank = false
                    break
                }
                if blank { continue }
                if b[start] == 0x23 {  // '#'
                    // A mark combining with '#' would make it no comment for the oracle.
                    if high >= 0x80 && (end - start < 2 || b[start + 1] >= 0x80) { return nil }
                    var k = start + 1
                    while k < end && b[k] == 0x20 { k += 1 }
                    let prefix: StaticString = "nominal_interval_s:"
                    let len = prefix.utf8CodeUnitCount
                    guard end - k >= len else { continue }
                    var isNominal = true
                    for j in 0..<len where b[k + j] != prefix.utf8Start[j] {
                        isNominal = false
                        break
                    }
                    guard isNominal else { continue }
                    if high >= 0x80 { return nil }
                    k += len
                    while k < end && b[k] == 0x20 { k += 1 }
                    guard let v = DecimalBytes.number(b, k, end), InputLimits.nominalIntervalS.contains(v * timeUnit) else { return nil }
                    nominal = v * timeUnit
                    continue
                }
                if high >= 0x80 { return nil }

                // Cells, split at ',' and trimmed of spaces and tabs.
                var cells = 0
                var s = start
                var k = start
                while true {
                    if k == end || b[k] == 0x2C {
                        guard cells < 16 else { return nil }
                        var a = s, z = k
                        while a < z && (b[a] == 0x20 || b[a] == 0x09) { a += 1 }
                        while z > a && (b[z - 1] == 0x20 || b[z - 1] == 0x09) { z -= 1 }
                        cellStart[cells] = a
                        cellEnd[cells] = z
                        cells += 1
                        if k == end { break }
                        s = k + 1
                    }
                    k += 1
                }

                if columns.isEmpty {
                    for c in 0..<cells where !columns.set(b, cellStart[c], cellEnd[c], c) { return nil }
                    guard columns.t >= 0, columns.x >= 0, columns.y >= 0, columns.stroke >= 0 else { return nil }
                    columns.count = cells
                    continue
                }
                guard cells == columns.count else { return nil }
                guard let tValue = number(columns.t), let xValue = number(columns.x), let yValue = number(columns.y) else { return nil }
                let t = tValue * timeUnit
                let x = xValue / scale
                let y = yValue / scaleY

                let idStart = cellStart[columns.stroke], idEnd = cellEnd[columns.stroke]
                guard idEnd > idStart, idEnd - idStart <= 18 else { return nil }
                var idValue: UInt64 = 0
                for j in idStart..<idEnd {
                    let d = b[j] &- 0x30
                    guard d < 10 else { return nil }
                    idValue = idValue * 10 + UInt64(d)
                }
                let id = StrokeID(value: idValue, length: idEnd - idStart)

                var tool = Tool.pen
                if columns.tool >= 0 && cellEnd[columns.tool] > cellStart[columns.tool] {
                    let c = columns.tool
                    if equals(c, "pen") {
                        tool = .pen
                    } else if equals(c, "finger") {
                        tool = .finger
                    } else if equals(c, "eraser") {
                        tool = .eraser
                    } else if equals(c, "mouse") {
                        tool = .mouse
                    } else {
                        return nil
                    }
                }
                var isPrediction = false
                if columns.kind >= 0 {
                    let c = columns.kind
                    if cellEnd[c] == cellStart[c] || equals(c, "sample") {
                        isPrediction = false
                    } else if equals(c, "predicted") {
                        isPrediction = true
                    } else {
                        return nil
                    }
                }
                if isPrediction {
                    guard pending != nil, current == id else { return nil }
                    pendingTail.append(PenPoint(t: t, x: x, y: y))
                    continue
                }
                if current == id, tool != currentTool { return nil }
                if let p = pending {
                    try assembler.add(p, tail: columns.kind >= 0 ? pendingTail : nil, at: .line(pendingLine))
                    pending = nil
                }
                if current != id {
                    currentTool = tool
                    guard seen.insert(id).inserted else { return nil }
                    current = id
                    try assembler.beginStroke(tool: tool)
                }
                var pressure: Double?, tilt: Double?, azimuth: Double?
                if columns.pressure >= 0 && cellEnd[columns.pressure] > cellStart[columns.pressure] {
                    guard let v = number(columns.pressure) else { return nil }
                    pressure = v
                }
                if columns.tilt >= 0 && cellEnd[columns.tilt] > cellStart[columns.tilt] {
                    guard let v = number(columns.tilt) else { return nil }
                    tilt = v
                }
                if columns.azimuth >= 0 && cellEnd[columns.azimuth] > cellStart[columns.azimuth] {
                    guard let v = number(columns.azimuth) else { return nil }
                    azimuth = v
                }
                pending = Sample(t: t, x: x, y: y, pressure: pressure, tilt: tilt, azimuth: azimuth)
                pendingTail.removeAll(keepingCapacity: true)
                pendingLine = lineNumber
            }
            if columns.isEmpty { return nil }
            if let p = pending {
                try assembler.add(p, tail: columns.kind >= 0 ? pendingTail : nil, at: .line(pendingLine))
            }
            return try assembler.trace(notices: [], nominalInterval: nominal, end: .line(max(1, lineNumber)))
        } catch {
            return nil
        }
    }
}
