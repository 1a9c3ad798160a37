/// A tolerance option or tolerance-file line that cannot be used, with what was expected.
///
/// ```swift
/// do { _ = try ToleranceTable.parseOption("overshoot=x") } catch { print(error) }
/// // tolerance 'overshoot=x': unknown figure 'overshoot'; known: perceived_latency_ms, ...
/// ```
public struct ToleranceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
