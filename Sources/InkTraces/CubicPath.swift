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
    /// Whether every piece is a straight segment.
    public let isPiecewiseLinear: Bool
    /// The path's tables, as raw pointers into one allocation owned by this path, so that the
    /// hot loops (position, piece lookup, window distance) run without bounds checks or
    /// reference counting: 8 coefficients per piece (ax, bx, cx, dx, ay, by, cy, dy), the
    /// first piece of each time bucket, and the bounding boxes (minX, maxX, minY, maxY) of each
    /// block of ``blockSize`` pieces, enlarged by the pieces' largest deviation from their chords.
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
                let sx = abs(coef[c + 1]) + 2 * abs(coef[c + 2]) * dt + 3 * abs(coef[c + 3]) * dt * dt
                let sy = abs(coef[c + 5]) + 2 * abs(coef[c + 6]) * dt + 3 * abs(coef[c + 7]) * dt * dt
                maxSpeed = max(maxSpeed, (sx * sx + sy * sy).squareRoot())
            }
            boxes += [minX - sag, maxX + sag, minY - sag, maxY + sag]
        }
        self.maxSpeed = maxSpeed * (1 + 1e-12)
        raw = RawTables(
            knots: knots, coef: coef, buckets: buckets, boxes: boxes, bucketStart: bucketStart,
            bucketScale: bucketScale, start: start, end: end)
    }

    deinit { raw.deallocate() }

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

    /// A bound on the distance between a piece (over any sub-interval of length up to `dt`)
    /// and its chord: `dt²/8 · max|p''|`.
    @inlinable
    static func sagBound(_ coef: [Double], _ c: Int, _ dt: Double) -> Double {
        if coef[c + 2] == 0 && coef[c + 3] == 0 && coef[c + 6] == 0 && coef[c + 7] == 0 { return 0 }
        let ax = 2 * abs(coef[c + 2]) + 6 * abs(coef[c + 3]) * dt
        let ay = 2 * abs(coef[c + 6]) + 6 * abs(coef[c + 7]) * dt
        return dt * dt / 8 * (ax * ax + ay * ay).squareRoot()
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

    /// The smallest distance (mm) from point `(qx, qy)` to the path over times `from...to` (s),
    /// the window clamped to the path's span (held end points included).
    ///
    /// Exact for linear pieces; for cubic pieces the nearest point is found by Newton's
    /// method from the chord's nearest point, so the result is a distance to a point on the
    /// path within 1e-9 mm of the nearest point of that piece on the smooth synthetic curves.
    public func distance(fromX qx: Double, y qy: Double, from t0: Double, to t1: Double) -> Double {
        raw.distance(qx, qy, t0, t1, hint: nil)
    }

    /// ``distance(fromX:y:from:to:)``, visiting first the pieces around time `hint` (s), where
    /// the nearest point is expected (say, the time the tip was predicted for). The result is
    /// the same to the bit: the distance is the minimum over the window's pieces, and the
    /// order only decides how many pieces the bounding boxes and chords can skip.
    public func distance(fromX qx: Double, y qy: Double, from t0: Double, to t1: Double, near hint: Double) -> Double {
        raw.distance(qx, qy, t0, t1, hint: hint)
    }
}

extension CubicPath {
    /// The path's tables as raw pointers into one allocation (see ``CubicPath/raw``).
    @usableFromInline
    struct RawTables {
        /// ``CubicPath/knots``; the start of the one allocation, freed by ``deallocate()``.
        @usableFromInline let knots: UnsafeMutablePointer<Double>
        /// 8 coefficients per piece (see ``CubicPath/raw``).
        @usableFromInline let coef: UnsafeMutablePointer<Double>
        /// 4 bounds per block (minX, maxX, minY, maxY).
        @usableFromInline let boxes: UnsafeMutablePointer<Double>
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
            knots: [Double], coef: [Double], buckets: [Int32], boxes: [Double], bucketStart: Double,
            bucketScale: Double, start: (x: Double, y: Double), end: (x: Double, y: Double)
        ) {
            knotCount = knots.count
            blockCount = boxes.count / 4
            let pieces = max(0, knots.count - 1)
            let doubles = knots.count + coef.count + boxes.count + pieces
            let memory = UnsafeMutableRawPointer.allocate(
                byteCount: doubles * 8 + max(1, buckets.count) * 4, alignment: 16)
            let d = memory.bindMemory(to: Double.self, capacity: doubles)
            self.knots = d
            self.coef = d + knots.count
            self.boxes = d + knots.count + coef.count
            for (i, v) in knots.enumerated() { self.knots[i] = v }
            for (i, v) in coef.enumerated() { self.coef[i] = v }
            for (i, v) in boxes.enumerated() { self.boxes[i] = v }
            reach = d + knots.count + coef.count + boxes.count
            for j in 0..<pieces {
                let dt = knots[j + 1] - knots[j]
                let c = j * 8
                let sx = abs(coef[c + 1]) + abs(coef[c + 2]) * dt + abs(coef[c + 3]) * dt * dt
                let sy = abs(coef[c + 5]) + abs(coef[c + 6]) * dt + abs(coef[c + 7]) * dt * dt
                reach[j] = dt * (sx * sx + sy * sy).squareRoot() * (1 + 1e-9) + 1e-12
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

        func deallocate() { UnsafeMutableRawPointer(knots).deallocate() }

        /// Same arithmetic as ``CubicPath/evaluate(_:_:_:)``.
        @inlinable @inline(__always)
        func evaluate(_ c: Int, _ s: Double) -> (x: Double, y: Double) {
            (
                coef[c] + s * (coef[c + 1] + s * (coef[c + 2] + s * coef[c + 3])),
                coef[c + 4] + s * (coef[c + 5] + s * (coef[c + 6] + s * coef[c + 7]))
            )
        }

        /// Same as ``CubicPath/sagBound(_:_:_:)``.
        @inlinable @inline(__always)
        func sagBound(_ c: Int, _ dt: Double) -> Double {
            if coef[c + 2] == 0 && coef[c + 3] == 0 && coef[c + 6] == 0 && coef[c + 7] == 0 { return 0 }
            let ax = 2 * abs(coef[c + 2]) + 6 * abs(coef[c + 3]) * dt
            let ay = 2 * abs(coef[c + 6]) + 6 * abs(coef[c + 7]) * dt
            return dt * dt / 8 * (ax * ax + ay * ay).squareRoot()
        }

        @inlinable @inline(__always)
        func piece(at t: Double) -> Int {
            let pieces = knotCount - 1
            // Truncation, not floor: the walks below settle on the one piece holding `t` from
            // any start, so the bucket only has to be close (and a libm call is not).
            var b = Int((t - bucketStart) * bucketScale)
            if b < 0 { b = 0 } else if b >= pieces { b = pieces - 1 }
            var j = Int(buckets[b])
            while j + 1 < pieces && knots[j + 1] <= t { j += 1 }
            while j > 0 && knots[j] > t { j -= 1 }
            return j
        }

        @inlinable @inline(__always)
        func position(at t: Double) -> (x: Double, y: Double) {
            if !(t > knots[0]) { return (startX, startY) }
            if t >= knots[knotCount - 1] { return (endX, endY) }
            let j = piece(at: t)
            return evaluate(j &* 8, t - knots[j])
        }

        @inlinable
        func derivative(at t: Double) -> (x: Double, y: Double) {
            if !(t > knots[0]) || t >= knots[knotCount - 1] { return (0, 0) }
            let j = piece(at: t)
            let c = j &* 8
            let s = t - knots[j]
            return (
                coef[c + 1] + s * (2 * coef[c + 2] + s * 3 * coef[c + 3]),
                coef[c + 5] + s * (2 * coef[c + 6] + s * 3 * coef[c + 7])
            )
        }

        @inline(__always)
        func hypot2(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }

        /// See ``CubicPath/distance(fromX:y:from:to:near:)``.
        func distance(_ qx: Double, _ qy: Double, _ t0: Double, _ t1: Double, hint: Double?) -> Double {
            let first = knots[0], last = knots[knotCount - 1]
            let a = min(max(t0, first), last)
            let b = min(max(t1, first), last)
            let pb = position(at: b)
            var best = hypot2(pb.x - qx, pb.y - qy)
            guard a < b, knotCount > 1 else { return best }
            let pa = position(at: a)
            best = min(best, hypot2(pa.x - qx, pa.y - qy))
            let ja = piece(at: a)
            let jb = b >= last ? knotCount - 2 : piece(at: b)
            @inline(__always) func visit(_ i: Int) {
                let dt = knots[i + 1] - knots[i]
                let s0 = i == ja ? a - knots[i] : 0
                let s1 = i == jb ? b - knots[i] : dt
                best = pieceDistance(i, s0, s1, qx, qy, best)
            }
            if let hint {
                // The piece at the hint first: a small `best` early lets the boxes, reaches and
                // chords below skip nearly everything else.
                let h = min(max(hint, a), b)
                let jh = min(max(h >= last ? knotCount - 2 : piece(at: h), ja), jb)
                visit(jh)
            }
            var j = jb
            while j >= ja {
                let block = j / CubicPath.blockSize
                let lo = max(block * CubicPath.blockSize, ja)
                let bx = block * 4
                let dx = max(boxes[bx] - qx, 0, qx - boxes[bx + 1])
                let dy = max(boxes[bx + 2] - qy, 0, qy - boxes[bx + 3])
                if dx * dx + dy * dy < best * best {
                    var i = j
                    while i >= lo {
                        // Skip a piece whose first point is too far for any of it to be nearer
                        // (with margin: skipping less never changes the minimum).
                        let ex = coef[i &* 8] - qx, ey = coef[i &* 8 + 4] - qy
                        let limit = best + reach[i]
                        if ex * ex + ey * ey < limit * limit * (1 + 1e-9) { visit(i) }
                        i -= 1
                    }
                }
                j = lo - 1
            }
            return best
        }

        /// The distance from q to piece i over s0...s1, or `best` if that is smaller.
        func pieceDistance(_ i: Int, _ s0: Double, _ s1: Double, _ qx: Double, _ qy: Double, _ best: Double) -> Double {
            let c = i &* 8
            let p0 = evaluate(c, s0)
            let p1 = evaluate(c, s1)
            let ex = p1.x - p0.x, ey = p1.y - p0.y
            let len2 = ex * ex + ey * ey
            var lambda = len2 > 0 ? ((qx - p0.x) * ex + (qy - p0.y) * ey) / len2 : 0
            lambda = min(max(lambda, 0), 1)
            let cx = p0.x + lambda * ex - qx, cy = p0.y + lambda * ey - qy
            let chordDistance = hypot2(cx, cy)
            let sag = sagBound(c, s1 - s0)
            if sag == 0 { return min(best, chordDistance) }
            if chordDistance - sag >= best { return best }
            // Newton on g(s) = (p(s) - q) · p'(s), from the chord's nearest point.
            var s = s0 + lambda * (s1 - s0)
            var result = min(best, hypot2(p0.x - qx, p0.y - qy), hypot2(p1.x - qx, p1.y - qy))
            for _ in 0..<6 {
                let p = evaluate(c, s)
                let d1x = coef[c + 1] + s * (2 * coef[c + 2] + s * 3 * coef[c + 3])
                let d1y = coef[c + 5] + s * (2 * coef[c + 6] + s * 3 * coef[c + 7])
                let d2x = 2 * coef[c + 2] + 6 * coef[c + 3] * s
                let d2y = 2 * coef[c + 6] + 6 * coef[c + 7] * s
                let rx = p.x - qx, ry = p.y - qy
                result = min(result, hypot2(rx, ry))
                let g = rx * d1x + ry * d1y
                let gp = d1x * d1x + d1y * d1y + rx * d2x + ry * d2y
                guard gp > 0 else { break }
                let next = min(max(s - g / gp, s0), s1)
                if abs(next - s) < 1e-15 { break }
                s = next
            }
            let p = evaluate(c, s)
            return min(result, hypot2(p.x - qx, p.y - qy))
        }
    }
}
