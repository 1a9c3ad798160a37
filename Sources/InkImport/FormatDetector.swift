/// Chooses a file's format from its extension and its first bytes, or says why it is not a
/// recording. Every format's claim is its reader's (``RecordingReader/verdict(byExtension:)``
/// and ``RecordingReader/claimsContent(_:)``), asked in ``RecordingReaders/all``'s order.
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
    /// long first array). A UTF-8 byte-order mark is skipped. First the extension: a
    /// companion's (`.desc`, `.manifest`), else the first reader's that claims it, else the first
    /// reader's refusal (a `.csv` without any CSV format's header); then, when no reader decided by
    /// extension, the first reader that claims the content.
    public static func detect(path: String, head: [UInt8]) -> Verdict {
        let sniff = FormatSniff(path: path, head: head)
        switch sniff.fileExtension {
        case "desc": return .notARecording("evemu device description (read with the .events recordings beside it)")
        case "manifest": return .notARecording("a recordings manifest")
        default: break
        }
        // A reader that claims the file by its extension wins over one that shares the extension
        // but says why the file is not its own (two CSV formats share ".csv").
        var refusal: Verdict? = nil
        for reader in RecordingReaders.all {
            switch reader.verdict(byExtension: sniff) {
            case .format(let format)?: return .format(format)
            case let verdict?: refusal = refusal ?? verdict
            case nil: break
            }
        }
        if let refusal { return refusal }
        for reader in RecordingReaders.all where reader.claimsContent(sniff) {
            return .format(reader.format)
        }
        if head.isEmpty { return .notARecording("empty file") }
        let ext = sniff.fileExtension
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
}
