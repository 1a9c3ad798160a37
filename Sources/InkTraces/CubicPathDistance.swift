extension CubicPath.Storage {
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
            @inline(__always) func d2(_ k: CubicPath.PieceIndex) -> Double {
                let e = firstPoint(k)
                let ex = e.x - qx, ey = e.y - qy
                return ex * ex + ey * ey
            }
            let ja = window.ja, jb = window.jb
            var k = jh
            var fk = d2(k)
            while k > ja {
                let f = d2(k - 1)
                guard f < fk else { break }
                k = k - 1
                fk = f
            }
            if k == jh {
                while k < jb {
                    let f = d2(k + 1)
                    guard f < fk else { break }
                    k = k + 1
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
        let firstBlock = ja.block
        var chunkEnd = jb.block  // the chunk's newest block
        while chunkEnd >= firstBlock {
            let chunkStart = max(firstBlock, chunkEnd - 63)
            let best = near.best
            // The direction from c to q, and a margin for rounding (mm times |w|).
            let wx = qx - near.cx, wy = qy - near.cy
            let margin = 1e-9 * (wx * wx + wy * wy).squareRoot()
            var mask: UInt64 = 0
            for block in chunkStart...chunkEnd {
                let bounds = box(block)
                let dx = max(bounds.minX - qx, 0, qx - bounds.maxX)
                let dy = max(bounds.minY - qy, 0, qy - bounds.maxY)
                let ahead = ((wx > 0 ? bounds.maxX : bounds.minX) - near.cx) * wx
                    + ((wy > 0 ? bounds.maxY : bounds.minY) - near.cy) * wy
                let hit = (dx * dx + dy * dy < best * best ? 1 : 0) & (ahead > -margin ? 1 : 0)
                mask |= UInt64(truncatingIfNeeded: hit) << UInt64(block - chunkStart)
            }
            while mask != 0 {
                // Newest block first.
                let bit = 63 - mask.leadingZeroBitCount
                mask &= ~(UInt64(1) << UInt64(bit))
                let block = chunkStart + bit
                let lo = max(CubicPath.PieceIndex(block * CubicPath.blockSize), ja)
                var i = min(CubicPath.PieceIndex((block + 1) * CubicPath.blockSize - 1), jb)
                while i >= lo {
                    // Skip a piece whose first point is too far for any of it to be nearer
                    // (with margin: skipping less never changes the minimum), or which lies
                    // behind c.
                    let first = firstPoint(i), pieceReach = reach(i)
                    let ex = first.x - qx, ey = first.y - qy
                    let limit = near.best + pieceReach
                    if ex * ex + ey * ey < limit * limit * (1 + 1e-9) {
                        let ux = qx - near.cx, uy = qy - near.cy
                        let u = (ux * ux + uy * uy).squareRoot()
                        let behind = (first.x - near.cx) * ux + (first.y - near.cy) * uy + pieceReach * u
                        if behind > -1e-9 * u { visit(i, window, &near) }
                    }
                    i = i - 1
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
            end: (j: CubicPath.PieceIndex, p: (x: Double, y: Double))? = nil
        ) -> (a: Double, b: Double, jb: CubicPath.PieceIndex, jh: CubicPath.PieceIndex?)? {
        guard let (a, b) = window(t0, t1, &near) else { return nil }
        // The window's start needs no offer of its own: the first piece is visited unless
        // it cannot beat the best.
        let (jb, pb) = end ?? windowEnd(b)
        near.offer(pb.x, pb.y)
        guard let hint else { return (a, b, jb, nil) }
        var h = min(max(hint, a), b)
        var (j, p) = point(at: h, b, jb, pb)
        if h < b { near.offer(p.x, p.y) }
        // A tip exactly at the first point of a straight piece that starts in the window, the
        // hint's piece or the next (on a recording, `none` shows the last sample, a knot):
        // its distance is 0, and the search finds 0 too (it visits that piece, which no test
        // can skip while the best is above 0, from its first point, where the chord's nearest
        // point is that point exactly), so the bounds stay at or above the distance, to the
        // bit, and the search ends at once.
        if near.best > 0 {
            offerKnot(j, a, b, &near)
            offerKnot(j + 1, a, b, &near)
        }
        // Two Gauss-Newton steps along the path from there, `h += (q - p(h))·p'(h) / |p'(h)|²`
        // (the foot of the perpendicular on the tangent): they take a tip that lags or
        // leads along the path to about its nearest point, so the bound is nearly the
        // distance.
        for _ in 0..<steps {
            let v = slope(j, h - start(j))
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

    /// Offers `near` the first point of piece `k` when it is `q` exactly, the piece is straight
    /// (no sag) and it starts within the window `a...b` (``seed(_:_:_:hint:steps:end:)``).
    @inline(__always)
    func offerKnot(_ k: CubicPath.PieceIndex, _ a: Double, _ b: Double, _ near: inout Nearest) {
        guard k.offset < pieceCount else { return }
        let first = firstPoint(k), t = start(k)
        guard first.x == near.qx, first.y == near.qy, t >= a, t <= b,
            coefficient(k, 2) == .zero, coefficient(k, 3) == .zero
        else { return }
        near.offer(first.x, first.y)
    }

    /// The position and derivative at `t` (as ``local(at:)`` gives them) and
    /// ``distanceBound(_:_:_:_:hint:refined:)`` (unrefined) over `t0...t`, sharing the
    /// point at `t`: inside the path's span both compute it as ``endPoint(_:)`` does
    /// (``piece(at:)``, then ``evaluate(_:_:)``), so the bound is the same to the bit.
    @usableFromInline
    func positionVelocityAndBound(
        _ qx: Double, _ qy: Double, _ t0: Double, _ t: Double, hint: Double
    ) -> (x: Double, y: Double, vx: Double, vy: Double, bound: Double) {
        guard knotCount >= 2, t > firstKnot, t < lastKnot else {
            let l = geometry(at: t)
            return (l.p.x, l.p.y, l.v.x, l.v.y, distanceBound(qx, qy, t0, t, hint: hint, refined: false))
        }
        let j = piece(at: t)
        let s = t - start(j)
        let p = evaluateXY(j, s), v = slopeXY(j, s)
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
        let first = firstKnot, last = lastKnot
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
    func windowEnd(_ b: Double) -> (j: CubicPath.PieceIndex, p: (x: Double, y: Double)) {
        let last = lastKnot
        let jb = b >= last ? lastPiece : piece(at: b)
        return (jb, b >= last ? (x: endX, y: endY) : evaluate(jb, b - start(jb)))
    }

    /// The piece and point at time `h` of a window ending at `b` (`h <= b`), given the
    /// end's piece and point. Pieces of times in the window lie in the window's pieces:
    /// `piece(at:)` is monotone.
    @inline(__always)
    func point(
            at h: Double, _ b: Double, _ jb: CubicPath.PieceIndex, _ pb: (x: Double, y: Double)
        ) -> (j: CubicPath.PieceIndex, p: (x: Double, y: Double)) {
            if h >= b { return (jb, pb) }
            let j = piece(at: h)
            return (j, evaluate(j, h - start(j)))
    }

    /// A distance query's window: times `a...b` (s), in pieces `ja...jb`.
    struct Window {
        let a: Double, b: Double, ja: CubicPath.PieceIndex, jb: CubicPath.PieceIndex
    }

    /// Offers `near` the nearest point of piece `i` within the window.
    @inline(__always)
    func visit(_ i: CubicPath.PieceIndex, _ w: Window, _ near: inout Nearest) {
        let s0 = i == w.ja ? w.a - start(i) : 0
        let s1 = i == w.jb ? w.b - start(i) : duration(i)
        pieceDistance(i, s0, s1, &near)
    }

    /// Offers `near` the nearest point to q of piece i over s0...s1, unless the piece's
    /// chord shows it cannot beat `near.best`.
    func pieceDistance(_ i: CubicPath.PieceIndex, _ s0: Double, _ s1: Double, _ near: inout Nearest) {
        let qx = near.qx, qy = near.qy
        // An interior piece (the whole of it) has its ends and sag in the tables.
        let whole = s0 == 0 && s1 == duration(i)
        let first = firstPoint(i), last = endPoint(i)
        let p0 = s0 == 0 ? (x: first.x, y: first.y) : evaluate(i, s0)
        let p1 = whole ? (x: last.x, y: last.y) : evaluate(i, s1)
        let ex = p1.x - p0.x, ey = p1.y - p0.y
        let len2 = ex * ex + ey * ey
        var lambda = len2 > 0 ? ((qx - p0.x) * ex + (qy - p0.y) * ey) / len2 : 0
        lambda = min(max(lambda, 0), 1)
        let chordSag = whole ? sag(i) : sagBound(i, s1 - s0)
        if chordSag == 0 {
            near.offer(p0.x + lambda * ex, p0.y + lambda * ey)
            return
        }
        let cx = p0.x + lambda * ex - qx, cy = p0.y + lambda * ey - qy
        // |chord point - q| - sag >= best, in squares (with a hair of margin: pruning less
        // never changes the minimum).
        let reachable = near.best + chordSag
        if cx * cx + cy * cy >= reachable * reachable * (1 + 1e-12) { return }
        // Newton on g(s) = (p(s) - q) · p'(s), from the chord's nearest point.
        var s = s0 + lambda * (s1 - s0)
        near.offer(p0.x, p0.y)
        near.offer(p1.x, p1.y)
        for _ in 0..<6 {
            let p = evaluate(i, s)
            let (d1x, d1y) = slope(i, s)
            // `2c + 6d s`, in this order (not ``secondDerivativeXY(_:_:)``'s `2c + (6s) d`).
            let d2 = 2 * coefficient(i, 2) + 6 * coefficient(i, 3) * s
            let d2x = d2.x, d2y = d2.y
            let rx = p.x - qx, ry = p.y - qy
            near.offer(p.x, p.y)
            let g = rx * d1x + ry * d1y
            let gp = d1x * d1x + d1y * d1y + rx * d2x + ry * d2y
            guard gp > 0 else { break }
            let next = min(max(s - g / gp, s0), s1)
            if abs(next - s) < 1e-15 { break }
            s = next
        }
            let p = evaluate(i, s)
            near.offer(p.x, p.y)
        }
}
