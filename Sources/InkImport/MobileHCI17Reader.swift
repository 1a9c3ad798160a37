import InkTraces

/// Reads the touch logs of Henze, Le, Mayer and Schwind, "Improving Software-Reduced
/// Touchscreen Latency" (MobileHCI 2017; github.com/interactionlab/MobileHCI17-Touch-Extrapolation,
/// folder `data/`, commit 3bc93c44d0b87464d60eb22a7b5d9227e02a1f4b).
///
/// The format: `;`-separated text, no header, one touch event per line, six columns:
/// wall-clock time (ms since the epoch), event time (ms, a device uptime clock), x (px),
/// y (px), touch size (the platform's normalised value) and action (0 down, 2 move, 1 up).
/// The rows from a down to the next up form one stroke.
///
/// Two ways to read it:
/// - ``readRows(_:file:)`` keeps every row as it is, in px and ms, with its action: what the
///   paper's fixed-horizon protocol needs (``moveRuns(_:)``, and `FixedHorizonEvaluation` in
///   InkMetrics). No scale is needed.
/// - ``read(_:file:options:)`` makes a ``/InkTraces/Trace`` in mm for the frame pipeline. The files do not
///   carry the screen density, so a scale (``ImportOptions/scaleUnitsPerMM``, px per mm) is
///   required; without one it throws an error saying so, which a folder run reports as a skip.
///
/// ```swift
/// let rows = try MobileHCI17Reader.readRows(bytes, file: "WriteTasks-participant1.txt")
/// let runs = MobileHCI17Reader.moveRuns(rows)      // the move rows, in runs, px and ms
/// ```
public enum MobileHCI17Reader {
    /// What a row's last column says.
    public enum Action: Int, Sendable, Equatable {
        case down = 0
        case up = 1
        case move = 2
    }

    /// One line of the file, as written (px and ms).
    public struct Row: Sendable, Equatable {
        /// The 1-based line number.
        public var line: Int
        /// The event time in ms (the device's uptime clock).
        public var eventTimeMs: Double
        /// Position in screen px.
        public var xPx: Double
        public var yPx: Double
        /// The platform's normalised touch size.
        public var size: Double
        public var action: Action
    }

    /// The largest event time accepted (ms): ``/InkTraces/InputLimits/timestampS`` in ms.
    public static let eventTimeLimitMs = InputLimits.timestampS.upperBound * 1000
    /// The largest |x| or |y| accepted (px): ``/InkTraces/InputLimits/positionMM``'s bound, read
    /// as px (a screen is a few thousand px); larger values overflow the figures' differences.
    public static let positionLimitPx = InputLimits.positionMM.upperBound

    /// Reads every row, checking each: six `;`-separated numbers, an action of 0, 1 or 2, an
    /// event time within ±``eventTimeLimitMs`` and x, y within ±``positionLimitPx``.
    ///
    /// Parsed from the bytes (`MobileHCIBytes`) when the file is well formed plain ASCII,
    /// else by ``readRowsOracle(_:file:)``, which gives the same rows, to the bit, and names
    /// every error.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected there.
    public static func readRows(_ bytes: [UInt8], file: String) throws(ImportError) -> [Row] {
        if let rows = MobileHCIBytes.rows(bytes) { return rows }
        return try readRowsOracle(bytes, file: file)
    }

    /// The text reader of the rows (a `String` per line and field, `Double(Substring)` per
    /// number): the byte reader's oracle, kept for `ByteReaderTests` and for every file the
    /// byte reader declines.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected there.
    public static func readRowsOracle(_ bytes: [UInt8], file: String) throws(ImportError) -> [Row] {
        let text = try TextLines(bytes: bytes, file: file)
        var rows: [Row] = []
        for (n, line) in text.numbered {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let fields = TextLines.fields(line, keepEmpty: true) { $0 == UInt8(ascii: ";") }
            guard fields.count == 6 else {
                throw .at(
                    file, line: n,
                    "\(fields.count) ';'-separated columns; expected 6 (wall time ms;event time ms;x px;y px;size;action)")
            }
            var v: [Double] = []
            v.reserveCapacity(6)
            for (i, f) in fields.enumerated() {
                guard let d = TextLines.number(Substring(f.trimmingScalars(where: Self.isFieldBlank))) else {
                    throw .at(file, line: n, "column \(i + 1) is '\(f.prefix(40))'; expected a finite number")
                }
                v.append(d)
            }
            // `Int(exactly:)`: an action such as 1e300 or 9.3e18 has no Int and must not trap.
            guard let code = Int(exactly: v[5]), let action = Action(rawValue: code) else {
                throw .at(file, line: n, "action is \(fields[5].prefix(40)); expected 0 (down), 2 (move) or 1 (up)")
            }
            guard abs(v[1]) <= Self.eventTimeLimitMs else {
                throw .at(
                    file, line: n,
                    "event time \(fields[1].prefix(40)) ms is outside ±\(CSVNumber.text(Self.eventTimeLimitMs)) ms; expected a device clock in ms")
            }
            for (i, name) in [(2, "x"), (3, "y")] where abs(v[i]) > Self.positionLimitPx {
                throw .at(
                    file, line: n,
                    "\(name) \(fields[i].prefix(40)) px is outside ±\(CSVNumber.text(Self.positionLimitPx)) px; expected a position on a screen")
            }
            if let previous = rows.last, v[1] < previous.eventTimeMs {
                throw .at(
                    file, line: n,
                    "event time \(fields[1]) ms is before the previous row's \(CSVNumber.text(previous.eventTimeMs)) ms; expected times that never go backwards")
            }
            rows.append(Row(line: n, eventTimeMs: v[1], xPx: v[2], yPx: v[3], size: v[4], action: action))
        }
        guard !rows.isEmpty else {
            throw ImportError(file: file, line: 1, "no rows; expected lines 'wall time;event time;x;y;size;action'")
        }
        return rows
    }

    /// The runs of consecutive move rows (action 2), in file order: the points the paper's
    /// protocol forms its windows from. A down or up row ends a run and is never part of one.
    ///
    /// Each point keeps its time in ms and position in px.
    public static func moveRuns(_ rows: [Row]) -> [[Row]] {
        var runs: [[Row]] = []
        var current: [Row] = []
        for row in rows {
            if row.action == .move {
                current.append(row)
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// Reads the file as a trace in mm and seconds (time from the first row's event time).
    ///
    /// Every row of a stroke (down, moves, up) is a sample; rows with the same event time are
    /// merged (the later wins) with a notice, as every reader does. A move before any down
    /// starts a stroke of its own (noted).
    ///
    /// - Throws: ``ImportError`` for a bad row, and when no scale is given (the files are in
    ///   px of an unnamed phone).
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try assemble(try readRows(bytes, file: file), file: file, options: options)
    }

    /// ``read(_:file:options:)`` with the rows read by the text oracle (``readRowsOracle(_:file:)``).
    ///
    /// - Throws: ``ImportError`` for a bad row, and when no scale is given.
    public static func readOracle(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try assemble(try readRowsOracle(bytes, file: file), file: file, options: options)
    }

    /// The trace of checked rows (see ``read(_:file:options:)``).
    static func assemble(_ rows: [Row], file: String, options: ImportOptions) throws(ImportError) -> Trace {
        let scale = try options.requiredScale(
            file: file, why: "mobilehci17 touch logs are in px of a phone whose density is not recorded", units: "px per mm",
            example: "VALUE'", alternative: "use 'bench horizon', which scores them in px")
        var notices = ["scale \(CSVNumber.text(scale)) px per mm from \(options.scaleSource ?? "the options")"]
        var assembler = TraceAssembler(file: file)
        let t0 = rows[0].eventTimeMs
        var open = false
        var orphanMoves = 0
        for row in rows {
            switch row.action {
            case .down:
                try assembler.beginStroke(tool: .finger)
                open = true
            case .move:
                if !open {
                    orphanMoves += 1
                    try assembler.beginStroke(tool: .finger)
                    open = true
                }
            case .up:
                if !open { orphanMoves += 1 }
            }
            let sample = Sample(t: (row.eventTimeMs - t0) / 1000, x: row.xPx / scale, y: row.yPx / scale)
            try assembler.add(sample, at: .line(row.line))
            if row.action == .up {
                try assembler.endStroke()
                open = false
            }
        }
        if orphanMoves > 0 { notices.append("\(orphanMoves) rows came outside a down...up stroke and were kept as strokes of their own") }
        return try assembler.trace(notices: notices, end: .line(rows[rows.count - 1].line))
    }

    /// The blanks a field may have around its number (trimmed before the number is read): space,
    /// tab, and the carriage return of a CR LF line end.
    static func isFieldBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\r" }

    /// Whether `text` (a file's first bytes, decoded) looks like this format: its first non-blank
    /// line is six `;`-separated numbers ending in 0, 1 or 2.
    static func looksLikeFormat(_ firstLine: String) -> Bool {
        let fields = firstLine.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 6 else { return false }
        guard fields.allSatisfy({ TextLines.number(Substring($0.trimmingScalars(where: isFieldBlank))) != nil }) else { return false }
        return ["0", "1", "2"].contains(fields[5].trimmingScalars(where: isFieldBlank))
    }
}

/// Shortest text of a number, for messages.
enum CSVNumber {
    static func text(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)" }
}

extension TraceFormat {
    /// The MobileHCI 2017 touch logs (`;`-separated, px, action 0/2/1), see ``MobileHCI17Reader``.
    public static let mobileHCI17 = TraceFormat(registeredName: "mobilehci17")
}

extension MobileHCI17Reader: RecordingReader {
    public static let format = TraceFormat.mobileHCI17
    public static let aliases = ["mobilehci"]
    public static let fileExtensions = ["txt"]
    public static let scaleMeaning = "screen px per mm (required: the files do not record the density)"

    /// A `.txt` is this format only when its first line looks like it (else the content decides).
    public static func verdict(byExtension sniff: FormatSniff) -> FormatDetector.Verdict? {
        sniff.fileExtension == "txt" && looksLikeFormat(sniff.firstLine) ? .format(format) : nil
    }

    /// A first line of six `;`-separated numbers ending in an action 0, 1 or 2.
    public static func claimsContent(_ sniff: FormatSniff) -> Bool { looksLikeFormat(sniff.firstLine) }
}
