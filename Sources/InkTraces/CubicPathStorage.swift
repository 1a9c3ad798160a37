import Dispatch

extension CubicPath {
    /// The index of one piece of a ``CubicPath``: the piece between knots `offset` and
    /// `offset + 1`. A type of its own so that a piece index is never mistaken for a knot, a
    /// block or a coefficient offset; ``Storage`` turns it into addresses.
    @usableFromInline
    package struct PieceIndex: Comparable, Hashable, Sendable {
        /// The piece's number, from 0.
        @usableFromInline package var offset: Int

        @inlinable @inline(__always)
        package init(_ offset: Int) { self.offset = offset }

        @inlinable @inline(__always)
        package static func < (a: PieceIndex, b: PieceIndex) -> Bool { a.offset < b.offset }

        /// The piece `n` further on (back, for negative `n`); valid only if the path has it.
        @inlinable @inline(__always)
        package static func + (j: PieceIndex, n: Int) -> PieceIndex { PieceIndex(j.offset &+ n) }

        /// The piece `n` back.
        @inlinable @inline(__always)
        package static func - (j: PieceIndex, n: Int) -> PieceIndex { PieceIndex(j.offset &- n) }

        /// The bounding-box block (``CubicPath/blockSize`` pieces each) that holds this piece.
        @inline(__always)
        var block: Int { offset / CubicPath.blockSize }
    }

    /// A piece's coefficients: its position is `a + b s + c s² + d s³` (mm) at `s` seconds into
    /// the piece, each coefficient a vector `(x, y)`.
    package struct Coefficients: Sendable, Equatable {
        package var a: SIMD2<Double>, b: SIMD2<Double>, c: SIMD2<Double>, d: SIMD2<Double>

        package init(a: SIMD2<Double>, b: SIMD2<Double>, c: SIMD2<Double>, d: SIMD2<Double>) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }
    }

    /// The path's tables in one allocation, and the only code that reads or writes it through
    /// pointers, so that the hot loops (position, piece lookup, window distance) run without
    /// bounds checks or reference counting. Every access goes through an accessor taking a
    /// ``PieceIndex`` (or a block or bucket number) and checks it with `assert` in debug
    /// builds; ``checkInvariants()`` checks the whole table (after construction, in debug
    /// builds, and from the tests).
    ///
    /// The one coefficient layout: 8 doubles per piece, interleaved by axis, `(ax, ay, bx, by,
    /// cx, cy, dx, dy)` at `8 j`, so that ``coefficient(_:_:)`` loads both axes of one
    /// coefficient at once. Then, per piece, its reach, its end point `(x, y)` and its sag;
    /// the knots; the bounding boxes `(minX, maxX, minY, maxY)` of each block of
    /// ``CubicPath/blockSize`` pieces, enlarged by the pieces' largest sag; and the first
    /// piece of each time bucket. The allocation is 64-byte aligned, so that a piece's
    /// coefficients share one cache line; ``deallocate()`` frees it.
    @usableFromInline
    struct Storage {
        /// The start of the allocation: the coefficients.
        @usableFromInline let coef: UnsafeMutablePointer<Double>
        @usableFromInline let knots: UnsafeMutablePointer<Double>
        @usableFromInline let boxes: UnsafeMutablePointer<Double>
        /// Per piece, a bound on how far it strays from its first point: `dt` times the length
        /// of the vector whose components are `|b| + |c| dt + |d| dt²` per axis, enlarged for
        /// rounding. A piece whose first point is further than `best` plus this from the query
        /// point cannot hold a nearer point.
        @usableFromInline let reach: UnsafeMutablePointer<Double>
        /// Per piece, its last point (x, y), as ``evaluateXY(_:_:)`` gives it at the piece's
        /// end, and ``sagBound(_:_:)`` over the whole piece: what a window's interior pieces
        /// need, looked up instead of computed.
        @usableFromInline let ends: UnsafeMutablePointer<Double>
        @usableFromInline let sags: UnsafeMutablePointer<Double>
        /// The first piece of each time bucket.
        @usableFromInline let buckets: UnsafeMutablePointer<Int32>
        /// Knots (at least one); pieces is one less.
        @usableFromInline let knotCount: Int
        /// Bounding boxes (blocks of ``CubicPath/blockSize`` pieces).
        @usableFromInline let blockCount: Int
        /// Time of bucket 0 and buckets per second; one bucket per piece.
        @usableFromInline let bucketStart: Double
        @usableFromInline let bucketScale: Double
        /// The held positions before the first and after the last knot.
        @usableFromInline let startX: Double, startY: Double, endX: Double, endY: Double

        /// The tables of the path with `knots` (strictly increasing, at least one) and one
        /// ``Coefficients`` per piece, held at `start` before the first knot and at `end` after
        /// the last.
        init(knots: [Double], pieces coefficients: [Coefficients], start: SIMD2<Double>, end: SIMD2<Double>) {
            precondition(!knots.isEmpty && coefficients.count == knots.count - 1)
            self.init(allocating: knots, start: start, end: end)
            for (j, p) in coefficients.enumerated() {
                // Coefficient `i` of piece `j` at `8 j + 2 i`, x then y.
                let c = coef + 8 * j
                c[0] = p.a.x
                c[1] = p.a.y
                c[2] = p.b.x
                c[3] = p.b.y
                c[4] = p.c.x
                c[5] = p.c.y
                c[6] = p.d.x
                c[7] = p.d.y
            }
            derive(pieces: 0..<pieceCount)
        }

        /// The tables of the piecewise-linear path through the samples `(t, x, y)` (times
        /// strictly increasing, at least one sample): the tables that
        /// ``init(knots:pieces:start:end:)`` builds from the segments' coefficients, to the bit
        /// (`CubicPathTests` compare every table), written straight into the allocation (no
        /// coefficient array beside it: 64 bytes a sample), by up to `jobs` threads, each a run
        /// of whole blocks (every piece's tables depend on that piece alone, and every block's
        /// box on its own pieces).
        init(polylineT t: [Double], x: [Double], y: [Double], jobs: Int) {
            precondition(!t.isEmpty && t.count == x.count && t.count == y.count)
            self.init(allocating: t, start: SIMD2(x[0], y[0]), end: SIMD2(x[x.count - 1], y[y.count - 1]))
            let pieces = t.count - 1
            // Chunks of whole blocks, at least `minimumChunk` pieces each.
            let minimumChunk = 1 << 16
            let chunks = max(1, min(jobs, pieces / minimumChunk))
            let blocksPerChunk = (blockCount + chunks - 1) / max(1, chunks)
            let tables = Shared(storage: self)
            let fill: @Sendable (Int) -> Void = { c in
                let first = min(pieces, c * blocksPerChunk * CubicPath.blockSize)
                let last = min(pieces, (c + 1) * blocksPerChunk * CubicPath.blockSize)
                let storage = tables.storage
                for j in first..<last {
                    let dt = t[j + 1] - t[j]
                    let c = storage.coef + 8 * j
                    c[0] = x[j]
                    c[1] = y[j]
                    c[2] = (x[j + 1] - x[j]) / dt
                    c[3] = (y[j + 1] - y[j]) / dt
                    c[4] = 0
                    c[5] = 0
                    c[6] = 0
                    c[7] = 0
                }
                storage.derive(pieces: first..<last)
            }
            if chunks == 1 { fill(0) } else { DispatchQueue.concurrentPerform(iterations: chunks, execute: fill) }
        }

        /// The tables' storage, shared by the threads that fill disjoint parts of it.
        private struct Shared: @unchecked Sendable {
            let storage: Storage
        }

        /// Allocates the tables of a path with `knots` (strictly increasing, at least one), held
        /// at `start` and `end`, and writes the knots and the time buckets; the coefficients and
        /// the tables derived from them (``derive(pieces:)``) are the caller's to write.
        private init(allocating knots: [Double], start: SIMD2<Double>, end: SIMD2<Double>) {
            precondition(!knots.isEmpty)
            let pieces = knots.count - 1
            knotCount = knots.count
            blockCount = (pieces + CubicPath.blockSize - 1) / CubicPath.blockSize
            let doubles = 8 * pieces + 4 * pieces + knots.count + 4 * blockCount
            let bucketCount = max(1, pieces)
            let memory = UnsafeMutableRawPointer.allocate(byteCount: doubles * 8 + bucketCount * 4, alignment: 64)
            let d = memory.bindMemory(to: Double.self, capacity: doubles)
            coef = d
            reach = d + 8 * pieces
            ends = reach + pieces
            sags = reach + 3 * pieces
            self.knots = reach + 4 * pieces
            boxes = self.knots + knots.count
            buckets = (memory + doubles * 8).bindMemory(to: Int32.self, capacity: bucketCount)
            buckets[0] = 0
            startX = start.x
            startY = start.y
            endX = end.x
            endY = end.y
            for (k, t) in knots.enumerated() { self.knots[k] = t }
            // One bucket per piece, of equal time: its first piece is the last to start by then.
            bucketStart = knots[0]
            bucketScale = pieces > 0 ? Double(pieces) / (knots[pieces] - knots[0]) : 0
            var j = 0
            for b in 0..<pieces {
                let tb = knots[0] + Double(b) / bucketScale
                while j + 1 < pieces && knots[j + 1] <= tb { j += 1 }
                buckets[b] = Int32(j)
            }
        }

        /// Writes the end points, sags and reaches of the pieces in `range` from their
        /// coefficients, and the boxes of the blocks they make up (`range` starts at a block's
        /// first piece and ends at one's end or at the last piece).
        private func derive(pieces range: Range<Int>) {
            for j in range {
                let p = PieceIndex(j)
                let dt = duration(p)
                let end = evaluateXY(p, dt)
                ends[2 * j] = end.x
                ends[2 * j + 1] = end.y
                sags[j] = sagBound(p, dt)
                let b = coefficient(p, 1), c = coefficient(p, 2), d = coefficient(p, 3)
                let sx = abs(b.x) + abs(c.x) * dt + abs(d.x) * dt * dt
                let sy = abs(b.y) + abs(c.y) * dt + abs(d.y) * dt * dt
                reach[j] = dt * (sx * sx + sy * sy).squareRoot() * (1 + 1e-9) + 1e-12
            }
            let pieces = pieceCount
            let firstBlock = range.lowerBound / CubicPath.blockSize
            let lastBlock = (range.upperBound + CubicPath.blockSize - 1) / CubicPath.blockSize
            for block in firstBlock..<lastBlock {
                var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
                var sag = 0.0
                for j in (block * CubicPath.blockSize)..<min(pieces, (block + 1) * CubicPath.blockSize) {
                    let p = PieceIndex(j)
                    let first = firstPoint(p), last = endPoint(p)
                    minX = min(minX, first.x); maxX = max(maxX, first.x); minY = min(minY, first.y); maxY = max(maxY, first.y)
                    minX = min(minX, last.x); maxX = max(maxX, last.x); minY = min(minY, last.y); maxY = max(maxY, last.y)
                    sag = max(sag, sags[j])
                }
                boxes[4 * block] = minX - sag
                boxes[4 * block + 1] = maxX + sag
                boxes[4 * block + 2] = minY - sag
                boxes[4 * block + 3] = maxY + sag
            }
        }

        func deallocate() { UnsafeMutableRawPointer(coef).deallocate() }

        /// The number of pieces (knots minus one).
        @inlinable @inline(__always)
        var pieceCount: Int { knotCount &- 1 }

        /// The last piece (the piece 0 of a path of one knot names no piece: check
        /// ``pieceCount`` first).
        @inlinable @inline(__always)
        var lastPiece: PieceIndex { PieceIndex(knotCount &- 2) }

        /// The first knot's time (s).
        @inlinable @inline(__always)
        var firstKnot: Double { knots[0] }

        /// The last knot's time (s).
        @inlinable @inline(__always)
        var lastKnot: Double { knots[knotCount &- 1] }

        /// The time (s) piece `j` starts.
        @inlinable @inline(__always)
        func start(_ j: PieceIndex) -> Double {
            assert(j.offset >= 0 && j.offset < pieceCount, "piece \(j.offset) of \(pieceCount)")
            return knots[j.offset]
        }

        /// The time (s) piece `j` ends (the next one's start).
        @inlinable @inline(__always)
        func end(_ j: PieceIndex) -> Double {
            assert(j.offset >= 0 && j.offset < pieceCount, "piece \(j.offset) of \(pieceCount)")
            return knots[j.offset &+ 1]
        }

        /// Piece `j`'s length in time (s).
        @inlinable @inline(__always)
        func duration(_ j: PieceIndex) -> Double { end(j) - start(j) }

        /// Both axes of coefficient `i` (0 to 3: a, b, c, d) of piece `j`.
        @inlinable @inline(__always)
        func coefficient(_ j: PieceIndex, _ i: Int) -> SIMD2<Double> {
            assert(j.offset >= 0 && j.offset < pieceCount && i >= 0 && i < 4, "piece \(j.offset) of \(pieceCount), coefficient \(i)")
            let c = j.offset &* 8 &+ 2 &* i
            return SIMD2(coef[c], coef[c &+ 1])
        }

        /// Piece `j`'s four coefficients.
        func coefficients(_ j: PieceIndex) -> Coefficients {
            Coefficients(a: coefficient(j, 0), b: coefficient(j, 1), c: coefficient(j, 2), d: coefficient(j, 3))
        }

        /// Piece `j`'s first point (mm): its coefficient `a`.
        @inlinable @inline(__always)
        func firstPoint(_ j: PieceIndex) -> SIMD2<Double> { coefficient(j, 0) }

        /// Piece `j`'s last point (mm), as ``evaluateXY(_:_:)`` gives it at the piece's end.
        @inlinable @inline(__always)
        func endPoint(_ j: PieceIndex) -> SIMD2<Double> {
            assert(j.offset >= 0 && j.offset < pieceCount, "piece \(j.offset) of \(pieceCount)")
            return SIMD2(ends[2 &* j.offset], ends[2 &* j.offset &+ 1])
        }

        /// ``sagBound(_:_:)`` over the whole of piece `j` (mm).
        @inlinable @inline(__always)
        func sag(_ j: PieceIndex) -> Double {
            assert(j.offset >= 0 && j.offset < pieceCount, "piece \(j.offset) of \(pieceCount)")
            return sags[j.offset]
        }

        /// Piece `j`'s reach (mm): how far any of it lies from its first point, at most.
        @inlinable @inline(__always)
        func reach(_ j: PieceIndex) -> Double {
            assert(j.offset >= 0 && j.offset < pieceCount, "piece \(j.offset) of \(pieceCount)")
            return reach[j.offset]
        }

        /// Block `block`'s bounding box (mm).
        @inlinable @inline(__always)
        func box(_ block: Int) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
            assert(block >= 0 && block < blockCount, "block \(block) of \(blockCount)")
            let b = block &* 4
            return (boxes[b], boxes[b &+ 1], boxes[b &+ 2], boxes[b &+ 3])
        }

        /// The first piece of time bucket `b`.
        @inlinable @inline(__always)
        func bucket(_ b: Int) -> PieceIndex {
            assert(b >= 0 && b < max(1, pieceCount), "bucket \(b) of \(pieceCount)")
            return PieceIndex(Int(buckets[b]))
        }

        /// The position of piece `j` at `s` (s) into it, both axes at once: lane by lane
        /// `a + s (b + s (c + s d))`.
        @inlinable @inline(__always)
        func evaluateXY(_ j: PieceIndex, _ s: Double) -> SIMD2<Double> {
            coefficient(j, 0) + s * (coefficient(j, 1) + s * (coefficient(j, 2) + s * coefficient(j, 3)))
        }

        /// ``evaluateXY(_:_:)`` as a pair.
        @inlinable @inline(__always)
        func evaluate(_ j: PieceIndex, _ s: Double) -> (x: Double, y: Double) {
            let p = evaluateXY(j, s)
            return (p.x, p.y)
        }

        /// The derivative of piece `j` at `s`: `b + s (2c + 3s d)`.
        @inlinable @inline(__always)
        func slopeXY(_ j: PieceIndex, _ s: Double) -> SIMD2<Double> {
            coefficient(j, 1) + s * (2 * coefficient(j, 2) + (s * 3) * coefficient(j, 3))
        }

        /// ``slopeXY(_:_:)`` as a pair.
        @inlinable @inline(__always)
        func slope(_ j: PieceIndex, _ s: Double) -> (x: Double, y: Double) {
            let v = slopeXY(j, s)
            return (v.x, v.y)
        }

        /// The second derivative of piece `j` at `s`: `2c + 6s d`.
        @inlinable @inline(__always)
        func secondDerivativeXY(_ j: PieceIndex, _ s: Double) -> SIMD2<Double> {
            2 * coefficient(j, 2) + (6 * s) * coefficient(j, 3)
        }

        /// A bound (mm) on the distance between piece `j` over any sub-interval of length up
        /// to `dt` (s) and its chord: `dt²/8 · max|p''|`, `|p''|` bounded by the length of the
        /// vector whose components are `2|c| + 6|d| dt` per axis; 0 for a straight piece.
        @inlinable @inline(__always)
        func sagBound(_ j: PieceIndex, _ dt: Double) -> Double {
            let c = coefficient(j, 2), d = coefficient(j, 3)
            if c.x == 0 && d.x == 0 && c.y == 0 && d.y == 0 { return 0 }
            let ax = 2 * abs(c.x) + 6 * abs(d.x) * dt
            let ay = 2 * abs(c.y) + 6 * abs(d.y) * dt
            return dt * dt / 8 * (ax * ax + ay * ay).squareRoot()
        }

        /// The piece holding time `t`, for `firstKnot <= t < lastKnot` (the nearest piece
        /// outside; piece 0 for a time that is not a number).
        @inlinable @inline(__always)
        func piece(at t: Double) -> PieceIndex {
            let pieces = pieceCount
            // Truncation, not floor: the walks below settle on the one piece holding `t` from
            // any start, so the bucket only has to be close (and a libm call is not).
            // Clamped before the conversion, which then needs no range check (and a time that is
            // not a number lands in bucket 0 rather than trapping).
            let u = (t - bucketStart) * bucketScale
            let b = u >= 1 ? (u < Double(pieces - 1) ? Int(u) : max(0, pieces - 1)) : 0
            var j = bucket(b)
            while j.offset + 1 < pieces && end(j) <= t { j = j + 1 }
            while j.offset > 0 && start(j) > t { j = j - 1 }
            return j
        }

        @inlinable @inline(__always)
        func position(at t: Double) -> (x: Double, y: Double) {
            let p = positionXY(at: t)
            return (p.x, p.y)
        }

        @inlinable @inline(__always)
        func positionXY(at t: Double) -> SIMD2<Double> {
            if !(t > firstKnot) { return SIMD2(startX, startY) }
            if t >= lastKnot { return SIMD2(endX, endY) }
            let j = piece(at: t)
            return evaluateXY(j, t - start(j))
        }

        @inlinable
        func derivative(at t: Double) -> (x: Double, y: Double) {
            if !(t > firstKnot) || t >= lastKnot { return (0, 0) }
            let j = piece(at: t)
            return slope(j, t - start(j))
        }

        /// See ``CubicPath/geometry(at:)``.
        @inlinable @inline(__always)
        func geometry(at t: Double) -> CubicPath.Geometry {
            if knotCount < 2 { return (SIMD2(startX, startY), .zero, .zero, PieceIndex(0)) }
            if !(t > firstKnot) { return (SIMD2(startX, startY), .zero, .zero, PieceIndex(0)) }
            if t >= lastKnot { return (SIMD2(endX, endY), .zero, .zero, lastPiece) }
            let j = piece(at: t)
            let s = t - start(j)
            return (evaluateXY(j, s), slopeXY(j, s), secondDerivativeXY(j, s), j)
        }

        /// ``geometry(at:)`` of a piecewise-linear path (every piece's `c` and `d` are +0, as
        /// ``CubicPath/isPiecewiseLinear`` promises), from each piece's first two coefficients
        /// only: the same position, derivative and piece, to the bit. With `c = d = +0` and
        /// `0 <= s` finite (``piece(at:)`` puts `t` at or after its piece's start), Horner's
        /// `a + s (b + s (c + s d))` is `a + s (b + 0)` and the slope `b + s (2c + 3s d)` is
        /// `b + 0`, term by term (each product with +0 is +0). The second derivative (zero)
        /// is not returned.
        @inlinable @inline(__always)
        func linearGeometry(at t: Double) -> (p: SIMD2<Double>, v: SIMD2<Double>, piece: PieceIndex) {
            if knotCount < 2 { return (SIMD2(startX, startY), .zero, PieceIndex(0)) }
            if !(t > firstKnot) { return (SIMD2(startX, startY), .zero, PieceIndex(0)) }
            if t >= lastKnot { return (SIMD2(endX, endY), .zero, lastPiece) }
            let j = piece(at: t)
            let s = t - start(j)
            let v = coefficient(j, 1) + SIMD2<Double>.zero
            return (coefficient(j, 0) + s * v, v, j)
        }

        /// ``positionXY(at:)`` of a piecewise-linear path: ``linearGeometry(at:)``'s position, the
        /// same bits.
        @inlinable @inline(__always)
        func linearPositionXY(at t: Double) -> SIMD2<Double> {
            if !(t > firstKnot) { return SIMD2(startX, startY) }
            if t >= lastKnot { return SIMD2(endX, endY) }
            let j = piece(at: t)
            let s = t - start(j)
            return coefficient(j, 0) + s * (coefficient(j, 1) + SIMD2<Double>.zero)
        }

        /// Checks every invariant of the tables and traps, naming it, on the first that fails:
        /// at least one knot, knots strictly increasing and finite; the allocation aligned;
        /// each bucket's first piece the last to start by the bucket's time (piece 0 before
        /// any); each piece's end point and sag as computed from its coefficients, its reach
        /// non-negative; each block's box holding its pieces' first and last points; the held
        /// start the first piece's first point. Linear in the pieces: run after construction
        /// in debug builds, and by the tests.
        func checkInvariants() {
            precondition(knotCount >= 1, "a path has at least one knot")
            precondition(Int(bitPattern: coef) % 64 == 0, "the tables are 64-byte aligned")
            for k in 0..<knotCount { precondition(knots[k].isFinite, "knot \(k) is \(knots[k]); expected finite") }
            for k in 0..<pieceCount {
                precondition(knots[k] < knots[k + 1], "knot \(k + 1) at \(knots[k + 1]) s does not follow \(knots[k]) s")
            }
            precondition(blockCount == (pieceCount + CubicPath.blockSize - 1) / CubicPath.blockSize, "block count")
            guard pieceCount > 0 else { return }
            precondition(SIMD2(startX, startY) == firstPoint(PieceIndex(0)), "held start is piece 0's first point")
            precondition(bucketScale > 0 && bucketScale.isFinite, "bucket scale \(bucketScale)")
            for b in 0..<pieceCount {
                let j = bucket(b), tb = bucketStart + Double(b) / bucketScale
                precondition(j.offset >= 0 && j.offset < pieceCount, "bucket \(b) names piece \(j.offset) of \(pieceCount)")
                precondition(j.offset == 0 || start(j) <= tb, "bucket \(b) starts after its time")
                precondition(j == lastPiece || end(j) > tb, "bucket \(b) is not the last piece to start by its time")
            }
            for j in (0..<pieceCount).map(PieceIndex.init) {
                let dt = duration(j)
                let e = evaluateXY(j, dt)
                precondition(
                    endPoint(j) == e || e.x.isNaN || e.y.isNaN, "piece \(j.offset)'s end point \(endPoint(j)); computed \(e)")
                precondition(sag(j) == sagBound(j, dt) || sag(j).isNaN, "piece \(j.offset)'s sag")
                precondition(!(reach(j) < 0), "piece \(j.offset)'s reach \(reach(j))")
                let box = box(j.block)
                for q in [firstPoint(j), e] where q.x.isFinite && q.y.isFinite {
                    precondition(
                        box.minX <= q.x && q.x <= box.maxX && box.minY <= q.y && q.y <= box.maxY,
                        "piece \(j.offset)'s point \(q) outside its block's box \(box)")
                }
            }
        }
    }
}
