import InkTraces

/// The in-stroke frames of one run as the overshoot figures need them (benchmark model,
/// section 6), with a cheap upper bound on each frame's overshoot, so that the exact
/// distance, a search of the last 250 ms of path, is computed only for the frames that can
/// decide the 95th percentile and the maximum.
///
/// Each frame keeps its photon time, tip, stroke, the time its tip stands for (``Hint``: where
/// the search looks first, and whose point it offers) and its bound,
/// ``/InkTraces/GroundTruth/distanceBound(fromX:y:from:to:near:refined:)``. Moving frames live in
/// ``moving``, which the perceived-latency search reads too; the few slower in-stroke frames
/// in ``still``. A tip that is not finite has an infinite overshoot.
///
/// ```swift
/// var frames = OvershootFrames()
/// let hint = OvershootFrames.hint(tipTime: t, photonTime: tau)
/// let views = truths.map(\.unowned)    // `truths` kept alive as long as `views`
/// let bound = OvershootFrames.bound(views[0], qx, qy, tau, hint: hint)
/// frames.append(moving: true, stroke: 0, photonTime: tau, tipX: qx, tipY: qy, tipTime: t, hint: hint, bound: bound)
/// let (p95, max) = frames.percentileAndMaximum(0.95, truths: views)!
/// ```
struct OvershootFrames {
    /// The moving in-stroke frames (pen at least ``FigureAccumulator/movingSpeedMMPerS``).
    private(set) var moving = LatencyFrames()
    /// The other in-stroke frames.
    private(set) var still = LatencyFrames()
    /// Per frame of ``moving`` and of ``still``: the overshoot's upper bound (mm), kept in
    /// single precision rounded up (``stored(_:)``), and its ``Hint``.
    private(set) var movingBound: [Float] = [], stillBound: [Float] = []
    private var movingHint: [Hint] = [], stillHint: [Hint] = []

    /// The number of frames.
    var count: Int { moving.count + still.count }

    /// Reserves room for `count` moving frames.
    mutating func reserveCapacity(_ count: Int) {
        moving.reserveCapacity(count)
        movingBound.reserveCapacity(count)
        movingHint.reserveCapacity(count)
    }

    /// The time (s) a frame's tip stands for, as kept (``Hint``): the search looks there first
    /// and offers the point there (and Gauss-Newton points from it), so the exact result
    /// depends on the hint at the level of the Newton step's tolerance; every overshoot of a
    /// frame, bound or exact, uses this same rounded hint, so they agree to the bit.
    @inline(__always)
    static func hint(tipTime: Double, photonTime tau: Double) -> Hint {
        // `x.rounded()` (half away from zero), clamped to ±Hint.max, without a libm call: `x`
        // less its truncation is exact, so comparing it with ±0.5 rounds exactly as `rounded()`.
        let x = (tipTime - tau) * 10_000
        guard x.isFinite else { return 0 }
        let limit = Double(Hint.max)
        if x >= limit { return Hint.max }
        if x <= -limit { return -Hint.max }
        let t = Int(x)  // truncation
        let rest = x - Double(t)
        return Hint(rest >= 0.5 ? t + 1 : rest <= -0.5 ? t - 1 : t)
    }

    /// The time a frame's tip stands for, as kept: its offset from the photon time in units
    /// of 0.1 ms, within ±3.2 s (2 bytes a frame).
    typealias Hint = Int16

    /// The overshoot (mm) of the tip `(qx, qy)` of a frame with photon time `tau` (s): its
    /// distance to the path over the last ``FigureAccumulator/overshootWindow``, looked for
    /// first at `tau + hint`.
    @inline(__always)
    static func overshoot(_ truth: GroundTruth.Unowned, _ qx: Double, _ qy: Double, _ tau: Double, hint: Hint) -> Double {
        let w = window(tau, hint)
        return truth.distance(fromX: qx, y: qy, from: w.from, to: w.to, near: w.near)
    }

    /// A frame's query, one computation for the bound and the exact search alike (they must
    /// see the same times to the bit): the window over the last
    /// ``FigureAccumulator/overshootWindow`` before `tau` (s), and the hint's time.
    @inline(__always)
    static func window(_ tau: Double, _ hint: Hint) -> (from: Double, to: Double, near: Double) {
        (tau - FigureAccumulator.overshootWindow, tau, tau + Double(hint) / 10_000)
    }

    /// An upper bound on ``overshoot(_:_:_:_:hint:)`` with the same arguments
    /// (``/InkTraces/GroundTruth/distanceBound(fromX:y:from:to:near:refined:)``): from the window's end
    /// and the hint's point, or, `refined`, after two Gauss-Newton steps along the path too.
    @inline(__always)
    static func bound(
        _ truth: GroundTruth.Unowned, _ qx: Double, _ qy: Double, _ tau: Double, hint: Hint, refined: Bool = false
    ) -> Double {
        let w = window(tau, hint)
        return truth.distanceBound(fromX: qx, y: qy, from: w.from, to: w.to, near: w.near, refined: refined)
    }

    /// The pen's position and velocity at `tau` (s) (``/InkTraces/GroundTruth/position(at:)``, ``/InkTraces/GroundTruth/velocity(at:)``)
    /// and ``bound(_:_:_:_:hint:refined:)`` (unrefined), the same values to the bit, with one
    /// evaluation of the path at `tau`, the window's end, for both.
    @inline(__always)
    static func positionVelocityAndBound(
        _ truth: GroundTruth.Unowned, _ qx: Double, _ qy: Double, _ tau: Double, hint: Hint
    ) -> (x: Double, y: Double, vx: Double, vy: Double, bound: Double) {
        let w = window(tau, hint)
        return truth.positionVelocityAndBound(at: w.to, fromX: qx, y: qy, from: w.from, near: w.near)
    }

    /// Adds an in-stroke frame with its ``Hint`` and its bound (``bound(_:_:_:_:hint:refined:)``,
    /// unrefined, with that hint).
    mutating func append(
        moving isMoving: Bool, stroke: Int, photonTime tau: Double, tipX qx: Double, tipY qy: Double,
        tipTime: Double, hint: Hint, bound: Double
    ) {
        if isMoving {
            moving.append(stroke: stroke, photonTime: tau, tipX: qx, tipY: qy, tipTime: tipTime)
            movingBound.append(OvershootFrames.stored(bound))
            movingHint.append(hint)
        } else {
            still.append(stroke: stroke, photonTime: tau, tipX: qx, tipY: qy)
            stillBound.append(OvershootFrames.stored(bound))
            stillHint.append(hint)
        }
    }

    /// The nearest-rank `q` percentile and the maximum of the frames' overshoots (mm), exactly
    /// as computing every frame's overshoot and selecting would give them, and the number of
    /// exact searches it took; nil with no frame.
    ///
    /// With `m = n - ceil(q n) + 1`, the percentile is the `m`-th largest overshoot. Every
    /// exact overshoot `v_i` is at most its refined bound `r_i`, which is at most its bound
    /// `u_i` (both computed only where needed):
    ///
    /// 1. The frames whose bounds are among the `m` largest are searched. `V`, the `m`-th
    ///    largest exact value found so far, is a lower bound on the answer, and only rises.
    /// 2. Every other frame with `u_i > V` goes into a max-heap keyed by its bound, and the
    ///    top is popped while its key exceeds `V`: popped the first time, a frame gets its
    ///    refined bound `r_i` and goes back in with it as its key if `r_i > V`; popped again,
    ///    it is searched, raising `V`. So only frames whose bounds exceed the final `V` are
    ///    refined, and they are searched in falling order of `r_i`.
    ///
    /// Then at least `m` exact values are `>= V` and every frame not searched has a bound
    /// `>= v_i` that is `<= V`, so `V` is the `m`-th largest of all, and the largest exact
    /// value is the maximum. The refined bound is tight for most frames (a tip is usually
    /// nearest to the path around its own time), so this takes about `n - ceil(q n)` searches,
    /// plus those of step 1 that the refined bounds would have spared.
    ///
    /// Besides the frames it holds the `m` largest exact values, 8 bytes per candidate of step
    /// 2, and, up to 65,536 frames, a copy of the bounds for the selection (``largest(_:of:_:)``).
    /// It leaves refined bounds in place of the bounds it refined (bounds still, and tighter).
    /// `oracleHeap` (tests): step 2 by ``settleOracle(_:truths:into:searches:)``.
    mutating func percentileAndMaximum(
        _ q: Double, truths: [GroundTruth.Unowned], oracleHeap: Bool = false
    ) -> (percentile: Double, maximum: Double, searches: Int)? {
        let n = count
        guard n > 0 else { return nil }
        precondition(n < Int(Int32.max), "over 2^31 frames in one run")
        let m = n - nearestRank(q, count: n) + 1
        let threshold = Double(OvershootFrames.largest(m, of: movingBound, stillBound))
        var top = LargestValues(keeping: m)
        var searches = 0
        searchLargestBounds(atLeast: threshold, truths: truths, into: &top, searches: &searches)
        if oracleHeap {
            var candidates = candidates(above: top.smallest, below: threshold) { frame, _ in frame }
            settleOracle(&candidates, truths: truths, into: &top, searches: &searches)
        } else {
            var heap = candidates(above: top.smallest, below: threshold) { HeapEntry(key: $1, frame: $0) }
            settle(&heap, truths: truths, into: &top, searches: &searches)
        }
        return (top.smallest, top.largest, searches)
    }

    /// A frame of ``percentileAndMaximum(_:truths:oracleHeap:)``'s: its tip, photon time and hint, read
    /// in place (a copy of a group would retain its four arrays). Reads no bound: step 2 takes
    /// the bounds out of `self` while it runs.
    @inline(__always)
    func query(_ moving: Bool, _ i: Int) -> (q: SIMD2<Double>, tau: Double, hint: Hint) {
        moving
            ? (self.moving.tips[i], self.moving.photonTime[i], movingHint[i])
            : (still.tips[i], still.photonTime[i], stillHint[i])
    }

    /// The exact overshoot of frame `i` of the moving or still group, of stroke `stroke`,
    /// counted in `searches`.
    func exact(_ moving: Bool, _ i: Int, _ stroke: Int, truths: [GroundTruth.Unowned], searches: inout Int) -> Double {
        searches += 1
        let f = query(moving, i)
        return OvershootFrames.overshoot(truths[stroke], f.q.x, f.q.y, f.tau, hint: f.hint)
    }

    /// Step 1 of ``percentileAndMaximum(_:truths:oracleHeap:)``: searches every frame whose bound is at
    /// least `threshold` (the `m`-th largest bound), into `top`.
    func searchLargestBounds(
        atLeast threshold: Double, truths: [GroundTruth.Unowned], into top: inout LargestValues, searches: inout Int
    ) {
        for moving in [true, false] {
            let frames = moving ? self.moving : still
            let bound = moving ? movingBound : stillBound
            for run in frames.runs {
                for i in run.start..<run.end where Double(bound[i]) >= threshold {
                    // A bound of 0 is the exact value (at most its bound, at least 0): no search.
                    top.insert(bound[i] == 0 ? 0 : exact(moving, i, run.stroke, truths: truths, searches: &searches))
                }
            }
        }
    }

    /// The frames step 2 of ``percentileAndMaximum(_:truths:oracleHeap:)`` may have to refine or search:
    /// those whose bound exceeds `v1` (V after step 1) and is below `threshold` (step 1
    /// searched the rest), each as `make(frame number, bound)`, moving frames first (frame
    /// numbers count the moving frames, then the still ones): for step 2's heap, 8 bytes each
    /// (``HeapEntry``; a 10-hour trace has millions).
    func candidates<Candidate>(
        above v1: Double, below threshold: Double, _ make: (Int32, Float) -> Candidate
    ) -> [Candidate] {
        let movingCount = moving.count
        var candidateCount = 0
        for bound in [movingBound, stillBound] {
            for u in bound where Double(u) > v1 && Double(u) < threshold { candidateCount += 1 }
        }
        var candidates: [Candidate] = []
        candidates.reserveCapacity(candidateCount)
        for isMoving in [true, false] {
            let bound = isMoving ? movingBound : stillBound
            for i in bound.indices where Double(bound[i]) > v1 && Double(bound[i]) < threshold {
                candidates.append(make(Int32(truncatingIfNeeded: isMoving ? i : movingCount + i), bound[i]))
            }
        }
        return candidates
    }

    /// Step 2 of ``percentileAndMaximum(_:truths:oracleHeap:)``: the `candidates` in a max-heap by bound,
    /// popped while the top exceeds V (`top.smallest`): a frame popped the first time gets its
    /// refined bound (kept in place of the bound: a bound too, and tighter) and goes back in by
    /// it if that still exceeds V; popped again, it is searched, raising V. So only frames
    /// whose bounds exceed the final V are refined. A candidate is complemented (`~i`) once
    /// refined.
    ///
    /// The heap holds each candidate with its key (``HeapEntry``, 8 bytes), so a comparison
    /// reads the two entries, side by side in memory, instead of two bounds anywhere in the
    /// frames' arrays (a cache miss each on a long run: half this step's time on a one-hour
    /// trace). Its comparisons are ``settleOracle(_:truths:into:searches:)``'s on the same
    /// keys, so it moves the same entries, refines and searches the same frames in the same
    /// order, and gives the same result, to the bit. `heap`: the candidates with their bounds
    /// (``candidates(above:below:_:)``), in any order; left in heap order.
    mutating func settle(
        _ heap: inout [HeapEntry], truths: [GroundTruth.Unowned], into top: inout LargestValues,
        searches: inout Int
    ) {
        let movingCount = moving.count
        var movingKeys: [Float] = [], stillKeys: [Float] = []
        swap(&movingKeys, &movingBound)
        swap(&stillKeys, &stillBound)
        defer {
            swap(&movingKeys, &movingBound)
            swap(&stillKeys, &stillBound)
        }
        movingKeys.withUnsafeMutableBufferPointer { mk in
            stillKeys.withUnsafeMutableBufferPointer { sk in
                heap.withUnsafeMutableBufferPointer { h in
                    @inline(__always) func siftDown(_ start: Int, _ end: Int) {
                        OvershootFrames.siftDown(&h, start, end) { $0.key > $1.key }
                    }
                    for i in stride(from: h.count / 2 - 1, through: 0, by: -1) { siftDown(i, h.count) }
                    var end = h.count
                    while end > 0 && Double(h[0].key) > top.smallest {
                        let c = h[0].frame
                        let i = Int(c >= 0 ? c : ~c)
                        let isMoving = i < movingCount
                        let index = isMoving ? i : i - movingCount
                        let stroke = isMoving
                            ? moving.runs[OvershootFrames.run(holding: index, in: moving.runs)].stroke
                            : still.runs[OvershootFrames.run(holding: index, in: still.runs)].stroke
                        if c >= 0 {
                            let f = query(isMoving, index)
                            let r = OvershootFrames.stored(
                                OvershootFrames.bound(truths[stroke], f.q.x, f.q.y, f.tau, hint: f.hint, refined: true))
                            if isMoving { mk[index] = r } else { sk[index] = r }
                            if Double(r) > top.smallest {
                                h[0] = HeapEntry(key: r, frame: ~c)
                                siftDown(0, end)
                                continue
                            }
                        } else {
                            top.insert(exact(isMoving, index, stroke, truths: truths, searches: &searches))
                        }
                        end -= 1
                        h.swapAt(0, end)
                        siftDown(0, end)
                    }
                }
            }
        }
    }

    /// A candidate of ``settle(_:truths:into:searches:)``'s heap: its key (its bound, or its
    /// refined bound once refined) and its frame number (complemented once refined).
    struct HeapEntry {
        var key: Float
        var frame: Int32
    }

    /// ``settle(_:truths:into:searches:)`` as it was first written, the oracle it is tested
    /// against (result, searches and refined bounds, to the bit): the heap holds frame numbers
    /// and reads each one's key from the bounds, a random read per comparison.
    ///
    /// Step 2 of ``percentileAndMaximum(_:truths:oracleHeap:)``: the `candidates` in a max-heap by bound,
    /// popped while the top exceeds V (`top.smallest`): a frame popped the first time gets its
    /// refined bound (kept in place of the bound: a bound too, and tighter) and goes back in by
    /// it if that still exceeds V; popped again, it is searched, raising V. So only frames
    /// whose bounds exceed the final V are refined. A candidate is complemented (`~i`) once
    /// refined.
    mutating func settleOracle(
        _ candidates: inout [Int32], truths: [GroundTruth.Unowned], into top: inout LargestValues,
        searches: inout Int
    ) {
        let movingCount = moving.count
        // The bounds are taken out of `self` (and put back after) so that the heap reads and
        // writes them through pointers, without a check per access.
        var movingKeys: [Float] = [], stillKeys: [Float] = []
        swap(&movingKeys, &movingBound)
        swap(&stillKeys, &stillBound)
        defer {
            swap(&movingKeys, &movingBound)
            swap(&stillKeys, &stillBound)
        }
        movingKeys.withUnsafeMutableBufferPointer { mk in
            stillKeys.withUnsafeMutableBufferPointer { sk in
                candidates.withUnsafeMutableBufferPointer { h in
                    @inline(__always) func key(_ c: Int32) -> Float {
                        let i = Int(c >= 0 ? c : ~c)
                        return i < movingCount ? mk[i] : sk[i - movingCount]
                    }
                    @inline(__always) func siftDown(_ start: Int, _ end: Int) {
                        OvershootFrames.siftDown(&h, start, end) { key($0) > key($1) }
                    }
                    for i in stride(from: h.count / 2 - 1, through: 0, by: -1) { siftDown(i, h.count) }
                    var end = h.count
                    while end > 0 && Double(key(h[0])) > top.smallest {
                        let c = h[0]
                        let i = Int(c >= 0 ? c : ~c)
                        let isMoving = i < movingCount
                        let index = isMoving ? i : i - movingCount
                        let stroke = isMoving
                            ? moving.runs[OvershootFrames.run(holding: index, in: moving.runs)].stroke
                            : still.runs[OvershootFrames.run(holding: index, in: still.runs)].stroke
                        if c >= 0 {
                            let f = query(isMoving, index)
                            let r = OvershootFrames.stored(
                                OvershootFrames.bound(truths[stroke], f.q.x, f.q.y, f.tau, hint: f.hint, refined: true))
                            if isMoving { mk[index] = r } else { sk[index] = r }
                            if Double(r) > top.smallest {
                                h[0] = ~c
                                siftDown(0, end)
                                continue
                            }
                        } else {
                            top.insert(exact(isMoving, index, stroke, truths: truths, searches: &searches))
                        }
                        end -= 1
                        h.swapAt(0, end)
                        siftDown(0, end)
                    }
                }
            }
        }
    }
}

extension OvershootFrames {
    /// `bound` in single precision, rounded up (to +infinity beyond its range): a bound still,
    /// in half the memory (a 10-hour trace has millions of frames per run).
    @inline(__always)
    static func stored(_ bound: Double) -> Float {
        let f = Float(bound)
        return Double(f) < bound ? f.nextUp : f
    }

    /// The `m`-th largest of the values of `a` and `b` together (`1 <= m <= a.count +
    /// b.count`; values non-negative). Up to 65,536 values, by quickselect on a copy; beyond,
    /// without a copy (a 10-hour trace has millions): four passes of a byte-wise radix
    /// selection on their bit patterns, which order non-negative floats as their values do.
    static func largest(_ m: Int, of a: [Float], _ b: [Float]) -> Float {
        let n = a.count + b.count
        if n <= 1 << 16 {
            // Few: a copy (at most 512 KB) and a quickselect cost less than four passes.
            var copy = [Double]()
            copy.reserveCapacity(n)
            for v in a { copy.append(Double(v)) }
            for v in b { copy.append(Double(v)) }
            return Float(selectSmallest(&copy, n - m))
        }
        var prefix: UInt32 = 0, mask: UInt32 = 0
        var remaining = m
        var counts = [Int](repeating: 0, count: 256)
        for shift in stride(from: UInt32(24), through: 0, by: -8) {
            for i in counts.indices { counts[i] = 0 }
            for values in [a, b] {
                for v in values {
                    let bits = v.bitPattern
                    if bits & mask == prefix { counts[Int((bits >> shift) & 255)] += 1 }
                }
            }
            var digit = 255
            while digit > 0 && counts[digit] < remaining {
                remaining -= counts[digit]
                digit -= 1
            }
            prefix |= UInt32(digit) << shift
            mask |= 255 << shift
        }
        return Float(bitPattern: prefix)
    }

    /// Restores the order of the binary heap `heap[..<end]` below `start`, whose children are
    /// in order but which may not be: `above(a, b)` says `a` belongs above `b`. (An array, or
    /// a buffer pointer where a loop works without a check per access.)
    @inline(__always)
    static func siftDown<Heap: MutableCollection>(
        _ heap: inout Heap, _ start: Int, _ end: Int, _ above: (Heap.Element, Heap.Element) -> Bool
    ) where Heap.Index == Int {
        var i = start
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < end && above(heap[l], heap[m]) { m = l }
            if r < end && above(heap[r], heap[m]) { m = r }
            if m == i { return }
            heap.swapAt(i, m)
            i = m
        }
    }

    /// The index of the run of `runs` (in frame order, contiguous) holding frame `i`.
    static func run(holding i: Int, in runs: [(stroke: Int, start: Int, end: Int)]) -> Int {
        var lo = 0, hi = runs.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].start <= i { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

/// The `k` largest of the values inserted (a min-heap of them): the `k`-th largest is its
/// root. Inserting is `O(log k)`.
struct LargestValues {
    let k: Int
    private var heap: [Double] = []
    /// The largest value inserted.
    private(set) var largest = -Double.infinity

    init(keeping k: Int) {
        precondition(k >= 1)
        self.k = k
        heap.reserveCapacity(k)
    }

    /// The `k`-th largest value inserted (the smallest kept); `-infinity` until `k` are in.
    var smallest: Double { heap.count < k ? -.infinity : heap[0] }

    mutating func insert(_ value: Double) {
        largest = max(largest, value)
        if heap.count < k {
            heap.append(value)
            var i = heap.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard heap[i] < heap[parent] else { break }
                heap.swapAt(i, parent)
                i = parent
            }
        } else if value > heap[0] {
            heap[0] = value
            OvershootFrames.siftDown(&heap, 0, heap.count, <)
        }
    }
}
