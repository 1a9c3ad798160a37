/// A usage or input error found after parsing (a bad strategy list, suite, or value): the
/// message says what to fix. `bench` exits with status 2.
///
/// ```swift
/// throw BenchInputError("--chart-trace 'x': no such trace; traces: s-curve slow, ...")
/// ```
public struct BenchInputError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
