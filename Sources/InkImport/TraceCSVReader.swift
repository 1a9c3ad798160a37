import InkPrediction
import InkTraces

/// Reads InkBench trace CSV, the project's interchange format (written by ``TraceCSVWriter``).
///
/// ```
/// # inkbench-trace 1
/// # nominal_interval_s: 0.004
/// t_s,x_mm,y_mm,stroke,pressure,kind
/// 0.000,10.0,20.0,0,0.41,sample
/// 0.010,10.5,20.1,0,,predicted
/// 0.004,10.2,20.0,0,0.43,sample
/// ```
///
/// - The header names the columns, in any order: `t_s` (s), `x_mm`, `y_mm` (mm, x right,
///   y down), `stroke` (an integer id; a stroke's rows are consecutive) are required;
///   `pressure` (0-1), `tilt_rad`, `azimuth_rad`, `tool` (`pen`, `finger`, `eraser`, `mouse`)
///   and `kind` are optional. An empty optional cell means "not recorded".
/// - `kind` is `sample` (or empty) for a real sample, or `predicted` for a point the recording
///   platform predicted with the sample row above it (same stroke): its recorded predictions,
///   replayed by the `recorded` strategy.
/// - Lines starting with `#` are comments; `# nominal_interval_s: X` sets the trace's nominal
///   input interval. Blank lines are ignored.
///
/// ```swift
/// let trace = try TraceCSVReader.read(Array(text.utf8), file: "pen.csv")
/// ```
public enum TraceCSVReader {
    static let required = ["t_s", "x_mm", "y_mm", "stroke"]
    static let optional = ["pressure", "tilt_rad", "azimuth_rad", "tool", "kind"]

    /// Reads a trace CSV file's bytes. `options.scaleUnitsPerMM` and `options.timeUnitSeconds`
    /// rescale the columns if given (default 1: the format is in mm and s).
    ///
    /// Well-formed files are parsed from their bytes (`TraceCSVBytes`); any other file is read
    /// by ``readOracle(_:file:options:)``, which gives the same trace, to the bit, and names
    /// the line of any error.
    ///
    /// The oracle's steps: comment lines (`nominalInterval(comment:file:line:timeUnit:)`), the header
    /// (`Header`), each data row's cells (`Row`), and the strokes they make
    /// (`StrokeAssembly`).
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        if let trace = TraceCSVBytes.read(bytes, file: file, options: options) { return trace }
        return try readOracle(bytes, file: file, options: options)
    }

    /// The text reader: lines as `String`s, cells as `Substring`s, numbers by `Double(Substring)`.
    /// The oracle of `TraceCSVBytes` (the tests compare the two) and the reader of every file
    /// the byte reader declines; its errors are the reader's.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func readOracle(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        let text = try TextLines(bytes: bytes, file: file)
        let units = Units(options)
        var header: Header?
        var nominal: Double?
        var strokes = StrokeAssembly(file: file)
        for (n, line) in text.numbered {
            if line.isEmpty || line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if line.hasPrefix("#") {
                if let v = try nominalInterval(comment: line, file: file, line: n, timeUnit: units.timeSeconds) { nominal = v }
                continue
            }
            let cells = TextLines.fields(line, keepEmpty: true) { $0 == 0x2C }.map { trim($0) }
            if let header {
                try strokes.add(try Row(cells, header: header, units: units, file: file, line: n))
            } else {
                let parsed = try Header(cells, file: file, line: n)
                strokes.keepsPredictions = parsed.hasKind
                header = parsed
            }
        }
        if header == nil {
            throw ImportError(file: file, line: max(1, text.numbered.count), "no header line; expected \(required.joined(separator: ",")),...")
        }
        return try strokes.finish(nominalInterval: nominal, lastLine: max(1, text.numbered.count))
    }

    /// The value of a `# nominal_interval_s: X` comment in seconds, or `nil` for any other comment.
    static func nominalInterval(comment line: Substring, file: String, line n: Int, timeUnit: Double) throws(ImportError) -> Double? {
        let body = line.dropFirst().drop { $0 == " " }
        guard body.hasPrefix("nominal_interval_s:") else { return nil }
        let value = body.dropFirst("nominal_interval_s:".count).drop { $0 == " " }
        guard let v = TextLines.number(value), InputLimits.nominalIntervalS.contains(v * timeUnit) else {
            throw .at(
                file, line: n,
                "nominal_interval_s '\(value.prefix(40))' is invalid; expected a number of seconds \(InputLimits.describe(InputLimits.nominalIntervalS))")
        }
        return v * timeUnit
    }

    /// The options' rescaling: file units per mm on x and y, seconds per time unit.
    struct Units {
        let xUnitsPerMM: Double
        let yUnitsPerMM: Double
        let timeSeconds: Double

        init(_ options: ImportOptions) {
            xUnitsPerMM = options.scaleUnitsPerMM ?? 1
            yUnitsPerMM = options.yScaleUnitsPerMM ?? 1
            timeSeconds = options.timeUnitSeconds ?? 1
        }
    }

    /// The header line: which cell holds each column.
    struct Header {
        let columns: [String: Int]
        let count: Int
        var hasKind: Bool { columns["kind"] != nil }

        init(_ cells: [Substring], file: String, line n: Int) throws(ImportError) {
            var columns: [String: Int] = [:]
            for (i, name) in cells.enumerated() {
                let key = String(name)
                guard required.contains(key) || optional.contains(key) else {
                    throw .at(
                        file, line: n,
                        "unknown column '\(key)'; expected a header of \(required.joined(separator: ", ")) and optionally \(optional.joined(separator: ", "))")
                }
                guard columns[key] == nil else { throw .at(file, line: n, "column '\(key)' appears twice; expected each once") }
                columns[key] = i
            }
            for key in required where columns[key] == nil {
                throw .at(file, line: n, "the header has no column '\(key)'; expected \(required.joined(separator: ","))")
            }
            self.columns = columns
            count = cells.count
        }
    }

    /// One data row: its time and position (in s and mm), stroke, tool and kind; the optional
    /// per-sample columns are read by ``sample()`` only for a sample row, once its stroke is known.
    struct Row {
        let cells: [Substring]
        let header: Header
        let file: String
        let line: Int
        let t: Double
        let x: Double
        let y: Double
        let strokeID: Substring
        let tool: Tool
        let isPrediction: Bool

        init(_ cells: [Substring], header: Header, units: Units, file: String, line n: Int) throws(ImportError) {
            guard cells.count == header.count else {
                throw .at(file, line: n, "\(cells.count) columns; expected \(header.count) as in the header")
            }
            (self.cells, self.header, self.file, line) = (cells, header, file, n)
            t = try Row.need("t_s", " of seconds", cells, header, file, n) * units.timeSeconds
            x = try Row.need("x_mm", " of mm", cells, header, file, n) / units.xUnitsPerMM
            y = try Row.need("y_mm", " of mm", cells, header, file, n) / units.yUnitsPerMM
            let strokeID = cells[header.columns["stroke"] ?? 0]
            guard strokeID.utf8.count <= 18, TextLines.isDigits(strokeID) else {
                throw .at(file, line: n, "stroke id '\(strokeID.prefix(40))' is invalid; expected a non-negative integer")
            }
            self.strokeID = strokeID
            var tool = Tool.pen
            if let i = header.columns["tool"], !cells[i].isEmpty {
                guard let parsed = Tool(rawValue: String(cells[i])) else {
                    throw .at(file, line: n, "tool '\(cells[i].prefix(40))' is unknown; expected pen, finger, eraser or mouse")
                }
                tool = parsed
            }
            self.tool = tool
            var isPrediction = false
            if let i = header.columns["kind"] {
                switch cells[i] {
                case "", "sample": isPrediction = false
                case "predicted": isPrediction = true
                default: throw .at(file, line: n, "kind '\(cells[i].prefix(40))' is unknown; expected sample or predicted")
                }
            }
            self.isPrediction = isPrediction
        }

        /// The sample this row records, with its optional pressure, tilt and azimuth.
        func sample() throws(ImportError) -> Sample {
            Sample(
                t: t, x: x, y: y, pressure: try Row.value("pressure", " from 0 to 1", cells, header, file, line),
                tilt: try Row.value("tilt_rad", " of radians", cells, header, file, line),
                azimuth: try Row.value("azimuth_rad", " of radians", cells, header, file, line))
        }

        /// A column's number, `nil` when the file has no such column or the cell is empty.
        static func value(
            _ key: String, _ unit: String, _ cells: [Substring], _ header: Header, _ file: String, _ n: Int
        ) throws(ImportError) -> Double? {
            guard let i = header.columns[key] else { return nil }
            let cell = cells[i]
            if cell.isEmpty { return nil }
            guard let v = TextLines.number(cell) else {
                throw .at(file, line: n, "column '\(key)' is '\(cell.prefix(40))'; expected a finite number\(unit)")
            }
            return v
        }

        static func need(
            _ key: String, _ unit: String, _ cells: [Substring], _ header: Header, _ file: String, _ n: Int
        ) throws(ImportError) -> Double {
            guard let v = try value(key, unit, cells, header, file, n) else {
                throw .at(file, line: n, "column '\(key)' is empty; expected a number\(unit)")
            }
            return v
        }
    }

    /// Rows into strokes: a stroke's rows are consecutive and share one tool; a `predicted` row
    /// joins the tail of the sample row before it; a sample goes to the assembler once its
    /// predictions (the rows after it) are known.
    struct StrokeAssembly {
        var assembler: TraceAssembler
        /// Whether the file has a `kind` column (then each sample carries its recorded tail).
        var keepsPredictions = false
        var seenStrokes = Set<Substring>()
        var currentStroke: Substring?
        var currentTool = Tool.pen
        var pending: (sample: Sample, tail: [PenPoint], line: Int)?

        init(file: String) { assembler = TraceAssembler(file: file) }

        mutating func add(_ row: Row) throws(ImportError) {
            let file = row.file, n = row.line, strokeID = row.strokeID
            if row.isPrediction {
                guard var p = pending, currentStroke == strokeID else {
                    throw .at(file, line: n, "a predicted row with no sample row of stroke \(strokeID) before it; expected it after its sample")
                }
                p.tail.append(PenPoint(t: row.t, x: row.x, y: row.y))
                pending = p
                return
            }
            if currentStroke == strokeID, row.tool != currentTool {
                throw .at(file, line: n, "tool '\(row.tool.rawValue)' differs from the stroke's '\(currentTool.rawValue)'; expected one tool per stroke")
            }
            if currentStroke != strokeID {
                currentTool = row.tool
                try flush()
                guard !seenStrokes.contains(strokeID) else {
                    throw .at(file, line: n, "stroke \(strokeID) appears again after another stroke; expected each stroke's rows together")
                }
                seenStrokes.insert(strokeID)
                currentStroke = strokeID
                try assembler.beginStroke(tool: row.tool)
            } else {
                try flush()
            }
            pending = (try row.sample(), [], n)
        }

        mutating func flush() throws(ImportError) {
            if let p = pending {
                try assembler.add(p.sample, tail: keepsPredictions ? p.tail : nil, at: .line(p.line))
                pending = nil
            }
        }

        mutating func finish(nominalInterval: Double?, lastLine: Int) throws(ImportError) -> Trace {
            try flush()
            return try assembler.trace(notices: [], nominalInterval: nominalInterval, end: .line(lastLine))
        }
    }

    static func trim(_ s: Substring) -> Substring {
        var s = s
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}

extension TraceFormat {
    /// InkBench's own trace CSV (`t_s,x_mm,y_mm,stroke,...`), see ``TraceCSVReader``.
    public static let traceCSV = TraceFormat(registeredName: "csv")
}

extension TraceCSVReader: RecordingReader {
    public static let format = TraceFormat.traceCSV
    public static let aliases = ["trace-csv", "inkbench", "inkbench-csv"]
    public static let fileExtensions = ["csv"]
    public static let scaleMeaning = "file units per mm (the format is already in mm: 1)"

    /// A `.csv` is a trace when its header has InkBench's columns, else not a recording (with why).
    public static func verdict(byExtension sniff: FormatSniff) -> FormatDetector.Verdict? {
        sniff.fileExtension == "csv" ? headerVerdict(sniff.firstLine) : nil
    }

    /// The `# inkbench-trace` first line, or a header with `t_s` and `x_mm`.
    public static func claimsContent(_ sniff: FormatSniff) -> Bool {
        if sniff.text.hasPrefix("# inkbench-trace") { return true }
        if case .format = headerVerdict(sniff.firstLine) { return true }
        return false
    }

    static func headerVerdict(_ firstLine: String) -> FormatDetector.Verdict {
        let header = firstLine.split(separator: ",").map(FormatSniff.trimmed)
        if header.contains("t_s") && header.contains("x_mm") { return .format(.traceCSV) }
        if header.starts(with: ["event", "kind", "t", "x", "y"]) {
            return .notARecording("a Google Ink CSV decoding (event,kind,t,x,y,...), not a trace: its .binarypb is the recording")
        }
        return .notARecording("CSV without InkBench trace columns (t_s,x_mm,y_mm,stroke)")
    }
}
