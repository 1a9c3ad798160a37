import InkTraces

/// Reads W3C InkML (Ink Markup Language, <https://www.w3.org/TR/InkML/>), the standard
/// digital-ink format.
///
/// What it understands:
/// - `<trace>` elements anywhere under `<ink>` (also inside `<traceGroup>`), in document order.
///   `type="penDown"` (the default) and `"indeterminate"` traces are contact strokes;
///   `type="penUp"` traces are the pen moving in proximity, read as strokes of their own only
///   with ``ImportOptions/includeHover`` (otherwise left out, with a notice).
/// - The channels of the trace's `<traceFormat>`: `X`, `Y` (required), `F` (force) and `T`
///   (time); other channels are read and ignored. The format comes from the trace's
///   `contextRef` (a `<context>` with a `traceFormatRef`, an `inkSourceRef` or children of its
///   own), else from the `<context>` last met in the document, else the default format `X Y`.
/// - Trace data: points separated by `,`, values by blanks (or by a sign), with the value
///   prefixes `!` (explicit), `'` (first difference) and `"` (second difference); a prefix holds
///   for its channel until another one is given. `T`/`F` boolean values and `?`/`*` are errors.
/// - Units: a channel's `units` (`mm`, `cm`, `m`, `in`, `pt`, `pc`, `himetric`) convert X and Y
///   to mm. Without units (device units, `dev`) a `<channelProperty name="resolution">` of the
///   channel in `1/mm`, `1/cm`, `1/in` or `1/m` gives the scale. ``ImportOptions/scaleUnitsPerMM``
///   overrides both (file units per mm); with neither, the file is rejected with a reason.
/// - Time: `T` in its `units` (`s` or `ms`; none means ms), plus the trace's `timeOffset` (in
///   the same units) when `T` is relative. Without a `T` channel, samples are spaced by the
///   `<inkSource>`'s `<sampleRate value="…">` (Hz) from the trace's `timeOffset`; a trace with
///   neither a `T` channel nor both a rate and a `timeOffset` is an error (InkBench needs time).
///   ``ImportOptions/timeUnitSeconds`` overrides the unit of T and timeOffset.
/// - Force: `F` divided by the channel's `max` (or ``ImportOptions/pressureMax``); with neither,
///   kept if every value is in 0...1 and otherwise left out with a notice.
/// - y points down (InkML's default orientation) unless ``ImportOptions/yAxisUp``.
///
/// ```swift
/// let trace = try InkMLReader.read(bytes, file: "pen.inkml")
/// ```
public enum InkMLReader {
    /// Reads an InkML document.
    ///
    /// The document's structure is parsed by the project's own `XMLReader` (no Foundation);
    /// each trace's text (where the time goes) from its bytes (`TraceDataBytes`), which gives the
    /// points that ``readOracle(_:file:options:)`` reads, to the bit, or the same error.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected (for XML that is
    ///   not well-formed, also the byte offset).
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try read(bytes, file: file, options: options, textOracle: false, parse: XMLReader.parse)
    }

    /// The text reader (the file decoded to a `String`, trace texts read `Character` by
    /// `Character`, values by `Double(String)`): the oracle of ``read(_:file:options:)``'s trace
    /// data. (The oracle of its XML parsing, Foundation's `XMLParser`, lives in the tests.)
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func readOracle(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try read(bytes, file: file, options: options, textOracle: true, parse: XMLReader.parse)
    }

    /// Reads an InkML document whose element tree `parse` builds: the seam where the tests put
    /// Foundation's `XMLParser` (the XML oracle) in place of `XMLReader`.
    ///
    /// - Parameters:
    ///   - textOracle: read the file and the trace texts with the text oracle.
    ///   - parse: the document's bytes and file name to its root element, or an error.
    package static func read(
        _ bytes: [UInt8], file: String, options: ImportOptions, textOracle oracle: Bool,
        parse: ([UInt8], String) throws(ImportError) -> XMLTree
    ) throws(ImportError) -> Trace {
        try options.validate(file: file)
        if oracle {
            _ = try TextLines(bytes: bytes, file: file)
        } else {
            try TextLines.checkUTF8(bytes, file: file)
        }
        let root = try parse(bytes, file)
        guard root.name == "ink" else {
            throw ImportError(file: file, line: root.line, "the root element is <\(root.name)>; expected <ink>")
        }
        var doc = Document(file: file, options: options)
        doc.oracle = oracle
        var newlines = 0
        for b in bytes where b == 0x0A { newlines += 1 }
        doc.lastLine = max(1, newlines + 1 - (bytes.last == 0x0A ? 1 : 0))
        doc.index(root)
        try doc.readTraces(root)
        var notices = doc.notices
        if doc.penUpSkipped > 0 {
            notices.append("\(doc.penUpSkipped) penUp traces (pen in proximity) left out; use hover to include them")
        }
        return try doc.assembler.trace(
            notices: notices, nominalInterval: doc.sampleRateHz.map { 1 / $0 }, end: .line(doc.lastLine))
    }

    /// Whether a file's first bytes look like InkML: an `<ink` element near the start.
    static func looksLikeFormat(_ text: String) -> Bool {
        let head = text.prefix(4096).lowercased()
        return head.contains("<ink") && head.contains("inkml")
    }
}

// MARK: - The document's definitions and traces

/// One channel of a trace format, with what the reader needs to convert it.
struct InkMLChannel {
    var name: String
    var units: String?
    var max: Double?
}

/// A trace format with the conversions its context gives.
struct InkMLFormat {
    var channels: [InkMLChannel]
    /// File units per channel unit resolution (`channelProperty name="resolution"`), in units per mm.
    var resolutionPerMM: [String: Double] = [:]
    var sampleRateHz: Double?

    static let standard = InkMLFormat(channels: [InkMLChannel(name: "X"), InkMLChannel(name: "Y")])
}

private struct Document {
    let file: String
    let options: ImportOptions
    var assembler: TraceAssembler
    var byID: [String: XMLTree] = [:]
    var notices: [String] = []
    var penUpSkipped = 0
    var sampleRateHz: Double?
    var lastLine = 1
    var current: InkMLFormat = .standard
    var pressureDropped = false
    var scaleNoticed = false
    /// Read trace texts with the text oracle (``TraceData/parseOracle(_:channels:file:line:)``).
    var oracle = false

    init(file: String, options: ImportOptions) {
        self.file = file
        self.options = options
        assembler = TraceAssembler(file: file)
    }

    mutating func index(_ node: XMLTree) {
        if let id = node.attributes["xml:id"] ?? node.attributes["id"] { byID[id] = node }
        for child in node.children { index(child) }
    }

    func resolve(_ ref: String?, line: Int) throws(ImportError) -> XMLTree? {
        guard let ref else { return nil }
        let id = ref.hasPrefix("#") ? String(ref.dropFirst()) : ref
        guard let node = byID[id] else {
            throw ImportError(file: file, line: line, "reference '\(ref)' names no element; expected the xml:id of one in this file")
        }
        return node
    }

    /// The format a `<context>`, `<inkSource>` or `<traceFormat>` element stands for.
    func format(of node: XMLTree, depth: Int = 0) throws(ImportError) -> InkMLFormat {
        guard depth < 16 else { throw ImportError(file: file, line: node.line, "references nest too deep (a cycle?); expected at most 16 levels") }
        switch node.name {
        case "traceFormat":
            if let ref = try resolve(node.attributes["href"], line: node.line), node.children.isEmpty {
                return try format(of: ref, depth: depth + 1)
            }
            var channels: [InkMLChannel] = []
            for child in node.descendants(named: "channel") {
                guard let name = child.attributes["name"], !name.isEmpty else {
                    throw ImportError(file: file, line: child.line, "<channel> has no name; expected name=\"X\", \"Y\", \"F\", \"T\" or another")
                }
                var max: Double?
                if let text = child.attributes["max"] {
                    guard let m = DecimalText.value(text), m > 0 else {
                        throw ImportError(file: file, line: child.line, "channel \(name) max '\(text)'; expected a positive number")
                    }
                    max = m
                }
                channels.append(InkMLChannel(name: name, units: child.attributes["units"], max: max))
            }
            guard !channels.isEmpty else { throw ImportError(file: file, line: node.line, "<traceFormat> has no <channel>; expected at least X and Y") }
            return InkMLFormat(channels: channels)
        case "inkSource":
            var f = InkMLFormat.standard
            if let tf = node.children.first(where: { $0.name == "traceFormat" }) {
                f = try format(of: tf, depth: depth + 1)
            } else if let ref = try resolve(node.attributes["traceFormatRef"], line: node.line) {
                f = try format(of: ref, depth: depth + 1)
            }
            if let rate = node.children.first(where: { $0.name == "sampleRate" }) {
                guard let text = rate.attributes["value"], let hz = DecimalText.value(text), hz > 0 else {
                    throw ImportError(file: file, line: rate.line, "<sampleRate> value '\(rate.attributes["value"] ?? "")'; expected a positive rate in Hz")
                }
                f.sampleRateHz = hz
            }
            for property in node.descendants(named: "channelProperty") {
                try addProperty(property, to: &f)
            }
            return f
        case "context":
            var f = InkMLFormat.standard
            if let source = node.children.first(where: { $0.name == "inkSource" }) {
                f = try format(of: source, depth: depth + 1)
            } else if let ref = try resolve(node.attributes["inkSourceRef"], line: node.line) {
                f = try format(of: ref, depth: depth + 1)
            } else if let ref = try resolve(node.attributes["contextRef"], line: node.line) {
                f = try format(of: ref, depth: depth + 1)
            }
            if let tf = node.children.first(where: { $0.name == "traceFormat" }) {
                f.channels = try format(of: tf, depth: depth + 1).channels
            } else if let ref = try resolve(node.attributes["traceFormatRef"], line: node.line) {
                f.channels = try format(of: ref, depth: depth + 1).channels
            }
            for property in node.children where property.name == "channelProperties" {
                for p in property.descendants(named: "channelProperty") { try addProperty(p, to: &f) }
            }
            return f
        default:
            throw ImportError(file: file, line: node.line, "a reference to <\(node.name)>; expected a <context>, <inkSource> or <traceFormat>")
        }
    }

    func addProperty(_ p: XMLTree, to f: inout InkMLFormat) throws(ImportError) {
        guard p.attributes["name"] == "resolution", let channel = p.attributes["channel"] else { return }
        guard let text = p.attributes["value"], let value = DecimalText.value(text), value > 0 else {
            throw ImportError(file: file, line: p.line, "resolution of \(channel) is '\(p.attributes["value"] ?? "")'; expected a positive number")
        }
        let perMM: Double
        switch p.attributes["units"] ?? "1/mm" {
        case "1/mm": perMM = value
        case "1/cm": perMM = value / 10
        case "1/in": perMM = value / 25.4
        case "1/m": perMM = value / 1000
        case let other:
            throw ImportError(file: file, line: p.line, "resolution units '\(other)'; expected 1/mm, 1/cm, 1/in or 1/m")
        }
        f.resolutionPerMM[channel] = perMM
    }

    mutating func readTraces(_ node: XMLTree) throws(ImportError) {
        for child in node.children {
            switch child.name {
            case "context":
                current = try format(of: child)
            case "traceGroup":
                if let ref = try resolve(child.attributes["contextRef"], line: child.line) {
                    let saved = current
                    current = try format(of: ref)
                    try readTraces(child)
                    current = saved
                } else {
                    try readTraces(child)
                }
            case "trace":
                try readTrace(child)
            case "definitions", "annotation", "annotationXML":
                continue
            default:
                try readTraces(child)
            }
        }
    }

    mutating func readTrace(_ node: XMLTree) throws(ImportError) {
        var f = current
        if let context = try resolve(node.attributes["contextRef"], line: node.line) { f = try format(of: context) }
        let type = node.attributes["type"] ?? "penDown"
        guard ["penDown", "penUp", "indeterminate"].contains(type) else {
            throw ImportError(file: file, line: node.line, "trace type '\(type)'; expected penDown, penUp or indeterminate")
        }
        if type == "penUp" && !options.includeHover {
            penUpSkipped += 1
            return
        }
        let names = f.channels.map(\.name)
        guard let xi = names.firstIndex(of: "X"), let yi = names.firstIndex(of: "Y") else {
            throw ImportError(file: file, line: node.line, "the trace format has channels \(names.joined(separator: " ")); expected X and Y among them")
        }
        let ti = names.firstIndex(of: "T"), fi = names.firstIndex(of: "F")
        let points =
            oracle
            ? try TraceData.parseOracle(node.text, channels: names.count, file: file, line: node.line)
            : try TraceData.parse(node.text, channels: names.count, file: file, line: node.line)
        guard !points.isEmpty else { return }
        let scaleX = try unitsPerMM(f, channel: f.channels[xi], line: node.line)
        let scaleY = options.scaleUnitsPerMM != nil ? (options.yScaleUnitsPerMM ?? scaleX) : try unitsPerMM(f, channel: f.channels[yi], line: node.line)
        let ySign = (options.yAxisUp ?? false) ? -1.0 : 1.0
        let timeUnit = try secondsPerUnit(ti.map { f.channels[$0].units }, line: node.line)
        var offset: Double?
        if let text = node.attributes["timeOffset"] {
            guard let v = DecimalText.value(text) else {
                throw ImportError(file: file, line: node.line, "timeOffset '\(text)'; expected a number")
            }
            offset = v
        }
        if ti == nil && (f.sampleRateHz == nil || offset == nil) {
            throw ImportError(
                file: file, line: node.line,
                "the trace has no T channel and \(f.sampleRateHz == nil ? "no <sampleRate>" : "no timeOffset"); expected time: a T channel, or an inkSource sampleRate with a timeOffset on each trace")
        }
        if let rate = f.sampleRateHz { sampleRateHz = sampleRateHz ?? rate }
        var pressureMax = options.pressureMax ?? fi.flatMap { f.channels[$0].max }
        if let fi, pressureMax == nil {
            if points.allSatisfy({ $0[fi] >= 0 && $0[fi] <= 1 }) {
                pressureMax = 1
            } else if !pressureDropped {
                pressureDropped = true
                notices.append("force (F) left out: values above 1 and no max given")
            }
        }
        try assembler.beginStroke(tool: .pen)
        for (k, p) in points.enumerated() {
            let t: Double
            if let ti {
                t = (p[ti] + (offset ?? 0)) * timeUnit
            } else {
                t = (offset ?? 0) * timeUnit + Double(k) / (f.sampleRateHz ?? 1)
            }
            let pressure = fi.flatMap { i in pressureMax.map { min(max(p[i] / $0, 0), 1) } }
            try assembler.add(
                Sample(t: t, x: p[xi] / scaleX, y: ySign * p[yi] / scaleY, pressure: type == "penUp" ? nil : pressure),
                at: .line(node.line))
        }
        try assembler.endStroke()
        if !scaleNoticed {
            scaleNoticed = true
            notices.append("X and Y at \(scaleX) and \(scaleY) file units per mm (\(options.scaleUnitsPerMM != nil ? "from \(options.scaleSource ?? "the options")" : "from the file's units or resolution"))")
        }
    }

    func unitsPerMM(_ f: InkMLFormat, channel: InkMLChannel, line: Int) throws(ImportError) -> Double {
        if let s = options.scaleUnitsPerMM { return s }
        switch channel.units {
        case "mm": return 1
        case "cm": return 0.1
        case "m": return 0.001
        case "in": return 1 / 25.4
        case "pt": return 72 / 25.4
        case "pc": return 6 / 25.4
        case "himetric": return 100
        case nil, "dev":
            if let r = f.resolutionPerMM[channel.name] { return r }
            throw ImportError(
                file: file, line: line,
                "channel \(channel.name) is in device units with no resolution, and no scale was given; expected units (mm, cm, in...), a resolution channelProperty, or a scale in file units per mm")
        case let other?:
            throw ImportError(file: file, line: line, "channel \(channel.name) has units '\(other)'; expected mm, cm, m, in, pt, pc, himetric or dev")
        }
    }

    func secondsPerUnit(_ units: String??, line: Int) throws(ImportError) -> Double {
        if let s = options.timeUnitSeconds { return s }
        switch units ?? nil {
        case nil, "ms": return 0.001
        case "s": return 1
        case let other?:
            throw ImportError(file: file, line: line, "channel T has units '\(other)'; expected s or ms")
        }
    }
}

// MARK: - Trace data

/// The text of a `<trace>`: points of `channels` values.
enum TraceData {
    /// How a value is given (InkML's value prefixes).
    enum Mode { case explicit, first, second }

    /// Parses the points, undoing first and second differences: from the text's bytes
    /// (``TraceDataBytes``) when it is plain ASCII in the usual forms, else by
    /// ``parseOracle(_:channels:file:line:)``, which gives the same points, to the bit, or the error.
    static func parse(_ text: String, channels: Int, file: String, line: Int) throws(ImportError) -> [[Double]] {
        if let tokens = TraceDataBytes.tokens(text) {
            var state = Differences(channels: channels)
            for p in 0..<tokens.pointEnds.count {
                let start = p == 0 ? 0 : tokens.pointEnds[p - 1]
                try state.add(
                    tokens.values[start..<tokens.pointEnds[p]], modes: tokens.modes[start..<tokens.pointEnds[p]],
                    point: p, isLast: p == tokens.pointEnds.count - 1, file: file, line: line)
            }
            return state.points
        }
        return try parseOracle(text, channels: channels, file: file, line: line)
    }

    /// The text parser of a trace (`Character` by character, each value by `Double(String)`):
    /// the byte path's oracle, and the reader of every trace text the byte path declines.
    static func parseOracle(_ text: String, channels: Int, file: String, line: Int) throws(ImportError) -> [[Double]] {
        var state = Differences(channels: channels)
        let chunks = text.split(separator: ",", omittingEmptySubsequences: false)
        if chunks.allSatisfy({ $0.allSatisfy(\.isWhitespace) }) { return [] }
        for (pointIndex, chunk) in chunks.enumerated() {
            let tokens = try tokens(chunk, file: file, line: line, point: pointIndex)
            try state.add(
                tokens.map(\.1)[...], modes: tokens.map(\.0)[...], point: pointIndex, isLast: pointIndex == chunks.count - 1, file: file,
                line: line)
        }
        return state.points
    }

    /// The points so far of one trace, with each channel's mode, previous value and velocity.
    struct Differences {
        let channels: Int
        var points: [[Double]] = []
        var modes: [Mode]
        var previous: [Double]
        var velocity: [Double]

        init(channels: Int) {
            self.channels = channels
            modes = [Mode](repeating: .explicit, count: channels)
            previous = [Double](repeating: 0, count: channels)
            velocity = [Double](repeating: 0, count: channels)
        }

        /// Adds the point whose values (with the prefixes they carried) are `values` and `modes`.
        ///
        /// - Parameters:
        ///   - point: the point's 0-based index, for errors.
        ///   - isLast: whether it is the text's last point (which may be empty: a trailing comma).
        mutating func add(
            _ values: ArraySlice<Double>, modes given: ArraySlice<Mode?>, point pointIndex: Int, isLast: Bool, file: String, line: Int
        ) throws(ImportError) {
            if values.isEmpty {
                if isLast { return }  // a trailing comma
                throw ImportError(file: file, line: line, "point \(pointIndex + 1) is empty; expected \(channels) values")
            }
            guard values.count == channels else {
                throw ImportError(file: file, line: line, "point \(pointIndex + 1) has \(values.count) values; expected \(channels), one per channel of the trace format")
            }
            var point = [Double](repeating: 0, count: channels)
            for c in 0..<channels {
                let value = values[values.startIndex + c]
                if let mode = given[given.startIndex + c] { modes[c] = mode }
                if points.isEmpty && modes[c] != .explicit {
                    throw ImportError(file: file, line: line, "the first point's value \(c + 1) is a difference; expected explicit values in a trace's first point")
                }
                switch modes[c] {
                case .explicit:
                    velocity[c] = points.isEmpty ? 0 : value - previous[c]
                    point[c] = value
                case .first:
                    velocity[c] = value
                    point[c] = previous[c] + value
                case .second:
                    velocity[c] += value
                    point[c] = previous[c] + velocity[c]
                }
                guard point[c].isFinite else {
                    throw ImportError(file: file, line: line, "point \(pointIndex + 1) value \(c + 1) is not finite; expected finite numbers")
                }
            }
            previous = point
            points.append(point)
        }
    }

    /// The values of one point, each with the prefix it carried.
    static func tokens(_ chunk: Substring, file: String, line: Int, point: Int) throws(ImportError) -> [(Mode?, Double)] {
        var out: [(Mode?, Double)] = []
        var i = chunk.startIndex
        while i < chunk.endIndex {
            let c = chunk[i]
            if c.isWhitespace {
                i = chunk.index(after: i)
                continue
            }
            var mode: Mode?
            switch c {
            case "!": mode = .explicit
            case "'": mode = .first
            case "\"": mode = .second
            default: break
            }
            if mode != nil { i = chunk.index(after: i) }
            while i < chunk.endIndex, chunk[i].isWhitespace { i = chunk.index(after: i) }
            var j = i
            if j < chunk.endIndex, chunk[j] == "-" || chunk[j] == "+" { j = chunk.index(after: j) }
            var seenDot = false, seenExp = false
            while j < chunk.endIndex {
                let d = chunk[j]
                if d.isASCII && d.isNumber {
                } else if d == "." && !seenDot && !seenExp {
                    seenDot = true
                } else if (d == "e" || d == "E") && !seenExp && j > i {
                    seenExp = true
                    let next = chunk.index(after: j)
                    if next < chunk.endIndex, chunk[next] == "-" || chunk[next] == "+" { j = next }
                } else {
                    break
                }
                j = chunk.index(after: j)
            }
            guard j > i, let value = Double(String(chunk[i..<j])) else {
                let bad = chunk[i...].prefix(12)
                throw ImportError(
                    file: file, line: line,
                    "point \(point + 1) has '\(bad)'; expected numbers, optionally prefixed by !, ' or \" (booleans, ? and * are not supported)")
            }
            out.append((mode, value))
            i = j
        }
        return out
    }
}

extension TraceFormat {
    /// W3C InkML (`<ink>` with `<trace>` elements), see ``InkMLReader``.
    public static let inkML = TraceFormat(registeredName: "inkml")
}

extension InkMLReader: RecordingReader {
    public static let format = TraceFormat.inkML
    public static let aliases = ["ink-ml"]
    public static let fileExtensions = ["inkml"]
    public static let scaleMeaning = "file units per mm (overrides the channels' units and resolution)"

    /// An `.inkml` file, or an `.xml` one whose start is an `<ink>` element in the InkML namespace.
    public static func verdict(byExtension sniff: FormatSniff) -> FormatDetector.Verdict? {
        switch sniff.fileExtension {
        case "inkml": return .format(format)
        case "xml": return looksLikeFormat(sniff.text) ? .format(format) : nil
        default: return nil
        }
    }
}
