/// A baseline, results folder or `summary.csv` that cannot be used: the file, the line when
/// known, and what was expected.
///
/// ```swift
/// BaselineFileError(path: "Benchmarks/baseline/default-ipad-60.csv", line: 14, "expected 18 fields, found 17")
/// // Benchmarks/baseline/default-ipad-60.csv:14: expected 18 fields, found 17
/// ```
package struct BaselineFileError: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var line: Int?
    package var message: String

    package init(path: String, line: Int?, _ message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    package var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}
