import InkTraces

/// The moving frames of one trace and strategy, as the perceived-latency search needs them:
/// photon times and displayed tips, grouped in runs of one stroke.
public struct LatencyFrames: Sendable {
    /// Photon times `tau_k` (s).
    public internal(set) var photonTime: [Double] = []
    /// Displayed tips `q_k` (mm), as vectors `(x, y)`.
    public internal(set) var tips: [SIMD2<Double>] = []
    /// Runs of consecutive frames of one stroke: (stroke index, first frame, end frame).
    public internal(set) var runs: [(stroke: Int, start: Int, end: Int)] = []
    /// The sum of `tau_k - T_k` (s), `T_k` the time each tip stands for, over the frames
    /// appended with one, and their count: the mean is where the search starts (a tip that
    /// shows the pen at `T_k` shows it `tau_k - T_k` late). Only where the search looks first
    /// depends on it, never its result.
    public internal(set) var lagSum = 0.0, lagCount = 0

    public init() {}

    /// The number of frames.
    public var count: Int { photonTime.count }

    /// Reserves room for `count` frames.
    public mutating func reserveCapacity(_ count: Int) {
        photonTime.reserveCapacity(count)
        tips.reserveCapacity(count)
    }

    /// Adds a frame of stroke `stroke`, and the time its tip stands for (s) if known.
    public mutating func append(stroke: Int, photonTime tau: Double, tipX x: Double, tipY y: Double, tipTime: Double? = nil) {
        if let tipTime, (tau - tipTime).isFinite {
            lagSum += tau - tipTime
            lagCount += 1
        }
        if let last = runs.last, last.stroke == stroke, last.end == photonTime.count {
            runs[runs.count - 1].end += 1
        } else {
            runs.append((stroke, photonTime.count, photonTime.count + 1))
        }
        photonTime.append(tau)
        tips.append(SIMD2(x, y))
    }
}

/// The perceived latency `Λ` (benchmark model, section 6): the time shift that best explains
/// the picture,
///
///     Λ = argmin over S of  Σ_k |q_k - p(tau_k - S)|²,   S ∈ [-50, 200] ms on a 0.1 ms grid,
///
/// over moving frames; ties go to the smaller `|S|`, and between `S` and `-S` to `+S`.
///
/// ``search(_:truths:)`` returns exactly what ``fullGrid(_:truths:)`` returns (the same cost
/// function, summed in the same order) while evaluating far fewer grid points. It is a
/// branch-and-bound: a grid point is excluded only when a proven lower bound on its cost
/// exceeds the best cost found, and the search evaluates points until every grid point is
/// evaluated or excluded, so it cannot miss the grid minimum, however bumpy the cost. The
/// bounds (detailed at ``search(_:truths:)``), derived here from the path's pieces per stroke
/// (`PathBounds`): a first-order one from the pen's top speed, for any shift, and one from each
/// frame's own top speed within 50 ms; a second-order one from the path's local acceleration
/// and velocity jumps, within 10 ms of an evaluated shift, which settles the neighbourhood of
/// the minimum in one evaluation; a third-order one from the path's second derivative and
/// jerk, within 50 ms, which reaches further
/// where the tips scatter about the path; and partial costs over every
/// `k`-th frame ("probes"), lower bounds on the full cost that exclude far shifts cheaply.
public enum PerceivedLatency {
    /// The grid's lower end, in 0.1 ms (-50 ms).
    public static let lowestTenths = -500
    /// The grid's upper end, in 0.1 ms (200 ms).
    public static let highestTenths = 2000

    /// The result of a search.
    public struct Result: Sendable, Equatable {
        /// `Λ` in units of 0.1 ms.
        public var tenthsMs: Int
        /// The cost at `Λ` (mm²).
        public var cost: Double
        /// Whether `Λ` lies on the edge of the searched range (the true minimum may lie beyond).
        public var atEdge: Bool
        /// The search's work, in evaluations of the cost over every frame: grid points
        /// evaluated, plus probes counted by the share of the frames they summed (rounded up).
        /// The full grid's is 2,501.
        public var evaluations: Int
        /// `Λ` in milliseconds.
        public var milliseconds: Double { Double(tenthsMs) / 10 }
    }

    /// Whether `(c1, m1)` beats `(c2, m2)`: lower cost, then smaller `|m|`, then positive `m`.
    @inlinable
    static func beats(_ c1: Double, _ m1: Int, _ c2: Double, _ m2: Int) -> Bool {
        if c1 != c2 { return c1 < c2 }
        if abs(m1) != abs(m2) { return abs(m1) < abs(m2) }
        return m1 > m2
    }

    /// `Λ` by evaluating every point of the grid: the reference the search must match (nil
    /// where it has none, as for ``search(_:truths:)``).
    public static func fullGrid(_ frames: LatencyFrames, truths: [GroundTruth]) -> Result? {
        guard frames.count > 0, tipsAreFinite(frames) else { return nil }
        let shifts = Array(lowestTenths...highestTenths)
        // The search's own cost loop, positions only (the cost is the same to the bit: the same
        // positions, summed in the same order); no bounds needed.
        var sums: [Sums] = []
        self.sums(frames, truths: truths, shifts: shifts, stride: 1, PositionTerms(), into: &sums)
        let c = sums.map(\.c)
        var best = 0
        for j in 1..<shifts.count where beats(c[j], shifts[j], c[best], shifts[best]) { best = j }
        guard c[best].isFinite else { return nil }
        return Result(
            tenthsMs: shifts[best], cost: c[best], atEdge: shifts[best] == lowestTenths || shifts[best] == highestTenths,
            evaluations: shifts.count)
    }

    /// The sums one evaluation of the search keeps for its bounds, at one shift: `c = Σ|r_k|²`
    /// and `d = Σ|r_k|` over every frame (`r_k = q_k - p(tau_k - S)`, mm), and over the frames
    /// where the path is smooth near `tau_k - S` (see ``costsAndBounds(_:truths:bounds:shifts:smoothLimit:stride:positionsOnly:)``)
    /// `g = Σ<r_k, v_k>` (mm²/s), `h = Σ|v_k|²` (mm²/s²), `e = Σ A_k |r_k|` (mm²/s²) and
    /// `w = Σ A_k²` (mm²/s⁴; `Σ A_k |v_k| <= sqrt(w h)`), `v_k = p'(tau_k - S)` and `A_k` the
    /// local remainder bound, and for the third-order bound `ra = Σ<r_k, a_k>` (mm²/s²),
    /// `va = Σ<v_k, a_k>` (mm²/s³), `aa = Σ|a_k|²` (mm²/s⁴), `rJ = Σ|r_k| J_k` (mm²/s³) and
    /// `jj = Σ J_k²` (mm²/s⁶), `a_k = p''(tau_k - S)` and `J_k` the jerk bound of
    /// `PathBounds`;
    /// `dk = Σ|r_k|` over the other frames; and `v = Σ|r_k| V_k` (mm²/s) and `s = Σ V_k`
    /// (mm/s) over every frame, `V_k` the path's top speed within `PathBounds.speedWindow` of
    /// `tau_k - S`.
    struct Sums {
        var c = 0.0, d = 0.0, g = 0.0, h = 0.0, e = 0.0, w = 0.0, dk = 0.0, v = 0.0, s = 0.0
        var ra = 0.0, va = 0.0, aa = 0.0, rJ = 0.0, jj = 0.0
        /// `l = Σ|v_k|` (mm/s), over every frame: the polyline bound's only (``LatencySearch/polylineTable(_:m:_:reach:)``).
        var l = 0.0
    }

    /// The grid step (s).
    static let stepSeconds = 1e-4

    /// The cost `C(m) = Σ_k |q_k - p(tau_k - m / 10,000)|²` at each of `shifts` (0.1 ms), with
    /// the other sums of ``Sums``. Each shift's sums run over the frames in order, so they do
    /// not depend on which other shifts are evaluated: the full grid and the search get the
    /// same cost for a shift, to the bit. A frame counts as smooth when its
    /// remainder bound `A_k = accel + 2 kink / step` (mm/s², valid for shifts of at least one
    /// grid step within `PathBounds.localWindow`) is at most `smoothLimit`. `bounds` are the
    /// truths' (one per stroke).
    ///
    /// With `stride` above 1 only every `stride`-th frame is summed: a partial cost, which is a
    /// lower bound on the full cost since every term is non-negative.
    static func costsAndBounds(
        _ frames: LatencyFrames, truths: [GroundTruth], bounds: [PathBounds], shifts: [Int], smoothLimit: Double,
        stride: Int = 1, positionsOnly: Bool = false
    ) -> [Sums] {
        var out: [Sums] = []
        costsAndBounds(
            frames, truths: truths, bounds: bounds, shifts: shifts, smoothLimit: smoothLimit, stride: stride,
            positionsOnly: positionsOnly, into: &out)
        return out
    }

    /// ``costsAndBounds(_:truths:bounds:shifts:smoothLimit:stride:positionsOnly:)`` into `out` (its
    /// contents replaced, its storage reused).
    static func costsAndBounds(
        _ frames: LatencyFrames, truths: [GroundTruth], bounds: [PathBounds], shifts: [Int], smoothLimit: Double,
        stride: Int = 1, positionsOnly: Bool = false, into out: inout [Sums]
    ) {
        if positionsOnly {
            sums(frames, truths: truths, shifts: shifts, stride: stride, PositionTerms(), into: &out)
        } else {
            sums(
                frames, truths: truths, shifts: shifts, stride: stride, FullTerms(bounds: bounds, smoothLimit: smoothLimit),
                into: &out)
        }
    }

    /// What one frame adds to ``Sums``, given its truth, what ``stroke(_:)`` gave for its stroke,
    /// its shifted time `tau_k - m / 10,000` (s) and its tip `(x, y)` (mm). (A protocol rather
    /// than a closure, so that the loop of ``sums(_:truths:shifts:stride:_:into:)`` is compiled
    /// with the terms inlined and the sums in registers.)
    protocol Terms {
        /// What the terms need of a stroke, looked up once per run of its frames.
        associatedtype Stroke
        func stroke(_ index: Int) -> Stroke
        func add(_ sums: inout Sums, _ truth: GroundTruth, _ stroke: Stroke, _ t: Double, _ q: SIMD2<Double>)
    }

    /// Every sum of ``Sums``.
    struct FullTerms: Terms {
        /// One per stroke.
        let bounds: [PathBounds]
        let smoothLimit: Double
        let kinkScale = 2 / stepSeconds

        @inline(__always)
        func stroke(_ index: Int) -> PathBounds { bounds[index] }

        @inline(__always)
        func add(_ sums: inout Sums, _ truth: GroundTruth, _ stroke: PathBounds, _ t: Double, _ q: SIMD2<Double>) {
            // Both axes at once; lane by lane the arithmetic of `dx * dx + dy * dy` and the like.
            let l = stroke.local(truth, at: t)
            let delta = q - l.p
            let d2 = (delta * delta).sum()
            let r = d2.squareRoot()
            sums.c += d2
            sums.d += r
            sums.v += r * l.speed
            sums.s += l.speed
            let a = l.accel + kinkScale * l.kink
            if a <= smoothLimit {
                sums.g += (delta * l.v).sum()
                sums.h += (l.v * l.v).sum()
                sums.e += a * r
                sums.w += a * a
                sums.ra += (delta * l.a).sum()
                sums.va += (l.v * l.a).sum()
                sums.aa += (l.a * l.a).sum()
                sums.rJ += r * l.jerk
                sums.jj += l.jerk * l.jerk
            } else {
                sums.dk += r
            }
        }
    }

    /// `c` and `d` only. `linear`: every truth is piecewise linear (a polyline search's
    /// probes), and each position is read from its piece's first two coefficients
    /// (``/InkTraces/GroundTruth``'s `linearPositionXY(at:)`): the same sums, to the bit.
    struct PositionTerms: Terms {
        var linear = false

        @inline(__always)
        func stroke(_ index: Int) {}

        @inline(__always)
        func add(_ sums: inout Sums, _ truth: GroundTruth, _ stroke: Void, _ t: Double, _ q: SIMD2<Double>) {
            let delta = q - (linear ? truth.linearPositionXY(at: t) : truth.positionXY(at: t))
            let d2 = (delta * delta).sum()
            sums.c += d2
            sums.d += d2.squareRoot()
        }
    }

    /// Sums `terms` over every `stride`-th frame, in order, at each of `shifts` (0.1 ms), into
    /// `out`: one shift at a time, the sums kept in registers.
    @inline(__always)
    static func sums<T: Terms>(
        _ frames: LatencyFrames, truths: [GroundTruth], shifts: [Int], stride: Int, _ terms: T,
        into out: inout [Sums]
    ) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(shifts.count)
        frames.photonTime.withUnsafeBufferPointer { tau in
            frames.tips.withUnsafeBufferPointer { tips in
                for j in shifts.indices {
                    let offset = Double(shifts[j]) / 10_000
                    var sums = Sums()
                    for run in frames.runs {
                        let truth = truths[run.stroke]
                        let stroke = terms.stroke(run.stroke)
                        var k = run.start
                        if stride > 1 && k % stride != 0 { k += stride - k % stride }
                        while k < run.end {
                            terms.add(&sums, truth, stroke, tau[k] - offset, tips[k])
                            k += stride
                        }
                    }
                    out.append(sums)
                }
            }
        }
    }

    /// `Λ` by branch-and-bound; equal to ``fullGrid(_:truths:)`` on every input.
    ///
    /// Every evaluated shift `m` (exact cost `C`, in the same arithmetic as the full grid)
    /// excludes the grid points its bounds put above the best cost found, with `δ` the shift
    /// difference (s), `V` the pen's top speed and `η` a slack for rounding in times and
    /// positions:
    ///
    /// - first order, any `δ`: `d_k(S + δ) >= d_k(S) - V|δ| - η`, so the cost is at least
    ///   `max(C - 2(V|δ| + η) D, n · max(0, D/n - V|δ| - η)²)`; and, `|δ|` up to 50 ms
    ///   (`PathBounds.speedWindow`), the same with each frame's own top speed `V_k` there
    ///   (`PathBounds`), at least `max(C - 2|δ| Σ d_k V_k - 2ηD,
    ///   max(0, D - |δ| Σ V_k - nη)² / n)`;
    /// - second order, `|δ|` up to 10 ms (`PathBounds.localWindow`): where the path is smooth,
    ///   `r_k(S + δ) = r_k + v_k δ + ε_k` with `|ε_k| <= A_k δ² / 2`, so
    ///   `|r_k(S + δ)|² >= |r_k + v_k δ|² - A_k δ² (|r_k| + |v_k| |δ|)`; summed with the
    ///   first-order bound of the other frames, the cost is at least
    ///   `C + 2gδ + (h - e)δ² - sqrt(w h)|δ|³ - 2V|δ| dk`, less a relative margin;
    /// - third order, 2 ms `<= |δ| <=` 50 ms (`PathBounds.jerkFloor`, `PathBounds.jerkWindow`): on the same
    ///   frames `r_k(S + δ) = P_k(δ) + ε_k`, `P_k(δ) = r_k + v_k δ - a_k δ²/2` and
    ///   `|ε_k| <= J_k |δ|³/6`, so `|r_k(S + δ)|² >= |P_k(δ)|² - 2|P_k(δ)| J_k |δ|³/6`; summed,
    ///   the cost is at least `C + 2gδ + (h - ra)δ² - va δ³ + aa δ⁴/4
    ///   - |δ|³/3 (rJ + |δ| sqrt(h jj) + δ²/2 sqrt(aa jj)) - 2V|δ| dk`, less a margin. Where
    ///   the tips scatter about the path (noise, a jittery predictor) the residuals `r_k` are
    ///   large but point every way: they enter the second-order bound as `e = Σ A_k |r_k|`,
    ///   which can swamp `h`, and this bound only as `Σ <r_k, a_k>`, where they cancel, and at
    ///   third order; it holds out to 50 ms where the second-order bound stops at 10.
    ///
    /// Near the minimum the second-order bound excludes most of its neighbourhood from one
    /// evaluation; the first-order bounds exclude the far grid. The search evaluates points
    /// (from the tips' mean lag behind the photon time when the frames carry it, then Newton
    /// steps on the cost's slope `2g` and curvature `2(h - ra)`, then the unexcluded gaps)
    /// until every grid point is evaluated or excluded, so it cannot miss the grid minimum,
    /// however bumpy the cost.
    ///
    /// A run whose moving frames hold a tip that is not finite has no `Λ` (nil): its cost is
    /// not a number at any shift. Nor has one whose cost overflows at every shift (tips some
    /// 1e150 mm out and beyond: the sum overflows near 1.3e154 / sqrt(frames) mm).
    ///
    /// The bounds are derived from the truths' paths once per path and kept with it;
    /// ``search(_:truth:)`` takes those its ``TraceTruth`` looked up once for all strategies.
    public static func search(_ frames: LatencyFrames, truths: [GroundTruth]) -> Result? {
        let polyline = PolylineBounds.of(truths)
        return search(frames, truths: truths, bounds: polyline == nil ? PathBounds.of(truths) : [], polyline: polyline)
    }

    /// ``search(_:truths:)`` over the strokes of `truth`, with the bounds it holds.
    public static func search(_ frames: LatencyFrames, truth: TraceTruth) -> Result? {
        search(frames, truths: truth.strokes, bounds: truth.bounds, polyline: truth.polyline)
    }

    /// ``search(_:truths:)`` with the truths' bounds (one per stroke; empty to derive them
    /// only if needed, where `polyline` is given), and their polyline tables where every
    /// truth is piecewise linear (``PolylineBounds``; nil to search with the smooth-path
    /// bounds alone, as for any other truth). `lazyTables`: see ``LatencySearch/lazyTables``;
    /// `signedKinks`: ``LatencySearch/signedKinks``; `trimTables`: ``LatencySearch/trimTables``;
    /// `shareTables`: ``LatencySearch/shareTables``.
    static func search(
        _ frames: LatencyFrames, truths: [GroundTruth], bounds: [PathBounds], polyline: [PolylineBounds]?,
        lazyTables: Bool = true, signedKinks: Bool = true, trimTables: Bool = true, shareTables: Bool = true
    ) -> Result? {
        guard frames.count > 0, let extent = extent(frames) else { return nil }
        var search = LatencySearch(frames, truths: truths, bounds: bounds, polyline: polyline, extent: extent)
        search.lazyTables = lazyTables
        search.signedKinks = signedKinks
        search.trimTables = trimTables
        search.shareTables = shareTables
        let result = search.run()
        return result.cost.isFinite ? result : nil
    }

    /// Whether every tip is finite: else the cost is not a number at any shift.
    static func tipsAreFinite(_ frames: LatencyFrames) -> Bool {
        extent(frames) != nil
    }

    /// The largest `|tau_k|` (s) and the largest tip coordinate `|x|` or `|y|` (mm) over the
    /// frames, or nil when a tip is not finite. One pass without branches: `q - q` is 0 for a
    /// finite `q` and NaN otherwise, so their sum is 0 exactly when every tip is finite.
    static func extent(_ frames: LatencyFrames) -> (maxTime: Double, maxCoordinate: Double)? {
        var coordinate = SIMD2<Double>.zero, nonFinite = SIMD2<Double>.zero
        for q in frames.tips {
            let a = q.replacing(with: -q, where: q .< 0)  // |q| lane by lane
            coordinate = coordinate.replacing(with: a, where: coordinate .< a)
            nonFinite += q - q
        }
        guard nonFinite == .zero else { return nil }
        var time = SIMD2<Double>.zero
        frames.photonTime.withUnsafeBufferPointer { tau in
            var k = 0
            while k + 1 < tau.count {
                let t = SIMD2(tau[k], tau[k + 1])
                let a = t.replacing(with: -t, where: t .< 0)
                time = time.replacing(with: a, where: time .< a)
                k += 2
            }
            if k < tau.count { time.x = max(time.x, abs(tau[k])) }
        }
        return (max(time.x, time.y), max(coordinate.x, coordinate.y))
    }
}
