import Foundation
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

@Suite("Synthetic traces")
struct SyntheticTests {
    @Test func sCurveStartsAndEndsAtRestAndCrossesTheMiddle() {
        let s = SCurve(heightMM: 40, amplitudeMM: 15, duration: 0.8)
        let start = s.position(at: 0), mid = s.position(at: 0.4), end = s.position(at: 0.8)
        #expect(abs(start.x) < 1e-12 && abs(start.y) < 1e-12)
        #expect(abs(mid.x) < 1e-9 && abs(mid.y - 20) < 1e-9)
        #expect(abs(end.x) < 1e-9 && abs(end.y - 40) < 1e-9)
        let v0 = s.velocity(at: 0), v1 = s.velocity(at: 0.8)
        #expect(hypot(v0.x, v0.y) < 1e-12 && hypot(v1.x, v1.y) < 1e-9)
        // The pen swings left first, then right.
        #expect(s.position(at: 0.2).x < -5)
        #expect(s.position(at: 0.6).x > 5)
    }

    /// Arc length by a fine polyline agrees with the Gauss-Legendre integral; the speed along
    /// the curve follows the minimum-jerk profile L·σ'(τ)/D.
    @Test func arcLengthAndMinimumJerkSpeed() {
        let s = SCurve(heightMM: 40, amplitudeMM: 15, duration: 1.6)
        var length = 0.0
        var prev = (x: 0.0, y: 0.0)
        let n = 200_000
        for i in 1...n {
            let u = Double(i) / Double(n)
            let p = (x: -15 * sin(2 * .pi * u), y: 40 * u)
            length += hypot(p.x - prev.x, p.y - prev.y)
            prev = p
        }
        #expect(abs(length - s.arcLengthMM) < 1e-6)
        for tau in [0.1, 0.3, 0.5, 0.77] {
            let v = s.velocity(at: tau * 1.6)
            let expected = s.arcLengthMM * 30 * tau * tau * (1 - tau) * (1 - tau) / 1.6
            #expect(abs(hypot(v.x, v.y) - expected) < 1e-9 * expected)
        }
    }

    /// The shared Hermite table (knots 1 ms apart) reproduces the analytic curve far below any
    /// reported digit: measured worst cases 1.6e-8 mm (slow), 2.5e-7 mm (medium) and 4.2e-6 mm
    /// (fast, where |p| reaches 1.7e9 mm/s⁴), exact at the knots; velocity within 0.013 mm/s
    /// (4e-5 of the fast curve's 350 mm/s peak).
    @Test func groundTruthTableMatchesTheAnalyticCurve() throws {
        for spec in SyntheticSuite.default.specs.prefix(3) {
            let trace = try spec.generate(seed: 1)
            let truth = try #require(trace.strokes[0].analyticTruth)
            let path = spec.path
            var worst = 0.0
            for i in 0...4000 {
                let t = Double(i) / 4000 * spec.duration
                let a = path.position(at: t), b = truth.position(at: t)
                worst = max(worst, hypot(a.x - b.x, a.y - b.y))
                let va = path.velocity(at: t), vb = truth.velocity(at: t)
                #expect(hypot(va.x - vb.x, va.y - vb.y) < 0.02, "\(spec.name) velocity at \(t)")
            }
            #expect(worst < 1e-5, "\(spec.name): \(worst) mm")
        }
    }

    @Test func straightLineHas241ExactSamples() throws {
        let trace = try SyntheticSuite.straightLine.generate(seed: 99)
        let stroke = trace.strokes[0]
        #expect(stroke.count == 241)
        for i in [0, 1, 120, 240] {
            #expect(stroke.t[i] == Double(i) / 240)
            #expect(abs(stroke.x[i] - 100 * Double(i) / 240) < 1e-12)
            #expect(stroke.y[i] == 0)
        }
        #expect(trace.nominalInterval == 1.0 / 240)
    }

    @Test func noiseJitterAndQuantisationAreSeededAndBounded() throws {
        var spec = SyntheticSpec.sCurve(name: "noisy", duration: 0.8)
        spec.noiseMM = 0.05
        spec.jitterMs = 0.5
        spec.quantumMM = 0.01
        let a = try spec.generate(seed: 5), b = try spec.generate(seed: 5), c = try spec.generate(seed: 6)
        #expect(a.strokes[0].x == b.strokes[0].x && a.strokes[0].t == b.strokes[0].t)
        #expect(a.strokes[0].x != c.strokes[0].x)
        let clean = try SyntheticSpec.sCurve(name: "noisy", duration: 0.8).generate(seed: 5)
        var sq = 0.0
        for i in 0..<clean.strokes[0].count {
            let dx = a.strokes[0].x[i] - clean.strokes[0].x[i]
            sq += dx * dx
            let q = a.strokes[0].x[i] / 0.01
            #expect(abs(q - q.rounded()) < 1e-6)
            #expect(abs(a.strokes[0].t[i] - clean.strokes[0].t[i]) <= 0.45 / 240 + 1e-15)
        }
        let sd = (sq / Double(clean.strokes[0].count)).squareRoot()
        #expect(sd > 0.035 && sd < 0.065, "noise SD \(sd) mm")
    }

    @Test func defaultSuiteHasSixCurves() throws {
        let traces = try SyntheticSuite.default.generate(seed: 1)
        #expect(traces.map(\.name) == [
            "s-curve slow", "s-curve medium", "s-curve fast", "s-curve slow noisy", "s-curve medium noisy", "s-curve fast noisy",
        ])
        #expect(traces.map(\.sampleCount) == [385, 193, 97, 385, 193, 97])
    }

    @Test func invalidSpecsNameTheParameter() {
        var spec = SyntheticSpec.sCurve(name: "bad", duration: 0.8)
        spec.noiseMM = -1
        #expect(throws: TraceError(trace: "bad", "noise -1.0 mm: expected a number from 0.0 to 100000.0")) { try spec.validate() }
        spec = SyntheticSpec.sCurve(name: "bad", duration: .nan)
        #expect(throws: TraceError.self) { try spec.generate(seed: 1) }
    }

    @Test func longTraceCoversTheHours() {
        let spec = SyntheticSuite.long(hours: 10)
        let samples = spec.strokes * (Int(spec.duration * spec.inputRateHz) + 1)
        #expect(samples > 8_600_000 && samples < 8_700_000)
    }
}
