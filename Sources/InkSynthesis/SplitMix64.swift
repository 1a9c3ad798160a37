/// SplitMix64 (Steele, Lea and Flood 2014): a tiny deterministic generator whose whole
/// sequence is fixed by its seed. It seeds ``SeededRandom``, deals `bench tune`'s folds, and
/// makes the tests' random corpora, so each of them repeats exactly on every machine.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let n = rng.next()   // the same 64 bits on every run
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's state: advanced by the golden-ratio increment at each draw.
    public private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
