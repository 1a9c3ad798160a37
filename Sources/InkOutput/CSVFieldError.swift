/// A malformed CSV line: where and what was expected.
///
/// ```swift
/// do { _ = try CSVFields.split("a,\"b") } catch { print(error) }   // column 4: a quoted field is not closed
/// ```
package struct CSVFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based character column.
    package var column: Int
    package var message: String
    package var description: String { "column \(column): \(message)" }
}
