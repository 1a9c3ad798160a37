import InkTraces

/// A reader of one recording format: its name, the file extensions and content it claims, what
/// its scale means, and how it turns bytes into a ``/InkTraces/Trace``.
///
/// A built-in format is its reader's file (the conformance and its ``TraceFormat`` constant) plus
/// one line in ``RecordingReaders/all``; ``TraceFormat``'s names, extensions and scale meanings,
/// ``FormatDetector`` and ``RecordingLoader`` all read the registry. A test fails when a
/// registered reader has no fuzz harness in `scripts/fuzz.sh` or no row in `docs/recordings.md`.
///
/// ```swift
/// extension TraceFormat { public static let myPen = TraceFormat(registeredName: "my-pen") }
/// extension MyPenReader: RecordingReader {
///     public static let format = TraceFormat.myPen
///     public static let fileExtensions = ["mypen"]
///     public static let scaleMeaning = "device units per mm"
/// }
/// ```
public protocol RecordingReader: SendableMetatype {
    /// The format this reader reads; its ``TraceFormat/name`` is the `--format` and manifest name.
    static var format: TraceFormat { get }
    /// Other names `--format` and manifests accept (lower case), besides the format's name.
    static var aliases: [String] { get }
    /// File name extensions (lower case, no dot) that suggest this format.
    static var fileExtensions: [String] { get }
    /// What a `--scale` or manifest `scale` value means for this format.
    static var scaleMeaning: String { get }

    /// The verdict on a file by its extension (`sniff.fileExtension`): `nil` when the extension
    /// is not this format's, or is but the content must decide (then every reader's
    /// ``claimsContent(_:)`` is asked). The default claims ``fileExtensions``.
    static func verdict(byExtension sniff: FormatSniff) -> FormatDetector.Verdict?
    /// Whether a file whose extension says nothing is this format by its content. The default
    /// claims nothing (a binary format is known by its extension only).
    static func claimsContent(_ sniff: FormatSniff) -> Bool

    /// Reads one file's bytes.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - file: the file's path, used in errors and notices (and to find companion files).
    ///   - options: the scale, time unit, axis direction and hover rule for this file.
    /// - Throws: ``ImportError`` naming the file, the line or byte, and what was expected.
    static func read(_ bytes: [UInt8], file: String, options: ImportOptions) throws(ImportError) -> Trace
}

extension RecordingReader {
    public static var aliases: [String] { [] }

    public static func verdict(byExtension sniff: FormatSniff) -> FormatDetector.Verdict? {
        fileExtensions.contains(sniff.fileExtension) ? .format(format) : nil
    }

    public static func claimsContent(_ sniff: FormatSniff) -> Bool { false }
}

/// What format detection looks at in one file: its name's extension and its first bytes, for
/// every reader's ``RecordingReader/claimsContent(_:)``.
///
/// Only the first line is decoded when the sniff is made (the extension usually decides, and
/// a `.csv` or `.txt` needs only its first line); ``text`` and ``wholeText`` decode the bytes
/// each time they are read, so a reader that looks at the text more than once keeps a copy.
public struct FormatSniff: Sendable {
    /// The largest prefix of the file ``text`` and ``firstLine`` look at (bytes): 1 MB.
    public static let headBytes = 1 << 20
    /// The file's last extension, lower case, without the dot ("" when it has none).
    public let fileExtension: String
    /// The bytes after a UTF-8 byte-order mark, if any.
    public let body: ArraySlice<UInt8>
    /// The first line of ``text`` that does not start with `#` ("" when there is none): of the
    /// lines split at every newline `Character` (`\n`, `\r`, `\r\n`, VT, FF, NEL, LS, PS), the
    /// empty ones left out.
    public let firstLine: String

    /// Keeps `head`, the file's bytes (or its first bytes), and decodes its first line.
    public init(path: String, head: [UInt8]) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        fileExtension = name.contains(".") ? (name.split(separator: ".").last.map { $0.lowercased() } ?? "") : ""
        let bom = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        body = head[bom...]
        firstLine = Self.firstLine(body.prefix(Self.headBytes))
    }

    /// The first 1 MB of ``body`` as UTF-8 text (decoded on every read).
    public var text: String { String(decoding: body.prefix(Self.headBytes), as: UTF8.self) }

    /// The first line of `bytes` that does not start with `#` (the `firstLine` property), found
    /// on the bytes: only the lines up to it are decoded.
    ///
    /// The same line as splitting `String(decoding: bytes, as: UTF8.self)` at its newline
    /// `Character`s: every newline scalar is a grapheme cluster of its own (or `\r\n`, two
    /// separators with nothing between), its UTF-8 bytes (`0A`-`0D`, `C2 85`, `E2 80 A8`,
    /// `E2 80 A9`) can be no other character's, and they end any ill-formed sequence before
    /// them, so each line decodes to the same text alone as within the whole.
    static func firstLine(_ bytes: ArraySlice<UInt8>) -> String {
        var start = bytes.startIndex
        var i = start
        let end = bytes.endIndex
        while i <= end {
            var width = 0
            if i == end {
                width = 1  // the last line
            } else {
                let b = bytes[i]
                if b >= 0x0A && b <= 0x0D {
                    width = 1
                } else if b == 0xC2, i + 1 < end, bytes[i + 1] == 0x85 {
                    width = 2
                } else if b == 0xE2, i + 2 < end, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    width = 3
                }
            }
            if width == 0 {
                i += 1
                continue
            }
            if i > start {
                let line = String(decoding: bytes[start..<i], as: UTF8.self)
                if !line.hasPrefix("#") { return line }
            }
            i += width
            start = i
        }
        return ""
    }

    /// All of ``body`` as text when it is over 1 MB (JSON keys may come after a long first
    /// array), else ``text``.
    public var wholeText: String {
        body.count > Self.headBytes ? String(decoding: body, as: UTF8.self) : text
    }

    /// A field without the blanks around it and without carriage returns.
    static func trimmed(_ field: Substring) -> String {
        String(TraceCSVReader.trim(field).filter { $0 != "\r" })
    }
}
