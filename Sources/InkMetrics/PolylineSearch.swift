import InkTraces

/// The perceived-latency search's second-order bound for piecewise-linear truths (recordings),
/// where ``LatencySearch/secondOrder(_:_:reach:target:gaps:into:)`` has nothing to work with:
/// a polyline has a velocity jump at every sample, so every frame's remainder bound there is
/// first order and no frame counts as smooth.
///
/// Between knots a polyline is exactly linear in time. A frame evaluated at shift `S`, with
/// residual `r_k` (mm) and path velocity `v_k` (mm/s, the piece's slope; 0 where held), whose
/// shifted time lies `κ_ki` (s) from knot `i` (the knots behind it in time for a larger
/// shift, ahead for a smaller), has at `S + σD` (`σ = ±1`, `0 < D`)
///
///     r_k(S + σD) = r_k + σ v_k D - E_k,   |E_k| <= Σ_i J_i (D - κ_ki)⁺ + η
///
/// (`J_i` the velocity jump at knot `i`, ``PolylineBounds/jumps``; `η` the rounding of times
/// and positions and the pieces' misses at the knots). So, with `u_k = r_k + σ v_k D`,
/// `|r_k(S + σD)|² >= |u_k|² - 2 |u_k| |E_k|`, and summed:
///
///     C(S + σD) >= c + 2σ g D + h D² - 2η (d + l D) - 2 Σ_k Σ_i (|r_k| + |v_k| D) J_i (D - κ_ki)⁺
///
/// (`c`, `d`, `g = Σ<r_k, v_k>`, `h = Σ|v_k|²`, `l = Σ|v_k|`), less a relative margin for the
/// rounding of the sums. The last sum is zero until a frame meets its first knot, so near the
/// evaluated shift the bound is as tight as a smooth path's. Each (frame, knot) pair is kept
/// by its bucket `b = floor(κ_ki / step)` (rounded down, for rounding): per bucket the sums
/// of `J_i |r_k|` and `J_i |v_k|`, from which prefix sums give the bound at every grid offset
/// `D = j · step` in one pass, since `(D - κ)⁺ <= step · (j - b)⁺`.
///
/// The bound at each offset (``polylineSteps`` per side, within ``PolylineBounds/reach``) is
/// computed once per evaluated shift and kept (``polylineTables``); each new target excludes
/// the offsets whose bound exceeds it. A point within a table's reach of the best gets its
/// table in the pass that evaluates it (``evaluatePolyline(_:reach:)``); a point further out is
/// evaluated alone (``polylineSums(_:)``) and gets its table only when a refresh needs it
/// (``polylineTable(_:m:_:reach:)``): its first-order bounds often settle its whole reach.
///
/// A table reaches only as far each side as the grid points nothing excludes yet (the gaps,
/// ``tableReach(_:gaps:)``): the gaps only shrink as the search goes on, so the offsets
/// beyond are excluded for good and their entries (left at `-infinity`) could exclude nothing
/// new. The knot walk stops there too. The entries within that reach are the full table's to
/// the bit (a bucket below the reach receives the same (frame, knot) pairs in the same
/// order), so the search excludes the same points and does the same work as with every table
/// at full reach (``trimTables``, the oracle the tests compare it with).
extension LatencySearch {
    /// Offsets per side in an evaluated point's polyline table: within
    /// ``PolylineBounds/reach``, less a step for rounding.
    var polylineSteps: Int { Int((PolylineBounds.reach / LatencySearch.step).rounded(.down)) - 1 }

    /// Evaluates shift `m` (0.1 ms) over every frame, in the order of
    /// ``PerceivedLatency/fullGrid(_:truths:)`` (the same cost, to the bit), with the sums of
    /// ``PerceivedLatency/Sums`` the first-order bounds, Newton's step and the polyline table
    /// use (`c`, `d`, `v`, `s`, and `g`, `h`, `l` over every frame). `v` and `s` take each
    /// frame's speed bound from ``PolylineBounds/speeds``.
    mutating func polylineSums(_ m: Int) -> Sums {
        polylinePass(m, summing: true, bucketing: false, signed: false, reach: (0, 0))
    }

    /// ``polylineSums(_:)`` at `m`, and the point's table computed in the same pass and
    /// appended to ``polylineTables`` (the search does this for points within a table's
    /// reach of the best, whose tables it nearly always needs; the others' tables wait until
    /// a refresh needs them: ``lazyTables``).
    ///
    /// `reach`: the offsets (grid steps, up to ``polylineSteps``) the table is computed to
    /// above and below `m` (``tableReach(_:gaps:)``); the entries beyond stay `-infinity`.
    mutating func evaluatePolyline(_ m: Int, reach: (up: Int, down: Int)? = nil) -> Sums {
        let reach = reach ?? (polylineSteps, polylineSteps)
        let sums =
            signedKinks
            ? polylinePass(m, summing: true, bucketing: true, signed: true, reach: reach)
            : polylinePass(m, summing: true, bucketing: true, signed: false, reach: reach)
        let k = tableReady.count
        polylineTables.append(contentsOf: repeatElement(-Double.infinity, count: 2 * polylineSteps))
        tableReady.append(false)
        writePolylineTable(k, sums, reach: reach)
        tableReady[k] = true
        return sums
    }

    /// Computes the table of evaluated point number `k` (shift `m`, 0.1 ms, with the sums
    /// ``polylineSums(_:)`` gave) into its place in ``polylineTables``: `2 · polylineSteps`
    /// lower bounds on the cost, at offsets `+1 ... +polylineSteps`, then `-1 ...
    /// -polylineSteps` (grid steps); `-infinity` where nothing is proven, and beyond `reach`
    /// (grid steps above and below `m`, ``tableReach(_:gaps:)``).
    mutating func polylineTable(_ k: Int, m: Int, _ p: Sums, reach: (up: Int, down: Int)) {
        if signedKinks {
            _ = polylinePass(m, summing: false, bucketing: true, signed: true, reach: reach)
        } else {
            _ = polylinePass(m, summing: false, bucketing: true, signed: false, reach: reach)
        }
        writePolylineTable(k, p, reach: reach)
        tableReady[k] = true
    }

    /// One pass over the frames at shift `m` (0.1 ms): the sums of ``polylineSums(_:)`` when
    /// `summing` (else zeros), and when `bucketing` each (frame, knot) pair within reach put
    /// in its bucket (see the type's notes) in ``bucketScratch``: per side and bucket, the
    /// sums of `J_i |r_k|` and `J_i |v_k|`; or, when `signed`, the signed weights
    /// `a = <r_k, Δv_i>` and `b = σ <v_k, Δv_i>` (``signedKinks``) in ``signedScratch``, their
    /// positive parts by the bucket `floor(κ / step)` (lanes 0 and 1) and their negative parts
    /// by a bucket `c >= κ / step` kept at `c - 1` (lanes 2 and 3), in two runs of `w + 1`
    /// buckets (behind, ahead; bucket `w` of each collects what lies beyond the table).
    /// The knot walk of each side stops at its `reach` (grid steps: `up` for the knots behind,
    /// whose buckets the offsets above `m` read, `down` for those ahead): the buckets below it
    /// get what they get at full reach, in the same order.
    /// Inlined where called, so each use is compiled for its own flags.
    @inline(__always)
    mutating func polylinePass(_ m: Int, summing: Bool, bucketing: Bool, signed: Bool, reach: (up: Int, down: Int)) -> Sums {
        let w = polylineSteps
        let offset = Double(m) / 10_000
        var sums = Sums()
        var speedSum = 0.0
        // The buckets are taken out of `self` while the loop writes them (and put back).
        var scratch: [SIMD2<Double>] = [], signedBuckets: [SIMD4<Double>] = []
        if bucketing && signed {
            swap(&signedBuckets, &signedScratch)
            signedBuckets.removeAll(keepingCapacity: true)
            signedBuckets.append(contentsOf: repeatElement(.zero, count: 2 * (w + 1)))
        } else if bucketing {
            swap(&scratch, &bucketScratch)
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: repeatElement(.zero, count: 2 * w))
        }
        let frames = self.frames, truths = self.truths, kinks = self.polylineBounds
        // In steps: how much lower a frame's κ may be than computed (time rounding), so
        // that a bucket never claims more room than the frame has.
        let kappaSlack = 2 * timeSlack * 10_000
        // Where each side's walk stops (the knots behind are the offsets above `m`).
        let behindLimit = Double(min(reach.up, w)), aheadLimit = Double(min(reach.down, w))
        let walkBehind = reach.up > 0, walkAhead = reach.down > 0
        frames.photonTime.withUnsafeBufferPointer { tau in
            frames.tips.withUnsafeBufferPointer { tips in
                scratch.withUnsafeMutableBufferPointer { bucket in
                signedBuckets.withUnsafeMutableBufferPointer { signedBucket in
                    for run in frames.runs {
                        let truth = truths[run.stroke]
                        let knotTimes = truth.path.knots
                        let last = knotTimes.count - 1
                        let timeOffset = truth.timeOffset
                        let stroke = kinks[run.stroke]
                        knotTimes.withUnsafeBufferPointer { knots in
                            stroke.jumps.withUnsafeBufferPointer { jumps in
                            stroke.jumpVectors.withUnsafeBufferPointer { jumpVectors in
                                stroke.speeds.withUnsafeBufferPointer { speeds in
                                    // Adds a knot `kappa` (s) away on the side whose buckets
                                    // start at `base`, whose jump is `jump`, for a frame with
                                    // `rv = (|r_k|, |v_k|)`; false once it lies beyond the table.
                                    @inline(__always) func add(
                                        _ base: Int, _ limit: Double, _ kappa: Double, _ jump: Float, _ rv: SIMD2<Double>
                                    ) -> Bool {
                                        let x = (kappa * 10_000 - kappaSlack) * (1 - 1e-12)
                                        guard x < limit else { return false }
                                        let b = x > 0 ? Int(x) : 0
                                        bucket[base + b] += Double(jump) * rv
                                        return true
                                    }
                                    // The signed bound's: adds knot `i`, `kappa` (s) away on
                                    // side `side` (`sigma` = +1 behind, -1 ahead), for a frame
                                    // with residual `r` and velocity `v`; false once it lies
                                    // beyond the side's reach, `limit` (at most the table's).
                                    @inline(__always) func addSigned(
                                        _ side: Int, _ sigma: Double, _ limit: Double, _ kappa: Double, _ i: Int,
                                        _ r: SIMD2<Double>, _ v: SIMD2<Double>
                                    ) -> Bool {
                                        let scaled = kappa * 10_000
                                        let x = (scaled - kappaSlack) * (1 - 1e-12)
                                        guard x < limit else { return false }
                                        let b = x > 0 ? Int(x) : 0
                                        let y = (scaled + kappaSlack) * (1 + 1e-12)
                                        // The negative part's bucket is `c = floor(y) + 1 > y`,
                                        // kept one place down (`c1 = c - 1 >= b`, lanes 2 and
                                        // 3), so that nearly always one write takes both.
                                        let c1 = LatencySearch.negativeBucket(y, b: b, w: w)
                                        let jump = jumpVectors[i]
                                        let dv = SIMD2(Double(jump.x), Double(jump.y))
                                        let ab = SIMD2((r * dv).sum(), sigma * (v * dv).sum())
                                        let positive = ab.replacing(with: 0, where: ab .< 0)
                                        let negative = ab - positive
                                        let base = side * (w + 1)
                                        if c1 == b {
                                            signedBucket[base + b] += SIMD4(lowHalf: positive, highHalf: negative)
                                        } else {
                                            signedBucket[base + b] += SIMD4(lowHalf: positive, highHalf: .zero)
                                            signedBucket[base + c1] += SIMD4(lowHalf: .zero, highHalf: negative)
                                        }
                                        return true
                                    }
                                    for f in run.start..<run.end {
                                        let t = tau[f] - offset
                                        // Every truth is piecewise linear (``polyline``).
                                        let g = truth.linearGeometry(at: t)
                                        let delta = tips[f] - g.p
                                        let d2 = (delta * delta).sum()
                                        let r = d2.squareRoot()
                                        let vv = (g.v * g.v).sum()
                                        let speed = vv.squareRoot()
                                        if summing {
                                            // `linearGeometry(at:)` gives a piece the path has (piece
                                            // 0 of a path of one knot, which has one speed).
                                            let localSpeed = Double(speeds[g.piece.offset])
                                            sums.c += d2
                                            sums.d += r
                                            sums.v += r * localSpeed
                                            sums.s += localSpeed
                                            sums.g += (delta * g.v).sum()
                                            sums.h += vv
                                            speedSum += speed
                                        }
                                        guard bucketing && last > 0 else { continue }
                                        // The knots either side of the path time, as
                                        // `linearGeometry(at:)` placed it.
                                        let tl = t - timeOffset
                                        // The knots either way from there, nearest first, each
                                        // with its jump, until the table's reach: back from the
                                        // knot before (none where held before the first),
                                        // forward from the knot after (none where held after
                                        // the last).
                                        let before = !(tl > knots[0]) ? -1 : tl >= knots[last] ? last : g.piece.offset
                                        var i = before
                                        if signed {
                                            if walkBehind {
                                                while i >= 0 && addSigned(0, 1, behindLimit, tl - knots[i], i, delta, g.v) { i -= 1 }
                                            }
                                            i = before + 1
                                            if walkAhead {
                                                while i <= last && addSigned(1, -1, aheadLimit, knots[i] - tl, i, delta, g.v) { i += 1 }
                                            }
                                        } else {
                                            let rv = SIMD2(r, speed)
                                            if walkBehind {
                                                while i >= 0 && add(0, behindLimit, tl - knots[i], jumps[i], rv) { i -= 1 }
                                            }
                                            i = before + 1
                                            if walkAhead {
                                                while i <= last && add(w, aheadLimit, knots[i] - tl, jumps[i], rv) { i += 1 }
                                            }
                                        }
                                    }
                                }
                            }
                            }
                        }
                    }
                }
                }
            }
        }
        if bucketing && signed {
            swap(&signedBuckets, &signedScratch)
        } else if bucketing {
            swap(&scratch, &bucketScratch)
        }
        sums.l = speedSum
        return sums
    }

    /// Writes the bound table of evaluated point number `k`, evaluated with sums `p`, from
    /// the buckets in ``bucketScratch`` (see the type's notes) into ``polylineTables``, up to
    /// `reach` (grid steps above and below; `-infinity` beyond).
    mutating func writePolylineTable(_ k: Int, _ p: Sums, reach: (up: Int, down: Int)) {
        if signedKinks {
            writeSignedTable(k, p, reach: reach)
            return
        }
        let w = polylineSteps
        let step = LatencySearch.step
        // Relative margin: the rounding of n-term sums and of this arithmetic.
        let rm = 2e-9 + 8 * n * Double.ulpOfOne
        let cross = (p.c * p.h).squareRoot()
        let start = k * 2 * w
        for j in 0..<2 * w { polylineTables[start + j] = -Double.infinity }
        let finite = (p.c - p.c) == 0 && (p.g - p.g) == 0 && (p.h - p.h) == 0 && (p.d - p.d) == 0 && (p.l - p.l) == 0
        guard finite else { return }
        for side in 0..<2 {
            let sigma = side == 0 ? 1.0 : -1.0
            let sideReach = min(side == 0 ? reach.up : reach.down, w)
            guard sideReach >= 1 else { continue }
            var p1 = 0.0, p2 = 0.0, q1 = 0.0, q2 = 0.0
            for j in 1...sideReach {
                let b = j - 1
                let rv = bucketScratch[side * w + b]
                let rb = rv.x, vb = rv.y
                p1 += rb
                p2 += Double(b) * rb
                q1 += vb
                q2 += Double(b) * vb
                let dj = Double(j)
                let d = dj * step
                let quadratic = p.c + sigma * 2 * p.g * d + p.h * d * d
                let rounding = 2 * polylineEta * (p.d + p.l * d)
                let kinks = 2 * step * ((dj * p1 - p2) + d * (dj * q1 - q2))
                let margin = rm * (p.c + 2 * cross * d + p.h * d * d + rounding + kinks)
                let bound = quadratic - rounding - kinks - margin
                if bound.isFinite { polylineTables[start + side * w + j - 1] = bound }
            }
        }
    }

    /// ``writePolylineTable(_:_:reach:)`` for the signed bound (``signedKinks``): with the jumps as
    /// vectors `Δv_i` (``PolylineBounds/jumpVectors``), the residual at `S + σD` is exactly
    /// `u_k - E_k`, `u_k = r_k + σ v_k D`, `E_k = Σ_i Δv_i (D - κ_ki)⁺` (knots on the side the
    /// shifted time moves to), up to rounding `η`. So `|r_k(S + σD)|² >= |u_k|² - 2<u_k, E_k>`
    /// and, summed,
    ///
    ///     C(S + σD) >= c + 2σ g D + h D² - 2η (d + l D)
    ///                  - 2 Σ_k Σ_i (<r_k, Δv_i> + D σ<v_k, Δv_i>) (D - κ_ki)⁺,
    ///
    /// less the rounding of `Δv_i` to single precision (`1e-6 (d + l D) D` times
    /// ``PolylineBounds/jumpWindow``, far above it) and a relative margin. A positive weight
    /// counts with `(D - κ)⁺ <= step (j - floor(κ / step))⁺`, a negative one with
    /// `(D - κ)⁺ >= step (j - c)⁺`, `c >= κ / step` (`floor(κ / step) + 1` but for rounding),
    /// so both sides of the sum are bounds. Where
    /// the magnitude bound adds `|r_k| J_i` for every pair, the residuals and velocities here
    /// meet the jumps' directions, and scattered residuals cancel. Up to `reach`, as
    /// ``writePolylineTable(_:_:reach:)``.
    mutating func writeSignedTable(_ k: Int, _ p: Sums, reach: (up: Int, down: Int)) {
        let w = polylineSteps
        let step = LatencySearch.step
        let rm = 2e-9 + 8 * n * Double.ulpOfOne
        let cross = (p.c * p.h).squareRoot()
        let start = k * 2 * w
        for j in 0..<2 * w { polylineTables[start + j] = -Double.infinity }
        let finite = (p.c - p.c) == 0 && (p.g - p.g) == 0 && (p.h - p.h) == 0 && (p.d - p.d) == 0 && (p.l - p.l) == 0
        guard finite else { return }
        let vectorSlack = 2e-6 * jumpWindow
        for side in 0..<2 {
            let sigma = side == 0 ? 1.0 : -1.0
            let base = side * (w + 1)
            let sideReach = min(side == 0 ? reach.up : reach.down, w)
            guard sideReach >= 1 else { continue }
            // Prefix sums over the buckets below the offset: of the weights (a, b) and of the
            // bucket times the weights, positive parts and negated negative parts apart.
            var p1 = SIMD2<Double>.zero, p2 = SIMD2<Double>.zero
            var n1 = SIMD2<Double>.zero, n2 = SIMD2<Double>.zero
            for j in 1...sideReach {
                let b = j - 1
                // Bucket b's negative parts are kept at b - 1 (none at 0).
                let pos = signedScratch[base + b].lowHalf
                let neg = b > 0 ? -signedScratch[base + b - 1].highHalf : .zero
                p1 += pos
                p2 += Double(b) * pos
                n1 += neg
                n2 += Double(b) * neg
                let dj = Double(j)
                let d = dj * step
                let quadratic = p.c + sigma * 2 * p.g * d + p.h * d * d
                let rounding = 2 * polylineEta * (p.d + p.l * d)
                let pk = dj * p1 - p2, nk = dj * n1 - n2
                let kinksUp = 2 * step * (pk.x + d * pk.y)
                let kinksDown = 2 * step * (nk.x + d * nk.y)
                let vectors = vectorSlack * (p.d + p.l * d) * d
                let margin = rm * (p.c + 2 * cross * d + p.h * d * d + rounding + kinksUp + kinksDown + vectors)
                let bound = quadratic - rounding - kinksUp + kinksDown - vectors - margin
                if bound.isFinite { polylineTables[start + side * w + j - 1] = bound }
            }
        }
    }

    /// The signed bound's bucket for a (frame, knot) pair's negative part, kept one place
    /// down: `floor(y)` for `y` (grid steps, the knot's distance enlarged for rounding), 0
    /// below 0, `w` (beyond the table) from `w` on. The plain reading, the oracle of
    /// ``negativeBucket(_:b:w:)``.
    @inline(__always)
    static func negativeBucketOracle(_ y: Double, w: Int) -> Int {
        y < Double(w) ? (y > 0 ? Int(y) : 0) : w
    }

    /// ``negativeBucketOracle(_:w:)`` given `b`, the positive part's bucket (`floor(x)`, 0 for
    /// `x <= 0`, `x < w`, `x <= y`): `y` lies within a tiny slack above `x`, so nearly always
    /// below `b + 1`, and then `floor(y)` is `b` (`b <= x <= y`, or `y < 1` where `b` is 0)
    /// without a second conversion.
    @inline(__always)
    static func negativeBucket(_ y: Double, b: Int, w: Int) -> Int {
        y < Double(b + 1) ? b : negativeBucketOracle(y, w: w)
    }

    /// How far (grid steps, up to ``polylineSteps``) above and below grid point `i` a table
    /// needs to reach: to the furthest point of `gaps` (sorted, disjoint runs of grid points
    /// nothing excludes yet) within ``polylineSteps`` on that side, 0 where there is none;
    /// ``polylineSteps`` both ways unless ``trimTables``. Every later gap lies within these
    /// (the gaps only shrink), so the table's entries beyond could exclude nothing new.
    func tableReach(_ i: Int, gaps: [(Int, Int)]) -> (up: Int, down: Int) {
        let w = polylineSteps
        guard trimTables else { return (w, w) }
        var up = 0, down = 0
        for (a, b) in gaps {
            if b > i && a <= i + w { up = max(up, min(b, i + w) - i) }
            if a < i && b >= i - w { down = max(down, i - max(a, i - w)) }
        }
        return (up, down)
    }

    /// Appends the grid intervals that evaluated point number `k` (of ``points``, grid index
    /// `i`) excludes below `target` by its polyline table.
    func polylineExclusions(_ k: Int, _ i: Int, target: Double, into out: inout [(lo: Int, hi: Int)]) {
        let w = polylineSteps
        let table = k * 2 * w
        for side in 0..<2 {
            var runStart = -1
            for j in 1...w + 1 {
                let excluded = j <= w && polylineTables[table + side * w + j - 1] > target
                if excluded {
                    if runStart < 0 { runStart = j }
                } else if runStart >= 0 {
                    let a = runStart, b = j - 1
                    let lo = side == 0 ? i + a : i - b, hi = side == 0 ? i + b : i - a
                    if hi >= 0 && lo < count { out.append((max(0, lo), min(count - 1, hi))) }
                    runStart = -1
                }
            }
        }
    }
}
