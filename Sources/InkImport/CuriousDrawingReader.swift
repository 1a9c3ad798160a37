import InkTraces

/// Reads the drawing responses exported by the Curious (MindLogger) app, as the
/// childmindresearch/graphomotor toolkit reads them: a CSV with a header naming at least
/// `line_number`, `x`, `y` and `seconds` (or `UTC_Timestamp`), values optionally in double quotes.
///
/// - A stroke is a run of rows with the same `line_number`.
/// - `x`, `y` are canvas-relative units (the canvas is 100 units across, y down); the file does
///   not say how large the canvas was, so ``ImportOptions/scaleUnitsPerMM`` is required.
/// - Time: the `seconds` column (seconds from the drawing's start) times
///   ``ImportOptions/timeUnitSeconds`` (default 1); without it, `UTC_Timestamp` (s since the epoch).
///   Time starts at 0 at the first row.
/// - Other columns (`error`, `correct_path`, the trails task's totals) are ignored; empty cells
///   in them are fine.
///
/// ```swift
/// let trace = try CuriousDrawingReader.read(bytes, file: "spiral_trace1_Dom.csv", options: ImportOptions(scaleUnitsPerMM: 0.667))
/// ```
public enum CuriousDrawingReader {
    /// The header columns this reader needs.
    static let required = ["line_number", "x", "y"]

    /// Reads a Curious drawing CSV.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and column, and what was expected.
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        let text = try TextLines(bytes: bytes, file: file)
        let lines = text.numbered
        guard let headerIndex = lines.firstIndex(where: { !$0.line.allSatisfy { $0 == " " || $0 == "\t" } }) else {
            throw ImportError(file: file, line: 1, "empty file; expected a header 'line_number,x,y,...,seconds'")
        }
        let header = cells(lines[headerIndex].line)
        var column: [String: Int] = [:]
        for (i, name) in header.enumerated() where column[name] == nil { column[name] = i }
        for name in required where column[name] == nil {
            throw .at(file, line: lines[headerIndex].number, "the header has no '\(name)' column; expected line_number, x, y and seconds (or UTC_Timestamp)")
        }
        guard let timeColumn = column["seconds"] ?? column["UTC_Timestamp"] else {
            throw .at(file, line: lines[headerIndex].number, "the header has neither 'seconds' nor 'UTC_Timestamp'; expected a time column")
        }
        let scale = try options.requiredScale(
            file: file, why: "Curious drawings are in canvas units (100 across) and the canvas size is not recorded", units: "canvas units per mm",
            example: "0.667' for a 150 mm canvas")
        let scaleY = options.yScaleUnitsPerMM ?? scale
        let ySign = (options.yAxisUp ?? false) ? -1.0 : 1.0
        let timeUnit = options.timeUnitSeconds ?? 1
        let (strokeAt, xAt, yAt) = (column["line_number"] ?? 0, column["x"] ?? 1, column["y"] ?? 2)
        let needed = max(strokeAt, xAt, yAt, timeColumn) + 1
        var assembler = TraceAssembler(file: file)
        var currentStroke: String?
        var t0: Double?
        var lastLine = lines[headerIndex].number
        for (n, line) in lines[(headerIndex + 1)...] {
            lastLine = n
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let row = cells(line)
            guard row.count >= needed else {
                throw .at(file, line: n, "\(row.count) columns; expected at least \(needed) as the header names them")
            }
            var v: [Double] = []
            for (name, i) in [("x", xAt), ("y", yAt), (header[timeColumn], timeColumn)] {
                guard let d = TextLines.number(Substring(row[i])) else {
                    throw .at(file, line: n, "\(name) is '\(row[i].prefix(40))'; expected a finite number")
                }
                v.append(d)
            }
            let stroke = row[strokeAt]
            guard !stroke.isEmpty else { throw .at(file, line: n, "line_number is empty; expected the stroke's number") }
            if stroke != currentStroke {
                try assembler.beginStroke(tool: .pen)
                currentStroke = stroke
            }
            let start = t0 ?? v[2]
            t0 = start
            try assembler.add(Sample(t: (v[2] - start) * timeUnit, x: v[0] / scale, y: ySign * v[1] / scaleY), at: .line(n))
        }
        guard t0 != nil else { throw .at(file, line: lastLine, "no rows after the header; expected one row per sample") }
        let notices = ["scale \(options.scaleDescription) canvas units per mm from \(options.scaleSource ?? "the options")"]
        return try assembler.trace(notices: notices, end: .line(lastLine))
    }

    /// Whether a CSV header line is this format's: it names `line_number`, `x` and `y`.
    static func looksLikeHeader(_ firstLine: String) -> Bool {
        let names = Set(cells(Substring(firstLine)))
        return required.allSatisfy(names.contains) && (names.contains("seconds") || names.contains("UTC_Timestamp"))
    }

    /// The comma-separated cells of a line, with surrounding blanks and one pair of double
    /// quotes removed (the export quotes every cell in some files; no cell holds a comma).
    static func cells(_ line: Substring) -> [String] {
        line.split(separator: ",", omittingEmptySubsequences: false).map { cell in
            var s = cell
            while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
            while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
            if s.count >= 2, s.first == "\"", s.last == "\"" { s = s.dropFirst().dropLast() }
            return String(s)
        }
    }
}

extension TraceFormat {
    /// Drawing CSVs exported by the Curious app (`line_number,x,y,...,seconds`), see ``CuriousDrawingReader``.
    public static let curiousDrawing = TraceFormat(registeredName: "curious-drawing")
}

extension CuriousDrawingReader: RecordingReader {
    public static let format = TraceFormat.curiousDrawing
    public static let aliases = ["curious", "graphomotor"]
    public static let fileExtensions = ["csv"]
    public static let scaleMeaning = "canvas units per mm (required: the canvas is 100 units across, its size not recorded)"

    /// A `.csv` whose header names this format's columns; any other CSV is left to the trace CSV reader.
    public static func verdict(byExtension sniff: FormatSniff) -> FormatDetector.Verdict? {
        sniff.fileExtension == "csv" && looksLikeHeader(sniff.firstLine) ? .format(format) : nil
    }

    public static func claimsContent(_ sniff: FormatSniff) -> Bool { looksLikeHeader(sniff.firstLine) }
}
