extension ImportError {
    /// An error at a line of a text file.
    static func at(_ file: String, line: Int, _ message: String) -> ImportError {
        ImportError(file: file, line: line, message)
    }

    /// An error at a byte of a binary file.
    static func at(_ file: String, byte: Int, _ message: String) -> ImportError {
        ImportError(file: file, byteOffset: byte, message)
    }
}
