import InkTraces

/// What the perceived-latency search needs of a piecewise-linear ground truth (a recording's
/// polyline) beyond ``PathBounds``: per knot, the velocity jumps near it, so that the search
/// can bound the cost around an evaluated shift to second order although the path has a kink
/// at every sample (``PerceivedLatency/search(_:truths:)``, "polyline" bound).
///
/// Between knots a polyline is exactly linear in time: for a frame whose shifted time `t`
/// lies `κ` (s) after the knot before it, `p(t - δ) = p(t) - p'(t) δ` exactly for
/// `0 <= δ <= κ`, and beyond that the error is at most `K (δ - κ)` with `K` the summed
/// velocity jumps `|p'(k+) - p'(k-)|` at the knots `k` in `t - δ ... t` (the held ends count
/// as velocity 0). ``back`` and ``forward`` hold those sums per knot over
/// ``PathBounds/localWindow``:
///
/// - `back[i]`: the jumps at the knots in `knots[i] - localWindow ... knots[i]`;
/// - `forward[i]`: the jumps at the knots in `knots[i] ... knots[i] + localWindow`.
///
/// Both are enlarged for rounding. ``slack`` (mm) covers where the pieces as stored do not
/// meet exactly (a piece's end `a + dt b` is its next piece's start only to rounding) over
/// any window of twice ``PathBounds/localWindow``, and ``maxCoordinate`` (mm) is the largest
/// `|x|` or `|y|` of the path, for the rounding of positions.
///
/// ```swift
/// let kinks = PolylineBounds(path)   // path.isPiecewiseLinear
/// let k = kinks.back[j]              // jumps within 10 ms before knot j
/// ```
struct PolylineBounds: Sendable {
    /// Per knot: the summed velocity jumps (mm/s) at the knots up to ``PathBounds/localWindow``
    /// before it, itself included.
    let back: [Double]
    /// Per knot: the summed velocity jumps (mm/s) at the knots up to ``PathBounds/localWindow``
    /// after it, itself included.
    let forward: [Double]
    /// A bound (mm) on how far the stored pieces miss each other at the knots, summed over
    /// the knots of any window of twice ``PathBounds/localWindow``, the held end included.
    let slack: Double
    /// The largest `|x|` or `|y|` of the path's knots (mm).
    let maxCoordinate: Double

    /// The bounds of `path` (piecewise linear: its pieces' `c` and `d` are zero).
    init(_ path: CubicPath) {
        let knots = path.knots
        let pieces = path.pieceCount
        var coordinate = 0.0
        guard pieces > 0 else {
            let p = path.position(at: path.startTime)
            back = [0]
            forward = [0]
            slack = 0
            maxCoordinate = max(abs(p.x), abs(p.y))
            return
        }
        let coefficients = (0..<pieces).map { path.coefficients(ofPiece: CubicPath.PieceIndex($0)) }
        let jumps = PathBounds.knotJumps(knots, coefficients).velocity
        let w = PathBounds.localWindow
        var back = [Double](repeating: 0, count: knots.count)
        var forward = [Double](repeating: 0, count: knots.count)
        // Sliding sums, recomputed per knot (a window holds a few knots): no running sum,
        // whose rounding would need its own margin.
        var lo = 0, hi = 0
        for i in knots.indices {
            while knots[lo] < knots[i] - w { lo += 1 }
            var sum = 0.0
            for l in lo...i { sum += jumps[l] }
            back[i] = sum * (1 + 1e-9) + 1e-12
            hi = max(hi, i)
            while hi + 1 < knots.count && knots[hi + 1] <= knots[i] + w { hi += 1 }
            sum = 0
            for l in i...hi { sum += jumps[l] }
            forward[i] = sum * (1 + 1e-9) + 1e-12
        }
        // Where the pieces as stored miss each other: piece j ends at `a + dt b` (exact
        // arithmetic), which is the next piece's `a` (or the held end) only to rounding.
        var miss = 0.0
        for j in 0..<pieces {
            let c = coefficients[j]
            let dt = knots[j + 1] - knots[j]
            let end = c.a + dt * c.b
            let next = j + 1 < pieces ? coefficients[j + 1].a : SIMD2(path.position(at: path.endTime).x, path.position(at: path.endTime).y)
            let gap = end - next
            miss = max(miss, (gap * gap).sum().squareRoot())
            coordinate = max(coordinate, abs(c.a.x), abs(c.a.y), abs(end.x), abs(end.y), abs(next.x), abs(next.y))
        }
        // The most knots in a window of twice the local window.
        var most = 0
        lo = 0
        for i in knots.indices {
            while knots[lo] < knots[i] - 2 * w { lo += 1 }
            most = max(most, i - lo + 1)
        }
        self.back = back
        self.forward = forward
        maxCoordinate = coordinate
        // The miss as computed, plus the rounding of `a + dt b` (a few ulps of the coordinates).
        slack = (miss + 8 * (coordinate + 1).ulp) * Double(most + 1) * (1 + 1e-9)
    }

    /// One table per truth, computed once per path and kept with it (``/InkTraces/CubicPath``'s
    /// `derived(_:)`), or nil unless every truth's path is piecewise linear.
    static func of(_ truths: [GroundTruth]) -> [PolylineBounds]? {
        guard !truths.isEmpty, truths.allSatisfy({ $0.path.isPiecewiseLinear }) else { return nil }
        return truths.map { $0.path.derived { PolylineBounds($0) } }
    }
}
