#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import InkTraces

/// Reads a W3C Pointer Events capture saved as JSON, in either layout:
///
/// - column arrays: `{"x": [...], "y": [...], "time": [...], "pressure": [...], "buttons": [...],
///   "tiltX": [...], "tiltY": [...], "pointerType": "pen"}` (`timeStamp` is accepted for `time`);
/// - an array of events: `[{"x": 1, "y": 2, "timeStamp": 3.5, "buttons": 1, ...}, ...]`
///   (`clientX` / `clientY` are accepted for `x` / `y`), optionally under an `"events"` key.
///
/// Positions are CSS px (y down) converted at ``ImportOptions/scaleUnitsPerMM`` px per mm, by
/// default CSS's 96 px per inch (3.7795 px/mm), which adds a notice saying so. Times are
/// DOMHighResTimeStamp ms (``ImportOptions/timeUnitSeconds`` overrides). Contact strokes are
/// the runs with the primary button down (`buttons & 1`; without `buttons`, `pressure > 0`);
/// with ``ImportOptions/includeHover`` the other runs become strokes too. `tiltX` / `tiltY`
/// (degrees) give tilt and azimuth.
///
/// ```swift
/// let trace = try PointerEventsReader.read(bytes, file: "capture.json")
/// trace.notices   // ["CSS px converted at 96 px per inch (3.7795 px/mm); ..."]
/// ```
public enum PointerEventsReader {
    static let cssPxPerMM = 96.0 / 25.4
    static let known: Set<String> = [
        "x", "clientX", "offsetX", "pageX", "y", "clientY", "offsetY", "pageY", "time", "timeStamp", "t",
        "pressure", "buttons", "tiltX", "tiltY",
    ]

    /// Reads a Pointer Events JSON capture.
    ///
    /// The steps: parse the JSON (a capture page export goes to ``InkCaptureReader``), gather
    /// the columns from either layout (`columns(of:file:)`, `eventColumns(_:file:)`), check
    /// them (`Capture`), choose the scale, and cut the events into strokes
    /// (`assembleStrokes(_:scale:options:file:)`).
    ///
    /// The file is parsed from its bytes: its UTF-8 checked without decoding it, numbers parsed
    /// straight from the bytes (`DecimalBytes`); ``readOracle(_:file:options:)`` decodes the
    /// text and parses numbers by `Double(String)`, and gives the same trace to the bit, or the
    /// same error.
    ///
    /// - Throws: ``ImportError`` naming the file, the line (for syntax errors) or the key, and what was expected.
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try read(bytes, file: file, options: options, oracle: false)
    }

    /// The text reader (the whole file decoded to a `String`, each number by `Double(String)`):
    /// the oracle of ``read(_:file:options:)``, kept for `ByteReaderTests`.
    ///
    /// - Throws: ``ImportError`` naming the file, the line (for syntax errors) or the key, and what was expected.
    public static func readOracle(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try read(bytes, file: file, options: options, oracle: true)
    }

    private static func read(_ bytes: [UInt8], file: String, options: ImportOptions, oracle: Bool) throws(ImportError) -> Trace {
        try options.validate(file: file)
        if oracle {
            _ = try TextLines(bytes: bytes, file: file)
        } else {
            try TextLines.checkUTF8(bytes, file: file)
        }
        guard bytes.count < RecordingLoader.defaultMaxFileBytes else { throw ImportError(file: file, "file is over 512 MB; expected a smaller capture") }
        let root = try JSONParser.parse(bytes, file: file, oracleNumbers: oracle)
        // The capture page's export (with the browser's predictions) has its own reader.
        if InkCaptureReader.isCapture(root) {
            return try InkCaptureReader.read(root: root, file: file, options: options)
        }
        let capture = try Capture(try columns(of: root, file: file), file: file)
        let scale = try Scale(options, file: file)
        return try assembleStrokes(capture, scale: scale, options: options, file: file)
    }

    /// The values of each known key, with the capture's `pointerType`.
    struct Columns {
        var values: [String: [Double]] = [:]
        var pointerType: String?
    }

    /// The columns of either layout: an object of column arrays, or an array of events (at the
    /// top level or under `events`).
    static func columns(of root: JSONValue, file: String) throws(ImportError) -> Columns {
        guard let members = root.members, root.member("events") == nil else {
            let list: [JSONValue]
            if let events = root.member("events") {
                guard let array = events.elements else {
                    throw ImportError(file: file, line: events.line, "'events' is \(events.describe); expected an array of events")
                }
                list = array
            } else if let array = root.elements {
                list = array
            } else {
                throw ImportError(
                    file: file, line: root.line,
                    "the top level is \(root.describe), neither an object of column arrays nor an array of events; expected a Pointer Events capture")
            }
            return try eventColumns(list, file: file)
        }
        if root.member("meta_data") != nil || root.member("data") != nil {
            throw ImportError(file: file, "BDALab's own JSON layout (meta_data, data), not a Pointer Events capture; expected x, y and time arrays")
        }
        var columns = Columns(pointerType: root.member("pointerType")?.string)
        for (key, value) in members where known.contains(key) {
            guard let array = value.elements else {
                throw ImportError(
                    file: file, line: value.line, "'\(key)' is \(value.describe); expected an array of numbers (the column layout)")
            }
            var column: [Double] = []
            column.reserveCapacity(array.count)
            for (i, item) in array.enumerated() {
                guard let number = item.number else {
                    throw ImportError(file: file, line: item.line, "'\(key)'[\(i)] is \(item.describe); expected a number")
                }
                column.append(number)
            }
            columns.values[key] = column
        }
        return columns
    }

    /// The columns of an array of events: every event has the same known keys.
    static func eventColumns(_ list: [JSONValue], file: String) throws(ImportError) -> Columns {
        var columns = Columns()
        for (i, item) in list.enumerated() {
            guard let event = item.members else {
                throw ImportError(file: file, line: item.line, "event \(i) is \(item.describe); expected {\"x\": ..., \"y\": ..., \"timeStamp\": ...}")
            }
            if columns.pointerType == nil { columns.pointerType = item.member("pointerType")?.string }
            var seen = Set<String>()
            for (key, value) in event where known.contains(key) && !seen.contains(key) {
                guard let number = (item.member(key) ?? value).number else {
                    throw ImportError(file: file, line: value.line, "event \(i): '\(key)' is \(value.describe); expected a number")
                }
                seen.insert(key)
                columns.values[key, default: []].append(number)
            }
            for key in columns.values.keys.sorted() where columns.values[key]?.count != i + 1 {
                throw ImportError(
                    file: file, line: item.line, "event \(i) has no '\(key)' while others do; expected the same keys in every event")
            }
        }
        return columns
    }

    /// The checked capture: positions and times of equal counts, optional columns of the same count.
    struct Capture {
        let xs: [Double], ys: [Double], ts: [Double]
        let buttons: [Double]?, pressure: [Double]?, tiltX: [Double]?, tiltY: [Double]?
        let tool: Tool

        init(_ columns: Columns, file: String) throws(ImportError) {
            func column(_ names: [String]) -> [Double]? { names.lazy.compactMap { columns.values[$0] }.first }
            guard let xs = column(["x", "clientX", "offsetX", "pageX"]), let ys = column(["y", "clientY", "offsetY", "pageY"]),
                let ts = column(["time", "timeStamp", "t"])
            else {
                throw ImportError(file: file, "no x, y and time (or timeStamp) values; expected a Pointer Events capture")
            }
            let n = ts.count
            guard xs.count == n, ys.count == n else {
                throw ImportError(file: file, "x, y and time have \(xs.count), \(ys.count) and \(n) values; expected equal counts")
            }
            for key in ["pressure", "buttons", "tiltX", "tiltY"] {
                if let c = columns.values[key], c.count != n {
                    throw ImportError(file: file, "'\(key)' has \(c.count) values; expected \(n) as in 'time'")
                }
            }
            (self.xs, self.ys, self.ts) = (xs, ys, ts)
            buttons = columns.values["buttons"]
            pressure = columns.values["pressure"]
            tiltX = columns.values["tiltX"]
            tiltY = columns.values["tiltY"]
            tool = columns.pointerType == "touch" ? .finger : (columns.pointerType == "mouse" ? .mouse : .pen)
        }

        /// Whether event `i` is in contact: the primary button down, or without `buttons`, a
        /// pressure above 0 (or no pressure either).
        func isDown(_ i: Int) -> Bool {
            if let buttons { return Int(exactly: buttons[i].rounded()).map { $0 & 1 != 0 } ?? false }
            return (pressure?[i] ?? 1) > 0
        }
    }

    /// CSS px per mm on x and y, from the options or CSS's 96 px per inch, with its notice.
    struct Scale {
        let xPxPerMM: Double, yPxPerMM: Double
        let notice: String

        init(_ options: ImportOptions, file: String) throws(ImportError) {
            if let s = options.scaleUnitsPerMM {
                guard s.isFinite, s > 0 else { throw ImportError(file: file, "scale \(s) is invalid; expected a positive number of px per mm") }
                xPxPerMM = s
                yPxPerMM = options.yScaleUnitsPerMM ?? s
                notice = "scale \(options.scaleDescription) px per mm from \(options.scaleSource ?? "the options")"
            } else {
                xPxPerMM = cssPxPerMM
                yPxPerMM = cssPxPerMM
                notice = "CSS px converted at 96 px per inch (3.7795 px/mm); give a scale (px per mm) to override"
            }
        }
    }

    /// Where the pointer was at the previous event, for cutting strokes.
    enum Contact {
        /// Before the first event.
        case unknown
        /// Up and not kept (hover excluded).
        case up
        /// Down: a contact stroke is open.
        case down
        /// In hover, kept as a stroke of its own (``ImportOptions/includeHover``).
        case hover
    }

    /// Cuts the events into strokes: contact runs, and with ``ImportOptions/includeHover`` the
    /// hover runs too; times in ms unless ``ImportOptions/timeUnitSeconds`` says otherwise.
    static func assembleStrokes(_ capture: Capture, scale: Scale, options: ImportOptions, file: String) throws(ImportError) -> Trace {
        let timeUnit = options.timeUnitSeconds ?? 0.001
        let keepPressure = capture.pressure?.allSatisfy { $0 >= 0 && $0 <= 1 } ?? false
        var assembler = TraceAssembler(file: file)
        var contact = Contact.unknown
        let degree = Double.pi / 180
        for i in 0..<capture.ts.count {
            let down = capture.isDown(i)
            if !down && !options.includeHover {
                if contact == .down { try assembler.endStroke() }
                contact = .up
                continue
            }
            let now: Contact = down ? .down : .hover
            if now != contact {
                try assembler.beginStroke(tool: capture.tool)
                contact = now
            }
            var sample = Sample(t: capture.ts[i] * timeUnit, x: capture.xs[i] / scale.xPxPerMM, y: capture.ys[i] / scale.yPxPerMM)
            if keepPressure { sample.pressure = capture.pressure?[i] }
            if let tx = capture.tiltX?[i], let ty = capture.tiltY?[i] {
                let u = tan(min(max(tx, -89), 89) * degree), v = tan(min(max(ty, -89), 89) * degree)
                sample.tilt = atan((u * u + v * v).squareRoot())
                sample.azimuth = atan2(v, u)
            }
            do throws(ImportError) {
                try assembler.add(sample, at: .file)
            } catch {
                throw ImportError(file: file, "event \(i): \(error.message)")
            }
        }
        return try assembler.trace(notices: [scale.notice])
    }
}

extension TraceFormat {
    /// W3C Pointer Events capture as JSON column arrays, see ``PointerEventsReader``.
    public static let pointerEvents = TraceFormat(registeredName: "pointer-events")
}

extension PointerEventsReader: RecordingReader {
    public static let format = TraceFormat.pointerEvents
    public static let aliases = ["pointerevents", "w3c", "json"]
    public static let fileExtensions = ["json"]
    public static let scaleMeaning = "CSS px per mm (default 96 per inch = 3.7795...)"

    /// A `.json` is a capture when it has Pointer Events keys, else not a recording (with why).
    public static func verdict(byExtension sniff: FormatSniff) -> FormatDetector.Verdict? {
        sniff.fileExtension == "json" ? jsonVerdict(sniff.wholeText) : nil
    }

    /// JSON (starting `{` or `[`) with Pointer Events keys.
    public static func claimsContent(_ sniff: FormatSniff) -> Bool {
        let trimmed = sniff.text.drop { $0.isWhitespace }
        guard trimmed.first == "{" || trimmed.first == "[" else { return false }
        if case .format = jsonVerdict(sniff.wholeText) { return true }
        return false
    }

    static func jsonVerdict(_ text: String) -> FormatDetector.Verdict {
        if text.contains("\"meta_data\"") {
            return .notARecording("BDALab's own JSON layout (meta_data, data), not a Pointer Events capture")
        }
        let hasX = text.contains("\"x\"") || text.contains("\"clientX\"")
        let hasT = text.contains("\"time\"") || text.contains("\"timeStamp\"")
        if hasX && hasT || text.contains("\"pointerType\"") || text.contains("\"inkbench-capture\"") {
            return .format(.pointerEvents)
        }
        return .notARecording("JSON without Pointer Events fields (x, y, time or timeStamp)")
    }
}
