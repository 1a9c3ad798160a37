import InkTraces

/// The moving frames of one trace and strategy, as the perceived-latency search needs them:
/// photon times and displayed tips, grouped in runs of one stroke.
public struct LatencyFrames: Sendable {
    /// Photon times `tau_k` (s).
    public internal(set) var photonTime: [Double] = []
    /// Displayed tips `q_k` (mm).
    public internal(set) var tipX: [Double] = []
    public internal(set) var tipY: [Double] = []
    /// Runs of consecutive frames of one stroke: (stroke index, first frame, end frame).
    public internal(set) var runs: [(stroke: Int, start: Int, end: Int)] = []

    public init() {}

    /// The number of frames.
    public var count: Int { photonTime.count }

    /// Reserves room for `count` frames.
    public mutating func reserveCapacity(_ count: Int) {
        photonTime.reserveCapacity(count)
        tipX.reserveCapacity(count)
        tipY.reserveCapacity(count)
    }

    /// Adds a frame of stroke `stroke`.
    public mutating func append(stroke: Int, photonTime tau: Double, tipX x: Double, tipY y: Double) {
        if let last = runs.last, last.stroke == stroke, last.end == photonTime.count {
            runs[runs.count - 1].end += 1
        } else {
            runs.append((stroke, photonTime.count, photonTime.count + 1))
        }
        photonTime.append(tau)
        tipX.append(x)
        tipY.append(y)
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
/// branch-and-bound: with `d_k(S) = |q_k - p(tau_k - S)|` and `V` a bound on the pen's speed,
/// `d_k(S ± δ) >= d_k(S) - Vδ`, so from one evaluation `(C = Σ d_k², D = Σ d_k)` every shift
/// within `δ` costs at least `max(C - 2VδD, n · max(0, D/n - Vδ)²)`. A grid point whose bound
/// exceeds the best cost found is excluded; the search evaluates points until every grid
/// point is evaluated or excluded, so it cannot miss the grid minimum, however bumpy the cost.
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
        /// How many grid points were evaluated.
        public var evaluations: Int
        /// `Λ` in milliseconds.
        public var milliseconds: Double { Double(tenthsMs) / 10 }
    }

    /// The time of the truth sample for frame photon time `tau` and grid shift `m` (0.1 ms).
    @inlinable
    static func shifted(_ tau: Double, _ m: Int) -> Double { tau - Double(m) / 10_000 }

    /// Cost `C(m) = Σ d_k²` and `D(m) = Σ d_k` at each of `shifts` (0.1 ms), summed over the
    /// frames in order, so a shift's sums do not depend on which other shifts are evaluated.
    public static func costs(_ frames: LatencyFrames, truths: [GroundTruth], shifts: [Int]) -> (c: [Double], d: [Double]) {
        var c = [Double](repeating: 0, count: shifts.count)
        var d = [Double](repeating: 0, count: shifts.count)
        // `shifted(tau, m)` is `tau - Double(m) / 10_000`: the same quotient, computed once.
        let offsets = shifts.map { Double($0) / 10_000 }
        c.withUnsafeMutableBufferPointer { c in
            d.withUnsafeMutableBufferPointer { d in
                offsets.withUnsafeBufferPointer { offsets in
                    frames.photonTime.withUnsafeBufferPointer { tau in
                        frames.tipX.withUnsafeBufferPointer { qx in
                            frames.tipY.withUnsafeBufferPointer { qy in
                                for run in frames.runs {
                                    let truth = truths[run.stroke]
                                    for k in run.start..<run.end {
                                        let t = tau[k], x = qx[k], y = qy[k]
                                        for j in 0..<offsets.count {
                                            let p = truth.position(at: t - offsets[j])
                                            let dx = x - p.x, dy = y - p.y
                                            let d2 = dx * dx + dy * dy
                                            c[j] += d2
                                            d[j] += d2.squareRoot()
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (c, d)
    }

    /// Whether `(c1, m1)` beats `(c2, m2)`: lower cost, then smaller `|m|`, then positive `m`.
    @inlinable
    static func beats(_ c1: Double, _ m1: Int, _ c2: Double, _ m2: Int) -> Bool {
        if c1 != c2 { return c1 < c2 }
        if abs(m1) != abs(m2) { return abs(m1) < abs(m2) }
        return m1 > m2
    }

    /// `Λ` by evaluating every point of the grid: the reference the search must match.
    public static func fullGrid(_ frames: LatencyFrames, truths: [GroundTruth]) -> Result? {
        guard frames.count > 0 else { return nil }
        let shifts = Array(lowestTenths...highestTenths)
        let (c, _) = costs(frames, truths: truths, shifts: shifts)
        var best = 0
        for j in 1..<shifts.count where beats(c[j], shifts[j], c[best], shifts[best]) { best = j }
        return Result(
            tenthsMs: shifts[best], cost: c[best], atEdge: shifts[best] == lowestTenths || shifts[best] == highestTenths,
            evaluations: shifts.count)
    }

    /// `Λ` by branch-and-bound; equal to ``fullGrid(_:truths:)`` on every input.
    public static func search(_ frames: LatencyFrames, truths: [GroundTruth]) -> Result? {
        let n = frames.count
        guard n > 0 else { return nil }
        var speed = 0.0
        for run in frames.runs { speed = max(speed, truths[run.stroke].path.maxSpeed) }
        // Speed bound per grid step (mm per 0.1 ms), with margin for rounding.
        let v = max(speed, 1e-9) / 10_000 * (1 + 1e-9)
        let count = highestTenths - lowestTenths + 1
        var cost = [Double](repeating: .nan, count: count)
        var dsum = [Double](repeating: .nan, count: count)
        var evaluated = [Bool](repeating: false, count: count)
        var evaluatedList: [Int] = []
        var evaluations = 0
        var bestM = 0
        var bestC = Double.infinity

        func evaluate(_ shifts: [Int]) {
            let todo = shifts.filter { !evaluated[$0 - lowestTenths] }
            guard !todo.isEmpty else { return }
            let (c, d) = costs(frames, truths: truths, shifts: todo)
            for (j, m) in todo.enumerated() {
                cost[m - lowestTenths] = c[j]
                dsum[m - lowestTenths] = d[j]
                evaluated[m - lowestTenths] = true
                evaluatedList.append(m - lowestTenths)
                if beats(c[j], m, bestC, bestM) {
                    bestC = c[j]
                    bestM = m
                }
            }
            evaluations += todo.count
        }

        // Seed: Gauss-Newton on the continuous cost, from 0, for a good first best.
        var s = 0.0
        for _ in 0..<4 {
            var num = 0.0, den = 0.0
            for run in frames.runs {
                let truth = truths[run.stroke]
                for k in run.start..<run.end {
                    let t = frames.photonTime[k] - s
                    let p = truth.position(at: t)
                    let vel = truth.velocity(at: t)
                    num += (frames.tipX[k] - p.x) * vel.x + (frames.tipY[k] - p.y) * vel.y
                    den += vel.x * vel.x + vel.y * vel.y
                }
            }
            guard den > 0 else { break }
            s = min(max(s - num / den, -0.05), 0.2)
        }
        let seed = min(max(Int((s * 10_000).rounded()), lowestTenths), highestTenths)
        evaluate([0, seed, max(lowestTenths, seed - 1), min(highestTenths, seed + 1)])

        while true {
            // Exclusion radius of every evaluated point, given the best cost so far.
            let target = bestC + 1e-9 * abs(bestC) + 1e-300
            let rootTarget = (target / Double(n)).squareRoot()
            // Covered grid points, as intervals: every evaluated point, widened by its
            // exclusion radius. (The same set a per-point mark would give, in O(E log E).)
            var covered: [(lo: Int, hi: Int)] = []
            covered.reserveCapacity(evaluatedList.count)
            for i in evaluatedList {
                let c0 = cost[i], d0 = dsum[i]
                var reach = 0
                if c0 > target {
                    let r1 = d0 > 0 ? (c0 - target) / (2 * v * d0) : Double.infinity
                    let r2 = (d0 / Double(n) - rootTarget) / v
                    let r = max(r1, r2) * (1 - 1e-9)
                    if r > 1 { reach = r >= Double(count) ? count : Int(r.rounded(.up)) - 1 }  // |Δm| < r
                }
                covered.append((max(0, i - reach), min(count - 1, i + reach)))
            }
            covered.sort { $0.lo < $1.lo }
            // Uncovered runs of grid points.
            var gaps: [(Int, Int)] = []
            var i = 0
            for interval in covered {
                if interval.lo > i { gaps.append((i, interval.lo - 1)) }
                i = max(i, interval.hi + 1)
            }
            if i < count { gaps.append((i, count - 1)) }
            if gaps.isEmpty { break }
            var next: [Int] = []
            for (a, b) in gaps {
                if b - a < 8 {
                    next += (a...b).map { $0 + lowestTenths }
                } else {
                    // The gap point nearest the best, and the gap's middle.
                    let bi = bestM - lowestTenths
                    let near = min(max(bi, a), b)
                    next.append(near + lowestTenths)
                    next.append((a + b) / 2 + lowestTenths)
                }
            }
            evaluate(next)
        }
        return Result(
            tenthsMs: bestM, cost: bestC, atEdge: bestM == lowestTenths || bestM == highestTenths,
            evaluations: evaluations)
    }
}
