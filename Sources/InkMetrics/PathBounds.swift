import InkTraces

/// Bounds on how a ground-truth path moves around any time, per piece: what the
/// perceived-latency search (``PerceivedLatency/search(_:truths:)``) needs to exclude shifts
/// without evaluating them. Derived here from the path's geometry (its knots and piece
/// coefficients, ``/InkTraces/CubicPath``); the path itself knows nothing of them.
///
/// Per piece `j` (and, where the position is held before the first or after the last knot,
/// the nearest piece's), with `δ` a time offset (s):
///
/// - `accel` (mm/s²) on `|p''|` where the path is twice differentiable and `kink` (mm/s), the
///   summed velocity jumps, over ``localWindow`` around the piece. For `|δ| <= localWindow`
///   they bound the second-order remainder:
///
///       |p(t + δ) - p(t) - p'(t) δ| <= accel · δ² / 2 + kink · |δ|
///
/// - `speed` (mm/s) on `|p'|` over ``speedWindow`` around the piece, so that
///   `|p(t + δ) - p(t)| <= speed · |δ|` for `|δ| <= speedWindow`;
/// - `jerk` (mm/s³), which bounds the third-order remainder for
///   ``jerkFloor`` `<= |δ| <=` ``jerkWindow`` (``jerkBounds(_:jumps:)``):
///
///       |p(t + δ) - p(t) - p'(t) δ - p''(t) δ² / 2| <= jerk · |δ|³ / 6
///
/// `p'(t)` and `p''(t)` are those of ``/InkTraces/GroundTruth`` 's `geometry(at:)` (0 where the
/// position is held). Every bound is enlarged for rounding.
///
/// ```swift
/// let bounds = PathBounds(truth.path)
/// let l = bounds.local(truth, at: 0.1)   // position, derivatives and the four bounds
/// ```
struct PathBounds: Sendable {
    /// The half-width (s) of the window over which `accel` and `kink` bound the path's
    /// acceleration and velocity jumps.
    static let localWindow = 0.010
    /// The half-width (s) of the window over which `speed` bounds the path's speed.
    static let speedWindow = 0.050
    /// The half-width (s) of the window over which `jerk` bounds the third-order remainder.
    static let jerkWindow = 0.050
    /// The smallest `|δ|` (s) for which `jerk` bounds the third-order remainder: velocity and
    /// acceleration jumps in the window are folded into it as if of third order, which holds
    /// from this `|δ|` on.
    static let jerkFloor = 0.002

    /// An upper bound on the speed `|p'(t)|` anywhere on the path (mm/s).
    let maxSpeed: Double
    /// Per piece, `(accel, kink, speed, jerk)`; one record of zeros for a path of one knot
    /// (no pieces, never moving), so that every piece index `geometry(at:)` gives has one.
    let records: [SIMD4<Double>]

    /// The bounds of `path`.
    init(_ path: CubicPath) {
        let knots = path.knots
        let pieces = path.pieceCount
        guard pieces > 0 else {
            maxSpeed = 0
            records = [.zero]
            return
        }
        let coefficients = (0..<pieces).map { path.coefficients(ofPiece: CubicPath.PieceIndex($0)) }
        var speed = 0.0
        for j in 0..<pieces {
            speed = max(speed, PathBounds.speedBound(coefficients[j], knots[j + 1] - knots[j]))
        }
        maxSpeed = speed * (1 + 1e-12)
        let jumps = PathBounds.knotJumps(knots, coefficients)
        let (accel, kinks) = PathBounds.localBounds(knots, coefficients, jumps: jumps)
        let speeds = PathBounds.speedBounds(knots, coefficients)
        let jerks = PathBounds.jerkBounds(knots, coefficients, jumps: jumps)
        records = (0..<pieces).map { SIMD4(accel[$0], kinks[$0], speeds[$0], jerks[$0]) }
    }

    /// The path of `truth` around absolute time `t` (s): its position (mm), derivative (mm/s)
    /// and second derivative (mm/s², of the piece holding `t`) as vectors `(x, y)`, from
    /// ``/InkTraces/GroundTruth``'s `geometry(at:)`, with this path's four bounds there.
    /// `truth`'s path must be the one these bounds were built from.
    @inline(__always)
    func local(_ truth: GroundTruth, at t: Double) -> Local {
        let g = truth.geometry(at: t)
        // Every piece index `geometry(at:)` gives has a record; the array's own bounds check
        // stays (raw storage is confined to `CubicPath.Storage`), about 1 % of the search.
        let b = records[g.piece.offset]
        return (g.p, g.v, g.a, b[0], b[1], b[2], b[3])
    }

    /// What ``local(_:at:)`` returns.
    typealias Local = (
        p: SIMD2<Double>, v: SIMD2<Double>, a: SIMD2<Double>, accel: Double, kink: Double, speed: Double, jerk: Double
    )

    /// One bound table per truth, computed once per path and kept with it
    /// (``/InkTraces/CubicPath``'s `derived(_:)`): strokes of one analytic shape share a path,
    /// in every trace and run of the process.
    static func of(_ truths: [GroundTruth]) -> [PathBounds] {
        truths.map { $0.path.derived { PathBounds($0) } }
    }
}

extension PathBounds {
    typealias Coefficients = CubicPath.Coefficients

    /// Per piece `j`, over the times `knots[j] - localWindow ... knots[j+1] + localWindow`: a
    /// bound on `|p''|` where the path is twice differentiable, and the sum of the jumps
    /// `|p'(k+) - p'(k-)|` at the knots `k` there (the held ends count as velocity 0, so a path
    /// that starts or stops moving has a jump at its end knot). Both are enlarged for rounding.
    /// `jumps` are the knots' (``knotJumps(_:_:)``).
    static func localBounds(
        _ knots: [Double], _ coef: [Coefficients], jumps: (velocity: [Double], acceleration: [Double])
    ) -> (accel: [Double], kinks: [Double]) {
        let pieceAccel = coef.indices.map { j in accelerationBound(coef[j], knots[j + 1] - knots[j]) }
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
    /// as ``local(_:at:)`` gives it). Over `t ± jerkWindow` the remainder is at most
    /// `max|p'''| |δ|³/6 + K₂ δ²/2 + K₁ |δ|`, `K₁` and `K₂` the summed jumps of `p'` and `p''`
    /// at the knots there (the held ends count as 0); for `|δ|` at least the floor `f`,
    /// `K₂ δ²/2 <= 3K₂/f · |δ|³/6` and `K₁|δ| <= 6K₁/f² · |δ|³/6`, so
    /// `J = max|p'''| + 3K₂/f + 6K₁/f²`, enlarged for rounding. A Hermite table of a smooth
    /// curve has tiny jumps and a `J` near its largest jerk; a polyline's kinks make it large.
    /// `jumps` are the knots' (``knotJumps(_:_:)``).
    static func jerkBounds(
        _ knots: [Double], _ coef: [Coefficients], jumps: (velocity: [Double], acceleration: [Double])
    ) -> [Double] {
        let pieceJerk = coef.map { c -> Double in
            let jx = 6 * c.d.x, jy = 6 * c.d.y
            return (jx * jx + jy * jy).squareRoot()
        }
        let w = jerkWindow, f = jerkFloor
        let jerk = windowMaximum(pieceJerk, knots: knots, window: w)
        let kv = windowSum(jumps.velocity, knots: knots, window: w)
        let ka = windowSum(jumps.acceleration, knots: knots, window: w)
        return coef.indices.map { j in (jerk[j] + 3 * ka[j] / f + 6 * kv[j] / (f * f)) * (1 + 1e-9) + 1e-9 }
    }

    /// Per knot, the jumps `|p'(k+) - p'(k-)|` and `|p''(k+) - p''(k-)|` (the velocity and the
    /// second derivative leaving less arriving; the held ends count as 0 on their side).
    static func knotJumps(_ knots: [Double], _ coef: [Coefficients]) -> (velocity: [Double], acceleration: [Double]) {
        let pieces = coef.count
        var velocity = [Double](repeating: 0, count: knots.count)
        var acceleration = [Double](repeating: 0, count: knots.count)
        for k in 0...pieces {
            let arriving = k == 0 ? (x: 0.0, y: 0.0) : slope(coef[k - 1], knots[k] - knots[k - 1])
            let leaving = k == pieces ? (x: 0.0, y: 0.0) : slope(coef[k], 0)
            let dx = leaving.x - arriving.x, dy = leaving.y - arriving.y
            velocity[k] = (dx * dx + dy * dy).squareRoot()
            let a0 = k == 0 ? (x: 0.0, y: 0.0) : secondDerivative(coef[k - 1], knots[k] - knots[k - 1])
            let a1 = k == pieces ? (x: 0.0, y: 0.0) : secondDerivative(coef[k], 0)
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
    /// `knots[j] - window ... knots[j+1] + window` (and 0 if larger; a NaN counts for
    /// nothing), enlarged for rounding: ``windowMaximumOracle(_:knots:window:)``'s values, to
    /// the bit, in one pass. Both ends of the window only move forward with `j`, so a queue
    /// of the pieces that may still be a window's largest (their values falling from its
    /// front) gives each window's largest at its front, each piece entering and leaving it
    /// once, where the oracle reads every piece of every window (about 50 at 240 Hz).
    static func windowMaximum(_ values: [Double], knots: [Double], window w: Double) -> [Double] {
        let pieces = values.count
        var out = [Double](repeating: 0, count: pieces)
        // The queue: piece indices, increasing, with values strictly falling.
        var queue = [Int](repeating: 0, count: pieces)
        var head = 0, tail = 0
        var lo = 0  // first piece ending after knots[j] - w
        var next = 0  // the next piece to enter the queue
        for j in 0..<pieces {
            while knots[lo + 1] < knots[j] - w { lo += 1 }
            // The oracle's last piece: `hi = max(hi, j)`, then on while the next starts in time.
            while next <= j || (next < pieces && knots[next] <= knots[j + 1] + w) {
                let v = values[next]
                if !v.isNaN {
                    while tail > head && values[queue[tail - 1]] <= v { tail -= 1 }
                    queue[tail] = next
                    tail += 1
                }
                next += 1
            }
            while head < tail && queue[head] < lo { head += 1 }
            // The oracle's `max` from 0: a value equal to the running one replaces it, which
            // changes no bit of the result but a zero's sign, which adding 1e-12 erases.
            let m = head < tail ? Swift.max(0, values[queue[head]]) : 0
            out[j] = m * (1 + 1e-9) + 1e-12
        }
        return out
    }

    /// ``windowMaximum(_:knots:window:)`` by reading every window whole: the reference it is
    /// tested against (`PathBoundsTests`).
    static func windowMaximumOracle(_ values: [Double], knots: [Double], window w: Double) -> [Double] {
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
    static func speedBounds(_ knots: [Double], _ coef: [Coefficients]) -> [Double] {
        let pieceSpeed = coef.indices.map { j in speedBound(coef[j], knots[j + 1] - knots[j]) }
        return windowMaximum(pieceSpeed, knots: knots, window: speedWindow)
    }

    /// A bound on the speed `|p'|` over the first `dt` (s) of a piece: the length of the vector
    /// whose components are `|b| + 2|c| dt + 3|d| dt²` per axis.
    static func speedBound(_ c: Coefficients, _ dt: Double) -> Double {
        let sx = abs(c.b.x) + 2 * abs(c.c.x) * dt + 3 * abs(c.d.x) * dt * dt
        let sy = abs(c.b.y) + 2 * abs(c.c.y) * dt + 3 * abs(c.d.y) * dt * dt
        return (sx * sx + sy * sy).squareRoot()
    }

    /// A bound on `|p''|` over the first `dt` (s) of a piece: the length of the vector whose
    /// components are `2|c| + 6|d| dt` per axis.
    static func accelerationBound(_ c: Coefficients, _ dt: Double) -> Double {
        let ax = 2 * abs(c.c.x) + 6 * abs(c.d.x) * dt
        let ay = 2 * abs(c.c.y) + 6 * abs(c.d.y) * dt
        return (ax * ax + ay * ay).squareRoot()
    }

    /// The derivative `b + 2c s + 3d s²` per axis of a piece at `s` (s).
    static func slope(_ c: Coefficients, _ s: Double) -> (x: Double, y: Double) {
        (c.b.x + s * (2 * c.c.x + s * 3 * c.d.x), c.b.y + s * (2 * c.c.y + s * 3 * c.d.y))
    }

    /// The second derivative `2c + 6d s` per axis of a piece at `s` (s).
    static func secondDerivative(_ c: Coefficients, _ s: Double) -> (x: Double, y: Double) {
        (2 * c.c.x + 6 * c.d.x * s, 2 * c.c.y + 6 * c.d.y * s)
    }
}
