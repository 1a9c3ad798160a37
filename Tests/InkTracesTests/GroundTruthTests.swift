import Foundation
import InkTestSupport
import InkTraces
import Testing

@Suite("Ground truth")
struct GroundTruthTests {
    /// A recording's truth: linear interpolation, held outside, 10 ms central-difference velocity.
    @Test func recordingInterpolatesAndHolds() throws {
        let stroke = try Stroke(t: [1.0, 1.01, 1.03], x: [0, 1, 1], y: [0, 0, 2])
        let truth = stroke.groundTruth()
        #expect(truth.position(at: 0.5) == (0, 0))
        let half = truth.position(at: 1.005)
        #expect(abs(half.x - 0.5) < 1e-12 && half.y == 0)
        let p = truth.position(at: 1.02)
        #expect(abs(p.x - 1) < 1e-12 && abs(p.y - 1) < 1e-12)
        #expect(truth.position(at: 2) == (1, 2))
        let v = truth.velocity(at: 1.01)  // (p(1.02) - p(1.00)) / 0.02
        #expect(abs(v.x - 50) < 1e-9 && abs(v.y - 50) < 1e-9)
    }

    /// The windowed distance equals a brute-force minimum over densely sampled path points.
    @Test(arguments: ["polyline", "hermite"])
    func windowDistanceMatchesBruteForce(kind: String) throws {
        let path: CubicPath
        if kind == "polyline" {
            let n = 400
            let t = (0..<n).map { Double($0) * 0.004 + (Double($0 % 3) * 0.0007) }
            path = CubicPath(polylineT: t, x: t.map { 30 * sin($0 * 7) }, y: t.map { 20 * cos($0 * 5) + $0 * 10 })
        } else {
            path = CubicPath(
                hermiteOver: 1.6, pieces: 1600, position: { t in (30 * sin(t * 7), 20 * cos(t * 5) + t * 10) },
                velocity: { t in (210 * cos(t * 7), -100 * sin(t * 5) + 10) })
        }
        var worst = 0.0
        for i in 0..<100 {
            let tau = 0.05 + Double(i) * 0.0159
            let p = path.position(at: tau)
            let q = (x: p.x + sin(Double(i)) * 4, y: p.y + cos(Double(i) * 1.7) * 4)
            let fast = path.distance(fromX: q.x, y: q.y, from: tau - 0.25, to: tau)
            var brute = Double.infinity
            let steps = 5_000
            for j in 0...steps {
                let t = max(path.startTime, tau - 0.25) + (min(tau, path.endTime) - max(path.startTime, tau - 0.25)) * Double(j) / Double(steps)
                let r = path.position(at: t)
                brute = min(brute, hypot(r.x - q.x, r.y - q.y))
            }
            #expect(fast <= brute + 1e-9, "window at \(tau): \(fast) > \(brute)")
            worst = max(worst, brute - fast)
        }
        // Dense sampling overestimates by at most half a step's chord: 0.25 s / 5,000 at < 300 mm/s.
        #expect(worst < 0.008)
    }

    /// The tips the overshoot meets most: on the path some time back (lag), straight ahead of
    /// a pen that slows to a stop, and past the end after the lift. The pruning by "behind the
    /// nearest point" and the descent from the hint must not lose the minimum.
    @Test func windowDistanceForLaggingAndLeadingTips() throws {
        // Minimum jerk along a gentle curve: the pen starts and stops at rest.
        let duration = 0.8
        func sigma(_ t: Double) -> Double { let u = min(max(t / duration, 0), 1); return u * u * u * (10 - 15 * u + 6 * u * u) }
        func sigmaDot(_ t: Double) -> Double { let u = min(max(t / duration, 0), 1); return 30 * u * u * (1 - u) * (1 - u) / duration }
        let path = CubicPath(
            hermiteOver: duration, pieces: 800,
            position: { t in let s = sigma(t); return (60 * s, 8 * sin(3 * s)) },
            velocity: { t in let s = sigma(t), ds = sigmaDot(t); return (60 * ds, 24 * cos(3 * s) * ds) })
        func brute(_ qx: Double, _ qy: Double, _ t0: Double, _ t1: Double) -> Double {
            let a = max(path.startTime, t0), b = min(path.endTime, t1)
            var best = hypot(path.position(at: t1).x - qx, path.position(at: t1).y - qy)
            for j in 0...20_000 {
                let r = path.position(at: a + (b - a) * Double(j) / 20_000)
                best = min(best, hypot(r.x - qx, r.y - qy))
            }
            return best
        }
        var checked = 0
        for i in 0..<60 {
            let tau = 0.02 + Double(i) * 0.0155
            let p = path.position(at: tau), v = path.derivative(at: tau)
            let speed = max(hypot(v.x, v.y), 1e-9)
            let back = path.position(at: tau - 0.03)
            let queries: [(x: Double, y: Double, hint: Double)] = [
                (back.x + 1e-4, back.y - 1e-4, tau),  // lags 30 ms, hint at the photon time
                (p.x + v.x / speed * 0.7, p.y + v.y / speed * 0.7, tau),  // ahead along the tangent
                (p.x + 0.01 * Double(i % 5), p.y + 0.3, tau - 0.01),  // off to the side
            ]
            for q in queries {
                let fast = path.distance(fromX: q.x, y: q.y, from: tau - 0.25, to: tau, near: q.hint)
                let plain = path.distance(fromX: q.x, y: q.y, from: tau - 0.25, to: tau)
                let slow = brute(q.x, q.y, tau - 0.25, tau)
                #expect(fast == plain, "at \(tau): the hint changed the result")
                #expect(fast <= slow + 1e-9, "at \(tau): \(fast) > brute force \(slow)")
                #expect(slow - fast < 1e-3, "at \(tau): \(fast) well below brute force \(slow)")
                checked += 1
            }
        }
        // After the lift: tips beyond and short of the end, the pen at rest.
        let end = path.position(at: duration)
        for (dx, dy) in [(0.5, 0.0), (-0.004, 0.0001), (0.0, 0.2), (-2.0, 0.3)] {
            let tau = duration + 0.02
            let fast = path.distance(fromX: end.x + dx, y: end.y + dy, from: tau - 0.25, to: tau, near: tau)
            let slow = brute(end.x + dx, end.y + dy, tau - 0.25, tau)
            #expect(fast <= slow + 1e-9 && slow - fast < 1e-3, "after lift (\(dx), \(dy)): \(fast) vs \(slow)")
            checked += 1
        }
        #expect(checked == 184)
    }

    /// `local(at:)` bounds the second-order remainder: `|p(t + δ) - p(t) - p'(t) δ| <= accel δ²/2
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
        var worst = 0.0, worstSpeed = 0.0, worstJerk = 0.0
        let span = path.endTime - path.startTime + 0.04
        for i in 0..<20_000 {
            // Low-discrepancy points over the span (held ends included) and the window.
            let u = (Double(i) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
            let w = (Double(i) * 0.754_877_666_246_693).truncatingRemainder(dividingBy: 1)
            let t = path.startTime - 0.02 + u * span
            let delta = (2 * w - 1) * CubicPath.localWindow
            let l = path.local(at: t)
            let p = path.position(at: t), q = path.position(at: t + delta)
            #expect(l.x == p.x && l.y == p.y)
            let rx = q.x - p.x - l.vx * delta, ry = q.y - p.y - l.vy * delta
            let bound = l.accel * delta * delta / 2 + l.kink * abs(delta)
            let remainder = hypot(rx, ry)
            #expect(remainder <= bound + 1e-9, "\(kind) at \(t), δ \(delta): \(remainder) > \(bound)")
            worst = max(worst, remainder / max(bound, 1e-12))
            // The speed bound, over the wider speed window.
            let far = (2 * w - 1) * CubicPath.speedWindow
            let f = path.position(at: t + far)
            let moved = hypot(f.x - p.x, f.y - p.y)
            #expect(moved <= l.speed * abs(far) + 1e-9, "\(kind) at \(t), δ \(far): moved \(moved) > \(l.speed * abs(far))")
            worstSpeed = max(worstSpeed, moved / max(l.speed * abs(far), 1e-12))
            // The third-order bound, from the jerk floor to the jerk window, either side.
            let reach = CubicPath.jerkFloor + (CubicPath.jerkWindow - CubicPath.jerkFloor) * abs(2 * w - 1)
            let d3 = w < 0.5 ? -reach : reach
            let g = path.position(at: t + d3)
            let r3x = g.x - p.x - l.vx * d3 - l.ax * d3 * d3 / 2
            let r3y = g.y - p.y - l.vy * d3 - l.ay * d3 * d3 / 2
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
}
