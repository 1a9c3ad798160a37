import InkTraces

/// What the perceived-latency search needs of a piecewise-linear ground truth (a recording's
/// polyline), in place of ``PathBounds``: the velocity jump at each knot, so that the search
/// can bound the cost around an evaluated shift to second order although the path has a kink
/// at every sample (``LatencySearch/polylineTable(_:m:_:reach:)``), and each piece's top speed within
/// ``PathBounds/speedWindow``, for the first-order bound. Four bytes a knot for each, where
/// ``PathBounds`` keeps 32 a piece: of those the polyline search reads only the speed, and the
/// full records are derived only where a search needs them (``LatencySearch/fullBounds()``).
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
/// let jump = Double(kinks.jumps[j])                 // mm/s at knot j
/// ```
struct PolylineBounds: Sendable {
    /// How far (s) from an evaluated shift the polyline bound reaches (either side).
    static let reach = 0.020
    /// Per knot: the velocity jump `|p'(k+) - p'(k-)|` there (mm/s; the held ends count as
    /// velocity 0), enlarged for rounding and rounded up to single precision.
    let jumps: [Float]
    /// Per knot: the velocity jump as a vector, `p'(k+) - p'(k-)` (mm/s, the held ends count as
    /// velocity 0), rounded to single precision (within `1e-7` of its length, which ``jumps``
    /// bounds): the signed polyline bound's (``LatencySearch/signedKinks``), where the jumps'
    /// directions let the residuals' and velocities' contributions cancel.
    let jumpVectors: [SIMD2<Float>]
    /// A bound (mm/s) on the sum of ``jumps`` over the knots of any window of twice ``reach``:
    /// what bounds the signed bound's rounding of ``jumpVectors`` at every offset.
    let jumpWindow: Double
    /// Per piece (one zero for a path of one knot): ``PathBounds``' speed bound, the top speed
    /// `|p'|` (mm/s) over the piece's times widened by ``PathBounds/speedWindow``, rounded up
    /// to single precision, so still a bound.
    let speeds: [Float]
    /// An upper bound on the speed anywhere on the path (mm/s): ``PathBounds/maxSpeed``, the
    /// same value.
    let maxSpeed: Double
    /// A bound (mm) on how far the stored pieces miss each other at the knots, summed over
    /// the knots of any window of twice ``reach``, the held end included.
    let slack: Double
    /// The largest `|x|` or `|y|` of the path's knots (mm).
    let maxCoordinate: Double

    /// `x` in single precision, rounded up (towards +infinity; `Float.infinity` beyond its
    /// range): a bound stays a bound.
    static func roundedUp(_ x: Double) -> Float {
        let f = Float(x)
        return Double(f) < x ? f.nextUp : f
    }

    /// The bounds of `path` (piecewise linear: its pieces' `c` and `d` are zero), read piece
    /// by piece (no table of the coefficients: a one-hour recording has 864,000 pieces).
    init(_ path: CubicPath) {
        let knots = path.knots
        let pieces = path.pieceCount
        guard pieces > 0 else {
            let p = path.position(at: path.startTime)
            jumps = [0]
            jumpVectors = [.zero]
            jumpWindow = 0
            speeds = [0]
            maxSpeed = 0
            slack = 0
            maxCoordinate = max(abs(p.x), abs(p.y))
            return
        }
        var jumps = [Float](repeating: 0, count: knots.count)
        var jumpVectors = [SIMD2<Float>](repeating: .zero, count: knots.count)
        var pieceSpeed = [Double](repeating: 0, count: pieces)
        var speed = 0.0, coordinate = 0.0
        let held = path.position(at: path.endTime)
        // Piece `j`'s coefficients, read in place (``CubicPath/coefficient(_:ofPiece:)``).
        @inline(__always) func piece(_ j: Int) -> CubicPath.Coefficients {
            let p = CubicPath.PieceIndex(j)
            return CubicPath.Coefficients(
                a: path.coefficient(0, ofPiece: p), b: path.coefficient(1, ofPiece: p), c: path.coefficient(2, ofPiece: p),
                d: path.coefficient(3, ofPiece: p))
        }
        var previous: CubicPath.Coefficients? = nil
        // Piece j, read once (as the next piece's start while at piece j - 1).
        var current: CubicPath.Coefficients? = piece(0)
        // The largest miss squared: its square root is the largest miss, to the bit (the
        // square root is correctly rounded, so it keeps the order), with one root, not one a piece.
        var missSquared = 0.0
        for j in 0...pieces {
            let c = current
            // The jump at knot j: as ``PathBounds/knotJumps(_:_:)`` computes it (the held ends
            // count as velocity 0), enlarged as before and rounded up.
            let arriving = previous.map { PathBounds.slope($0, knots[j] - knots[j - 1]) } ?? (x: 0.0, y: 0.0)
            let leaving = c.map { PathBounds.slope($0, 0) } ?? (x: 0.0, y: 0.0)
            let dx = leaving.x - arriving.x, dy = leaving.y - arriving.y
            jumps[j] = PolylineBounds.roundedUp((dx * dx + dy * dy).squareRoot() * (1 + 1e-9) + 1e-12)
            jumpVectors[j] = SIMD2(Float(dx), Float(dy))
            guard let c else { break }
            let dt = knots[j + 1] - knots[j]
            pieceSpeed[j] = PathBounds.speedBound(c, dt)
            speed = max(speed, pieceSpeed[j])
            // Where the pieces as stored miss each other: piece j ends at `a + dt b` (exact
            // arithmetic), which is the next piece's `a` (or the held end) only to rounding.
            let end = c.a + dt * c.b
            current = j + 1 < pieces ? piece(j + 1) : nil
            let next = current?.a ?? SIMD2(held.x, held.y)
            let gap = end - next
            missSquared = max(missSquared, (gap * gap).sum())
            coordinate = max(coordinate, abs(c.a.x), abs(c.a.y), abs(end.x), abs(end.y), abs(next.x), abs(next.y))
            previous = c
        }
        let miss = missSquared.squareRoot()
        self.jumps = jumps
        self.jumpVectors = jumpVectors
        maxSpeed = speed * (1 + 1e-12)
        speeds = PathBounds.windowMaximum(pieceSpeed, knots: knots, window: PathBounds.speedWindow).map(PolylineBounds.roundedUp)
        // The most knots in a window of twice the local window.
        // And the largest sum of jumps there (a running sum, recomputed as the window moves
        // on: jumps are non-negative, so the largest window's sum is bounded).
        var most = 0
        var lo = 0
        var window = 0.0, windowMax = 0.0
        for i in knots.indices {
            window += Double(jumps[i])
            while knots[lo] < knots[i] - 2 * PolylineBounds.reach {
                window -= Double(jumps[lo])
                lo += 1
            }
            most = max(most, i - lo + 1)
            windowMax = max(windowMax, window)
        }
        var total = 0.0
        for jump in jumps { total += Double(jump) }
        maxCoordinate = coordinate
        // The running sum's rounding: at most an ulp of the total for each of its adds and
        // subtractions.
        jumpWindow = (windowMax + Double(2 * knots.count + 8) * total.ulp) * (1 + 1e-9)
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
