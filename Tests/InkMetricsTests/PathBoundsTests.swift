import Foundation
import InkTraces
import Testing

@testable import InkMetrics

/// The perceived-latency search's bounds on a path (``PathBounds``, derived in InkMetrics from
/// the path's pieces) hold what they claim.
@Suite("Path bounds")
struct PathBoundsTests {
    /// ``PathBounds`` bound the second-order remainder: `|p(t + δ) - p(t) - p'(t) δ| <= accel δ²/2
    /// + kink |δ|` for `|δ| <= localWindow`, and the third-order remainder by `jerk |δ|³ / 6` for
    /// `jerkFloor <= |δ| <= jerkWindow`, on smooth pieces, across polyline kinks, and across
    /// the held ends of a path that starts and stops moving abruptly.
    @Test(arguments: ["hermite", "polyline", "abrupt"])
    func localBoundsHoldTheRemainder(kind: String) throws {
        let path: CubicPath
        switch kind {
        case "hermite":
            path = CubicPath(
                hermiteOver: 1.6, pieces: 1600, position: { t in (30 * sin(t * 7), 20 * cos(t * 5) + t * 10) },
                velocity: { t in (210 * cos(t * 7), -100 * sin(t * 5) + 10) })
        case "polyline":
            let t = (0..<300).map { Double($0) * 0.004 + Double($0 % 3) * 0.0007 }
            path = CubicPath(polylineT: t, x: t.map { 30 * sin($0 * 7) }, y: t.map { 20 * cos($0 * 5) })
        default:
            path = CubicPath(hermiteOver: 1.0, pieces: 1000, position: { t in (100 * t, 0) }, velocity: { _ in (100, 0) })
        }
        let bounds = PathBounds(path), truth = GroundTruth(path: path)
        var worst = 0.0, worstSpeed = 0.0, worstJerk = 0.0
        let span = path.endTime - path.startTime + 0.04
        for i in 0..<20_000 {
            // Low-discrepancy points over the span (held ends included) and the window.
            let u = (Double(i) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
            let w = (Double(i) * 0.754_877_666_246_693).truncatingRemainder(dividingBy: 1)
            let t = path.startTime - 0.02 + u * span
            let delta = (2 * w - 1) * PathBounds.localWindow
            let l = bounds.local(truth, at: t)
            let p = path.position(at: t), q = path.position(at: t + delta)
            #expect(l.p.x == p.x && l.p.y == p.y)
            let rx = q.x - p.x - l.v.x * delta, ry = q.y - p.y - l.v.y * delta
            let bound = l.accel * delta * delta / 2 + l.kink * abs(delta)
            let remainder = hypot(rx, ry)
            #expect(remainder <= bound + 1e-9, "\(kind) at \(t), δ \(delta): \(remainder) > \(bound)")
            worst = max(worst, remainder / max(bound, 1e-12))
            // The speed bound, over the wider speed window.
            let far = (2 * w - 1) * PathBounds.speedWindow
            let f = path.position(at: t + far)
            let moved = hypot(f.x - p.x, f.y - p.y)
            #expect(moved <= l.speed * abs(far) + 1e-9, "\(kind) at \(t), δ \(far): moved \(moved) > \(l.speed * abs(far))")
            worstSpeed = max(worstSpeed, moved / max(l.speed * abs(far), 1e-12))
            // The third-order bound, from the jerk floor to the jerk window, either side.
            let reach = PathBounds.jerkFloor + (PathBounds.jerkWindow - PathBounds.jerkFloor) * abs(2 * w - 1)
            let d3 = w < 0.5 ? -reach : reach
            let g = path.position(at: t + d3)
            let r3x = g.x - p.x - l.v.x * d3 - l.a.x * d3 * d3 / 2
            let r3y = g.y - p.y - l.v.y * d3 - l.a.y * d3 * d3 / 2
            let bound3 = l.jerk * reach * reach * reach / 6
            let remainder3 = hypot(r3x, r3y)
            #expect(remainder3 <= bound3 + 1e-9, "\(kind) at \(t), δ \(d3): third-order \(remainder3) > \(bound3)")
            worstJerk = max(worstJerk, remainder3 / max(bound3, 1e-12))
        }
        // The bounds are not vacuous: somewhere they are within a factor of 20 of the remainder,
        // of 2 of the distance moved, and of 10 of the third-order remainder.
        #expect(worst > 0.05)
        #expect(worstSpeed > 0.5)
        #expect(worstJerk > 0.1)
    }

    /// The path's top speed bounds its speed everywhere, and a path of one knot (a tap) has
    /// one record of zeros, which every time of it names.
    @Test func topSpeedAndSingleKnot() {
        let path = CubicPath(hermiteOver: 1.0, pieces: 400, position: { t in (50 * t * t, 10 * t) }, velocity: { t in (100 * t, 10) })
        let bounds = PathBounds(path)
        for i in 0...1000 {
            let v = path.derivative(at: Double(i) / 1000)
            #expect(hypot(v.x, v.y) <= bounds.maxSpeed)
        }
        #expect(bounds.maxSpeed < hypot(100, 10) * 1.01)
        let tap = CubicPath(polylineT: [2.0], x: [1], y: [3])
        let still = PathBounds(tap)
        #expect(still.maxSpeed == 0 && still.records == [.zero])
        let l = still.local(GroundTruth(path: tap), at: 2.5)
        #expect(l.p == SIMD2(1, 3) && l.v == .zero && l.accel == 0 && l.jerk == 0)
    }

    /// Strokes that share a path share one bound table, built once and kept with the path.
    @Test func sharedPathsBuildOnce() {
        let path = CubicPath(polylineT: [0, 0.01, 0.02], x: [0, 1, 3], y: [0, 0, 1])
        let other = CubicPath(polylineT: [0, 0.01], x: [0, 1], y: [0, 0])
        let all = PathBounds.of([GroundTruth(path: path), GroundTruth(path: other), GroundTruth(path: path, timeOffset: 5)])
        #expect(all.count == 3 && all[0].records == all[2].records && all[1].records.count == 1)
        #expect(all[0].records == PathBounds(path).records && all[0].maxSpeed == PathBounds(path).maxSpeed)
        // Kept: asked again, the path gives the table it holds (its storage is the same array).
        var made = 0
        let again = path.derived { p -> PathBounds in
            made += 1
            return PathBounds(p)
        }
        #expect(made == 0)
        again.records.withUnsafeBufferPointer { a in
            all[0].records.withUnsafeBufferPointer { b in #expect(a.baseAddress == b.baseAddress) }
        }
    }
}
