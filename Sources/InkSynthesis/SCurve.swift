#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The benchmark model's synthetic S-curve (section 10): one full period of a sine, written top
/// to bottom, traversed with a minimum-jerk profile in arc length.
///
/// The curve is `x(s) = -A sin(2πs)`, `y(s) = H s`, `s ∈ [0, 1]`, so the pen swings left,
/// crosses the middle and swings right. The distance travelled along it at time `t` is
/// `L σ(t / D)` with `σ(τ) = 10τ³ - 15τ⁴ + 6τ⁵` and `L` the curve's arc length, so the pen
/// starts and ends at rest. Arc length is integrated with 8-point Gauss-Legendre on 512
/// panels and inverted by Newton's method, to about 1e-13 of `s`.
///
/// ```swift
/// let slow = SCurve(heightMM: 40, amplitudeMM: 15, duration: 1.6)
/// slow.position(at: 0.8)    // the middle crossing, (0, 20)
/// ```
public struct SCurve: AnalyticPath, Equatable {
    /// Height `H` (mm): the vertical extent.
    public let heightMM: Double
    /// Amplitude `A` (mm) of the sideways swing.
    public let amplitudeMM: Double
    /// Duration `D` (s).
    public let duration: Double
    /// Arc length `L` (mm).
    public let arcLengthMM: Double
    private let panelLength: [Double]  // cumulative arc length at panel starts

    private static let panels = 512
    // 8-point Gauss-Legendre nodes and weights on [-1, 1].
    private static let nodes: [Double] = [
        -0.9602898564975363, -0.7966664774136267, -0.5255324099163290, -0.1834346424956498,
        0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363,
    ]
    private static let weights: [Double] = [
        0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.3626837833783620,
        0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763,
    ]

    /// An S-curve of height `heightMM`, amplitude `amplitudeMM` drawn in `duration` seconds.
    /// All three must be finite and positive (checked by ``SyntheticSpec/validate()``).
    public init(heightMM: Double, amplitudeMM: Double, duration: Double) {
        self.heightMM = heightMM
        self.amplitudeMM = amplitudeMM
        self.duration = duration
        var cumulative = [0.0]
        cumulative.reserveCapacity(SCurve.panels + 1)
        let h = 1.0 / Double(SCurve.panels)
        for i in 0..<SCurve.panels {
            let a = Double(i) * h
            cumulative.append(cumulative[i] + SCurve.integrate(heightMM, amplitudeMM, from: a, to: a + h))
        }
        panelLength = cumulative
        arcLengthMM = cumulative[SCurve.panels]
    }

    public var cacheKey: String { "s-curve H=\(heightMM) A=\(amplitudeMM) D=\(duration)" }

    /// `|dP/ds|`: the speed along the curve per unit of the parameter.
    private static func metric(_ h: Double, _ a: Double, _ s: Double) -> Double {
        let dx = 2 * Double.pi * a * cos(2 * Double.pi * s)
        return (h * h + dx * dx).squareRoot()
    }

    private static func integrate(_ h: Double, _ a: Double, from s0: Double, to s1: Double) -> Double {
        let mid = 0.5 * (s0 + s1), half = 0.5 * (s1 - s0)
        var sum = 0.0
        for k in 0..<8 { sum += weights[k] * metric(h, a, mid + half * nodes[k]) }
        return sum * half
    }

    /// The curve parameter `s` at which the arc length from the top is `length` (mm).
    func parameter(atArcLength length: Double) -> Double {
        if length <= 0 { return 0 }
        if length >= arcLengthMM { return 1 }
        var lo = 0, hi = SCurve.panels
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if panelLength[mid] <= length { lo = mid } else { hi = mid }
        }
        let h = 1.0 / Double(SCurve.panels)
        let s0 = Double(lo) * h
        var s = s0 + h * (length - panelLength[lo]) / (panelLength[lo + 1] - panelLength[lo])
        for _ in 0..<8 {
            let f = panelLength[lo] + SCurve.integrate(heightMM, amplitudeMM, from: s0, to: s) - length
            let step = f / SCurve.metric(heightMM, amplitudeMM, s)
            s -= step
            if abs(step) < 1e-15 { break }
        }
        return s
    }

    private func progress(_ t: Double) -> (sigma: Double, rate: Double) {
        let tau = min(max(t / duration, 0), 1)
        let t2 = tau * tau
        let sigma = t2 * tau * (10 - 15 * tau + 6 * t2)
        let dsigma = 30 * t2 * (1 - 2 * tau + t2)
        return (sigma, dsigma / duration)
    }

    public func position(at t: Double) -> (x: Double, y: Double) {
        let s = parameter(atArcLength: arcLengthMM * progress(t).sigma)
        return (-amplitudeMM * sin(2 * Double.pi * s), heightMM * s)
    }

    public func velocity(at t: Double) -> (x: Double, y: Double) {
        let p = progress(t)
        let s = parameter(atArcLength: arcLengthMM * p.sigma)
        let dx = -2 * Double.pi * amplitudeMM * cos(2 * Double.pi * s)
        let norm = (dx * dx + heightMM * heightMM).squareRoot()
        let speed = arcLengthMM * p.rate
        return (dx / norm * speed, heightMM / norm * speed)
    }
}
