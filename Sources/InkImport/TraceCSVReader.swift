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
    /// Well-formed files are parsed from their bytes (``TraceCSVBytes``); any other file is read
    /// by ``readOracle(_:file:options:)``, which gives the same trace, to the bit, and names
    /// the line of any error.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        if let trace = TraceCSVBytes.read(bytes, file: file, options: options) { return trace }
        return try readOracle(bytes, file: file, options: options)
    }

    /// The text reader: lines as `String`s, cells as `Substring`s, numbers by `Double(Substring)`.
    /// The oracle of ``TraceCSVBytes`` (the tests compare the two) and the reader of every file
    /// the byte reader declines; its errors are the reader's.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func readOracle(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        let text = try TextLines(bytes: bytes, file: file)
        let scale = options.scaleUnitsPerMM ?? 1, scaleY = options.yScaleUnitsPerMM ?? 1
        let timeUnit = options.timeUnitSeconds ?? 1
        var columns: [String: Int] = [:]
        var columnCount = 0
        var nominal: Double?
        var assembler = TraceAssembler(file: file)
        var seenStrokes = Set<Substring>()
        var currentStroke: Substring?
        var currentTool = Tool.pen
        var pending: (sample: Sample, tail: [PenPoint], line: Int)?
        var hasKind = false

        func flush(_ assembler: inout TraceAssembler) throws(ImportError) {
            if let p = pending {
                try assembler.add(p.sample, tail: hasKind ? p.tail : nil, at: .line(p.line))
                pending = nil
            }
        }

        for (n, line) in text.numbered {
            if line.isEmpty || line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if line.hasPrefix("#") {
                let body = line.dropFirst().drop { $0 == " " }
                if body.hasPrefix("nominal_interval_s:") {
                    let value = body.dropFirst("nominal_interval_s:".count).drop { $0 == " " }
                    guard let v = TextLines.number(value), InputLimits.nominalIntervalS.contains(v * timeUnit) else {
                        throw .at(
                            file, line: n,
                            "nominal_interval_s '\(value.prefix(40))' is invalid; expected a number of seconds \(InputLimits.describe(InputLimits.nominalIntervalS))")
                    }
                    nominal = v * timeUnit
                }
                continue
            }
            let cells = TextLines.fields(line, keepEmpty: true) { $0 == 0x2C }.map { trim($0) }
            if columns.isEmpty {
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
                columnCount = cells.count
                hasKind = columns["kind"] != nil
                continue
            }
            guard cells.count == columnCount else {
                throw .at(file, line: n, "\(cells.count) columns; expected \(columnCount) as in the header")
            }
            func value(_ key: String, _ unit: String) throws(ImportError) -> Double? {
                guard let i = columns[key] else { return nil }
                let cell = cells[i]
                if cell.isEmpty { return nil }
                guard let v = TextLines.number(cell) else {
                    throw .at(file, line: n, "column '\(key)' is '\(cell.prefix(40))'; expected a finite number\(unit)")
                }
                return v
            }
            func need(_ key: String, _ unit: String) throws(ImportError) -> Double {
                guard let v = try value(key, unit) else { throw .at(file, line: n, "column '\(key)' is empty; expected a number\(unit)") }
                return v
            }
            let t = try need("t_s", " of seconds") * timeUnit
            let x = try need("x_mm", " of mm") / scale
            let y = try need("y_mm", " of mm") / scaleY
            guard let si = columns["stroke"] else { continue }
            let strokeID = cells[si]
            guard strokeID.utf8.count <= 18, TextLines.isDigits(strokeID) else {
                throw .at(file, line: n, "stroke id '\(strokeID.prefix(40))' is invalid; expected a non-negative integer")
            }
            var tool = Tool.pen
            if let i = columns["tool"], !cells[i].isEmpty {
                guard let parsed = Tool(rawValue: String(cells[i])) else {
                    throw .at(file, line: n, "tool '\(cells[i].prefix(40))' is unknown; expected pen, finger, eraser or mouse")
                }
                tool = parsed
            }
            var isPrediction = false
            if let i = columns["kind"] {
                switch cells[i] {
                case "", "sample": isPrediction = false
                case "predicted": isPrediction = true
                default: throw .at(file, line: n, "kind '\(cells[i].prefix(40))' is unknown; expected sample or predicted")
                }
            }
            if isPrediction {
                guard var p = pending, currentStroke == strokeID else {
                    throw .at(file, line: n, "a predicted row with no sample row of stroke \(strokeID) before it; expected it after its sample")
                }
                p.tail.append(PenPoint(t: t, x: x, y: y))
                pending = p
                continue
            }
            if currentStroke == strokeID, tool != currentTool {
                throw .at(file, line: n, "tool '\(tool.rawValue)' differs from the stroke's '\(currentTool.rawValue)'; expected one tool per stroke")
            }
            if currentStroke != strokeID {
                currentTool = tool
                try flush(&assembler)
                guard !seenStrokes.contains(strokeID) else {
                    throw .at(file, line: n, "stroke \(strokeID) appears again after another stroke; expected each stroke's rows together")
                }
                seenStrokes.insert(strokeID)
                currentStroke = strokeID
                try assembler.beginStroke(tool: tool)
            } else {
                try flush(&assembler)
            }
            let sample = Sample(
                t: t, x: x, y: y, pressure: try value("pressure", " from 0 to 1"),
                tilt: try value("tilt_rad", " of radians"), azimuth: try value("azimuth_rad", " of radians"))
            pending = (sample, [], n)
        }
        if columns.isEmpty {
            throw ImportError(file: file, line: max(1, text.numbered.count), "no header line; expected \(required.joined(separator: ",")),...")
        }
        try flush(&assembler)
        return try assembler.trace(notices: [], nominalInterval: nominal, end: .line(max(1, text.numbered.count)))
    }

    static func trim(_ s: Substring) -> Substring {
        var s = s
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}
