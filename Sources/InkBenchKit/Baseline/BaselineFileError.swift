/// A baseline, results folder or `summary.csv` that cannot be used: the file, the line when
/// known, and what was expected.
///
/// ```swift
/// BaselineFileError(path: "Benchmarks/baseline/default-ipad-60.csv", line: 14, "expected 18 fields, found 17")
/// // Benchmarks/baseline/default-ipad-60.csv:14: expected 18 fields, found 17
/// ```
public struct BaselineFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var message: String

    public init(path: String, line: Int?, _ message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}
