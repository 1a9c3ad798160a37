/// Why a file could not be read: the file, where in it (line or byte offset), and what was
/// expected there.
///
/// ```swift
/// throw ImportError(file: "pen.csv", line: 12, "column 'x' is 'abc'; expected a number")
/// ```
public struct ImportError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file's path as given.
    public var file: String
    /// The 1-based line of a text file, if the problem is on one line.
    public var line: Int?
    /// The 0-based byte offset in a binary file, if the problem is at one byte.
    public var byteOffset: Int?
    /// What is wrong and what was expected.
    public var message: String

    public init(file: String, line: Int? = nil, byteOffset: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.byteOffset = byteOffset
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        if let byteOffset { return "\(file): byte \(byteOffset): \(message)" }
        return "\(file): \(message)"
    }
}
