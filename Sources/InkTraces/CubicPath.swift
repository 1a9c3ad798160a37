/// A planar path made of cubic pieces in time: the representation of every ground truth.
///
/// Between knot times `k_j` and `k_{j+1}` the position is `a + b s + c s² + d s³` per axis,
/// `s = t - k_j`. A recording's path has linear pieces through its samples (the benchmark
/// model's "linear interpolation of the recorded samples"); a synthetic path has cubic
/// Hermite pieces through the exact analytic positions and velocities at knots 1 ms apart,
/// which reproduce straight lines exactly and the S-curves within 5e-6 mm (the fast
/// S-curve's worst case; 2e-8 mm on the slow one), exact at the knots.
/// Before the first knot and after the last the position is held (the pen has not started,
/// or has stopped or lifted).
///
/// Geometry only: knots, pieces, position, derivatives and nearest-point distance. What a
/// metric derives from the path (the perceived-latency search's bounds) lives with that
/// metric, in InkMetrics, which reads the pieces through the package-only
/// `coefficients(ofPiece:)` and `geometry(at:)`.
///
/// Immutable and shared: strokes with the same analytic shape share one path.
public final class CubicPath: @unchecked Sendable {
    // @unchecked: the only mutable-looking state is `storage`, pointers into one allocation
    // that is written once in `init`, never again, and freed in `deinit`.
    /// Knot times (s), strictly increasing; at least one.
    public let knots: [Double]
    /// Pieces per bounding box.
    static let blockSize = 16
    /// Whether every piece is a straight segment.
    public let isPiecewiseLinear: Bool
    /// The path's tables (``Storage``): the one place that reads them through pointers.
    @usableFromInline let storage: Storage
    /// What other modules derive from the path (``derived(_:)``).
    private let derivedValues = DerivedValues()

    /// The piecewise-linear path through samples (times strictly increasing, at least one).
    ///
    /// - Parameters:
    ///   - t: the sample times (s).
    ///   - x: the sample positions (mm), one per time.
    ///   - y: the sample positions (mm), one per time.
    ///   - jobs: how many threads may build the tables (a long path is split into runs of
    ///     65,536 pieces or more); the path is the same, to the bit, for any value.
    public init(polylineT t: [Double], x: [Double], y: [Double], jobs: Int = 1) {
        precondition(!t.isEmpty && t.count == x.count && t.count == y.count)
        knots = t
        isPiecewiseLinear = true
        storage = Storage(polylineT: t, x: x, y: y, jobs: jobs)
        #if DEBUG
            checkInvariants()
        #endif
    }

    /// The piecewise-linear path through samples built from its segments' coefficients by the
    /// general constructor: the oracle of ``init(polylineT:x:y:jobs:)``, which writes the same
    /// tables without the coefficient array (the tests compare the two).
    package convenience init(polylineThroughCoefficientsT t: [Double], x: [Double], y: [Double]) {
        precondition(!t.isEmpty && t.count == x.count && t.count == y.count)
        var pieces = [Coefficients]()
        pieces.reserveCapacity(t.count - 1)
        for j in 0..<(t.count - 1) {
            let dt = t[j + 1] - t[j]
            pieces.append(
                Coefficients(
                    a: SIMD2(x[j], y[j]), b: SIMD2((x[j + 1] - x[j]) / dt, (y[j + 1] - y[j]) / dt), c: .zero, d: .zero))
        }
        self.init(
            knots: t, pieces: pieces, start: SIMD2(x[0], y[0]), end: SIMD2(x[x.count - 1], y[y.count - 1]), linear: true)
    }

    /// The cubic Hermite path through exact positions and velocities at `pieces + 1` knots
    /// spaced evenly over `0...duration` (s), from a position and velocity function (mm, mm/s).
    public convenience init(
        hermiteOver duration: Double, pieces: Int,
        position: (Double) -> (x: Double, y: Double), velocity: (Double) -> (x: Double, y: Double)
    ) {
        precondition(duration > 0 && pieces >= 1)
        let h = duration / Double(pieces)
        var knots = [Double]()
        knots.reserveCapacity(pieces + 1)
        for j in 0...pieces { knots.append(j == pieces ? duration : Double(j) * h) }
        let p = knots.map { position($0) }.map { SIMD2($0.x, $0.y) }
        let v = knots.map { velocity($0) }.map { SIMD2($0.x, $0.y) }
        var table = [Coefficients]()
        table.reserveCapacity(pieces)
        for j in 0..<pieces {
            let dt = knots[j + 1] - knots[j]
            // Per axis, lane by lane the same arithmetic.
            let slope = (p[j + 1] - p[j]) / dt
            let m0 = v[j], m1 = v[j + 1]
            table.append(
                Coefficients(
                    a: p[j], b: m0, c: (3 * slope - 2 * m0 - m1) / dt, d: (m0 + m1 - 2 * slope) / (dt * dt)))
        }
        self.init(knots: knots, pieces: table, start: p[0], end: p[p.count - 1], linear: false)
    }

    private init(knots: [Double], pieces: [Coefficients], start: SIMD2<Double>, end: SIMD2<Double>, linear: Bool) {
        self.knots = knots
        isPiecewiseLinear = linear
        storage = Storage(knots: knots, pieces: pieces, start: start, end: end)
        #if DEBUG
            checkInvariants()
        #endif
    }

    deinit { storage.deallocate() }

    /// Checks the path's invariants (``Storage/checkInvariants()``, and that the tables hold
    /// ``knots``), trapping with the one that fails. Linear in the pieces; run after
    /// construction in debug builds and by the tests.
    package func checkInvariants() {
        storage.checkInvariants()
        precondition(storage.knotCount == knots.count, "the tables hold \(storage.knotCount) knots of \(knots.count)")
        for (k, t) in knots.enumerated() {
            precondition(storage.knots[k] == t, "knot \(k) is \(storage.knots[k]) in the tables, \(t) in knots")
        }
    }

    /// A value another module derives from this path (a table of its own): `make(self)` on
    /// the first call for type `T`, then the same value, kept with the path (``DerivedValues``).
    package func derived<T: Sendable>(_ make: (CubicPath) -> T) -> T {
        derivedValues.value { make(self) }
    }

    /// The number of pieces (knots minus one).
    @inlinable public var pieceCount: Int { knots.count - 1 }
    /// The first knot's time (s).
    @inlinable public var startTime: Double { knots[0] }
    /// The last knot's time (s).
    @inlinable public var endTime: Double { knots[knots.count - 1] }

    /// The piece holding time `t`, for `startTime <= t < endTime` (the nearest piece outside).
    @inlinable
    package func piece(at t: Double) -> PieceIndex { storage.piece(at: t) }

    /// Piece `j`'s coefficients (`0 <= j.offset < pieceCount`, checked): its position is
    /// `a + b s + c s² + d s³` (mm) at `s` seconds after knot `j`.
    package func coefficients(ofPiece j: PieceIndex) -> Coefficients {
        precondition(j.offset >= 0 && j.offset < pieceCount, "piece \(j.offset) of a path of \(pieceCount)")
        return storage.coefficients(j)
    }

    /// Both axes of coefficient `i` (0 to 3: `a`, `b`, `c`, `d`) of piece `j` (`0 <= j.offset <
    /// pieceCount` and `0 <= i < 4`, checked): ``coefficients(ofPiece:)``'s values, read in place
    /// (inlined where called: a loop over a recording's pieces reads them without a call each).
    @inlinable @inline(__always)
    package func coefficient(_ i: Int, ofPiece j: PieceIndex) -> SIMD2<Double> {
        precondition(j.offset >= 0 && j.offset < storage.pieceCount && i >= 0 && i < 4, "coefficient \(i) of piece \(j.offset)")
        return storage.coefficient(j, i)
    }

    /// ``geometry(at:)`` of a piecewise-linear path (``isPiecewiseLinear``, asserted in debug
    /// builds): the same position, derivative and piece, to the bit, read from each piece's
    /// first two coefficients (see `Storage.linearGeometry(at:)`); no second derivative.
    @inlinable @inline(__always)
    package func linearGeometry(at t: Double) -> (p: SIMD2<Double>, v: SIMD2<Double>, piece: PieceIndex) {
        assert(isPiecewiseLinear, "linearGeometry(at:) of a path that is not piecewise linear")
        return storage.linearGeometry(at: t)
    }

    /// ``positionXY(at:)`` of a piecewise-linear path (``isPiecewiseLinear``, asserted in debug
    /// builds): the same bits, read from each piece's first two coefficients.
    @inlinable @inline(__always)
    package func linearPositionXY(at t: Double) -> SIMD2<Double> {
        assert(isPiecewiseLinear, "linearPositionXY(at:) of a path that is not piecewise linear")
        return storage.linearPositionXY(at: t)
    }

    /// The position (mm) at time `t` (s), held before the first and after the last knot.
    @inlinable
    public func position(at t: Double) -> (x: Double, y: Double) { storage.position(at: t) }

    /// The derivative (mm/s) at time `t` (s); zero where the position is held.
    @inlinable
    public func derivative(at t: Double) -> (x: Double, y: Double) { storage.derivative(at: t) }

    /// The pen's position (mm) at time `t` (s) as a vector `(x, y)`: ``position(at:)``.
    @inlinable @inline(__always)
    public func positionXY(at t: Double) -> SIMD2<Double> { storage.positionXY(at: t) }

    /// The path at time `t` (s): the position `p` (mm, equal to ``position(at:)``), the
    /// derivative `v` (mm/s, as ``derivative(at:)``) and the second derivative `a` (mm/s², of
    /// the piece holding `t`), as vectors `(x, y)`, and the piece that holds `t`. Where the
    /// position is held, `v` and `a` are 0 and the piece is the nearest one (the first before
    /// the first knot, the last after the last); a path of one knot gives piece 0, which it
    /// does not have.
    @inlinable @inline(__always)
    package func geometry(at t: Double) -> Geometry { storage.geometry(at: t) }

    /// What ``geometry(at:)`` returns.
    @usableFromInline package typealias Geometry = (p: SIMD2<Double>, v: SIMD2<Double>, a: SIMD2<Double>, piece: PieceIndex)

    /// The smallest distance (mm) from point `(qx, qy)` to the path over times `from...to` (s),
    /// the window clamped to the path's span (held end points included).
    ///
    /// Exact for linear pieces; for cubic pieces the nearest point is found by Newton's
    /// method from the chord's nearest point, so the result is a distance to a point on the
    /// path within 1e-9 mm of the nearest point of that piece on the smooth synthetic curves.
    public func distance(fromX qx: Double, y qy: Double, from t0: Double, to t1: Double) -> Double {
        storage.distance(qx, qy, t0, t1, hint: nil)
    }

    /// ``distance(fromX:y:from:to:)``, looking first around time `hint` (s), where the nearest
    /// point is expected (say, the time the tip was predicted for): it offers the point at the
    /// hint and two Gauss-Newton steps along the path from there, then visits the piece of the
    /// last step first. The distance is the minimum over the window's pieces, and the order
    /// only decides how many pieces the bounding boxes and chords can skip; the one difference
    /// is that those extra points are offered too, which can only be nearer than the Newton
    /// step's points of their pieces, by that step's tolerance (and makes
    /// ``distanceBound(fromX:y:from:to:near:refined:)`` a bound).
    public func distance(fromX qx: Double, y qy: Double, from t0: Double, to t1: Double, near hint: Double) -> Double {
        storage.distance(qx, qy, t0, t1, hint: hint)
    }

    /// An upper bound (mm) on ``distance(fromX:y:from:to:near:)``, from two points of the
    /// window only: its end and the point at `hint` (clamped to the window); `refined` adds the
    /// points of two Gauss-Newton steps along the path from the hint, which take a tip that
    /// lags or leads along the path to about its nearest point. That function offers these
    /// same points, computed the same way, before any other, so its result is never larger,
    /// to the bit, and the refined bound never exceeds the unrefined one. Nanoseconds instead
    /// of a search: callers that need only the largest distances of many queries (a
    /// percentile, a maximum) compute the exact ones only where the bounds show they matter.
    public func distanceBound(
        fromX qx: Double, y qy: Double, from t0: Double, to t1: Double, near hint: Double, refined: Bool = false
    ) -> Double {
        storage.distanceBound(qx, qy, t0, t1, hint: hint, refined: refined)
    }
}
