import InkTraces

/// The ground truth of every stroke of a trace, built once and shared by all strategies,
/// with the bounds the perceived-latency search derives from each stroke's path.
public struct TraceTruth: Sendable {
    /// One truth per stroke, in the trace's stroke order.
    public let strokes: [GroundTruth]
    /// One per stroke: the search's bounds on its path (``PathBounds``), computed once per
    /// path and kept with it; empty where ``polyline`` is set (a polyline search derives them
    /// only if it needs them: 32 bytes a sample of a recording).
    let bounds: [PathBounds]
    /// One per stroke where every stroke's path is piecewise linear (a recording): the
    /// search's polyline tables (``PolylineBounds``); nil otherwise.
    let polyline: [PolylineBounds]?

    /// The truths of `trace`'s strokes; a recording's paths built by up to `jobs` threads each
    /// (``/InkTraces/Stroke/groundTruth(jobs:)``: the same truth for any value).
    public init(_ trace: Trace, jobs: Int = 1) {
        self.init(strokes: trace.strokes.map { $0.groundTruth(jobs: jobs) })
    }

    /// The truth made of these strokes' truths (a trace's, in its stroke order), with their
    /// bounds. The bounds are kept with each stroke's path once derived, so the truth of a
    /// trace whose strokes were first made into truths of a few strokes each (on several
    /// threads) derives none again: the same truth, to the bit, as one made at once.
    public init(strokes: [GroundTruth]) {
        self.strokes = strokes
        polyline = PolylineBounds.of(strokes)
        bounds = polyline == nil ? PathBounds.of(strokes) : []
    }
}
