/// A recording format InkBench reads: the name of a registered ``RecordingReader``.
///
/// Each built-in format's constant (``traceCSV``, ``evemu``, ...) is declared beside its reader;
/// the names, aliases, extensions and scale meanings come from ``RecordingReaders/all``.
///
/// ```swift
/// TraceFormat(name: "evemu")              // .evemu
/// TraceFormat.evemu.fileExtensions        // ["events", "evemu"]
/// ```
public struct TraceFormat: Sendable, Hashable, CustomStringConvertible {
    /// The name used by `--format` and in manifests.
    public let name: String

    /// A format by the name its reader registers (used by the readers' constants; look names up
    /// from text with ``init(name:)``).
    public init(registeredName: String) { name = registeredName }

    /// Looks a format up by its name or one of its reader's aliases (case-insensitive).
    public init?(name: String) {
        let key = name.lowercased()
        guard let reader = RecordingReaders.all.first(where: { $0.format.name == key || $0.aliases.contains(key) }) else {
            return nil
        }
        self = reader.format
    }

    /// Every registered format, in registration order.
    public static var allCases: [TraceFormat] { RecordingReaders.all.map { $0.format } }

    /// The reader registered for this format (`nil` only for a format made with
    /// ``init(registeredName:)`` whose reader is not registered).
    public var reader: (any RecordingReader.Type)? { RecordingReaders.reader(for: self) }

    /// File name extensions (lower case, no dot) that suggest this format.
    public var fileExtensions: [String] { reader?.fileExtensions ?? [] }

    /// What a `--scale` or manifest `scale` value means for this format.
    public var scaleMeaning: String { reader?.scaleMeaning ?? "file units per mm" }

    public var description: String { name }

    /// The names `--format` accepts, for messages.
    public static var namesList: String { allCases.map(\.name).joined(separator: ", ") }
}
