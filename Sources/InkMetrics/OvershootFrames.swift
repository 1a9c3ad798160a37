import InkTraces

/// The in-stroke frames of one run as the overshoot figures need them (benchmark model,
/// section 6), with a cheap upper bound on each frame's overshoot, so that the exact
/// distance, a search of the last 250 ms of path, is computed only for the frames that can
/// decide the 95th percentile and the maximum.
///
/// Each frame keeps its photon time, tip, stroke and the time its tip stands for (as an offset
/// from the photon time, in single precision: it only tells the search where to look first),
/// and its bound, ``GroundTruth/distanceBound(fromX:y:from:to:near:)``. Moving frames live
/// in ``moving``, which the perceived-latency search reads too; the few slower in-stroke
/// frames in ``still``.
///
/// ```swift
/// var frames = OvershootFrames()
/// frames.append(moving: true, stroke: 0, photonTime: tau, tipX: qx, tipY: qy, tipTime: t, truth: truth)
/// let (p95, max) = frames.percentileAndMaximum(0.95, truths: truths)!
/// ```
struct OvershootFrames {
    /// The moving in-stroke frames (pen at least ``FigureAccumulator/movingSpeedMMPerS``).
    private(set) var moving = LatencyFrames()
    /// The other in-stroke frames.
    private(set) var still = LatencyFrames()
    /// Per frame of ``moving`` and of ``still``: the overshoot's upper bound (mm), and the time
    /// the tip stands for minus the photon time (s).
    private var movingBound: [Double] = [], stillBound: [Double] = []
    private var movingHint: [Float] = [], stillHint: [Float] = []

    /// The number of frames.
    var count: Int { moving.count + still.count }

    /// Reserves room for `count` moving frames.
    mutating func reserveCapacity(_ count: Int) {
        moving.reserveCapacity(count)
        movingBound.reserveCapacity(count)
        movingHint.reserveCapacity(count)
    }

    /// The time (s) a frame's tip stands for, as kept: its offset from the photon time `tau`,
    /// in single precision (it only decides where a search looks first; every overshoot of a
    /// frame, bound or exact, uses this same rounded hint, so they agree to the bit).
    @inline(__always)
    static func hint(tipTime: Double, photonTime tau: Double) -> Float { Float(tipTime - tau) }

    /// The overshoot (mm) of the tip `(qx, qy)` of a frame with photon time `tau` (s): its
    /// distance to the path over the last ``FigureAccumulator/overshootWindow``, looked for
    /// first at `tau + hint`.
    @inline(__always)
    static func overshoot(_ truth: GroundTruth, _ qx: Double, _ qy: Double, _ tau: Double, hint: Float) -> Double {
        truth.distance(
            fromX: qx, y: qy, from: tau - FigureAccumulator.overshootWindow, to: tau, near: tau + Double(hint))
    }

    /// An upper bound on ``overshoot(_:_:_:_:hint:)`` with the same arguments
    /// (``GroundTruth/distanceBound(fromX:y:from:to:near:)``).
    @inline(__always)
    static func bound(_ truth: GroundTruth, _ qx: Double, _ qy: Double, _ tau: Double, hint: Float) -> Double {
        truth.distanceBound(
            fromX: qx, y: qy, from: tau - FigureAccumulator.overshootWindow, to: tau, near: tau + Double(hint))
    }

    /// Adds an in-stroke frame and computes its bound.
    mutating func append(
        moving isMoving: Bool, stroke: Int, photonTime tau: Double, tipX qx: Double, tipY qy: Double,
        tipTime: Double, truth: GroundTruth
    ) {
        let hint = OvershootFrames.hint(tipTime: tipTime, photonTime: tau)
        let bound = OvershootFrames.bound(truth, qx, qy, tau, hint: hint)
        if isMoving {
            moving.append(stroke: stroke, photonTime: tau, tipX: qx, tipY: qy)
            movingBound.append(bound)
            movingHint.append(hint)
        } else {
            still.append(stroke: stroke, photonTime: tau, tipX: qx, tipY: qy)
            stillBound.append(bound)
            stillHint.append(hint)
        }
    }

    /// The nearest-rank `q` percentile and the maximum of the frames' overshoots (mm), exactly
    /// as computing every frame's overshoot and selecting would give them, and the number of
    /// exact searches it took; nil with no frame.
    ///
    /// With `m = n - ceil(q n) + 1`, the percentile is the `m`-th largest overshoot. Every
    /// exact overshoot `v_i` is at most its bound `u_i`. The exact values are computed first
    /// for the frames whose bounds are among the `m` largest; then, with `V` the `m`-th
    /// largest exact value so far, for every frame whose bound still exceeds `V`, and again
    /// until none does. Then at least `m` exact values are `>= V` and every other frame has
    /// `v_i <= u_i <= V`, so `V` is the `m`-th largest of all and the largest exact value is
    /// the maximum. Bounds are tight for most frames (a tip is usually nearest to the point
    /// of its own time), so this computes a little more than `n - ceil(q n)` searches.
    ///
    /// Leaves the bounds consumed: call once.
    mutating func percentileAndMaximum(
        _ q: Double, truths: [GroundTruth]
    ) -> (percentile: Double, maximum: Double, searches: Int)? {
        let n = count
        guard n > 0 else { return nil }
        let m = n - nearestRank(q, count: n) + 1
        var scratch = movingBound + stillBound
        var threshold = selectSmallest(&scratch, n - m)
        scratch = []
        var exact: [Double] = []
        exact.reserveCapacity(2 * m + 8)
        var first = true
        while true {
            let before = exact.count
            refine(&movingBound, moving, movingHint, above: threshold, inclusive: first, truths: truths, into: &exact)
            refine(&stillBound, still, stillHint, above: threshold, inclusive: first, truths: truths, into: &exact)
            if !first && exact.count == before { break }
            first = false
            var copy = exact
            threshold = selectSmallest(&copy, exact.count - m)
        }
        return (threshold, exact.max() ?? threshold, exact.count)
    }

    /// Computes the exact overshoot of every frame of `frames` whose bound is above
    /// `threshold` (or equal, if `inclusive`), appends it to `exact`, and marks the frame done
    /// (bound -1: bounds are distances, never negative).
    private func refine(
        _ bound: inout [Double], _ frames: LatencyFrames, _ hint: [Float], above threshold: Double,
        inclusive: Bool, truths: [GroundTruth], into exact: inout [Double]
    ) {
        var run = 0
        for i in bound.indices {
            let u = bound[i]
            guard u > threshold || (inclusive && u == threshold) else { continue }
            while frames.runs[run].end <= i { run += 1 }
            exact.append(
                OvershootFrames.overshoot(
                    truths[frames.runs[run].stroke], frames.tipX[i], frames.tipY[i], frames.photonTime[i],
                    hint: hint[i]))
            bound[i] = -1
        }
    }
}
