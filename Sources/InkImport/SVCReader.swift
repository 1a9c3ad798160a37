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
    /// Reads an SVC file.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        let text = try TextLines(bytes: bytes, file: file)
        guard let scale = options.scaleUnitsPerMM else {
            throw ImportError(
                file: file,
                "SVC files do not carry their units and no scale was given; expected a scale in tablet units per mm (--scale 'GLOB=200' for 5080 lpi, 1 for files already in mm)")
        }
        guard scale.isFinite, scale > 0 else { throw ImportError(file: file, "scale \(scale) is invalid; expected a positive number of units per mm") }
        let timeUnit = options.timeUnitSeconds ?? 0.001
        let scaleY = options.yScaleUnitsPerMM ?? scale
        let ySign = (options.yAxisUp ?? true) ? -1.0 : 1.0
        var declared: Int?
        var rows: [(line: Int, v: [Double])] = []
        for (n, line) in text.numbered {
            let fields = TextLines.fields(line, keepEmpty: false, TextLines.isBlank)
            if fields.isEmpty { continue }
            if declared == nil && rows.isEmpty {
                guard fields.count == 1, let count = Int(fields[0]), count >= 0 else {
                    throw .at(file, line: n, "'\(line.prefix(40))' is not a sample count; expected the number of samples on the first line")
                }
                declared = count
                continue
            }
            guard fields.count == 7 else {
                throw .at(file, line: n, "\(fields.count) columns; expected 7 (x y timestamp pen_status azimuth altitude pressure)")
            }
            var v: [Double] = []
            v.reserveCapacity(7)
            for (i, f) in fields.enumerated() {
                guard let d = TextLines.number(f) else {
                    throw .at(file, line: n, "column \(i + 1) is '\(f.prefix(40))'; expected a finite number")
                }
                v.append(d)
            }
            guard v[3] == 0 || v[3] == 1 else {
                throw .at(file, line: n, "pen_status is \(fields[3]); expected 0 (in the air) or 1 (on the surface)")
            }
            rows.append((n, v))
        }
        guard declared != nil else { throw ImportError(file: file, line: 1, "empty file; expected a sample count then samples") }
        var notices: [String] = ["scale \(options.scaleDescription) units per mm from \(options.scaleSource ?? "the options")"]
        if let declared, declared != rows.count {
            notices.append("the header states \(declared) samples but the file has \(rows.count) rows; the rows are used")
        }
        let pressureMax = options.pressureMax
        let keepPressure = pressureMax != nil || rows.allSatisfy { $0.v[6] >= 0 && $0.v[6] <= 1 }
        if !keepPressure {
            notices.append("pressure left out: raw values above 1 and no pressure_max given")
        }
        var assembler = TraceAssembler(file: file)
        let t0 = rows.first?.v[2] ?? 0
        var state = -1.0
        for (n, v) in rows {
            let status = v[3]
            if status == 0 && !options.includeHover {
                if state == 1 { try assembler.endStroke() }
                state = 0
                continue
            }
            if status != state {
                try assembler.beginStroke(tool: .pen)
                state = status
            }
            let pressure = keepPressure ? (pressureMax.map { min(max(v[6] / $0, 0), 1) } ?? v[6]) : nil
            let degree = Double.pi / 180
            let sample = Sample(
                t: (v[2] - t0) * timeUnit, x: v[0] / scale, y: ySign * v[1] / scaleY, pressure: pressure,
                tilt: (90 - v[5] / 10) * degree, azimuth: v[4] / 10 * degree)
            try assembler.add(sample, at: .line(n))
        }
        return try assembler.trace(notices: notices, end: .line(max(1, text.numbered.count)))
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
