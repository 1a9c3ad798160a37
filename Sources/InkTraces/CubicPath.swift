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
/// Immutable and shared: strokes with the same analytic shape share one path.
public final class CubicPath: @unchecked Sendable {
    // @unchecked: the only mutable-looking state is `raw`, pointers into one allocation that is
    // written once in `init`, never again, and freed in `deinit`.
    /// Knot times (s), strictly increasing; at least one.
    public let knots: [Double]
    /// Pieces per bounding box.
    public static let blockSize = 16
    /// An upper bound on the speed `|p'(t)|` anywhere on the path (mm/s).
    public let maxSpeed: Double
    /// The half-width (s) of the window over which ``local(at:)`` bounds the path's
    /// acceleration and velocity jumps.
    public static let localWindow = 0.010
    /// The half-width (s) of the window over which ``local(at:)`` bounds the path's speed.
    public static let speedWindow = 0.050
    /// The half-width (s) of the window over which ``local(at:)`` bounds the third-order
    /// remainder (`jerk`).
    public static let jerkWindow = 0.050
    /// The smallest `|δ|` (s) for which ``local(at:)``'s `jerk` bounds the third-order
    /// remainder: velocity and acceleration jumps in the window are folded into it as if of
    /// third order, which holds from this `|δ|` on.
    public static let jerkFloor = 0.002
    /// Whether every piece is a straight segment.
    public let isPiecewiseLinear: Bool
    /// The path's tables, as raw pointers into one allocation owned by this path, so that the
    /// hot loops (position, piece lookup, window distance, the latency search's local bounds)
    /// run without bounds checks or reference counting: 8 coefficients per piece (ax, ay, bx,
    /// by, cx, cy, dx, dy), the four local bounds of ``local(at:)`` per piece, the knots, the
    /// bounding boxes (minX, maxX, minY, maxY) of each block of ``blockSize`` pieces, enlarged
    /// by the pieces' largest deviation from their chords, each piece's reach, end point and
    /// sag, and the first piece of each time bucket (``RawTables``).
    @usableFromInline let raw: RawTables

    /// The piecewise-linear path through samples (times strictly increasing, at least one).
    public convenience init(polylineT t: [Double], x: [Double], y: [Double]) {
        precondition(!t.isEmpty && t.count == x.count && t.count == y.count)
        var coef = [Double]()
        coef.reserveCapacity(8 * (t.count - 1))
        for j in 0..<(t.count - 1) {
            let dt = t[j + 1] - t[j]
            coef += [x[j], (x[j + 1] - x[j]) / dt, 0, 0, y[j], (y[j + 1] - y[j]) / dt, 0, 0]
        }
        self.init(knots: t, coef: coef, start: (x[0], y[0]), end: (x[x.count - 1], y[y.count - 1]), linear: true)
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
        var p = knots.map(position)
        var v = knots.map(velocity)
        var coef = [Double]()
        coef.reserveCapacity(8 * pieces)
        for j in 0..<pieces {
            let dt = knots[j + 1] - knots[j]
            for axis in 0..<2 {
                let p0 = axis == 0 ? p[j].x : p[j].y
                let p1 = axis == 0 ? p[j + 1].x : p[j + 1].y
                let m0 = axis == 0 ? v[j].x : v[j].y
                let m1 = axis == 0 ? v[j + 1].x : v[j + 1].y
                let slope = (p1 - p0) / dt
                coef += [p0, m0, (3 * slope - 2 * m0 - m1) / dt, (m0 + m1 - 2 * slope) / (dt * dt)]
            }
        }
        let start = p[0], end = p[p.count - 1]
        p.removeAll()
        v.removeAll()
        self.init(knots: knots, coef: coef, start: start, end: end, linear: false)
    }

    private init(knots: [Double], coef: [Double], start: (x: Double, y: Double), end: (x: Double, y: Double), linear: Bool) {
        self.knots = knots
        isPiecewiseLinear = linear
        let pieces = knots.count - 1
        let bucketStart = knots[0]
        var bucketScale = 0.0
        var buckets: [Int32] = []
        if pieces > 0 {
            let span = knots[pieces] - knots[0]
            let scale = Double(pieces) / span
            bucketScale = scale
            buckets = [Int32](repeating: 0, count: pieces)
            var j = 0
            for b in 0..<pieces {
                let tb = knots[0] + Double(b) / scale
                while j + 1 < pieces && knots[j + 1] <= tb { j += 1 }
                buckets[b] = Int32(j)
            }
        }
        var maxSpeed = 0.0
        var boxes = [Double]()
        let blocks = (pieces + CubicPath.blockSize - 1) / CubicPath.blockSize
        boxes.reserveCapacity(4 * blocks)
        for block in 0..<blocks {
            var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
            var sag = 0.0
            for j in (block * CubicPath.blockSize)..<min(pieces, (block + 1) * CubicPath.blockSize) {
                let dt = knots[j + 1] - knots[j]
                let c = j * 8
                for (px, py) in [(coef[c], coef[c + 4]), CubicPath.evaluate(coef, c, dt)] {
                    minX = min(minX, px); maxX = max(maxX, px); minY = min(minY, py); maxY = max(maxY, py)
                }
                sag = max(sag, CubicPath.sagBound(coef, c, dt))
                maxSpeed = max(maxSpeed, CubicPath.speedBound(coef, c, dt))
            }
            boxes += [minX - sag, maxX + sag, minY - sag, maxY + sag]
        }
        self.maxSpeed = maxSpeed * (1 + 1e-12)
        let jumps = CubicPath.knotJumps(knots: knots, coef: coef)
        let (accel, kinks) = CubicPath.localBounds(knots: knots, coef: coef, jumps: jumps)
        let speeds = CubicPath.speedBounds(knots: knots, coef: coef)
        let jerks = CubicPath.jerkBounds(knots: knots, coef: coef, jumps: jumps)
        raw = RawTables(
            knots: knots, coef: coef, buckets: buckets, boxes: boxes, accel: accel, kinks: kinks, speeds: speeds,
            jerks: jerks,
            bucketStart: bucketStart, bucketScale: bucketScale, start: start, end: end)
    }

    deinit { raw.deallocate() }

    /// Per piece `j`, over the times `knots[j] - localWindow ... knots[j+1] + localWindow`: a
    /// bound on `|p''|` where the path is twice differentiable, and the sum of the jumps
    /// `|p'(k+) - p'(k-)|` at the knots `k` there (the held ends count as velocity 0, so a path
    /// that starts or stops moving has a jump at its end knot). Both are enlarged for rounding.
    /// `jumps` are the knots' (``knotJumps(knots:coef:)``).
    static func localBounds(
        knots: [Double], coef: [Double], jumps: (velocity: [Double], acceleration: [Double])
    ) -> (accel: [Double], kinks: [Double]) {
        let pieces = knots.count - 1
        guard pieces > 0 else { return ([], []) }
        let pieceAccel = (0..<pieces).map { j in accelerationBound(coef, j * 8, knots[j + 1] - knots[j]) }
        let accel = windowMaximum(pieceAccel, knots: knots, window: localWindow)
        let kinks = windowSum(jumps.velocity, knots: knots, window: localWindow).map { $0 * (1 + 1e-9) + 1e-12 }
        return (accel, kinks)
    }

    /// Per piece `j`, a bound `J` (mm/s³) on the third-order remainder: for any `t` in the
    /// piece (or held next to it) and ``jerkFloor`` `<= |δ| <=` ``jerkWindow``,
    ///
    ///     |p(t + δ) - p(t) - p'(t) δ - p''(t) δ² / 2| <= J |δ|³ / 6,
    ///
    /// `p''(t)` the second derivative of the piece holding `t` (0 where the position is held,
    /// as ``local(at:)`` gives it). Over `t ± jerkWindow` the
    /// remainder is at most `max|p'''| |δ|³/6 + K₂ δ²/2 + K₁ |δ|`, `K₁` and `K₂` the summed
    /// jumps of `p'` and `p''` at the knots there (the held ends count as 0); for `|δ|` at
    /// least the floor `f`, `K₂ δ²/2 <= 3K₂/f · |δ|³/6` and `K₁|δ| <= 6K₁/f² · |δ|³/6`, so
    /// `J = max|p'''| + 3K₂/f + 6K₁/f²`, enlarged for rounding. A Hermite table of a smooth
    /// curve has tiny jumps and a `J` near its largest jerk; a polyline's kinks make it large.
    /// `jumps` are the knots' (``knotJumps(knots:coef:)``).
    static func jerkBounds(
        knots: [Double], coef: [Double], jumps: (velocity: [Double], acceleration: [Double])
    ) -> [Double] {
        let pieces = knots.count - 1
        guard pieces > 0 else { return [] }
        let pieceJerk = (0..<pieces).map { j -> Double in
            let c = j * 8
            let jx = 6 * coef[c + 3], jy = 6 * coef[c + 7]
            return (jx * jx + jy * jy).squareRoot()
        }
        let w = jerkWindow, f = jerkFloor
        let jerk = windowMaximum(pieceJerk, knots: knots, window: w)
        let kv = windowSum(jumps.velocity, knots: knots, window: w)
        let ka = windowSum(jumps.acceleration, knots: knots, window: w)
        return (0..<pieces).map { j in (jerk[j] + 3 * ka[j] / f + 6 * kv[j] / (f * f)) * (1 + 1e-9) + 1e-9 }
    }

    /// Per knot, the jumps `|p'(k+) - p'(k-)|` and `|p''(k+) - p''(k-)|` (the velocity and the
    /// second derivative leaving less arriving; the held ends count as 0 on their side).
    static func knotJumps(knots: [Double], coef: [Double]) -> (velocity: [Double], acceleration: [Double]) {
        let pieces = knots.count - 1
        var velocity = [Double](repeating: 0, count: knots.count)
        var acceleration = [Double](repeating: 0, count: knots.count)
        for k in 0...pieces {
            let arriving = k == 0 ? (x: 0.0, y: 0.0) : slope(coef, (k - 1) * 8, knots[k] - knots[k - 1])
            let leaving = k == pieces ? (x: 0.0, y: 0.0) : slope(coef, k * 8, 0)
            let dx = leaving.x - arriving.x, dy = leaving.y - arriving.y
            velocity[k] = (dx * dx + dy * dy).squareRoot()
            let a0 = k == 0 ? (x: 0.0, y: 0.0) : secondDerivative(coef, (k - 1) * 8, knots[k] - knots[k - 1])
            let a1 = k == pieces ? (x: 0.0, y: 0.0) : secondDerivative(coef, k * 8, 0)
            let ax = a1.x - a0.x, ay = a1.y - a0.y
            acceleration[k] = (ax * ax + ay * ay).squareRoot()
        }
        return (velocity, acceleration)
    }

    /// Per piece `j`, the sum of the per-knot `values` over the knots in `knots[j] - window ...
    /// knots[j+1] + window`, in knot order.
    static func windowSum(_ values: [Double], knots: [Double], window w: Double) -> [Double] {
        let pieces = knots.count - 1
        var out = [Double](repeating: 0, count: max(0, pieces))
        var klo = 0, khi = 0  // knots within the window: klo ..< khi
        for j in 0..<max(0, pieces) {
            while knots[klo] < knots[j] - w { klo += 1 }
            khi = max(khi, klo)
            while khi < knots.count && knots[khi] <= knots[j + 1] + w { khi += 1 }
            var sum = 0.0
            for i in klo..<khi { sum += values[i] }
            out[j] = sum
        }
        return out
    }

    /// Per piece `j`, the largest of `values` over the pieces that overlap the times
    /// `knots[j] - window ... knots[j+1] + window`, enlarged for rounding.
    static func windowMaximum(_ values: [Double], knots: [Double], window w: Double) -> [Double] {
        let pieces = values.count
        var out = [Double](repeating: 0, count: pieces)
        var lo = 0  // first piece ending after knots[j] - w
        var hi = 0  // last piece starting before knots[j+1] + w
        for j in 0..<pieces {
            while knots[lo + 1] < knots[j] - w { lo += 1 }
            hi = max(hi, j)
            while hi + 1 < pieces && knots[hi + 1] <= knots[j + 1] + w { hi += 1 }
            var m = 0.0
            for i in lo...hi { m = max(m, values[i]) }
            out[j] = m * (1 + 1e-9) + 1e-12
        }
        return out
    }

    /// Per piece `j`, a bound on the speed `|p'|` (mm/s) over the times `knots[j] -
    /// speedWindow ... knots[j+1] + speedWindow` (0 where the position is held), enlarged for
    /// rounding: what bounds how far the path moves in up to ``speedWindow`` from a time in
    /// piece `j`.
    static func speedBounds(knots: [Double], coef: [Double]) -> [Double] {
        let pieces = knots.count - 1
        guard pieces > 0 else { return [] }
        let pieceSpeed = (0..<pieces).map { j in speedBound(coef, j * 8, knots[j + 1] - knots[j]) }
        return windowMaximum(pieceSpeed, knots: knots, window: speedWindow)
    }

    /// A bound on the speed `|p'|` over the first `dt` of the piece at `coef[c...]`: the length
    /// of the vector whose components are `|b| + 2|c| dt + 3|d| dt²` per axis.
    @inlinable
    static func speedBound(_ coef: [Double], _ c: Int, _ dt: Double) -> Double {
        let sx = abs(coef[c + 1]) + 2 * abs(coef[c + 2]) * dt + 3 * abs(coef[c + 3]) * dt * dt
        let sy = abs(coef[c + 5]) + 2 * abs(coef[c + 6]) * dt + 3 * abs(coef[c + 7]) * dt * dt
        return (sx * sx + sy * sy).squareRoot()
    }

    /// The number of pieces (knots minus one).
    @inlinable public var pieceCount: Int { knots.count - 1 }
    /// The first knot's time (s).
    @inlinable public var startTime: Double { knots[0] }
    /// The last knot's time (s).
    @inlinable public var endTime: Double { knots[knots.count - 1] }

    @inlinable
    static func evaluate(_ coef: [Double], _ c: Int, _ s: Double) -> (x: Double, y: Double) {
        (
            coef[c] + s * (coef[c + 1] + s * (coef[c + 2] + s * coef[c + 3])),
            coef[c + 4] + s * (coef[c + 5] + s * (coef[c + 6] + s * coef[c + 7]))
        )
    }

    /// The derivative `b + 2c s + 3d s²` per axis of the piece at `coef[c...]`, at `s`.
    @inlinable
    static func slope(_ coef: [Double], _ c: Int, _ s: Double) -> (x: Double, y: Double) {
        (
            coef[c + 1] + s * (2 * coef[c + 2] + s * 3 * coef[c + 3]),
            coef[c + 5] + s * (2 * coef[c + 6] + s * 3 * coef[c + 7])
        )
    }

    /// The second derivative `2c + 6d s` per axis of the piece at `coef[c...]`, at `s`.
    static func secondDerivative(_ coef: [Double], _ c: Int, _ s: Double) -> (x: Double, y: Double) {
        (2 * coef[c + 2] + 6 * coef[c + 3] * s, 2 * coef[c + 6] + 6 * coef[c + 7] * s)
    }

    /// A bound on `|p''|` over the first `dt` of the piece at `coef[c...]`: the length of the
    /// vector whose components are `2|c| + 6|d| dt` per axis.
    @inlinable
    static func accelerationBound(_ coef: [Double], _ c: Int, _ dt: Double) -> Double {
        let ax = 2 * abs(coef[c + 2]) + 6 * abs(coef[c + 3]) * dt
        let ay = 2 * abs(coef[c + 6]) + 6 * abs(coef[c + 7]) * dt
        return (ax * ax + ay * ay).squareRoot()
    }

    /// A bound on the distance between a piece (over any sub-interval of length up to `dt`)
    /// and its chord: `dt²/8 · max|p''|`.
    @inlinable
    static func sagBound(_ coef: [Double], _ c: Int, _ dt: Double) -> Double {
        if coef[c + 2] == 0 && coef[c + 3] == 0 && coef[c + 6] == 0 && coef[c + 7] == 0 { return 0 }
        return dt * dt / 8 * accelerationBound(coef, c, dt)
    }

    /// The index of the piece holding time `t`, for `startTime <= t < endTime`.
    @inlinable
    public func piece(at t: Double) -> Int { raw.piece(at: t) }

    /// The position (mm) at time `t` (s), held before the first and after the last knot.
    @inlinable
    public func position(at t: Double) -> (x: Double, y: Double) { raw.position(at: t) }

    /// The derivative (mm/s) at time `t` (s); zero where the position is held.
    @inlinable
    public func derivative(at t: Double) -> (x: Double, y: Double) { raw.derivative(at: t) }

    /// The path around time `t` (s): the position (mm, equal to ``position(at:)``), the
    /// derivative (mm/s, as ``derivative(at:)``), the second derivative `(ax, ay)` (mm/s², of
    /// the piece holding `t`), and bounds over windows around `t`:
    ///
    /// - `accel` (mm/s²) on `|p''|` where the path is twice differentiable and `kink` (mm/s),
    ///   the summed velocity jumps, over `t ± localWindow`. For `|δ| <= localWindow` they bound
    ///   the second-order remainder:
    ///
    ///       |p(t + δ) - p(t) - p'(t) δ| <= accel · δ² / 2 + kink · |δ|
    ///
    /// - `speed` (mm/s), a bound on `|p'|` over `t ± speedWindow`, so that
    ///   `|p(t + δ) - p(t)| <= speed · |δ|` for `|δ| <= speedWindow`;
    /// - `jerk` (mm/s³), which bounds the third-order remainder for
    ///   `jerkFloor <= |δ| <= jerkWindow` (`jerkBounds(knots:coef:jumps:)`):
    ///
    ///       |p(t + δ) - p(t) - p'(t) δ - p''(t) δ² / 2| <= jerk · |δ|³ / 6
    ///
    /// Where the position is held, `p'(t)` and `p''(t)` are 0 and the bounds are those of the
    /// nearest piece.
    @inlinable @inline(__always)
    public func local(
        at t: Double
    ) -> (
        x: Double, y: Double, vx: Double, vy: Double, ax: Double, ay: Double, accel: Double, kink: Double,
        speed: Double, jerk: Double
    ) {
        raw.local(at: t)
    }

    /// ``local(at:)`` with the position (mm), velocity (mm/s) and second derivative (mm/s²) as
    /// vectors `(x, y)`: the same values, for loops that work on both axes at once.
    @inlinable @inline(__always)
    public func localXY(at t: Double) -> Local {
        raw.localXY(at: t)
    }

    /// What ``localXY(at:)`` returns.
    public typealias Local = (
        p: SIMD2<Double>, v: SIMD2<Double>, a: SIMD2<Double>, accel: Double, kink: Double, speed: Double, jerk: Double
    )

    /// The pen's position (mm) at time `t` (s) as a vector `(x, y)`: ``position(at:)``.
    @inlinable @inline(__always)
    public func positionXY(at t: Double) -> SIMD2<Double> { raw.positionXY(at: t) }

    /// The smallest distance (mm) from point `(qx, qy)` to the path over times `from...to` (s),
    /// the window clamped to the path's span (held end points included).
    ///
    /// Exact for linear pieces; for cubic pieces the nearest point is found by Newton's
    /// method from the chord's nearest point, so the result is a distance to a point on the
    /// path within 1e-9 mm of the nearest point of that piece on the smooth synthetic curves.
    public func distance(fromX qx: Double, y qy: Double, from t0: Double, to t1: Double) -> Double {
        raw.distance(qx, qy, t0, t1, hint: nil)
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
        raw.distance(qx, qy, t0, t1, hint: hint)
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
        raw.distanceBound(qx, qy, t0, t1, hint: hint, refined: refined)
    }
}

extension CubicPath {
    /// The path's tables as raw pointers into one allocation (see ``CubicPath/raw``).
    @usableFromInline
    struct RawTables {
        /// 8 coefficients per piece, interleaved by axis: `(ax, ay, bx, by, cx, cy, dx, dy)` at
        /// `8 j`, so that ``pair(_:_:)`` loads both axes of one coefficient; the start of the
        /// one allocation (64-byte aligned, so that a piece's coefficients share one cache
        /// line), freed by ``deallocate()``.
        @usableFromInline let coef: UnsafeMutablePointer<Double>
        /// Per piece, the bounds ``CubicPath/local(at:)`` gives, side by side in one 32-byte
        /// record at `4 j` (one cache line for all four): `accel` and `kink`
        /// (``CubicPath/localBounds(knots:coef:jumps:)``), `speed` (``CubicPath/speedBounds(knots:coef:)``)
        /// and `jerk` (``CubicPath/jerkBounds(knots:coef:jumps:)``).
        @usableFromInline let localTable: UnsafeMutablePointer<Double>
        /// ``CubicPath/knots``.
        @usableFromInline let knots: UnsafeMutablePointer<Double>
        /// 4 bounds per block (minX, maxX, minY, maxY).
        @usableFromInline let boxes: UnsafeMutablePointer<Double>
        /// Per piece, its last point (x, y), as ``evaluate(_:_:)`` gives it at the piece's
        /// end, and ``sagBound(_:_:)`` over the whole piece: what a window's interior pieces
        /// need, looked up instead of computed.
        @usableFromInline let ends: UnsafeMutablePointer<Double>
        @usableFromInline let sags: UnsafeMutablePointer<Double>
        /// The first piece of each time bucket.
        @usableFromInline let buckets: UnsafeMutablePointer<Int32>
        /// Per piece, a bound on how far it strays from its first point: `dt` times the length
        /// of the vector whose components are `|b| + |c| dt + |d| dt²` per axis, enlarged for
        /// rounding. A piece whose first point is further than `best` plus this from the query
        /// point cannot hold a nearer point.
        @usableFromInline let reach: UnsafeMutablePointer<Double>
        /// Knots (at least one); pieces is one less.
        @usableFromInline let knotCount: Int
        /// Bounding boxes (blocks of ``CubicPath/blockSize`` pieces).
        @usableFromInline let blockCount: Int
        /// Time of bucket 0 and buckets per second.
        @usableFromInline let bucketStart: Double
        @usableFromInline let bucketScale: Double
        /// The held positions before the first and after the last knot.
        @usableFromInline let startX: Double, startY: Double, endX: Double, endY: Double

        init(
            knots: [Double], coef: [Double], buckets: [Int32], boxes: [Double], accel: [Double], kinks: [Double],
            speeds: [Double], jerks: [Double],
            bucketStart: Double, bucketScale: Double, start: (x: Double, y: Double), end: (x: Double, y: Double)
        ) {
            knotCount = knots.count
            blockCount = boxes.count / 4
            let pieces = max(0, knots.count - 1)
            let doubles = coef.count + 4 * pieces + knots.count + boxes.count + 4 * pieces
            let memory = UnsafeMutableRawPointer.allocate(
                byteCount: doubles * 8 + max(1, buckets.count) * 4, alignment: 64)
            let d = memory.bindMemory(to: Double.self, capacity: doubles)
            self.coef = d
            self.localTable = d + coef.count
            self.knots = d + coef.count + 4 * pieces
            self.boxes = self.knots + knots.count
            for (i, v) in knots.enumerated() { self.knots[i] = v }
            // Interleaved per piece: (ax, ay, bx, by, cx, cy, dx, dy), so that one load gives
            // both axes of a coefficient.
            for j in 0..<pieces {
                for i in 0..<4 {
                    self.coef[8 * j + 2 * i] = coef[8 * j + i]
                    self.coef[8 * j + 2 * i + 1] = coef[8 * j + 4 + i]
                }
            }
            for (i, v) in boxes.enumerated() { self.boxes[i] = v }
            reach = self.boxes + boxes.count
            ends = reach + pieces
            sags = reach + 3 * pieces
            for j in 0..<pieces {
                localTable[4 * j] = accel[j]
                localTable[4 * j + 1] = kinks[j]
                localTable[4 * j + 2] = speeds[j]
                localTable[4 * j + 3] = jerks[j]
            }
            for j in 0..<pieces {
                let dt = knots[j + 1] - knots[j]
                let c = j * 8
                let sx = abs(coef[c + 1]) + abs(coef[c + 2]) * dt + abs(coef[c + 3]) * dt * dt
                let sy = abs(coef[c + 5]) + abs(coef[c + 6]) * dt + abs(coef[c + 7]) * dt * dt
                reach[j] = dt * (sx * sx + sy * sy).squareRoot() * (1 + 1e-9) + 1e-12
            }
            for j in 0..<pieces {
                let dt = knots[j + 1] - knots[j]
                let end = CubicPath.evaluate(coef, j * 8, dt)
                ends[2 * j] = end.x
                ends[2 * j + 1] = end.y
                sags[j] = CubicPath.sagBound(coef, j * 8, dt)
            }
            let b = (memory + doubles * 8).bindMemory(to: Int32.self, capacity: max(1, buckets.count))
            for (i, v) in buckets.enumerated() { b[i] = v }
            self.buckets = b
            self.bucketStart = bucketStart
            self.bucketScale = bucketScale
            startX = start.x
            startY = start.y
            endX = end.x
            endY = end.y
        }

        func deallocate() { UnsafeMutableRawPointer(coef).deallocate() }

        /// Both axes of coefficient `i` (0 to 3: a, b, c, d) of the piece at `c` (`8 j`).
        @inlinable @inline(__always)
        func pair(_ c: Int, _ i: Int) -> SIMD2<Double> {
            SIMD2(coef[c &+ 2 &* i], coef[c &+ 2 &* i &+ 1])
        }

        /// Same arithmetic as ``CubicPath/evaluate(_:_:_:)``, both axes at once (lane by lane
        /// the same operations, so the same values to the bit).
        @inlinable @inline(__always)
        func evaluateXY(_ c: Int, _ s: Double) -> SIMD2<Double> {
            pair(c, 0) + s * (pair(c, 1) + s * (pair(c, 2) + s * pair(c, 3)))
        }

        /// Same arithmetic as ``CubicPath/evaluate(_:_:_:)``.
        @inlinable @inline(__always)
        func evaluate(_ c: Int, _ s: Double) -> (x: Double, y: Double) {
            let p = evaluateXY(c, s)
            return (p.x, p.y)
        }

        /// Same arithmetic as ``CubicPath/slope(_:_:_:)``, both axes at once.
        @inlinable @inline(__always)
        func slopeXY(_ c: Int, _ s: Double) -> SIMD2<Double> {
            pair(c, 1) + s * (2 * pair(c, 2) + (s * 3) * pair(c, 3))
        }

        /// Same arithmetic as ``CubicPath/slope(_:_:_:)``.
        @inlinable @inline(__always)
        func slope(_ c: Int, _ s: Double) -> (x: Double, y: Double) {
            let v = slopeXY(c, s)
            return (v.x, v.y)
        }

        /// Same as ``CubicPath/sagBound(_:_:_:)``.
        @inlinable @inline(__always)
        func sagBound(_ c: Int, _ dt: Double) -> Double {
            if coef[c + 4] == 0 && coef[c + 6] == 0 && coef[c + 5] == 0 && coef[c + 7] == 0 { return 0 }
            let ax = 2 * abs(coef[c + 4]) + 6 * abs(coef[c + 6]) * dt
            let ay = 2 * abs(coef[c + 5]) + 6 * abs(coef[c + 7]) * dt
            return dt * dt / 8 * (ax * ax + ay * ay).squareRoot()
        }

        @inlinable @inline(__always)
        func piece(at t: Double) -> Int {
            let pieces = knotCount - 1
            // Truncation, not floor: the walks below settle on the one piece holding `t` from
            // any start, so the bucket only has to be close (and a libm call is not).
            // Clamped before the conversion, which then needs no range check (and a time that is
            // not a number lands in bucket 0 rather than trapping).
            let u = (t - bucketStart) * bucketScale
            let b = u >= 1 ? (u < Double(pieces - 1) ? Int(u) : max(0, pieces - 1)) : 0
            var j = Int(buckets[b])
            while j + 1 < pieces && knots[j + 1] <= t { j += 1 }
            while j > 0 && knots[j] > t { j -= 1 }
            return j
        }

        @inlinable @inline(__always)
        func position(at t: Double) -> (x: Double, y: Double) {
            let p = positionXY(at: t)
            return (p.x, p.y)
        }

        @inlinable @inline(__always)
        func positionXY(at t: Double) -> SIMD2<Double> {
            if !(t > knots[0]) { return SIMD2(startX, startY) }
            if t >= knots[knotCount - 1] { return SIMD2(endX, endY) }
            let j = piece(at: t)
            return evaluateXY(j &* 8, t - knots[j])
        }

        @inlinable
        func derivative(at t: Double) -> (x: Double, y: Double) {
            if !(t > knots[0]) || t >= knots[knotCount - 1] { return (0, 0) }
            let j = piece(at: t)
            return slope(j &* 8, t - knots[j])
        }

        @inlinable @inline(__always)
        func local(
            at t: Double
        ) -> (
            x: Double, y: Double, vx: Double, vy: Double, ax: Double, ay: Double, accel: Double, kink: Double,
            speed: Double, jerk: Double
        ) {
            let l = localXY(at: t)
            return (l.p.x, l.p.y, l.v.x, l.v.y, l.a.x, l.a.y, l.accel, l.kink, l.speed, l.jerk)
        }

        /// ``local(at:)`` with the position, velocity and second derivative as vectors `(x, y)`:
        /// the same values.
        @inlinable @inline(__always)
        func localXY(at t: Double) -> CubicPath.Local {
            if knotCount < 2 { return (SIMD2(startX, startY), .zero, .zero, 0, 0, 0, 0) }
            if !(t > knots[0]) { return held(0, SIMD2(startX, startY)) }
            if t >= knots[knotCount - 1] { return held(knotCount - 2, SIMD2(endX, endY)) }
            return pieceLocal(piece(at: t), t)
        }

        /// ``localXY(at:)`` where the position `p` is held, next to piece `j`.
        @inlinable @inline(__always)
        func held(_ j: Int, _ p: SIMD2<Double>) -> CubicPath.Local {
            let b = j &* 4
            return (p, .zero, .zero, localTable[b], localTable[b &+ 1], localTable[b &+ 2], localTable[b &+ 3])
        }

        /// ``localXY(at:)`` for a time `t` inside piece `j`.
        @inlinable @inline(__always)
        func pieceLocal(_ j: Int, _ t: Double) -> CubicPath.Local {
            let c = j &* 8, b = j &* 4
            let s = t - knots[j]
            let a = 2 * pair(c, 2) + (6 * s) * pair(c, 3)
            return (evaluateXY(c, s), slopeXY(c, s), a, localTable[b], localTable[b &+ 1], localTable[b &+ 2], localTable[b &+ 3])
        }

        /// The nearest point to `q` found so far, and its distance (and squared distance: the
        /// square root is taken only when a point is nearer; the root of the smallest square is
        /// the smallest root, to the bit).
        struct Nearest {
            let qx: Double, qy: Double
            var best = Double.infinity
            var best2 = Double.infinity
            var cx = 0.0, cy = 0.0

            @inline(__always)
            mutating func offer(_ x: Double, _ y: Double) {
                let dx = x - qx, dy = y - qy
                let d2 = dx * dx + dy * dy
                if d2 < best2 {
                    best2 = d2
                    best = d2.squareRoot()
                    cx = x
                    cy = y
                }
            }
        }

        /// See ``CubicPath/distance(fromX:y:from:to:near:)``.
        ///
        /// Keeps the nearest point found, `c`, with its distance `best`, and skips a block or a
        /// piece that cannot hold a nearer point: its box is further than `best` from `q`, its
        /// first point is further than `best` plus its reach, or it lies wholly behind `c` as
        /// seen from `q` (every point `x` has `(x - c)·(q - c) <= 0`, so `|x - q| >= |c - q|`);
        /// the last test is what settles, in a few steps, a tip ahead of a pen that slowed down.
        func distance(_ qx: Double, _ qy: Double, _ t0: Double, _ t1: Double, hint: Double?) -> Double {
            var near = Nearest(qx: qx, qy: qy)
            guard let seeded = seed(&near, t0, t1, hint: hint) else { return near.best }
            let window = Window(a: seeded.a, b: seeded.b, ja: piece(at: seeded.a), jb: seeded.jb)
            let jh = seeded.jh
            if let jh {
                // The piece of the seed's last point first (where the tip's nearest point is
                // expected): a small `best` early lets the boxes, reaches and chords below skip
                // nearly everything else.
                visit(jh, window, &near)
                // Then descend over the first points of the pieces from there to the one nearest
                // q (a lagging tip's nearest point can lie well before the hint, when the pen
                // crawls) and visit the pieces on either side of it.
                @inline(__always) func d2(_ k: Int) -> Double {
                    let ex = coef[k &* 8] - qx, ey = coef[k &* 8 + 1] - qy
                    return ex * ex + ey * ey
                }
                let ja = window.ja, jb = window.jb
                var k = jh
                var fk = d2(k)
                while k > ja {
                    let f = d2(k - 1)
                    guard f < fk else { break }
                    k -= 1
                    fk = f
                }
                if k == jh {
                    while k < jb {
                        let f = d2(k + 1)
                        guard f < fk else { break }
                        k += 1
                        fk = f
                    }
                }
                if k != jh { visit(k, window, &near) }
                if k - 1 >= ja && k - 1 != jh { visit(k - 1, window, &near) }
            }
            let ja = window.ja, jb = window.jb
            // The blocks, newest first, 64 at a time: first which of them can hold a nearer
            // point (tested branch-free against the best known now, which only falls), then
            // the pieces of those few.
            let firstBlock = ja / CubicPath.blockSize
            var chunkEnd = jb / CubicPath.blockSize  // the chunk's newest block
            while chunkEnd >= firstBlock {
                let chunkStart = max(firstBlock, chunkEnd - 63)
                let best = near.best
                // The direction from c to q, and a margin for rounding (mm times |w|).
                let wx = qx - near.cx, wy = qy - near.cy
                let margin = 1e-9 * (wx * wx + wy * wy).squareRoot()
                var mask: UInt64 = 0
                for block in chunkStart...chunkEnd {
                    let bx = block &* 4
                    let dx = max(boxes[bx] - qx, 0, qx - boxes[bx + 1])
                    let dy = max(boxes[bx + 2] - qy, 0, qy - boxes[bx + 3])
                    let ahead = ((wx > 0 ? boxes[bx + 1] : boxes[bx]) - near.cx) * wx
                        + ((wy > 0 ? boxes[bx + 3] : boxes[bx + 2]) - near.cy) * wy
                    let hit = (dx * dx + dy * dy < best * best ? 1 : 0) & (ahead > -margin ? 1 : 0)
                    mask |= UInt64(truncatingIfNeeded: hit) << UInt64(block - chunkStart)
                }
                while mask != 0 {
                    // Newest block first.
                    let bit = 63 - mask.leadingZeroBitCount
                    mask &= ~(UInt64(1) << UInt64(bit))
                    let block = chunkStart + bit
                    let lo = max(block * CubicPath.blockSize, ja)
                    var i = min((block + 1) * CubicPath.blockSize - 1, jb)
                    while i >= lo {
                        // Skip a piece whose first point is too far for any of it to be nearer
                        // (with margin: skipping less never changes the minimum), or which lies
                        // behind c.
                        let ex = coef[i &* 8] - qx, ey = coef[i &* 8 + 1] - qy
                        let limit = near.best + reach[i]
                        if ex * ex + ey * ey < limit * limit * (1 + 1e-9) {
                            let ux = qx - near.cx, uy = qy - near.cy
                            let u = (ux * ux + uy * uy).squareRoot()
                            let behind = (coef[i &* 8] - near.cx) * ux + (coef[i &* 8 + 1] - near.cy) * uy + reach[i] * u
                            if behind > -1e-9 * u { visit(i, window, &near) }
                        }
                        i -= 1
                    }
                }
                chunkEnd = chunkStart - 1
            }
            return near.best
        }

        /// The start of every distance query: clamps the window to the path's span, and offers
        /// `near` the window's end `p(b)` and, with a hint, the hint's point `p(h)` (`h` the hint
        /// clamped to the window), then the points of `steps` Gauss-Newton steps from there.
        /// Returns the window, its end's piece and the piece of the last point offered, or nil
        /// when the window is a single point (then `near` holds the answer).
        ///
        /// ``distanceBound(_:_:_:_:hint:refined:)`` stops here (before the Gauss-Newton steps
        /// unless `refined`), so its bound is, to the bit, a distance that
        /// ``distance(_:_:_:_:hint:)`` offers and can only improve on; the refined bound
        /// offers a superset of the unrefined one's points, so it is never larger either.
        @inline(__always)
        func seed(
            _ near: inout Nearest, _ t0: Double, _ t1: Double, hint: Double?, steps: Int = 2,
            end: (j: Int, p: (x: Double, y: Double))? = nil
        ) -> (a: Double, b: Double, jb: Int, jh: Int?)? {
            guard let (a, b) = window(t0, t1, &near) else { return nil }
            // The window's start needs no offer of its own: the first piece is visited unless
            // it cannot beat the best.
            let (jb, pb) = end ?? endPoint(b)
            near.offer(pb.x, pb.y)
            guard let hint else { return (a, b, jb, nil) }
            var h = min(max(hint, a), b)
            var (j, p) = point(at: h, b, jb, pb)
            if h < b { near.offer(p.x, p.y) }
            // Two Gauss-Newton steps along the path from there, `h += (q - p(h))·p'(h) / |p'(h)|²`
            // (the foot of the perpendicular on the tangent): they take a tip that lags or
            // leads along the path to about its nearest point, so the bound is nearly the
            // distance.
            for _ in 0..<steps {
                let v = slope(j &* 8, h - knots[j])
                let vv = v.x * v.x + v.y * v.y
                guard vv > 0 else { break }
                let next = min(max(h + ((near.qx - p.x) * v.x + (near.qy - p.y) * v.y) / vv, a), b)
                // (A tip that is not finite makes no step, and no point is nearer to it.)
                guard next.isFinite, next != h else { break }
                h = next
                (j, p) = point(at: h, b, jb, pb)
                near.offer(p.x, p.y)
            }
            return (a, b, jb, j)
        }

        /// The position and derivative at `t` (as ``local(at:)`` gives them) and
        /// ``distanceBound(_:_:_:_:hint:refined:)`` (unrefined) over `t0...t`, sharing the
        /// point at `t`: inside the path's span both compute it as ``endPoint(_:)`` does
        /// (``piece(at:)``, then ``evaluate(_:_:)``), so the bound is the same to the bit.
        @usableFromInline
        func positionVelocityAndBound(
            _ qx: Double, _ qy: Double, _ t0: Double, _ t: Double, hint: Double
        ) -> (x: Double, y: Double, vx: Double, vy: Double, bound: Double) {
            guard knotCount >= 2, t > knots[0], t < knots[knotCount - 1] else {
                let l = localXY(at: t)
                return (l.p.x, l.p.y, l.v.x, l.v.y, distanceBound(qx, qy, t0, t, hint: hint, refined: false))
            }
            let j = piece(at: t)
            let c = j &* 8
            let s = t - knots[j]
            let p = evaluateXY(c, s), v = slopeXY(c, s)
            var near = Nearest(qx: qx, qy: qy)
            _ = seed(&near, t0, t, hint: hint, steps: 0, end: (j, (p.x, p.y)))
            return (p.x, p.y, v.x, v.y, near.best)
        }

        /// See ``CubicPath/distanceBound(fromX:y:from:to:near:refined:)``.
        func distanceBound(_ qx: Double, _ qy: Double, _ t0: Double, _ t1: Double, hint: Double, refined: Bool) -> Double {
            var near = Nearest(qx: qx, qy: qy)
            _ = seed(&near, t0, t1, hint: hint, steps: refined ? 2 : 0)
            return near.best
        }

        /// The window `t0...t1` clamped to the path's span, or nil when that is a single point
        /// (then offered to `near`: the whole answer).
        @inline(__always)
        func window(_ t0: Double, _ t1: Double, _ near: inout Nearest) -> (a: Double, b: Double)? {
            let first = knots[0], last = knots[knotCount - 1]
            let a = min(max(t0, first), last)
            let b = min(max(t1, first), last)
            guard a < b, knotCount > 1 else {
                let pb = position(at: b)
                near.offer(pb.x, pb.y)
                return nil
            }
            return (a, b)
        }

        /// The piece holding the window's end `b` and the point there (the held end point
        /// after the last knot).
        @inline(__always)
        func endPoint(_ b: Double) -> (j: Int, p: (x: Double, y: Double)) {
            let last = knots[knotCount - 1]
            let jb = b >= last ? knotCount - 2 : piece(at: b)
            return (jb, b >= last ? (x: endX, y: endY) : evaluate(jb &* 8, b - knots[jb]))
        }

        /// The piece and point at time `h` of a window ending at `b` (`h <= b`), given the
        /// end's piece and point. Pieces of times in the window lie in the window's pieces:
        /// `piece(at:)` is monotone.
        @inline(__always)
        func point(
            at h: Double, _ b: Double, _ jb: Int, _ pb: (x: Double, y: Double)
        ) -> (j: Int, p: (x: Double, y: Double)) {
            if h >= b { return (jb, pb) }
            let j = piece(at: h)
            return (j, evaluate(j &* 8, h - knots[j]))
        }

        /// A distance query's window: times `a...b` (s), in pieces `ja...jb`.
        struct Window {
            let a: Double, b: Double, ja: Int, jb: Int
        }

        /// Offers `near` the nearest point of piece `i` within the window.
        @inline(__always)
        func visit(_ i: Int, _ w: Window, _ near: inout Nearest) {
            let s0 = i == w.ja ? w.a - knots[i] : 0
            let s1 = i == w.jb ? w.b - knots[i] : knots[i + 1] - knots[i]
            pieceDistance(i, s0, s1, &near)
        }

        /// Offers `near` the nearest point to q of piece i over s0...s1, unless the piece's
        /// chord shows it cannot beat `near.best`.
        func pieceDistance(_ i: Int, _ s0: Double, _ s1: Double, _ near: inout Nearest) {
            let qx = near.qx, qy = near.qy
            let c = i &* 8
            // An interior piece (the whole of it) has its ends and sag in the tables.
            let whole = s0 == 0 && s1 == knots[i + 1] - knots[i]
            let p0 = s0 == 0 ? (x: coef[c], y: coef[c + 1]) : evaluate(c, s0)
            let p1 = whole ? (x: ends[2 &* i], y: ends[2 &* i + 1]) : evaluate(c, s1)
            let ex = p1.x - p0.x, ey = p1.y - p0.y
            let len2 = ex * ex + ey * ey
            var lambda = len2 > 0 ? ((qx - p0.x) * ex + (qy - p0.y) * ey) / len2 : 0
            lambda = min(max(lambda, 0), 1)
            let sag = whole ? sags[i] : sagBound(c, s1 - s0)
            if sag == 0 {
                near.offer(p0.x + lambda * ex, p0.y + lambda * ey)
                return
            }
            let cx = p0.x + lambda * ex - qx, cy = p0.y + lambda * ey - qy
            // |chord point - q| - sag >= best, in squares (with a hair of margin: pruning less
            // never changes the minimum).
            let reachable = near.best + sag
            if cx * cx + cy * cy >= reachable * reachable * (1 + 1e-12) { return }
            // Newton on g(s) = (p(s) - q) · p'(s), from the chord's nearest point.
            var s = s0 + lambda * (s1 - s0)
            near.offer(p0.x, p0.y)
            near.offer(p1.x, p1.y)
            for _ in 0..<6 {
                let p = evaluate(c, s)
                let (d1x, d1y) = slope(c, s)
                let d2x = 2 * coef[c + 4] + 6 * coef[c + 6] * s
                let d2y = 2 * coef[c + 5] + 6 * coef[c + 7] * s
                let rx = p.x - qx, ry = p.y - qy
                near.offer(p.x, p.y)
                let g = rx * d1x + ry * d1y
                let gp = d1x * d1x + d1y * d1y + rx * d2x + ry * d2y
                guard gp > 0 else { break }
                let next = min(max(s - g / gp, s0), s1)
                if abs(next - s) < 1e-15 { break }
                s = next
            }
            let p = evaluate(c, s)
            near.offer(p.x, p.y)
        }
    }
}
