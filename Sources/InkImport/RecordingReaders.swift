/// The recording formats InkBench reads: the one place a reader is registered.
///
/// The order is the order ``TraceFormat/allCases`` lists the formats (in `--format`'s help and
/// messages) and the order in which ``FormatDetector`` asks each reader about a file's extension
/// and then its content.
public enum RecordingReaders {
    /// Every registered reader.
    public static let all: [any RecordingReader.Type] = [
        TraceCSVReader.self,
        EvemuReader.self,
        SVCReader.self,
        GoogleInkReader.self,
        PointerEventsReader.self,
        MobileHCI17Reader.self,
        MyPaintEventsReader.self,
        CuriousDrawingReader.self,
        InkMLReader.self,
    ]

    /// The reader registered for `format`.
    public static func reader(for format: TraceFormat) -> (any RecordingReader.Type)? {
        all.first { $0.format == format }
    }
}
