/// A tolerance option or tolerance-file line that cannot be used, with what was expected.
///
/// ```swift
/// do { _ = try ToleranceTable.parseOption("overshoot=x") } catch { print(error) }
/// // tolerance 'overshoot=x': unknown figure 'overshoot'; known: perceived_latency_ms, ...
/// ```
package struct ToleranceError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
