#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces

extension TraceFormat {
    /// Linux evdev recordings made with `evemu-record`, see ``EvemuReader``.
    public static let evemu = TraceFormat(registeredName: "evemu")
}

extension EvemuReader: RecordingReader {
    public static let format = TraceFormat.evemu
    public static let aliases = ["evdev"]
    public static let fileExtensions = ["events", "evemu"]
    public static let scaleMeaning = "device units per mm (overrides the axis resolution)"

    /// An `# EVEMU` header or a line starting `E: ` (an event).
    public static func claimsContent(_ sniff: FormatSniff) -> Bool {
        let text = sniff.text
        return text.hasPrefix("# EVEMU") || text.hasPrefix("E: ") || text.contains("\nE: ")
    }

    /// Reads an `.events` file with the sibling `.desc` (`siblingDescription(of:)`), if any.
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions) throws(ImportError) -> Trace {
        let desc = siblingDescription(of: file)
        let descBytes = desc.flatMap { FileManager.default.contents(atPath: $0) }.map { [UInt8]($0) }
        return try read(bytes, file: file, description: descBytes, descriptionFile: desc, options: options)
    }

    /// The `.desc` beside an evemu recording: of the `.desc` files in its folder, the one with
    /// the longest name that is the recording's name (without `.events`) or a prefix of it
    /// ending at a word boundary (the next character is not a letter or digit):
    /// `Pad Finger single-tap.events` and `Pad Finger.2.events` both take `Pad Finger.desc`,
    /// not `Pad Fin.desc`. The reader names the file it used in a notice.
    static func siblingDescription(of path: String) -> String? {
        let folder = PathText.deletingLastComponent(path)
        let stem = PathText.deletingExtension(PathText.lastComponent(path))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        var best: String?
        for name in names where name.hasSuffix(".desc") {
            let descStem = String(name.dropLast(5))
            guard !descStem.isEmpty, matchesAtWordBoundary(stem, prefix: descStem) else { continue }
            if best.map({ descStem.utf8.count > $0.utf8.count || (descStem.utf8.count == $0.utf8.count && descStem < $0) }) ?? true {
                best = descStem
            }
        }
        return best.map { PathText.appending(folder, $0 + ".desc") }
    }

    /// Whether `name` is `prefix`, or starts with it and goes on with a character that is not a
    /// letter or digit.
    static func matchesAtWordBoundary(_ name: String, prefix: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let rest = name.dropFirst(prefix.count)
        guard let next = rest.first else { return true }
        return !(next.isLetter || next.isNumber)
    }
}
