/// Why a browser run failed, with what to do about it.
///
/// ```swift
/// throw BrowserError("Chromium exited during stroke 3 (sample 120 of 400)")
/// ```
public struct BrowserError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The whole message: what happened, where, and what was expected.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
