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
        read(bytes, file: file, options: options, chunkBytes: defaultChunkBytes)
    }

    /// Column positions of a header; -1 where a column is absent.
    private struct Columns {
        var t = -1, x = -1, y = -1, stroke = -1, pressure = -1, tilt = -1, azimuth = -1, tool = -1, kind = -1
        var count = 0
        var isEmpty: Bool { count == 0 }

        /// Reads the header line's cells; `false` for an unknown or repeated name, or a missing
        /// `t_s`, `x_mm`, `y_mm` or `stroke`.
        mutating func read(header cells: Cells, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
            for c in 0..<cells.count where !set(b, cells.start[c], cells.end[c], c) { return false }
            guard t >= 0, x >= 0, y >= 0, stroke >= 0 else { return false }
            count = cells.count
            return true
        }

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

    /// The least bytes of rows per chunk when the rows are parsed on several threads
    /// (``ImportOptions/jobs``): 128 KiB, so a file of 256 KiB of rows or more is split.
    ///
    /// Measured (docs/performance.md, sixth round, on a 1 MB file cut into 4 and 8 chunks):
    /// waking the helper costs 0.14-0.21 ms of CPU (the dispatch queue's wake-up and its
    /// signals), and handing the rows over (a chunk's rows stored, then given to the assembly)
    /// adds 24 % to the read's CPU time (4.7 → 5.7 ms). On two free cores a split saves about
    /// 0.38 × the serial read (4.6 ms per MB) less that wake-up: nothing below about 120 KB of
    /// rows; from 256 KiB on it saves at least 0.2 ms, on a 1 MB file about 1.5 ms.
    package static let defaultChunkBytes = 128 << 10

    /// The whole file, step by step: the encoding check, then line by line the blank lines and
    /// comments (``comment(_:_:timeUnit:)``), the cells (``Cells``), the header (``Columns``), a
    /// row's values (``row(_:_:_:_:)``) and the stroke assembly (``Strokes``). Every step that
    /// meets something it does not take gives `nil`: the oracle then reads the file.
    ///
    /// After the header, lines are independent until the stroke assembly, so with
    /// `options.jobs` above 1 and at least two chunks of `chunkBytes` the rows are split at line
    /// ends into up to four chunks per thread, each parsed alone into its rows (``Chunk``) by
    /// `jobs - 1` helper threads and by this one, which gives them to the assembly in file order
    /// as they come (``ParallelMap/InOrder``: the assembly of one chunk overlaps the parse of the
    /// next), with the line numbers of a serial read: the same trace, to the bit, for any `jobs` and `chunkBytes`
    /// (`ByteReaderTests` compare the two on every file they read), and `nil` exactly where the
    /// serial read gives `nil` (any chunk declining makes the whole file the oracle's).
    /// `chunkBytes` is the least bytes per chunk (``defaultChunkBytes``; the tests set it low).
    package static func read(_ bytes: [UInt8], file: String, options: ImportOptions, chunkBytes: Int) -> Trace? {
        let header = bytes.withUnsafeBufferPointer { readHeader($0, options: options) }
        guard let header else { return nil }
        let units = Units(options)
        let rows = bytes.count - header.end
        // Up to four chunks per thread, so that the assembly of one overlaps the parse of the next.
        let chunkCount = options.jobs <= 1 ? 1 : max(1, min(options.jobs * 4, rows / max(1, chunkBytes)))
        let keepsTails = header.columns.kind >= 0
        do throws(ImportError) {
            if chunkCount <= 1 {
                var sink = Direct(strokes: Strokes(file: file, keepsTails: keepsTails), nominal: header.nominal)
                let lines = try bytes.withUnsafeBufferPointer { b throws(ImportError) -> Int? in
                    try body(b, header.end, b.count, firstLine: header.lines, header.columns, units, into: &sink)
                }
                guard let lines, isUTF8(bytes, header, nonASCII: sink.nonASCII) else { return nil }
                return try sink.strokes.trace(nominalInterval: sink.nominal, lastLine: header.lines + lines)
            }
            // Chunk c starts after the first line end at or after c/chunkCount of the rows.
            var bounds = [header.end]
            for c in 1..<chunkCount {
                var k = max(bounds[bounds.count - 1], header.end + rows / chunkCount * c)
                while k < bytes.count && bytes[k - 1] != 0x0A { k += 1 }
                bounds.append(k)
            }
            bounds.append(bytes.count)
            let cuts = bounds, columns = header.columns
            let queue = ParallelMap.InOrder<Chunk>(count: chunkCount) { c -> Chunk? in
                WorkSpans.shared.span("parse chunk \(c)") { () -> Chunk? in
                    bytes.withUnsafeBufferPointer { b -> Chunk? in
                        // Room for the chunk's rows at once, so they are stored without the
                        // array growing (each growth copied the rows into fresh pages).
                        var chunk = Chunk(
                            axes: columns.pressure >= 0 || columns.tilt >= 0 || columns.azimuth >= 0,
                            capacity: expectedRows(b, cuts[c], cuts[c + 1]))
                        guard let lines = try? body(b, cuts[c], cuts[c + 1], firstLine: 0, columns, units, into: &chunk) else { return nil }
                        chunk.lines = lines
                        return chunk
                    }
                }
            }
            queue.startHelpers(min(options.jobs, chunkCount) - 1)
            defer { queue.stop() }
            // The chunks are assembled in file order as they come, on this thread, while the
            // helpers parse the later ones (and this thread parses one itself when the next is
            // not ready): the assembly overlaps the parse.
            var strokes = Strokes(file: file, keepsTails: keepsTails)
            var lineNumber = header.lines
            var nominal = header.nominal
            var nonASCII = false
            for c in 0..<chunkCount {
                guard let chunk = queue.take(c) else { return nil }
                if c == 0 { strokes.assembler.reserveCapacity(chunk.expectedLongestStroke(ofRows: rows, chunkBytes: cuts[1] - cuts[0])) }
                nonASCII = nonASCII || chunk.nonASCII
                let replayed = try WorkSpans.shared.span("assemble chunk \(c)") { () throws(ImportError) in
                    try chunk.replay(into: &strokes, firstLine: lineNumber)
                }
                guard replayed else { return nil }
                lineNumber += chunk.lines
                if let v = chunk.nominal { nominal = v }
            }
            guard isUTF8(bytes, header, nonASCII: nonASCII) else { return nil }
            return try WorkSpans.shared.span("trace from strokes") { () throws(ImportError) in
                try strokes.trace(nominalInterval: nominal, lastLine: lineNumber)
            }
        } catch {
            return nil
        }
    }

    /// What the lines up to and including the header give: the columns, the nominal interval
    /// of a comment before it, the lines read and the first byte after the header's line.
    private struct Header {
        var columns: Columns
        var nominal: Double?
        var lines: Int
        var end: Int
        /// The first byte after a byte-order mark.
        var bodyStart: Int
        /// Whether a comment up to the header holds a non-ASCII byte.
        var nonASCII: Bool
    }

    /// The lines up to the header; `nil` where the oracle must read the file.
    private static func readHeader(_ b: UnsafeBufferPointer<UInt8>, options: ImportOptions) -> Header? {
        var i = 0
        if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
        let bodyStart = i
        var nonASCII = false
        let timeUnit = Units(options).time
        var columns = Columns()
        var nominal: Double?
        var cells = Cells()
        defer { cells.deallocate() }
        var lineNumber = 0
        while i < b.count {
            let line = nextLine(b, &i, end: b.count)
            lineNumber += 1
            if isBlank(b, line) { continue }
            if b[line.start] == 0x23 {  // '#'
                if line.high >= 0x80 { nonASCII = true }
                switch comment(b, line, timeUnit: timeUnit) {
                case .plain: continue
                case .nominalInterval(let seconds):
                    nominal = seconds
                    continue
                case .notTaken: return nil
                }
            }
            if line.high >= 0x80 { return nil }
            guard cells.split(b, line), columns.read(header: cells, b) else { return nil }
            return Header(columns: columns, nominal: nominal, lines: lineNumber, end: i, bodyStart: bodyStart, nonASCII: nonASCII)
        }
        return nil
    }

    /// Where the rows of ``body(_:_:_:firstLine:_:_:into:)`` go: straight to the stroke
    /// assembly (``Direct``), or into a chunk's rows (``Chunk``).
    private protocol RowSink {
        /// Whether a comment held a non-ASCII byte (the file's UTF-8 is then checked).
        var nonASCII: Bool { get set }
        /// A `# nominal_interval_s` comment's value (s).
        mutating func nominal(_ seconds: Double)
        /// A predicted point; `false` where the reader declines the file.
        mutating func prediction(_ row: Row) -> Bool
        /// A sample on line `line`; `false` where the reader declines the file.
        mutating func sample(_ row: Row, _ axes: PenAxes, line: Int) throws(ImportError) -> Bool
    }

    /// The lines of `b[start..<end]` (after the header; `end` a line end or the file's end),
    /// numbered from `firstLine + 1`, into `sink`.
    ///
    /// - Returns: the number of lines, or `nil` where the oracle must read the file.
    private static func body<Sink: RowSink>(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, firstLine: Int, _ columns: Columns, _ units: Units,
        into sink: inout Sink
    ) throws(ImportError) -> Int? {
        var cells = Cells()
        defer { cells.deallocate() }
        var i = start
        var lineNumber = firstLine
        while i < end {
            let line = nextLine(b, &i, end: end)
            lineNumber += 1
            if isBlank(b, line) { continue }
            if b[line.start] == 0x23 {  // '#'
                if line.high >= 0x80 { sink.nonASCII = true }
                switch comment(b, line, timeUnit: units.time) {
                case .plain: continue
                case .nominalInterval(let seconds):
                    sink.nominal(seconds)
                    continue
                case .notTaken: return nil
                }
            }
            if line.high >= 0x80 { return nil }
            guard cells.split(b, line) else { return nil }
            guard cells.count == columns.count, let row = row(b, cells, columns, units) else { return nil }
            if row.isPrediction {
                guard sink.prediction(row) else { return nil }
            } else {
                guard let axes = penAxes(b, cells, columns) else { return nil }
                guard try sink.sample(row, axes, line: lineNumber) else { return nil }
            }
        }
        return lineNumber - firstLine
    }

    /// Rows given straight to the stroke assembly (a read on one thread).
    private struct Direct: RowSink {
        var strokes: Strokes
        var nominal: Double?
        var nonASCII = false

        mutating func nominal(_ seconds: Double) { nominal = seconds }
        @inline(__always) mutating func prediction(_ row: Row) -> Bool { strokes.addPrediction(row) }
        @inline(__always) mutating func sample(_ row: Row, _ axes: PenAxes, line: Int) throws(ImportError) -> Bool {
            try strokes.addSample(row, axes, line: line)
        }
    }

    /// One chunk's rows, parsed on a thread of its own, kept until the stroke assembly takes
    /// them in file order (``replay(into:firstLine:)``): 40 bytes a row, and the pen axes
    /// only where the file has one of their columns.
    private struct Chunk: RowSink {
        /// A row as the assembly needs it, its line counted from the chunk's start.
        struct Entry {
            var t: Double, x: Double, y: Double
            var id: UInt64
            var line: Int32
            var idLength: UInt8
            var tool: Tool
            var isPrediction: Bool
        }
        var entries: [Entry] = []
        /// Per entry, its pen axes (empty where the file has none of their columns).
        var axes: [PenAxes] = []
        let hasAxes: Bool
        /// The last `# nominal_interval_s` value in the chunk.
        var nominal: Double?
        /// The chunk's lines.
        var lines = 0
        var nonASCII = false

        /// A chunk with room for `capacity` rows (a hint: more rows grow the arrays).
        init(axes: Bool, capacity: Int) {
            hasAxes = axes
            entries.reserveCapacity(capacity)
            if axes { self.axes.reserveCapacity(capacity) }
        }

        mutating func nominal(_ seconds: Double) { nominal = seconds }

        @inline(__always) mutating func prediction(_ row: Row) -> Bool {
            append(row, PenAxes(), line: 0)
            return true
        }

        @inline(__always) mutating func sample(_ row: Row, _ axes: PenAxes, line: Int) throws(ImportError) -> Bool {
            append(row, axes, line: line)
            return true
        }

        @inline(__always) private mutating func append(_ row: Row, _ axes: PenAxes, line: Int) {
            let p = row.point
            entries.append(
                Entry(
                    t: p.t, x: p.x, y: p.y, id: row.id.value, line: Int32(truncatingIfNeeded: line),
                    idLength: UInt8(truncatingIfNeeded: row.id.length), tool: row.tool, isPrediction: row.isPrediction))
            if hasAxes { self.axes.append(axes) }
        }

        /// Room to make for the longest stroke, judged from the first chunk (`chunkBytes` of the
        /// file's `rows` bytes): its longest run of samples of one stroke id, or, where that run
        /// reaches the chunk's end (a stroke that may go on), the samples the whole file would
        /// hold at this chunk's density. Only a hint for the assembler's arrays: it changes no
        /// value read.
        func expectedLongestStroke(ofRows rows: Int, chunkBytes: Int) -> Int {
            var longest = 0, run = 0
            var previous: UInt64?
            for e in entries where !e.isPrediction {
                run = previous == e.id ? run + 1 : 1
                previous = e.id
                longest = max(longest, run)
            }
            guard run == longest, chunkBytes > 0 else { return longest }
            return max(longest, Int(Double(run) * Double(rows) / Double(chunkBytes) * 1.05))
        }

        /// Gives the rows to the assembly in order, line numbers counted from `firstLine`;
        /// `false` where the reader declines the file (as a serial read would).
        func replay(into strokes: inout Strokes, firstLine: Int) throws(ImportError) -> Bool {
            for k in entries.indices {
                let e = entries[k]
                let row = Row(
                    point: PenPoint(t: e.t, x: e.x, y: e.y), id: StrokeID(value: e.id, length: Int(e.idLength)), tool: e.tool,
                    isPrediction: e.isPrediction)
                if e.isPrediction {
                    guard strokes.addPrediction(row) else { return false }
                } else {
                    guard try strokes.addSample(row, hasAxes ? axes[k] : PenAxes(), line: firstLine + Int(e.line)) else { return false }
                }
            }
            return true
        }
    }

    // MARK: - Encoding and lines

    /// Whether the file may be read here, once every line is parsed: non-ASCII bytes are taken
    /// only in comments (a data line holding one is declined as it is met), so the file has one
    /// exactly when a comment had one (`nonASCII`, from the header's lines or the rows'), and
    /// then it must be UTF-8 as a whole, as the oracle requires. No pass over an ASCII file.
    private static func isUTF8(_ bytes: [UInt8], _ header: Header, nonASCII: Bool) -> Bool {
        !(header.nonASCII || nonASCII) || TextLines.firstInvalidUTF8(bytes, from: header.bodyStart) == nil
    }

    /// One line's bytes `[start, end)`, without its `\n` and a final `\r`, and the bitwise or of
    /// its bytes (`high >= 0x80`: a non-ASCII byte).
    private struct Line {
        var start: Int, end: Int
        var high: UInt8
    }

    /// The line starting at `i` (before `end`, a line end or the file's end); moves `i` past its `\n`.
    @inline(__always)
    private static func nextLine(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, end limit: Int) -> Line {
        let start = i
        var high: UInt8 = 0
        while i < limit && b[i] != 0x0A {
            high |= b[i]
            i += 1
        }
        var end = i
        if i < limit { i += 1 }  // past the '\n'
        if end > start && b[end - 1] == 0x0D { end -= 1 }
        return Line(start: start, end: end, high: high)
    }

    /// The rows `b[start..<end]` is expected to hold, judged from its first line's length with
    /// an eighth more: only a hint for the chunk's arrays (they grow past it when the rows are
    /// shorter); no value read depends on it. Counting the line ends instead cost more CPU (a
    /// pass over the bytes) than the growth it saved (INKBENCH_TIMINGS=spans, docs/performance.md).
    private static func expectedRows(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var k = start
        while k < end && b[k] != 0x0A { k += 1 }
        let line = max(8, k - start + 1)
        let bytes = end - start
        return bytes / line + bytes / (line * 8) + 16
    }

    /// Whether the line holds only spaces and tabs.
    @inline(__always)
    private static func isBlank(_ b: UnsafeBufferPointer<UInt8>, _ line: Line) -> Bool {
        for k in line.start..<line.end where b[k] != 0x20 && b[k] != 0x09 { return false }
        return true
    }

    /// What a comment line (`#...`) says.
    private enum Comment {
        /// A plain comment: skipped.
        case plain
        /// `# nominal_interval_s: V`, V in s (times the time unit), within ``InputLimits/nominalIntervalS``.
        case nominalInterval(Double)
        /// Something the oracle must judge: a mark combining with `#`, non-ASCII bytes in the
        /// nominal interval line, or a value that is not a number in range.
        case notTaken
    }

    /// The comment line `line` (its first byte is `#`). Kept out of line: comments are rare,
    /// and inlined into the reader this made the line loop about 7% slower
    /// (same instructions, worse code layout; measured with the readers driver).
    @inline(never)
    private static func comment(_ b: UnsafeBufferPointer<UInt8>, _ line: Line, timeUnit: Double) -> Comment {
        let (start, end) = (line.start, line.end)
        // A mark combining with '#' would make it no comment for the oracle.
        if line.high >= 0x80 && (end - start < 2 || b[start + 1] >= 0x80) { return .notTaken }
        var k = start + 1
        while k < end && b[k] == 0x20 { k += 1 }
        let prefix: StaticString = "nominal_interval_s:"
        guard cellEquals(b, k, min(end, k + prefix.utf8CodeUnitCount), prefix) else { return .plain }
        if line.high >= 0x80 { return .notTaken }
        k += prefix.utf8CodeUnitCount
        while k < end && b[k] == 0x20 { k += 1 }
        guard let v = DecimalBytes.number(b, k, end), InputLimits.nominalIntervalS.contains(v * timeUnit) else { return .notTaken }
        return .nominalInterval(v * timeUnit)
    }

    // MARK: - Cells and header

    /// The cells of the current line (at most 16), split at `,` and trimmed of spaces and tabs:
    /// fixed storage, not arrays (no uniqueness or exclusivity checks per cell). Deallocate it.
    private struct Cells {
        let start = UnsafeMutablePointer<Int>.allocate(capacity: 16), end = UnsafeMutablePointer<Int>.allocate(capacity: 16)
        /// How many cells the last ``split(_:_:)`` found.
        private(set) var count = 0

        func deallocate() {
            start.deallocate()
            end.deallocate()
        }

        /// Splits `line` into cells; `false` for more than 16.
        @inline(__always)
        mutating func split(_ b: UnsafeBufferPointer<UInt8>, _ line: Line) -> Bool {
            var cells = 0
            var s = line.start
            var k = line.start
            while true {
                if k == line.end || b[k] == 0x2C {
                    guard cells < 16 else { return false }
                    var a = s, z = k
                    while a < z && (b[a] == 0x20 || b[a] == 0x09) { a += 1 }
                    while z > a && (b[z - 1] == 0x20 || b[z - 1] == 0x09) { z -= 1 }
                    start[cells] = a
                    end[cells] = z
                    cells += 1
                    if k == line.end { break }
                    s = k + 1
                }
                k += 1
            }
            count = cells
            return true
        }

        /// Whether cell `c` is empty.
        @inline(__always) func isEmpty(_ c: Int) -> Bool { end[c] == start[c] }
        /// The number in cell `c`, `nil` for an empty cell or one that is not a number.
        @inline(__always) func number(_ b: UnsafeBufferPointer<UInt8>, _ c: Int) -> Double? { cellNumber(b, start[c], end[c]) }
        /// Whether cell `c` is `word`.
        @inline(__always) func equals(_ b: UnsafeBufferPointer<UInt8>, _ c: Int, _ word: StaticString) -> Bool {
            cellEquals(b, start[c], end[c], word)
        }
    }

    // MARK: - A row's values

    /// The options' units: file units per mm (x, y) and seconds per time unit.
    private struct Units {
        var x: Double, y: Double, time: Double
        init(_ options: ImportOptions) {
            x = options.scaleUnitsPerMM ?? 1
            y = options.yScaleUnitsPerMM ?? 1
            time = options.timeUnitSeconds ?? 1
        }
    }

    /// A data row's values: the point (s, mm), its stroke and tool, and whether it is a
    /// platform's predicted point (`kind` = `predicted`) rather than a sample.
    private struct Row {
        var point: PenPoint
        var id: StrokeID
        var tool: Tool
        var isPrediction: Bool
    }

    /// The row in `cells`, or `nil` where a value is not one the reader takes.
    @inline(__always)
    private static func row(_ b: UnsafeBufferPointer<UInt8>, _ cells: Cells, _ columns: Columns, _ units: Units) -> Row? {
        guard let tValue = cells.number(b, columns.t), let xValue = cells.number(b, columns.x), let yValue = cells.number(b, columns.y),
            let id = strokeID(b, cells.start[columns.stroke], cells.end[columns.stroke]),
            let tool = tool(b, cells, columns.tool), let isPrediction = isPrediction(b, cells, columns.kind)
        else { return nil }
        return Row(point: PenPoint(t: tValue * units.time, x: xValue / units.x, y: yValue / units.y), id: id, tool: tool, isPrediction: isPrediction)
    }

    /// The stroke id in `b[s..<e]`: 1 to 18 decimal digits.
    @inline(__always)
    private static func strokeID(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> StrokeID? {
        guard e > s, e - s <= 18 else { return nil }
        var value: UInt64 = 0
        for j in s..<e {
            let d = b[j] &- 0x30
            guard d < 10 else { return nil }
            value = value * 10 + UInt64(d)
        }
        return StrokeID(value: value, length: e - s)
    }

    /// The tool in cell `c` (`.pen` without the column or for an empty cell); `nil` for an unknown word.
    @inline(__always)
    private static func tool(_ b: UnsafeBufferPointer<UInt8>, _ cells: Cells, _ c: Int) -> Tool? {
        guard c >= 0 && !cells.isEmpty(c) else { return .pen }
        if cells.equals(b, c, "pen") { return .pen }
        if cells.equals(b, c, "finger") { return .finger }
        if cells.equals(b, c, "eraser") { return .eraser }
        if cells.equals(b, c, "mouse") { return .mouse }
        return nil
    }

    /// Whether cell `c` says `predicted` (`false` without the column, for an empty cell or
    /// `sample`); `nil` for another word.
    @inline(__always)
    private static func isPrediction(_ b: UnsafeBufferPointer<UInt8>, _ cells: Cells, _ c: Int) -> Bool? {
        guard c >= 0 else { return false }
        if cells.isEmpty(c) || cells.equals(b, c, "sample") { return false }
        if cells.equals(b, c, "predicted") { return true }
        return nil
    }

    /// A sample's optional pen axes (pressure, tilt and azimuth as written).
    private struct PenAxes {
        var pressure: Double?, tilt: Double?, azimuth: Double?
    }

    /// The sample row's pen axes (absent column or empty cell: `nil`); `nil` altogether where a
    /// cell is not a number.
    @inline(__always)
    private static func penAxes(_ b: UnsafeBufferPointer<UInt8>, _ cells: Cells, _ columns: Columns) -> PenAxes? {
        var axes = PenAxes()
        if columns.pressure >= 0 && !cells.isEmpty(columns.pressure) {
            guard let v = cells.number(b, columns.pressure) else { return nil }
            axes.pressure = v
        }
        if columns.tilt >= 0 && !cells.isEmpty(columns.tilt) {
            guard let v = cells.number(b, columns.tilt) else { return nil }
            axes.tilt = v
        }
        if columns.azimuth >= 0 && !cells.isEmpty(columns.azimuth) {
            guard let v = cells.number(b, columns.azimuth) else { return nil }
            axes.azimuth = v
        }
        return axes
    }

    // MARK: - Stroke assembly

    /// The strokes so far: each sample is held until the next sample row (a platform's
    /// predicted points after it are its tail), then given to the ``TraceAssembler``.
    private struct Strokes {
        var assembler: TraceAssembler
        var seen = Set<StrokeID>()
        var current: StrokeID?
        var currentTool = Tool.pen
        var pending: Sample?
        var pendingTail: [PenPoint] = []
        var pendingLine = 0
        /// Whether the file has a `kind` column (a sample's tail is then given, even empty).
        let keepsTails: Bool

        init(file: String, keepsTails: Bool) {
            assembler = TraceAssembler(file: file)
            self.keepsTails = keepsTails
        }

        /// A predicted point: the tail of the held sample of the same stroke; `false` without one.
        @inline(__always)
        mutating func addPrediction(_ row: Row) -> Bool {
            guard pending != nil, current == row.id else { return false }
            pendingTail.append(row.point)
            return true
        }

        /// A sample on line `line`: gives the held one to the assembler, starts a stroke at a
        /// new id, and holds this one; `false` for a tool change within a stroke or a stroke id
        /// seen before.
        @inline(__always)
        mutating func addSample(_ row: Row, _ axes: PenAxes, line: Int) throws(ImportError) -> Bool {
            if current == row.id, row.tool != currentTool { return false }
            try flush()
            if current != row.id {
                currentTool = row.tool
                guard seen.insert(row.id).inserted else { return false }
                current = row.id
                try assembler.beginStroke(tool: row.tool)
            }
            let p = row.point
            pending = Sample(t: p.t, x: p.x, y: p.y, pressure: axes.pressure, tilt: axes.tilt, azimuth: axes.azimuth)
            pendingTail.removeAll(keepingCapacity: true)
            pendingLine = line
            return true
        }

        /// Gives the held sample (with its tail where the file has a `kind` column) to the assembler.
        @inline(__always)
        mutating func flush() throws(ImportError) {
            guard let p = pending else { return }
            try assembler.add(p, tail: keepsTails ? pendingTail : nil, at: .line(pendingLine))
            pending = nil
        }

        /// The trace, after the last line (`lastLine`, at least 1, is where an error at the end is reported).
        mutating func trace(nominalInterval: Double?, lastLine: Int) throws(ImportError) -> Trace {
            try flush()
            return try assembler.trace(notices: [], nominalInterval: nominalInterval, end: .line(max(1, lastLine)))
        }
    }
}
