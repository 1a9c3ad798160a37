/// Why a stroke or trace is invalid, naming the stroke, the sample and what was expected.
public struct TraceError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The trace's name, if known.
    public var trace: String?
    /// The stroke index (0-based), if the problem is in one stroke.
    public var stroke: Int?
    /// The sample index (0-based) within the stroke, if the problem is at one sample.
    public var sample: Int?
    /// What is wrong and what was expected.
    public var message: String

    public init(trace: String? = nil, stroke: Int? = nil, sample: Int? = nil, _ message: String) {
        self.trace = trace
        self.stroke = stroke
        self.sample = sample
        self.message = message
    }

    public var description: String {
        var parts: [String] = []
        if let trace { parts.append("trace '\(trace)'") }
        if let stroke { parts.append("stroke \(stroke)") }
        if let sample { parts.append("sample \(sample)") }
        return parts.isEmpty ? message : parts.joined(separator: ", ") + ": " + message
    }
}
