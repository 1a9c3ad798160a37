import InkTraces

/// The ground truth of every stroke of a trace, built once and shared by all strategies.
public struct TraceTruth: Sendable {
    /// One truth per stroke, in the trace's stroke order.
    public let strokes: [GroundTruth]

    public init(_ trace: Trace) {
        strokes = trace.strokes.map { $0.groundTruth() }
    }
}
