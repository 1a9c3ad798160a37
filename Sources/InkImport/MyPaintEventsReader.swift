import InkTraces

/// Reads MyPaint's recorded input events (libmypaint `tests/events/*.dat`): one event a line,
/// four whitespace-separated numbers, `time x y pressure`, time in seconds, position in screen
/// px (y down) and pressure in 0...1.
///
/// - Strokes are the runs of pressure above 0 (the pen on the tablet); with
///   ``ImportOptions/includeHover`` the runs at pressure 0 (the pen moving in proximity) become
///   strokes of their own.
/// - The file carries no screen density, so ``ImportOptions/scaleUnitsPerMM`` (px per mm) is
///   required; without one the reader throws an error saying so.
/// - Time: ``ImportOptions/timeUnitSeconds`` per unit (default 1: seconds), made to start at 0.
/// - Blank lines and lines starting with `#` are ignored.
///
/// ```swift
/// let trace = try MyPaintEventsReader.read(bytes, file: "painting30sec.dat", options: ImportOptions(scaleUnitsPerMM: 3.78))
/// ```
public enum MyPaintEventsReader {
    /// Reads a MyPaint events file.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        let text = try TextLines(bytes: bytes, file: file)
        let scale = try options.requiredScale(
            file: file, why: "MyPaint event files are in screen px with no density", units: "px per mm", example: "3.78' for a 96 dpi screen")
        let scaleY = options.yScaleUnitsPerMM ?? scale
        let ySign = (options.yAxisUp ?? false) ? -1.0 : 1.0
        let timeUnit = options.timeUnitSeconds ?? 1
        var assembler = TraceAssembler(file: file)
        var t0: Double?
        var inContact: Bool?
        var lastLine = 1
        for (n, line) in text.numbered {
            lastLine = n
            let fields = TextLines.fields(line, keepEmpty: false, TextLines.isBlank)
            if fields.isEmpty || fields[0].hasPrefix("#") { continue }
            guard fields.count == 4 else {
                throw .at(file, line: n, "\(fields.count) columns; expected 4 (time x y pressure)")
            }
            var v: [Double] = []
            v.reserveCapacity(4)
            for (i, f) in fields.enumerated() {
                guard let d = TextLines.number(f) else {
                    throw .at(file, line: n, "column \(i + 1) is '\(f.prefix(40))'; expected a finite number")
                }
                v.append(d)
            }
            guard v[3] >= 0 && v[3] <= 1 else {
                throw .at(file, line: n, "pressure is \(fields[3]); expected a value in 0...1")
            }
            let contact = v[3] > 0
            let start = t0 ?? v[0]
            t0 = start
            if !contact && !options.includeHover {
                if inContact == true { try assembler.endStroke() }
                inContact = false
                continue
            }
            if contact != inContact {
                try assembler.beginStroke(tool: .pen)
                inContact = contact
            }
            let sample = Sample(
                t: (v[0] - start) * timeUnit, x: v[1] / scale, y: ySign * v[2] / scaleY, pressure: contact ? v[3] : nil)
            try assembler.add(sample, at: .line(n))
        }
        guard t0 != nil else { throw ImportError(file: file, line: 1, "no events; expected lines 'time x y pressure'") }
        let notices = ["scale \(options.scaleDescription) px per mm from \(options.scaleSource ?? "the options")"]
        return try assembler.trace(notices: notices, end: .line(lastLine))
    }

    /// Whether `firstLine` looks like this format: exactly four numbers separated by blanks.
    static func looksLikeFormat(_ firstLine: String) -> Bool {
        let fields = TextLines.fields(Substring(firstLine), keepEmpty: false, TextLines.isBlank)
        return fields.count == 4 && fields.allSatisfy { TextLines.number($0) != nil }
    }
}

extension TraceFormat {
    /// MyPaint's recorded input events (`time x y pressure`, libmypaint tests), see ``MyPaintEventsReader``.
    public static let myPaintEvents = TraceFormat(registeredName: "mypaint-events")
}

extension MyPaintEventsReader: RecordingReader {
    public static let format = TraceFormat.myPaintEvents
    public static let aliases = ["mypaint"]
    public static let fileExtensions = ["dat"]
    public static let scaleMeaning = "screen px per mm (required: the files do not record the density)"

    /// A `.dat` is this format when its first line is four numbers; other `.dat` files are left
    /// to the content checks.
    public static func verdict(byExtension sniff: FormatSniff) -> FormatDetector.Verdict? {
        sniff.fileExtension == "dat" && looksLikeFormat(sniff.firstLine) ? .format(format) : nil
    }
}
