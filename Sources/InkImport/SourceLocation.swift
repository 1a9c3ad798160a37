/// Where in a file a sample came from: a 1-based line of a text file or a byte offset of a binary one.
///
/// ```swift
/// let here = SourceLocation.line(12)
/// here.error(file: "pen.svc", "expected 7 columns")   // pen.svc:12: expected 7 columns
/// ```
enum SourceLocation: Sendable, Equatable {
    case line(Int)
    case byte(Int)
    case file

    /// `line 12`, `byte 80`, or `a sample` (a format without lines), for notices.
    var description: String {
        switch self {
        case .line(let n): "line \(n)"
        case .byte(let b): "byte \(b)"
        case .file: "a sample"
        }
    }

    /// An ``ImportError`` at this location.
    func error(file: String, _ message: String) -> ImportError {
        switch self {
        case .line(let n): return ImportError(file: file, line: n, message)
        case .byte(let b): return ImportError(file: file, byteOffset: b, message)
        case .file: return ImportError(file: file, message)
        }
    }
}
