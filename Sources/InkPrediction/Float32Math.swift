/// Float32 `atan2f`, `hypotf`, `sinf` and `cosf` as a correctly rounded libm gives them: each is
/// evaluated in double precision (to about 1e-16 relative) and rounded once to `Float`.
///
/// InkPrediction has no dependencies, not even the C library, so these are written here. They
/// serve the ports of platform predictors that compute in float32 (Android's MotionPredictor:
/// `reference/` in its golden data uses exactly this convention, README A3 there). Arguments are
/// expected to be moderate (|angle| < 1e6 rad); larger ones are reduced by an exact remainder
/// of 2π in double, which is less accurate but never traps.
///
/// ```swift
/// Float32Math.atan2(1, 1)     // 0.7853982 (π/4 rounded to float)
/// Float32Math.hypot(3, 4)     // 5
/// ```
public enum Float32Math {
    /// `atan2f(y, x)`: the angle of (x, y) in (−π, π], with C's signed-zero rules.
    @inlinable
    public static func atan2(_ y: Float, _ x: Float) -> Float {
        Float(atan2Double(Double(y), Double(x)))
    }

    /// `hypotf(x, y)`: √(x² + y²). The squares of floats are exact in double.
    @inlinable
    public static func hypot(_ x: Float, _ y: Float) -> Float {
        if x.isInfinite || y.isInfinite { return .infinity }
        let dx = Double(x), dy = Double(y)
        return Float((dx * dx + dy * dy).squareRoot())
    }

    /// `sinf(a)`.
    @inlinable
    public static func sin(_ a: Float) -> Float { Float(sinCos(Double(a)).sin) }

    /// `cosf(a)`.
    @inlinable
    public static func cos(_ a: Float) -> Float { Float(sinCos(Double(a)).cos) }

    /// sin and cos of `a` (rad) in double precision.
    @inlinable
    public static func sinCos(_ a: Double) -> (sin: Double, cos: Double) {
        guard a.isFinite else { return (.nan, .nan) }
        var x = a
        if abs(x) > 1e6 { x = x.truncatingRemainder(dividingBy: 2 * Double.pi) }
        // x = k·π/2 + r, |r| <= π/4, with π/2 in three parts (Cody and Waite).
        let k = (x * 0.63661977236758134308).rounded()   // 2/π
        let p1 = 1.57079632673412561417e+00, p2 = 6.07710050630396597660e-11, p3 = 2.02226624879595063154e-21
        let r = ((x - k * p1) - k * p2) - k * p3
        let s = sinKernel(r), c = cosKernel(r)
        switch Int(k) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// sin(r) for |r| <= π/4: the Taylor series to r^21 (truncation < 1e-20).
    @inlinable
    static func sinKernel(_ r: Double) -> Double {
        let z = r * r
        var s = 1.0 / 51_090_942_171_709_440_000      // 1/21!
        s = s * z - 1.0 / 121_645_100_408_832_000    // 1/19!
        s = s * z + 1.0 / 355_687_428_096_000        // 1/17!
        s = s * z - 1.0 / 1_307_674_368_000          // 1/15!
        s = s * z + 1.0 / 6_227_020_800              // 1/13!
        s = s * z - 1.0 / 39_916_800                 // 1/11!
        s = s * z + 1.0 / 362_880                    // 1/9!
        s = s * z - 1.0 / 5_040                      // 1/7!
        s = s * z + 1.0 / 120                        // 1/5!
        s = s * z - 1.0 / 6                          // 1/3!
        return r + r * z * s
    }

    /// cos(r) for |r| <= π/4: the Taylor series to r^22.
    @inlinable
    static func cosKernel(_ r: Double) -> Double {
        let z = r * r
        var c = -1.0 / 1_124_000_727_777_607_680_000  // −1/22!
        c = c * z + 1.0 / 2_432_902_008_176_640_000   // 1/20!
        c = c * z - 1.0 / 6_402_373_705_728_000       // 1/18!
        c = c * z + 1.0 / 20_922_789_888_000          // 1/16!
        c = c * z - 1.0 / 87_178_291_200              // 1/14!
        c = c * z + 1.0 / 479_001_600                 // 1/12!
        c = c * z - 1.0 / 3_628_800                   // 1/10!
        c = c * z + 1.0 / 40_320                      // 1/8!
        c = c * z - 1.0 / 720                         // 1/6!
        c = c * z + 1.0 / 24                          // 1/4!
        // 1 − z/2 + z²·c, with the large terms added last.
        let hz = 0.5 * z
        let w = 1.0 - hz
        return w + (((1.0 - w) - hz) + z * z * c)
    }

    /// atan(x) for x >= 0 in double precision.
    @inlinable
    static func atanNonNegative(_ x: Double) -> Double {
        let halfPi = 1.5707963267948966, quarterPi = 0.7853981633974483
        if x.isInfinite { return halfPi }
        if x > 1 { return halfPi - atanNonNegative(1 / x) }
        var base = 0.0
        var t = x
        if t > 0.41421356237309503 {            // tan(π/8): atan(t) = π/4 + atan((t − 1)/(t + 1))
            base = quarterPi
            t = (t - 1) / (t + 1)
        }
        // Halve the angle once: atan(t) = 2·atan(t / (1 + √(1 + t²))), |t| <= 0.199.
        let h = t / (1 + (1 + t * t).squareRoot())
        let z = h * h
        // atan(h) = h − h³/3 + h⁵/5 − …, to h^27 (truncation < 1e-20 for |h| <= 0.2).
        var s = -1.0 / 27
        s = s * z + 1.0 / 25
        s = s * z - 1.0 / 23
        s = s * z + 1.0 / 21
        s = s * z - 1.0 / 19
        s = s * z + 1.0 / 17
        s = s * z - 1.0 / 15
        s = s * z + 1.0 / 13
        s = s * z - 1.0 / 11
        s = s * z + 1.0 / 9
        s = s * z - 1.0 / 7
        s = s * z + 1.0 / 5
        s = s * z - 1.0 / 3
        return base + 2 * (h + h * z * s)
    }

    /// atan2(y, x) in double precision, with C's rules for zeros, infinities and NaN.
    @inlinable
    public static func atan2Double(_ y: Double, _ x: Double) -> Double {
        let pi = Double.pi
        if x.isNaN || y.isNaN { return .nan }
        if y == 0 {
            if x > 0 || (x == 0 && x.sign == .plus) { return y }   // ±0
            return y.sign == .minus ? -pi : pi
        }
        if x == 0 { return y > 0 ? pi / 2 : -pi / 2 }
        if x.isInfinite {
            if y.isInfinite {
                let a = x > 0 ? pi / 4 : 3 * pi / 4
                return y > 0 ? a : -a
            }
            let a = x > 0 ? 0.0 : pi
            return y > 0 ? a : -a
        }
        if y.isInfinite { return y > 0 ? pi / 2 : -pi / 2 }
        let ay = abs(y), ax = abs(x)
        // atan(ay/ax), keeping the quotient's rounding out of the way for very unequal sides.
        let a = ay > ax ? pi / 2 - atanNonNegative(ax / ay) : atanNonNegative(ay / ax)
        let folded = x > 0 ? a : pi - a
        return y > 0 ? folded : -folded
    }
}
