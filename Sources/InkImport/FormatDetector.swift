/// Chooses a file's format from its extension and its first bytes, or says why it is not a
/// recording.
///
/// ```swift
/// switch FormatDetector.detect(path: "a/signal.svc", head: bytes) {
/// case .format(let f): print(f)          // svc
/// case .notARecording(let why): print(why)
/// }
/// ```
public enum FormatDetector {
    /// The verdict on one file.
    public enum Verdict: Sendable, Equatable {
        /// Read it as this format.
        case format(TraceFormat)
        /// Not a recording; the reason, for the skip message.
        case notARecording(String)
    }

    /// Detects the format of the file at `path` whose bytes (or first bytes) are `head`: up to
    /// 1 MB is looked at for text formats, all of it for JSON (whose keys may come after a
    /// long first array). A UTF-8 byte-order mark is skipped.
    public static func detect(path: String, head: [UInt8]) -> Verdict {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? (name.split(separator: ".").last.map { $0.lowercased() } ?? "") : ""
        let bom = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let body = head[bom...]
        let text = String(decoding: body.prefix(1 << 20), as: UTF8.self)
        let firstLine = text.split(whereSeparator: { $0.isNewline }).first { !$0.hasPrefix("#") }.map(String.init) ?? ""
        switch ext {
        case "desc":
            return .notARecording("evemu device description (read with the .events recordings beside it)")
        case "csv":
            return csvVerdict(text, firstLine)
        case "events", "evemu":
            return .format(.evemu)
        case "svc":
            return .format(.svc)
        case "binarypb", "pb":
            return .format(.googleInk)
        case "json":
            return jsonVerdict(body.count > 1 << 20 ? String(decoding: body, as: UTF8.self) : text)
        case "txt":
            if MobileHCI17Reader.looksLikeFormat(firstLine) { return .format(.mobileHCI17) }
        case "inkml":
            return .format(.inkML)
        case "xml":
            if InkMLReader.looksLikeFormat(text) { return .format(.inkML) }
        case "dat":
            if MyPaintEventsReader.looksLikeFormat(firstLine) { return .format(.myPaintEvents) }
        case "manifest":
            return .notARecording("a recordings manifest")
        default:
            break
        }
        if text.hasPrefix("# EVEMU") || text.hasPrefix("E: ") || text.contains("\nE: ") { return .format(.evemu) }
        if text.hasPrefix("# inkbench-trace") { return .format(.traceCSV) }
        if case .format(let f) = csvVerdict(text, firstLine) { return .format(f) }
        if MobileHCI17Reader.looksLikeFormat(firstLine) { return .format(.mobileHCI17) }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "{" || trimmed.first == "[",
            case .format(let f) = jsonVerdict(body.count > 1 << 20 ? String(decoding: body, as: UTF8.self) : text)
        {
            return .format(f)
        }
        let lines = text.split(whereSeparator: { $0.isNewline }).prefix(3)
        if lines.count >= 2, Int(lines[lines.startIndex].trimmingCharacters()) != nil,
            lines[lines.startIndex + 1].split(separator: " ").count == 7
        {
            return .format(.svc)
        }
        if head.isEmpty { return .notARecording("empty file") }
        let byName = ext.isEmpty ? "the name has no extension" : "neither its extension '.\(ext)'"
        let content = ext.isEmpty ? "and its content matches none" : "nor its content matches one"
        return .notARecording("no known recording format (\(byName) \(content)); use --format to force one")
    }

    /// Whether the file is a companion of recordings rather than one (an evemu `.desc`, a
    /// manifest), which `--strict` passes over.
    public static func isCompanion(path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lowercased().hasSuffix(".desc") || name.lowercased().hasSuffix(".manifest")
    }

    static func csvVerdict(_ text: String, _ firstLine: String) -> Verdict {
        let header = firstLine.split(separator: ",").map { $0.trimmingCharacters() }
        if header.contains("t_s") && header.contains("x_mm") { return .format(.traceCSV) }
        if CuriousDrawingReader.looksLikeHeader(firstLine) { return .format(.curiousDrawing) }
        if header.starts(with: ["event", "kind", "t", "x", "y"]) {
            return .notARecording("a Google Ink CSV decoding (event,kind,t,x,y,...), not a trace: its .binarypb is the recording")
        }
        return .notARecording("CSV without InkBench trace columns (t_s,x_mm,y_mm,stroke)")
    }

    static func jsonVerdict(_ text: String) -> Verdict {
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

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(TraceCSVReader.trim(self).filter { $0 != "\r" })
    }
}
