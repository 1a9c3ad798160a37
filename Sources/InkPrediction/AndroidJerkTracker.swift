/// Android 15's jerk estimate for pruning predictions: the magnitude of the third difference of
/// the last four positions (dt normalised to 1), smoothed by an IIR filter.
///
/// Source: AOSP `frameworks/native` `libs/input/MotionPredictor.cpp` (`JerkTracker::pushSample`,
/// `jerkMagnitude`, `reset`) and `include/input/MotionPredictor.h`, Android 15
/// (snvd-io/platform_frameworks_native branch 15, blob `c61d3943`); α = 0.25 from
/// `data/etc/input/motion_predictor_config.xml` `<jerk-alpha>`. All float32:
///
/// - keep the last 4 timestamps; smoothing applies when 4 were already held;
/// - derivatives d[0] = x, d[i] = d[i−1] − previous d[i−1] for i < n (n timestamps held), per axis;
/// - with n = 4: J_new = hypotf(dx[3], dy[3]); J = smoothing ? J + α(J_new − J) : J_new;
/// - ``jerkMagnitude`` exists only with 4 timestamps; ``reset()`` forgets the timestamps only.
///
/// Positions are device px; the jerk is px per step³.
public struct AndroidJerkTracker: Sendable {
    /// The IIR smoothing factor (`<jerk-alpha>`).
    public let alpha: Float
    @usableFromInline var held = 0
    @usableFromInline var dx = SIMD4<Float>(), dy = SIMD4<Float>()
    @usableFromInline var jerk: Float = 0

    public init(alpha: Float = 0.25) { self.alpha = alpha }

    /// The smoothed jerk, or `nil` while fewer than 4 samples are held.
    @inlinable public var jerkMagnitude: Float? { held == 4 ? jerk : nil }

    /// Forgets the samples (the C++ clears only its timestamps; the rest is recomputed before use).
    public mutating func reset() { held = 0 }

    /// Adds one position (px).
    public mutating func push(x: Float, y: Float) {
        let smoothing = held == 4
        held = min(4, held + 1)
        var nx = SIMD4<Float>(), ny = SIMD4<Float>()
        nx[0] = x
        ny[0] = y
        for i in 1..<held {
            nx[i] = nx[i - 1] - dx[i - 1]
            ny[i] = ny[i - 1] - dy[i - 1]
        }
        if held == 4 {
            let fresh = Float32Math.hypot(nx[3], ny[3])
            jerk = smoothing ? jerk + alpha * (fresh - jerk) : fresh
        }
        dx = nx
        dy = ny
    }
}
