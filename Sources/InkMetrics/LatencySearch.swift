import InkTraces

/// The branch-and-bound behind ``PerceivedLatency/search(_:truths:)``: its state, kept in one
/// value so the search runs without closures over mutable state.
struct LatencySearch {
    typealias Sums = PerceivedLatency.Sums
    static let lowest = PerceivedLatency.lowestTenths
    static let highest = PerceivedLatency.highestTenths
    static let step = PerceivedLatency.stepSeconds
    /// Grid points further than this from the best are probed before they are evaluated:
    /// with every `stride / 2`-th frame up to `farDistance`, with every `stride`-th beyond.
    static let probeDistance = 30
    static let farDistance = 300

    let frames: LatencyFrames
    let truths: [GroundTruth]
    /// The truths' bounds (``PathBounds``), one per stroke; empty for a polyline search until
    /// a probe needs them (``fullBounds()``).
    private(set) var bounds: [PathBounds]
    /// Frames, as a `Double`.
    let n: Double
    /// The pen's top speed over the frames' strokes (mm/s), enlarged for rounding.
    let topSpeed: Double
    /// Rounding slack per frame (mm): shifted times are off by a few ulps of the time, and
    /// positions by a few ulps of the coordinates.
    let eta: Double
    /// The second-order bound's reach, in grid steps, within ``PathBounds/localWindow``.
    let windowSteps: Int
    /// The local-speed bound's reach, in grid steps, within ``PathBounds/speedWindow``.
    let speedWindowSteps: Int
    /// Frames whose remainder bound exceeds this (mm/s²) use the first-order bound.
    let smoothLimit: Double
    /// The third-order bound's reach, in grid steps: from `floorSteps` (beyond
    /// ``PathBounds/jerkFloor``) to `jerkSteps` (within ``PathBounds/jerkWindow``).
    let floorSteps: Int
    let jerkSteps: Int
    /// Far probes sum every `stride`-th frame.
    let stride: Int
    /// Grid points.
    let count = highest - lowest + 1
    /// Per stroke, the polyline tables (``PolylineBounds``) when every truth is piecewise
    /// linear: then evaluated points get the polyline bound (``polylineTable(_:m:_:reach:)``)
    /// instead of the second- and third-order ones.
    let polyline: [PolylineBounds]?
    /// ``polyline``, or empty.
    let polylineBounds: [PolylineBounds]
    /// How far (s) a computed shifted time may be from the exact one, in times as large as
    /// the frames' and the paths' (a few ulps): the polyline bound's allowance.
    let timeSlack: Double
    /// The polyline bound's rounding slack per frame (mm): positions and times as in
    /// ``eta``, and the pieces' misses at the knots (``PolylineBounds/slack``).
    let polylineEta: Double
    /// The evaluated points' polyline tables, in the order of ``points``
    /// (``polylineTable(_:m:_:reach:)``), and whether each is computed yet (`-infinity` until then).
    var polylineTables: [Double] = []
    var tableReady: [Bool] = []
    /// Whether the polyline table of a point evaluated further than a table's reach from the
    /// best is computed only when a search first needs it (else every point's at once, in
    /// the pass that evaluates it, ``evaluatePolyline(_:reach:)``): the same tables, the same search.
    var lazyTables = true
    /// Whether a polyline table is computed only as far as the grid points nothing excludes
    /// yet (``tableReach(_:gaps:)``), and a refresh narrows the gaps point by point so that
    /// later tables reach less or are not needed (``refreshPolylineExclusions(target:gaps:)``);
    /// else every table reaches ``polylineSteps`` either side and every point within reach of
    /// a gap is refreshed (the reference): the same entries where they can still exclude, the
    /// same search.
    var trimTables = true
    /// Whether evaluated points next to one another share a polyline table: with
    /// ``lazyTables`` and ``trimTables``, the seed's Newton steps (``seed()``, after its first
    /// point, whose table is computed at once as before) wait for a refresh like the points
    /// far from the best, but for one evaluated within ``shareSteps`` grid steps of the best
    /// so far (where the steps settle), whose table is computed at once; and a refresh leaves
    /// a waiting point without a table where a point within ``shareSteps`` has one
    /// (``refreshPolylineExclusions(target:gaps:)``); after the seed, a point evaluated within
    /// ``shareSteps`` of a point with a table waits too (and so gets none: the search's next
    /// evaluations next to the best used to compute a table each, up to ``polylineSteps`` on
    /// the side a gap is left, about 80,000 (frame, knot) pairs each on a recording of 17,000
    /// frames). Such tables are nearly the same bounds a
    /// step or two apart, each up to ``polylineSteps`` either side, and the seed's last steps
    /// land next to the best: fewer full tables. A point left without a table still excludes
    /// by its first-order bounds. The tables only exclude, so the search returns the same
    /// shift and cost; its work differs a little (the corpus recordings' 56 polyline searches
    /// in `PolylineSearchTests`: 725 evaluations, 721 without). The tests compare it with the
    /// search without sharing (itself compared with the untrimmed reference for result and
    /// work), the full grid and the smooth-path search.
    var shareTables = true
    /// How near (grid steps) a point with a table leaves a waiting point without one
    /// (``shareTables``).
    static let shareSteps = 2
    /// True while ``seed()`` evaluates (see ``shareTables``).
    var seeding = false
    /// Whether the polyline tables use the signed bound (the jumps' directions, where the
    /// residuals' and velocities' contributions cancel) rather than the magnitude bound (the
    /// jumps' lengths alone, the first one built; kept as the reference the tests compare the
    /// searches with). Both are lower bounds on the cost, so both searches return the same
    /// result; the signed bound is nearly always tighter and excludes more.
    var signedKinks = true
    /// Scratch buckets of ``polylineTable(_:m:_:reach:)``, reused: the magnitude bound's and the
    /// signed bound's (``polylinePass(_:summing:bucketing:signed:reach:)``).
    var bucketScratch: [SIMD2<Double>] = []
    var signedScratch: [SIMD4<Double>] = []
    /// The largest ``PolylineBounds/jumpWindow`` of the frames' strokes (mm/s).
    let jumpWindow: Double

    var evaluated: [Bool]
    var probed: [Bool]
    /// Evaluated points (grid index) with their sums, and the target their second- and
    /// third-order exclusion intervals were last computed for.
    var points: [(index: Int, sums: Sums, target: Double)] = []
    /// The second- and third-order exclusion intervals found since the gaps were last
    /// narrowed (then emptied): each was computed for a target at least the present one, and
    /// the target only falls, so what they exclude stays excluded, whichever point they came
    /// from.
    var newExclusions: [(lo: Int, hi: Int)] = []
    /// Probed points: partial sums over every `stride`-th frame. Every term of the cost is
    /// non-negative, so a partial cost bounds the full cost from below; far from the best a
    /// probe excludes nearly as much as an evaluation for a fraction of the work.
    var probes: [(index: Int, sums: Sums, frames: Double)] = []
    var evaluations = 0
    /// Scratch buffers, reused: the shifts to sum and their sums.
    var todo: [Int] = []
    var sums: [Sums] = []
    /// Frames summed by probes, over all probes.
    var probedFrames = 0
    var bestM = 0
    var bestC = Double.infinity
    var bestSums = Sums()
    /// Scratch buffers of ``narrow(_:target:)``, reused: the excluded intervals, and the gaps
    /// left.
    var covered: [(lo: Int, hi: Int)] = [], remaining: [(Int, Int)] = []
    /// Scratch buffers of ``visit(_:)``, reused: grid points (0.1 ms) to evaluate, to probe
    /// over every `stride / 2`-th frame, and to probe over every `stride`-th.
    var full: [Int] = [], near: [Int] = [], far: [Int] = []

    /// A search of `frames`, whose largest `|tau_k|` (s) and tip coordinate (mm) are
    /// `extent` (``PerceivedLatency/extent(_:)``), over `truths` with their `bounds` (one
    /// per stroke; may be empty where `polyline` is given: then derived if needed).
    init(
        _ frames: LatencyFrames, truths: [GroundTruth], bounds: [PathBounds], polyline: [PolylineBounds]? = nil,
        extent: (maxTime: Double, maxCoordinate: Double)
    ) {
        self.frames = frames
        self.truths = truths
        self.bounds = bounds
        self.polyline = polyline
        polylineBounds = polyline ?? []
        let count = frames.count
        n = Double(count)
        var speed = 0.0
        for run in frames.runs { speed = max(speed, polyline?[run.stroke].maxSpeed ?? bounds[run.stroke].maxSpeed) }
        let (maxTime, maxCoordinate) = extent
        topSpeed = max(speed, 1e-9) * (1 + 1e-9)
        eta = topSpeed * 8 * maxTime.ulp + 16 * (maxCoordinate + 1).ulp + 1e-300
        let window = PathBounds.localWindow
        windowSteps = Int((window / LatencySearch.step).rounded(.down)) - 1
        speedWindowSteps = Int((PathBounds.speedWindow / LatencySearch.step).rounded(.down)) - 1
        smoothLimit = 2 * topSpeed / window
        jerkSteps = Int((PathBounds.jerkWindow / LatencySearch.step).rounded(.down)) - 1
        floorSteps = Int((PathBounds.jerkFloor / LatencySearch.step).rounded(.up)) + 1
        stride = max(1, min(8, count / 24))
        evaluated = [Bool](repeating: false, count: LatencySearch.highest - LatencySearch.lowest + 1)
        probed = evaluated
        var time = maxTime + 0.25, coordinate = maxCoordinate, slack = 0.0, jumpWindow = 0.0
        if let polyline {
            for run in frames.runs {
                jumpWindow = max(jumpWindow, polyline[run.stroke].jumpWindow)
                let path = truths[run.stroke].path
                time = max(time, abs(path.startTime) + 0.25, abs(path.endTime) + 0.25)
                time += abs(truths[run.stroke].timeOffset)
                coordinate = max(coordinate, polyline[run.stroke].maxCoordinate)
                slack = max(slack, polyline[run.stroke].slack)
            }
        }
        self.jumpWindow = jumpWindow
        timeSlack = 8 * time.ulp
        polylineEta = 2 * topSpeed * timeSlack + 32 * (2 * coordinate + 1).ulp + slack
    }

    /// Derives the truths' ``PathBounds`` if the search was made without them (a polyline
    /// search needs them only for a probe of every sum, ``seed()`` without the tips' times).
    mutating func fullBounds() {
        if bounds.isEmpty { bounds = PathBounds.of(truths) }
    }

    /// Puts into `todo` the shifts (0.1 ms, clamped to the grid) not evaluated yet, nor, when
    /// `probing`, probed yet, and marks them probed or evaluated.
    mutating func select(_ shifts: [Int], probing: Bool) {
        todo.removeAll(keepingCapacity: true)
        for m in shifts {
            let i = min(max(m, LatencySearch.lowest), LatencySearch.highest) - LatencySearch.lowest
            guard !evaluated[i] && !(probing && probed[i]) else { continue }
            if probing { probed[i] = true } else { evaluated[i] = true }
            todo.append(i + LatencySearch.lowest)
        }
    }

    /// Evaluates the shifts (0.1 ms) not evaluated yet, updating the best. `gaps`: the grid
    /// points nothing excludes yet (the whole grid if nil), how far a polyline table reaches.
    mutating func evaluate(_ shifts: [Int], gaps: [(Int, Int)]? = nil) {
        select(shifts, probing: false)
        guard !todo.isEmpty else { return }
        if polyline != nil {
            sums.removeAll(keepingCapacity: true)
            for m in todo {
                // Far from the best a point's first-order bounds often settle its table's
                // whole reach: its table waits until a refresh needs it. So do the seed's
                // points but one next to the best so far (``shareTables``).
                let waits =
                    seeding && shareTables && trimTables && bestC.isFinite
                    ? abs(m - bestM) > LatencySearch.shareSteps
                    : (bestC.isFinite && abs(m - bestM) > polylineSteps)
                        || (shareTables && trimTables && hasTable(near: m - LatencySearch.lowest))
                if lazyTables && waits {
                    sums.append(polylineSums(m))
                    polylineTables.append(contentsOf: repeatElement(-Double.infinity, count: 2 * polylineSteps))
                    tableReady.append(false)
                } else {
                    let i = m - LatencySearch.lowest
                    sums.append(evaluatePolyline(m, reach: tableReach(i, gaps: gaps ?? [(0, count - 1)])))
                }
            }
        } else {
            PerceivedLatency.costsAndBounds(
                frames, truths: truths, bounds: bounds, shifts: todo, smoothLimit: smoothLimit, into: &sums)
        }
        for (j, m) in todo.enumerated() {
            points.append((m - LatencySearch.lowest, sums[j], .nan))
            if PerceivedLatency.beats(sums[j].c, m, bestC, bestM) {
                bestC = sums[j].c
                bestM = m
                bestSums = sums[j]
            }
        }
        evaluations += todo.count
    }

    /// Whether an evaluated point within ``shareSteps`` grid steps of grid point `i` has its
    /// polyline table (``shareTables``).
    func hasTable(near i: Int) -> Bool {
        points.indices.contains { tableReady[$0] && abs(points[$0].index - i) <= LatencySearch.shareSteps }
    }

    /// Probes the shifts (0.1 ms) neither probed nor evaluated yet, over every `stride`-th
    /// frame; returns their partial sums (`c` and `d` only, unless `full`).
    @discardableResult
    mutating func probe(_ shifts: [Int], stride: Int, full: Bool = false) -> ArraySlice<Sums> {
        select(shifts, probing: true)
        guard !todo.isEmpty else { return [] }
        if full { fullBounds() }
        if polyline != nil && !full {
            // Every truth is piecewise linear: positions read from two coefficients, the same sums.
            PerceivedLatency.sums(
                frames, truths: truths, shifts: todo, stride: stride, PerceivedLatency.PositionTerms(linear: true), into: &sums)
        } else {
            PerceivedLatency.costsAndBounds(
                frames, truths: truths, bounds: bounds, shifts: todo, smoothLimit: smoothLimit, stride: stride,
                positionsOnly: !full,
                into: &sums)
        }
        let summed = Double((frames.count + stride - 1) / stride)
        for (j, m) in todo.enumerated() { probes.append((m - LatencySearch.lowest, sums[j], summed)) }
        probedFrames += todo.count * ((frames.count + stride - 1) / stride)
        return sums[...]
    }

    /// The Newton step from shift `m` on the sums' derivatives, on the grid: the cost's slope
    /// is `2g` and its curvature `2(h - ra)` over the smooth frames (`2h`, Gauss-Newton's,
    /// where that is not positive).
    func newton(from m: Int, _ sums: Sums) -> Int? {
        let curvature = sums.h - sums.ra > 0 ? sums.h - sums.ra : sums.h
        guard curvature > 0 else { return nil }
        let steps = -sums.g / curvature / LatencySearch.step
        guard steps.isFinite, abs(steps) < Double(count) else { return nil }
        return min(max(m + Int(steps.rounded()), LatencySearch.lowest), LatencySearch.highest)
    }

    /// How many grid steps around a point the first-order bound excludes below `target`
    /// (`|Δm| <= reach`, at most `cap`), or -1 when it does not exclude the point itself. The
    /// point's sums are over `frames` frames: cost `c` (mm²), distance sum `d` (mm), and the
    /// frames' speed bounds `V_k`, valid for shifts within `cap` steps, weighted by their
    /// distances, `v = Σ d_k V_k`, and alone, `s = Σ V_k`. Per frame
    /// `|r_k(S + δ)| >= d_k - V_k |δ| - η`, so the cost at `S + δ` is at least
    /// `c - 2|δ| v - 2ηd` and (Cauchy-Schwarz) `(d - |δ| s - nη)² / n` while that is positive.
    /// With the pen's top speed `V` for every frame (`v = V d`, `s = n V`) the bound holds for
    /// any shift; with each frame's own top speed (``PerceivedLatency/Sums``), within
    /// ``PathBounds/speedWindow``, where it reaches further as most of a stroke is slower.
    func firstOrderReach(
        _ c: Double, _ d: Double, speedWeighted v: Double, speedSum s: Double, frames f: Double, target: Double,
        cap: Int
    ) -> Int {
        guard c > target else { return -1 }
        let margin = c - target - 2 * eta * d
        let margin2 = d - f * eta - (f * target).squareRoot()
        let r1 = margin <= 0 ? 0 : v > 0 ? margin / (2 * v) : Double.infinity
        let r2 = margin2 <= 0 ? 0 : s > 0 ? margin2 / s : Double.infinity
        let r = max(r1, r2) / LatencySearch.step * (1 - 1e-9)
        return r >= Double(cap) ? cap : r > 1 ? Int(r.rounded(.up)) - 1 : 0  // |Δm| < r
    }

    /// The first-order reach of a probe (partial sums over `frames` frames): top speed only,
    /// since a probe sums positions alone.
    func probeReach(_ p: Sums, frames f: Double, target: Double) -> Int {
        firstOrderReach(
            p.c, p.d, speedWeighted: topSpeed * p.d, speedSum: topSpeed * f, frames: f, target: target, cap: count)
    }

    /// The first-order reach of an evaluated point: the larger of the top-speed bound's and
    /// the local-speed bound's.
    func pointReach(_ p: Sums, target: Double) -> Int {
        max(
            firstOrderReach(
                p.c, p.d, speedWeighted: topSpeed * p.d, speedSum: topSpeed * n, frames: n, target: target, cap: count),
            firstOrderReach(
                p.c, p.d, speedWeighted: p.v, speedSum: p.s, frames: n, target: target, cap: speedWindowSteps))
    }

    /// Appends the grid intervals evaluated point `i`'s second-order bound excludes below
    /// `target`, beyond `reach` steps (what the first-order bound excludes already), looking
    /// only at the grid points in `gaps` (what nothing excludes yet; the rest needs no bound).
    func secondOrder(
        _ i: Int, _ p: Sums, reach: Int, target: Double, gaps: [(Int, Int)], into out: inout [(lo: Int, hi: Int)]
    ) {
        guard reach < windowSteps else { return }
        // Second order, within the window: the runs of shifts whose bound exceeds the target.
        // At `δ = |j - i|` grid steps on one side (`σ` = ±1; `δ` in seconds below) the bound
        // less its margin and the target is a cubic in `δ`,
        //     c0 + 2σgδ + (h - e)δ² - avδ³ - 2V·dk·δ
        //        - 1e-9 (c0 + 2 sqrt(c0 h)δ + (h + e)δ² + avδ³ + 2V·dk·δ)
        //        - 2η(d0 + δnV) - η sqrt(n w)δ² - nη² - target,
        // its coefficients enlarged for rounding by the relative margin, which dwarfs the
        // error of three multiply-adds and of the sums (`g` sums terms of either sign: its
        // rounding grows with `Σ|r_k||v_k| <= sqrt(c0 h)`, not with `|g|`); the η terms cover
        // the rounding of each `r_k`, also where it meets `A_k δ²`.
        let c0 = p.c, d0 = p.d
        let a2 = p.h - p.e
        // Σ A_k |v_k|, bounded by Cauchy-Schwarz.
        let av = (p.w * p.h).squareRoot() * (1 + 1e-12)
        let first = 2 * topSpeed * p.dk
        let k0 = c0 - 1e-9 * c0 - 2 * eta * d0 - n * eta * eta - target
        let k2 = a2 - 1e-9 * (p.h + p.e) - eta * (n * p.w).squareRoot()
        let k3 = -av * (1 + 1e-9)
        let k1Common = -first - 1e-9 * (2 * (c0 * p.h).squareRoot() + first) - 2 * eta * n * topSpeed
        let k1Up = 2 * p.g + k1Common, k1Down = -2 * p.g + k1Common
        exclude(
            around: i, up: SIMD8(k0, k1Up, k2, k3, 0, 0, 0, 0), down: SIMD8(k0, k1Down, k2, k3, 0, 0, 0, 0),
            offsets: (reach + 1)...windowSteps, gaps: gaps, into: &out)
    }

    /// Appends the runs of grid points `i ± δ` (`δ` in `offsets`, grid steps) in `gaps` where
    /// the polynomial `Σ c_e δ^e` (δ in seconds, coefficients `up` above `i`, `down` below) is
    /// positive. Its positive and negative terms each rise with `δ`, which bounds it over a
    /// run of offsets from the run's two ends: runs are bisected until settled
    /// (``ExclusionRun``), a few dozen evaluations instead of one per point. A side whose
    /// coefficients are not all finite excludes nothing.
    func exclude(
        around i: Int, up: SIMD8<Double>, down: SIMD8<Double>, offsets: ClosedRange<Int>, gaps: [(Int, Int)],
        into out: inout [(lo: Int, hi: Int)]
    ) {
        for side in 0..<2 {
            let c = side == 0 ? up : down
            // A coefficient that is not finite (sums overflowing, far beyond any pen) proves
            // nothing: no exclusion on that side.
            guard (c - c) == SIMD8(repeating: 0) else { continue }
            let zero = SIMD8<Double>(repeating: 0)
            let pos = c.replacing(with: zero, where: c .< 0)
            let neg = (-c).replacing(with: zero, where: c .>= 0)
            var run = ExclusionRun(i: i, up: side == 0, pos: pos, neg: neg)
            for (ga, gb) in gaps {
                let a = side == 0 ? max(ga - i, offsets.lowerBound) : max(i - gb, offsets.lowerBound)
                let b = side == 0 ? min(gb - i, offsets.upperBound) : min(i - ga, offsets.upperBound)
                guard a <= b else { continue }
                run.settle(a, b, into: &out)
            }
            run.flush(into: &out)
        }
    }

    /// Appends the grid intervals evaluated point `i`'s third-order bound
    /// (``PerceivedLatency/search(_:truths:)``) excludes below `target`, looking only at the
    /// grid points in `gaps`, from `floorSteps` to `jerkSteps` either side. On one side the
    /// bound less its margin and the target is a polynomial `Σ k_e δ^e` of degree 5 in `δ`
    /// (seconds), each coefficient enlarged against rounding by the relative margin, which
    /// dwarfs the error of five multiply-adds and of the sums: `g`, `ra` and `va` sum terms
    /// of either sign, so their rounding grows with `sqrt(c h)`, `sqrt(c aa)` and
    /// `sqrt(h aa)` (Cauchy-Schwarz), not with their values. The η terms cover the rounding of
    /// each `r_k` in `|P_k|²` and in the remainder term, as far as `|a_k| δ²/2` and `J_k`.
    func thirdOrder(_ i: Int, _ p: Sums, target: Double, gaps: [(Int, Int)], into out: inout [(lo: Int, hi: Int)]) {
        let V = topSpeed
        let sh = (p.h * p.jj).squareRoot() * (1 + 1e-12)
        let sa = (p.aa * p.jj).squareRoot() * (1 + 1e-12)
        let r = 1e-9
        let k0 = p.c - target - r * p.c - 2 * eta * p.d - n * eta * eta
        let k2 = p.h - p.ra - r * (p.h + (p.c * p.aa).squareRoot()) - eta * (n * p.aa).squareRoot()
        let k4 = p.aa / 4 - sh / 3 - r * (p.aa / 4 + sh / 3)
        let k5 = -sa / 6 * (1 + r)
        // The bound less the target, `Σ k_e δ^e`, per side (`σ = +1` above `i`, `-1` below).
        func coefficients(_ sigma: Double) -> SIMD8<Double> {
            let k1 = 2 * sigma * p.g - 2 * V * p.dk - r * (2 * (p.c * p.h).squareRoot() + 2 * V * p.dk) - 2 * eta * n * V
            let k3 = -sigma * p.va - p.rJ / 3 - r * ((p.h * p.aa).squareRoot() + p.rJ / 3)
                - eta * (n * p.jj).squareRoot() / 3
            return SIMD8(k0, k1, k2, k3, k4, k5, 0, 0)
        }
        exclude(around: i, up: coefficients(1), down: coefficients(-1), offsets: floorSteps...jerkSteps, gaps: gaps, into: &out)
    }

    /// The grid offsets one side of a point where a polynomial bound excludes, found by
    /// bisection and merged into runs: `pos` and `neg` hold the polynomial's positive terms
    /// and the negatives of its negative ones (coefficients of `δ⁰` to `δ⁵`, δ in seconds).
    struct ExclusionRun {
        let i: Int, up: Bool
        /// Coefficient `e` of the positive terms and of the negated negative ones, twice over:
        /// `(pos_e, neg_e, pos_e, neg_e)`, so that one Horner pass at `(x, y, y, x)` gives
        /// both the lower bound `pos(x) - neg(y)` and the upper bound `pos(y) - neg(x)`.
        let c: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)
        var start = -1, end = -1

        init(i: Int, up: Bool, pos: SIMD8<Double>, neg: SIMD8<Double>) {
            self.i = i
            self.up = up
            func pair(_ e: Int) -> SIMD4<Double> { SIMD4(pos[e], neg[e], pos[e], neg[e]) }
            c = (pair(0), pair(1), pair(2), pair(3), pair(4), pair(5))
        }

        /// The polynomial's lower and upper bounds over offsets `x...y` (grid steps).
        @inline(__always)
        func bounds(_ x: Int, _ y: Int) -> (lower: Double, upper: Double) {
            let a = Double(x) * LatencySearch.step, b = Double(y) * LatencySearch.step
            let t = SIMD4(a, b, b, a)
            let v = c.0 + t * (c.1 + t * (c.2 + t * (c.3 + t * (c.4 + t * c.5))))
            return (v[0] - v[1], v[2] - v[3])
        }

        /// Appends the run found so far, as grid indices.
        mutating func flush(into out: inout [(lo: Int, hi: Int)]) {
            if start >= 0 { out.append(up ? (i + start, i + end) : (i - end, i - start)) }
            start = -1
        }

        /// Settles offsets `x...y` (grid steps), left to right: excluded whole when the
        /// polynomial's lower bound over them is positive, dropped when its upper bound is not,
        /// else halved.
        mutating func settle(_ x: Int, _ y: Int, into out: inout [(lo: Int, hi: Int)]) {
            let b = bounds(x, y)
            if b.lower > 0 {
                if start < 0 || end != x - 1 {
                    flush(into: &out)
                    start = x
                }
                end = y
                return
            }
            guard x < y, b.upper > 0 else { return }
            let mid = (x + y) / 2
            settle(x, mid, into: &out)
            settle(mid + 1, y, into: &out)
        }
    }

    /// `gaps` (sorted, disjoint runs of grid points) less the union of `intervals` (sorted here),
    /// into `out` (replaced).
    static func subtract(_ intervals: inout [(lo: Int, hi: Int)], from gaps: [(Int, Int)], into out: inout [(Int, Int)]) {
        out.removeAll(keepingCapacity: true)
        intervals.sort { $0.lo < $1.lo }
        var k = 0
        for (a, b) in gaps {
            var start = a
            while k < intervals.count && intervals[k].hi < start { k += 1 }
            var t = k
            while t < intervals.count && intervals[t].lo <= b {
                if intervals[t].lo > start { out.append((start, intervals[t].lo - 1)) }
                start = max(start, intervals[t].hi + 1)
                if start > b { break }
                t += 1
            }
            if start <= b { out.append((start, b)) }
        }
    }

    /// Searches until every grid point is evaluated or excluded: seeds the best
    /// (``seed()``), then, round by round, narrows the gaps (the grid points nothing excludes
    /// yet) to what the bounds leave below the target (``narrow(_:target:)``), brings the
    /// evaluated points' second- and third-order exclusions up to the target
    /// (``refreshExclusions(target:gaps:)``), and when none is stale evaluates or probes a few
    /// points of each gap (``visit(_:)``). What a bound excludes stays excluded, since the
    /// target only falls, so the gaps are kept from round to round.
    mutating func run() -> PerceivedLatency.Result {
        seed()
        var gaps: [(Int, Int)] = [(0, count - 1)]
        while true {
            let target = bestC + 1e-9 * abs(bestC) + 1e-300
            narrow(&gaps, target: target)
            if gaps.isEmpty { break }
            if refreshExclusions(target: target, gaps: gaps) { continue }
            visit(gaps)
        }
        return PerceivedLatency.Result(
            tenthsMs: bestM, cost: bestC, atEdge: bestM == LatencySearch.lowest || bestM == LatencySearch.highest,
            evaluations: evaluations + (probedFrames + frames.count - 1) / frames.count)
    }

    /// The first evaluations: at the tips' mean lag behind the photon time, or, without it,
    /// after Newton steps on probes from 0; then Newton steps on evaluations until they settle.
    mutating func seed() {
        seeding = true
        defer { seeding = false }
        var guess = 0
        if frames.lagCount > 0 {
            // Where the tips say the pen was: their mean lag behind the photon time.
            let lag = (frames.lagSum / Double(frames.lagCount) / LatencySearch.step).rounded()
            if lag.isFinite { guess = Int(min(max(lag, Double(LatencySearch.lowest)), Double(LatencySearch.highest))) }
        } else if stride > 1 {
            for _ in 0..<2 {
                guard let sums = probe([guess], stride: stride, full: true).first, let m = newton(from: guess, sums)
                else { break }
                guess = m
            }
        }
        evaluate([guess])
        for _ in 0..<4 {
            guard let m = newton(from: bestM, bestSums), !evaluated[m - LatencySearch.lowest] else { break }
            evaluate([m])
        }
    }

    /// Removes from `gaps` the grid points that the probes' and evaluated points' first-order
    /// bounds, and the second- and third-order exclusions found since the last call, put above
    /// `target`.
    mutating func narrow(_ gaps: inout [(Int, Int)], target: Double) {
        covered.removeAll(keepingCapacity: true)
        for p in probes {
            let reach = probeReach(p.sums, frames: p.frames, target: target)
            if reach >= 0 { covered.append((max(0, p.index - reach), min(count - 1, p.index + reach))) }
        }
        for p in points {
            let reach = max(0, pointReach(p.sums, target: target))
            covered.append((max(0, p.index - reach), min(count - 1, p.index + reach)))
        }
        covered += newExclusions
        newExclusions.removeAll(keepingCapacity: true)
        LatencySearch.subtract(&covered, from: gaps, into: &remaining)
        swap(&gaps, &remaining)
    }

    /// Computes, for `target`, the second- and third-order exclusions of the evaluated points
    /// within reach of a gap whose exclusions were computed for an older target, into
    /// ``newExclusions`` (looked for in `gaps` only: what the older target's intervals
    /// excluded stays excluded). Returns whether any point was refreshed (then the gaps are
    /// narrowed again before anything is evaluated).
    mutating func refreshExclusions(target: Double, gaps: [(Int, Int)]) -> Bool {
        if polyline != nil && trimTables { return refreshPolylineExclusions(target: target, gaps: gaps) }
        var refreshed = false
        let steps = polyline == nil ? jerkSteps : polylineSteps
        for k in points.indices where points[k].target != target {
            let lo = points[k].index - steps, hi = points[k].index + steps
            guard gaps.contains(where: { $0.1 >= lo && $0.0 <= hi }) else { continue }
            let p = points[k]
            if polyline != nil {
                // The reference (``trimTables`` off): every point within reach of a gap, in
                // order, each table at full reach.
                if !tableReady[k] {
                    polylineTable(k, m: p.index + LatencySearch.lowest, p.sums, reach: tableReach(p.index, gaps: gaps))
                }
                polylineExclusions(k, p.index, target: target, into: &newExclusions)
            } else {
                let reach = max(0, pointReach(p.sums, target: target))
                secondOrder(p.index, p.sums, reach: reach, target: target, gaps: gaps, into: &newExclusions)
                thirdOrder(p.index, p.sums, target: target, gaps: gaps, into: &newExclusions)
            }
            points[k].target = target
            refreshed = true
        }
        return refreshed
    }

    /// ``refreshExclusions(target:gaps:)`` for polyline tables: the points whose tables are
    /// computed first (in their order), then those whose tables wait (``lazyTables``), nearest
    /// the best first, the gaps narrowed by each point's exclusions as it goes, so that a later
    /// table reaches only as far as what is left (``tableReach(_:gaps:)``) and is not computed
    /// at all where nothing is left within its reach. The gaps after the round are the same as
    /// if every point were refreshed against the gaps it started with (a point passed over
    /// could exclude only what is excluded already). With ``shareTables`` a point skipped for
    /// a neighbour's table could have excluded more: the result is the same (exclusions only
    /// drop points whose bound is above the best), but the gaps may stay wider, so more may be
    /// evaluated. Returns whether any point was refreshed.
    mutating func refreshPolylineExclusions(target: Double, gaps: [(Int, Int)]) -> Bool {
        var refreshed = false
        let steps = polylineSteps
        var open = gaps, left: [(Int, Int)] = [], found: [(lo: Int, hi: Int)] = []
        let bi = bestM - LatencySearch.lowest
        let ready = points.indices.filter { tableReady[$0] }
        let waiting = points.indices.filter { !tableReady[$0] }.sorted {
            (abs(points[$0].index - bi), $0) < (abs(points[$1].index - bi), $1)
        }
        for k in ready + waiting where points[k].target != target {
            let lo = points[k].index - steps, hi = points[k].index + steps
            guard open.contains(where: { $0.1 >= lo && $0.0 <= hi }) else { continue }
            let p = points[k]
            if !tableReady[k] {
                if shareTables && hasTable(near: p.index) {
                    // A neighbour within ``shareSteps`` has a table: this point gets none (its
                    // first-order bounds have excluded already); see ``shareTables``.
                    points[k].target = target
                    continue
                }
                polylineTable(k, m: p.index + LatencySearch.lowest, p.sums, reach: tableReach(p.index, gaps: open))
            }
            found.removeAll(keepingCapacity: true)
            polylineExclusions(k, p.index, target: target, into: &found)
            newExclusions += found
            points[k].target = target
            refreshed = true
            if !found.isEmpty {
                LatencySearch.subtract(&found, from: open, into: &left)
                swap(&open, &left)
            }
        }
        return refreshed
    }

    /// In each gap: the point nearest the best (or the best's Newton step) and the middle, or
    /// every point of a short gap. Far from the best a point is probed first (over every
    /// `stride`-th frame, or `stride / 2`-th nearer in); near it, or once probed, it is
    /// evaluated.
    mutating func visit(_ gaps: [(Int, Int)]) {
        full.removeAll(keepingCapacity: true)
        near.removeAll(keepingCapacity: true)
        far.removeAll(keepingCapacity: true)
        let bi = bestM - LatencySearch.lowest
        let newtonStep = newton(from: bestM, bestSums).map { $0 - LatencySearch.lowest }
        for (a, b) in gaps {
            if b - a < 4 {
                for i in a...b { pick(i, nearest: bi) }
            } else {
                if let nw = newtonStep, nw >= a, nw <= b { pick(nw, nearest: bi) }
                let nearest = min(max(bi, a), b), middle = (a + b) / 2
                pick(nearest, nearest: bi)
                pick(middle, nearest: bi)
            }
        }
        evaluate(full, gaps: gaps)
        // A probe over every frame is an evaluation: make it one (with its bounds' sums).
        if stride / 2 <= 1 { evaluate(near, gaps: gaps) } else { _ = probe(near, stride: stride / 2) }
        _ = probe(far, stride: stride)
    }

    /// Puts grid point `i` in ``full`` (to evaluate), ``near`` or ``far`` (to probe), by its
    /// distance from the best, `bi`, and whether it was probed already.
    @inline(__always)
    mutating func pick(_ i: Int, nearest bi: Int) {
        let distance = abs(i - bi)
        if probed[i] || distance <= LatencySearch.probeDistance || stride == 1 {
            full.append(i + LatencySearch.lowest)
        } else if distance <= LatencySearch.farDistance {
            near.append(i + LatencySearch.lowest)
        } else {
            far.append(i + LatencySearch.lowest)
        }
    }
}
