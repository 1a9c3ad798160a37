import InkTraces

/// What the perceived-latency search needs of a piecewise-linear ground truth (a recording's
/// polyline) beyond ``PathBounds``: the velocity jump at each knot, so that the search can
/// bound the cost around an evaluated shift to second order although the path has a kink at
/// every sample (``LatencySearch/evaluatePolyline(_:_:)``).
///
/// Between knots a polyline is exactly linear in time: for a frame whose shifted time `t`
/// lies `κ_i` (s) after knot `i`, the knots before it, `p(t - δ) = p(t) - p'(t) δ + E` with
/// `|E| <= Σ_i jumps[i] (δ - κ_i)⁺` (each knot's jump acts only once `δ` passes it; the same
/// forward in time). ``slack`` (mm) covers where the pieces as stored do not meet exactly (a
/// piece's end `a + dt b` is its next piece's start only to rounding) over any window of
/// twice ``reach``, and ``maxCoordinate`` (mm) is the largest `|x|` or `|y|` of the path, for
/// the rounding of positions.
///
/// ```swift
/// let kinks = path.derived { PolylineBounds($0) }   // path.isPiecewiseLinear
/// let jump = kinks.jumps[j]                         // mm/s at knot j
/// ```
struct PolylineBounds: Sendable {
    /// How far (s) from an evaluated shift the polyline bound reaches (either side).
    static let reach = 0.020
    /// Per knot: the velocity jump `|p'(k+) - p'(k-)|` there (mm/s; the held ends count as
    /// velocity 0), enlarged for rounding.
    let jumps: [Double]
    /// A bound (mm) on how far the stored pieces miss each other at the knots, summed over
    /// the knots of any window of twice ``reach``, the held end included.
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
            jumps = [0]
            slack = 0
            maxCoordinate = max(abs(p.x), abs(p.y))
            return
        }
        let coefficients = (0..<pieces).map { path.coefficients(ofPiece: CubicPath.PieceIndex($0)) }
        jumps = PathBounds.knotJumps(knots, coefficients).velocity.map { $0 * (1 + 1e-9) + 1e-12 }
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
        var lo = 0
        for i in knots.indices {
            while knots[lo] < knots[i] - 2 * PolylineBounds.reach { lo += 1 }
            most = max(most, i - lo + 1)
        }
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
