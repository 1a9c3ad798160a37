import InkTraces

/// Reads SVC tablet handwriting files (BDALab, SVC2004 and similar): a first line with the
/// sample count, then one sample per line, `x y timestamp pen_status azimuth altitude pressure`.
///
/// - Strokes are the runs of `pen_status` 1 (on the surface); with
///   ``ImportOptions/includeHover`` the runs of 0 (in the air) become strokes of their own.
/// - The file does not carry its units: ``ImportOptions/scaleUnitsPerMM`` (tablet units per mm,
///   200 for 5080 lpi; 1 for files already in mm) is required.
/// - Time: ``ImportOptions/timeUnitSeconds`` per timestamp unit (default 0.001: ms), made to
///   start at 0 at the first sample.
/// - y: SVC tablets report y upwards (Wintab), so y is negated to InkBench's y-down unless
///   ``ImportOptions/yAxisUp`` is `false`.
/// - Azimuth and altitude are in tenths of a degree; tilt is 90° minus the altitude.
///   Pressure is kept when every value is in 0...1, divided by ``ImportOptions/pressureMax``
///   when given, and otherwise left out with a notice.
/// - A sample count that disagrees with the rows is a notice, not an error; the rows win.
///
/// ```swift
/// let trace = try SVCReader.read(bytes, file: "pen.svc", options: ImportOptions(scaleUnitsPerMM: 200))
/// ```
public enum SVCReader {
    /// Reads an SVC file: from its bytes (`SVCBytes`) when the file is well formed plain
    /// ASCII, else by ``readOracle(_:file:options:)``, which gives the same trace, to the bit,
    /// and names every error.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        if let rows = SVCBytes.rows(bytes, options: options) { return try assemble(rows, file: file, options: options) }
        return try readOracle(bytes, file: file, options: options)
    }

    /// The text reader (a `String` per line, `Double(Substring)` per number): the byte
    /// reader's oracle, kept for `ByteReaderTests` and for every file the byte reader declines.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func readOracle(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        let text = try TextLines(bytes: bytes, file: file)
        _ = try requiredScale(options, file: file)
        var rows = Rows()
        let numbered = text.numbered
        rows.lineCount = numbered.count
        for (n, line) in numbered {
            let fields = TextLines.fields(line, keepEmpty: false, TextLines.isBlank)
            if fields.isEmpty { continue }
            if rows.declared == nil && rows.lines.isEmpty {
                guard fields.count == 1, let count = Int(fields[0]), count >= 0 else {
                    throw .at(file, line: n, "'\(line.prefix(40))' is not a sample count; expected the number of samples on the first line")
                }
                rows.declared = count
                continue
            }
            guard fields.count == 7 else {
                throw .at(file, line: n, "\(fields.count) columns; expected 7 (x y timestamp pen_status azimuth altitude pressure)")
            }
            for (i, f) in fields.enumerated() {
                guard let d = TextLines.number(f) else {
                    throw .at(file, line: n, "column \(i + 1) is '\(f.prefix(40))'; expected a finite number")
                }
                rows.values.append(d)
            }
            guard rows.values[rows.values.count - 4] == 0 || rows.values[rows.values.count - 4] == 1 else {
                throw .at(file, line: n, "pen_status is \(fields[3]); expected 0 (in the air) or 1 (on the surface)")
            }
            rows.lines.append(n)
        }
        return try assemble(rows, file: file, options: options)
    }

    /// The scale, or the error saying the format needs one.
    static func requiredScale(_ options: ImportOptions, file: String) throws(ImportError) -> Double {
        try options.requiredScale(
            file: file, why: "SVC files do not carry their units", units: "tablet units per mm", example: "200' for 5080 lpi, 1 for files already in mm")
    }

    /// A file's rows as both parsers give them: seven numbers per row, in file order.
    struct Rows {
        /// The sample count of the first line (`nil` until read).
        var declared: Int?
        /// Each row's line number.
        var lines: [Int] = []
        /// Each row's seven values, row after row.
        var values: [Double] = []
        /// The number of lines in the file (``TextLines/numbered``'s count).
        var lineCount = 0
    }

    /// The trace of checked rows: strokes, notices, units.
    static func assemble(_ rows: Rows, file: String, options: ImportOptions) throws(ImportError) -> Trace {
        guard rows.declared != nil else { throw ImportError(file: file, line: 1, "empty file; expected a sample count then samples") }
        let scale = try requiredScale(options, file: file)
        let timeUnit = options.timeUnitSeconds ?? 0.001
        let scaleY = options.yScaleUnitsPerMM ?? scale
        let ySign = (options.yAxisUp ?? true) ? -1.0 : 1.0
        let count = rows.lines.count
        var notices: [String] = ["scale \(options.scaleDescription) units per mm from \(options.scaleSource ?? "the options")"]
        if let declared = rows.declared, declared != count {
            notices.append("the header states \(declared) samples but the file has \(count) rows; the rows are used")
        }
        let pressureMax = options.pressureMax
        let keepPressure = pressureMax != nil || (0..<count).allSatisfy { rows.values[$0 * 7 + 6] >= 0 && rows.values[$0 * 7 + 6] <= 1 }
        if !keepPressure {
            notices.append("pressure left out: raw values above 1 and no pressure_max given")
        }
        var assembler = TraceAssembler(file: file)
        let t0 = count > 0 ? rows.values[2] : 0
        var state = -1.0
        let degree = Double.pi / 180
        for r in 0..<count {
            let at = r * 7
            let status = rows.values[at + 3]
            if status == 0 && !options.includeHover {
                if state == 1 { try assembler.endStroke() }
                state = 0
                continue
            }
            if status != state {
                try assembler.beginStroke(tool: .pen)
                state = status
            }
            let pressure = keepPressure ? (pressureMax.map { min(max(rows.values[at + 6] / $0, 0), 1) } ?? rows.values[at + 6]) : nil
            let sample = Sample(
                t: (rows.values[at + 2] - t0) * timeUnit, x: rows.values[at] / scale, y: ySign * rows.values[at + 1] / scaleY, pressure: pressure,
                tilt: (90 - rows.values[at + 5] / 10) * degree, azimuth: rows.values[at + 4] / 10 * degree)
            try assembler.add(sample, at: .line(rows.lines[r]))
        }
        return try assembler.trace(notices: notices, end: .line(max(1, rows.lineCount)))
    }
}

extension TraceFormat {
    /// SVC tablet handwriting text (`x y timestamp pen_status azimuth altitude pressure`), see ``SVCReader``.
    public static let svc = TraceFormat(registeredName: "svc")
}

extension SVCReader: RecordingReader {
    public static let format = TraceFormat.svc
    public static let fileExtensions = ["svc"]
    public static let scaleMeaning = "tablet units per mm (5080 lpi = 200)"

    /// A first line that is a count and a second line of 7 space-separated fields.
    public static func claimsContent(_ sniff: FormatSniff) -> Bool {
        let lines = sniff.text.split(whereSeparator: { $0.isNewline }).prefix(3)
        return lines.count >= 2 && Int(FormatSniff.trimmed(lines[lines.startIndex])) != nil
            && lines[lines.startIndex + 1].split(separator: " ").count == 7
    }
}
