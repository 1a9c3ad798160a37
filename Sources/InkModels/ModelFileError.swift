/// Why a model file could not be used: the file, the byte offset where the problem is (when it
/// is at one place), and what was expected there.
///
/// ```swift
/// throw ModelFileError(file: "m.tflite", byteOffset: 4, "file identifier is 'abcd'; expected 'TFL3'")
/// // m.tflite: byte 4: file identifier is 'abcd'; expected 'TFL3'
/// ```
public struct ModelFileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file's path as given.
    public var file: String
    /// The 0-based byte offset of the problem, if it is at one place in the file.
    public var byteOffset: Int?
    /// What is wrong and what was expected.
    public var message: String

    public init(file: String, byteOffset: Int? = nil, _ message: String) {
        self.file = file
        self.byteOffset = byteOffset
        self.message = message
    }

    public var description: String {
        if let byteOffset { return "\(file): byte \(byteOffset): \(message)" }
        return "\(file): \(message)"
    }
}
