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
}
