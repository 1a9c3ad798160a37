import Testing

@testable import InkTraces

/// ``CubicPath/init(polylineT:x:y:jobs:)`` writes a recording's tables straight into the
/// allocation, on several threads for a long path; the general constructor, fed the segments'
/// coefficients (``CubicPath/init(polylineThroughCoefficientsT:x:y:)``), is its oracle. Every
/// table must be the same to the bit: knots, coefficients, end points, sags, reaches, block
/// boxes and time buckets.
@Suite("Polyline tables")
struct PolylineTablesTests {
    /// Where the two paths' tables differ (the first few), empty when they agree to the bit.
    static func differences(_ a: CubicPath, _ b: CubicPath) -> [String] {
        var out: [String] = []
        let s = a.storage, o = b.storage
        func bits(_ v: Double) -> UInt64 { v.bitPattern }
        if s.knotCount != o.knotCount || s.blockCount != o.blockCount { return ["sizes \(s.knotCount)/\(o.knotCount)"] }
        if bits(s.bucketStart) != bits(o.bucketStart) || bits(s.bucketScale) != bits(o.bucketScale) { out.append("bucket scale") }
        if [s.startX, s.startY, s.endX, s.endY].map(bits) != [o.startX, o.startY, o.endX, o.endY].map(bits) { out.append("held ends") }
        for k in 0..<s.knotCount where bits(s.knots[k]) != bits(o.knots[k]) { out.append("knot \(k)") }
        for j in 0..<s.pieceCount where out.count < 10 {
            for i in 0..<8 where bits(s.coef[8 * j + i]) != bits(o.coef[8 * j + i]) { out.append("piece \(j) coefficient \(i)") }
            for i in 0..<2 where bits(s.ends[2 * j + i]) != bits(o.ends[2 * j + i]) { out.append("piece \(j) end \(i)") }
            if bits(s.sags[j]) != bits(o.sags[j]) { out.append("piece \(j) sag") }
            if bits(s.reach[j]) != bits(o.reach[j]) { out.append("piece \(j) reach") }
            if s.buckets[j] != o.buckets[j] { out.append("bucket \(j)") }
        }
        for i in 0..<(4 * s.blockCount) where bits(s.boxes[i]) != bits(o.boxes[i]) { out.append("box value \(i)") }
        return Array(out.prefix(10))
    }

    /// A noisy wandering polyline of `count` samples with uneven steps (times strictly increasing).
    static func samples(_ count: Int, seed: UInt64) -> (t: [Double], x: [Double], y: [Double]) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func unit() -> Double {
            // SplitMix64's step.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        var t: [Double] = [], x: [Double] = [], y: [Double] = []
        var time = 3.25, px = 10.0, py = -4.0
        for _ in 0..<count {
            t.append(time)
            x.append(px)
            y.append(py)
            time += 0.001 + 0.007 * unit()
            px += 2 * unit() - 1
            py += 2 * unit() - 1
        }
        return (t, x, y)
    }

    /// Long paths (so that 2 to 5 threads each get runs of blocks, a last block cut short) and
    /// short ones (one thread whatever `jobs` says) give the oracle's tables for every `jobs`.
    @Test func everyTableIsTheOraclesForAnyNumberOfThreads() {
        for (count, seed) in [(1, 1), (2, 2), (17, 3), (4_000, 4), (65_536 * 2 + 1, 5), (65_536 * 5 + 7, 6)] as [(Int, UInt64)] {
            let s = Self.samples(count, seed: seed)
            let oracle = CubicPath(polylineThroughCoefficientsT: s.t, x: s.x, y: s.y)
            for jobs in [1, 2, 3, 5] {
                let path = CubicPath(polylineT: s.t, x: s.x, y: s.y, jobs: jobs)
                path.checkInvariants()
                #expect(path.isPiecewiseLinear && path.knots == s.t)
                let d = Self.differences(path, oracle)
                #expect(d.isEmpty, "\(count) samples, \(jobs) jobs: \(d)")
            }
        }
    }

    /// The comparison can fail: a path whose one sample moved by one unit in the last place
    /// differs from the oracle in that piece's tables.
    @Test func aChangedSampleIsFound() {
        let s = Self.samples(65_536 * 2 + 1, seed: 7)
        let oracle = CubicPath(polylineThroughCoefficientsT: s.t, x: s.x, y: s.y)
        var x = s.x
        x[100_000] = x[100_000].nextUp
        let path = CubicPath(polylineT: s.t, x: x, y: s.y, jobs: 2)
        #expect(!Self.differences(path, oracle).isEmpty)
    }

    /// `linearGeometry(at:)` and `linearPositionXY(at:)` (a piecewise-linear path read from
    /// each piece's first two coefficients) give `geometry(at:)`'s position, derivative and
    /// piece and `positionXY(at:)`'s position to the bit: at every knot, just either side of
    /// it, inside pieces, before the first and after the last knot, at infinities and NaN; on
    /// noisy polylines (some pieces held still) and on a path of one knot.
    @Test func linearGeometryIsGeometrys() {
        var paths: [CubicPath] = [CubicPath(polylineT: [1], x: [2], y: [3])]
        for seed in 0..<4 as Range<UInt64> {
            let s = Self.samples(300 + Int(seed) * 7, seed: 0x11ae_0000 + seed)
            // Repeat a few positions, so that some slopes are zero.
            var x = s.x, y = s.y
            for k in Swift.stride(from: 5, to: x.count - 1, by: 17) {
                x[k + 1] = x[k]
                y[k + 1] = y[k]
            }
            paths.append(CubicPath(polylineT: s.t, x: x, y: y))
            paths.append(CubicPath(polylineT: s.t, x: x.map { -$0 }, y: y))
        }
        var checked = 0
        for (n, path) in paths.enumerated() {
            #expect(path.isPiecewiseLinear)
            let knots = path.knots
            var times: [Double] = [-.infinity, .infinity, .nan, knots[0] - 1, knots[knots.count - 1] + 1]
            for (k, t) in knots.enumerated() {
                times += [t, t.nextUp, t.nextDown]
                if k + 1 < knots.count { times += [(t + knots[k + 1]) / 2, t + (knots[k + 1] - t) * 0.999] }
            }
            for t in times {
                let g = path.geometry(at: t), l = path.linearGeometry(at: t)
                let same =
                    g.p.x.bitPattern == l.p.x.bitPattern && g.p.y.bitPattern == l.p.y.bitPattern
                    && g.v.x.bitPattern == l.v.x.bitPattern && g.v.y.bitPattern == l.v.y.bitPattern && g.piece == l.piece
                #expect(same, "path \(n) at \(t): \(g) against \(l)")
                let p = path.positionXY(at: t), q = path.linearPositionXY(at: t)
                #expect(p.x.bitPattern == q.x.bitPattern && p.y.bitPattern == q.y.bitPattern, "path \(n) at \(t): position")
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }
}
