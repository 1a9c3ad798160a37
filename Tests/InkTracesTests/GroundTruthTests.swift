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
}
