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

/// A deterministic random source (xoshiro256**, seeded through SplitMix64): the same seed
/// gives the same numbers on every run, so synthetic traces are reproducible to the byte.
///
/// ```swift
/// var rng = SeededRandom(seed: 42)
/// let u = rng.nextUniform()     // in [0, 1)
/// let g = rng.nextGaussian()    // standard normal
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// A generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) {
        var seeder = SplitMix64(seed: seed)
        s0 = seeder.next(); s1 = seeder.next(); s2 = seeder.next(); s3 = seeder.next()
    }

    /// A seed derived from a base seed and a label, so each trace of a suite draws its own numbers.
    public static func derivedSeed(_ seed: UInt64, _ label: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a over the label's UTF-8
        for byte in label.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var rng = SeededRandom(seed: seed ^ h)
        return rng.next()
    }

    public mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t
        s3 = (s3 << 45) | (s3 >> 19)
        return result
    }

    /// A uniform number in [0, 1) with 53 random bits.
    public mutating func nextUniform() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A standard normal number (Box-Muller, one value per call).
    public mutating func nextGaussian() -> Double {
        let u1 = 1 - nextUniform()  // (0, 1]
        let u2 = nextUniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
