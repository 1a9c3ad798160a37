import InkTraces

/// The ground truth of every stroke of a trace, built once and shared by all strategies,
/// with the bounds the perceived-latency search derives from each stroke's path.
public struct TraceTruth: Sendable {
    /// One truth per stroke, in the trace's stroke order.
    public let strokes: [GroundTruth]
    /// Whether every stroke's path is piecewise linear (a recording): the search then uses
    /// ``polyline`` in place of ``bounds``.
    let isPolyline: Bool

    /// One per stroke: the search's bounds on its path (``PathBounds``), derived once per
    /// path and kept with it (``/InkTraces/CubicPath``'s `derived(_:)`: looked up after
    /// that); empty where ``isPolyline`` (a polyline search derives them only if it needs
    /// them: 32 bytes a sample of a recording).
    var bounds: [PathBounds] { isPolyline ? [] : PathBounds.of(strokes) }
    /// One per stroke where ``isPolyline``: the search's polyline tables (``PolylineBounds``),
    /// derived once per path and kept with it like ``bounds``; nil otherwise.
    var polyline: [PolylineBounds]? { isPolyline ? strokes.map { $0.path.derived { PolylineBounds($0) } } : nil }

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
        self.init(deferringBounds: strokes)
        deriveBounds()
    }

    /// The truth made of these strokes' truths without deriving their bounds: they are derived
    /// by `deriveBounds()`, or by the first perceived-latency search that needs them. The
    /// replays need only the paths, so they can start while another thread derives the
    /// bounds (a one-hour recording's take hundreds of milliseconds). The same truth, to the
    /// bit, as `init(strokes:)`'s.
    package init(deferringBounds strokes: [GroundTruth]) {
        self.strokes = strokes
        isPolyline = !strokes.isEmpty && strokes.allSatisfy { $0.path.isPiecewiseLinear }
    }

    /// Derives every stroke's bounds (those the search will use) and keeps them with its path;
    /// a no-op where they are already derived.
    package func deriveBounds() {
        if isPolyline { _ = polyline } else { _ = bounds }
    }
}
