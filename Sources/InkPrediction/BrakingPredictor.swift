/// The `braking` strategy, InkBench's own: extrapolates a short least-squares fit of the
/// recent motion along its direction of travel, and brakes to the point where the pen would
/// stop when it is slowing down.
///
/// What limits the platform predictors on real pens is ink drawn past the point where the pen
/// lifts (end overshoot) and ink cut outside bends. Both follow from extrapolating a velocity
/// the pen no longer has. This predictor keeps the physical picture explicit; each constant
/// of ``Parameters-swift.struct`` has a unit or a plain meaning:
///
/// 1. **Fit.** After every sample it fits, per axis, a quadratic `x(τ) = c0 + v τ + a τ²/2`
///    (least squares, `τ = t - t_last` in s) to the newest samples within `windowMs`
///    milliseconds and within `windowMm` of path (at least the newest three, at most the
///    newest 32), each weighted by `1 / (1 + (τ / weightMs)²)` (a local fit: a sample `weightMs`
///    old counts half, so the velocity and acceleration are those at the newest sample rather
///    than the window's average, which lags in a tightening bend; `weightMs = 0`: unweighted).
///    `v` (mm/s) is the velocity at the newest sample and `a` (mm/s²) the acceleration. With two
///    samples it uses their difference (`a = 0`); with one it declines.
/// 2. **Split.** With speed `s = |v|` and direction `u = v / s`, the acceleration splits into
///    the along-track part `a_t = <a, u>` and the normal part `a_n` (signed, along `u` turned
///    left). The normal part is shrunk by its noise, `a_n · a_n² / (a_n² + var_a)`, with
///    `var_a` the fitted acceleration's variance from the fit's residuals (a Wiener factor:
///    a turn the fit cannot tell from noise is not followed; no constant; with weights it is
///    the weighted residual sum over `Σw − 3` degrees of freedom, as for frequency weights,
///    times the acceleration's element of the inverse weighted normal matrix: an approximation
///    that counts fewer degrees of freedom, so more noise, than `n − 3`; no variance is
///    estimated while `Σw ≤ 3`).
/// 3. **Cut-offs.** The horizon `h` (s, already capped by the harness's `cap_ms`) is cut to
///    the smallest of: `turnLimitRad / ω` with `ω = |a_n| / s` (direction cut-off: no further
///    than the pen, turning as now, needs to turn by `turnLimitRad`; 10 by default, in effect
///    off) and `√(2 bendMm / |a_n|)` (bend cut-off: the pen, keeping its normal acceleration,
///    leaves the straight line by at most `bendMm`; the binding cut-off by default).
/// 4. **Brake.** When the pen slows down (`a_t < 0`) the along-track acceleration used is
///    `decelGain · a_t`, and the prediction travels at most to where that deceleration
///    stops the pen: `h_e ≤ s / |decelGain · a_t|`. This is the kinematic stroke-end
///    detector: a pen about to lift decelerates, and the ink stops where the pen would. When
///    it speeds up (`a_t > 0`) the acceleration used is `accelGain · a_t` (extrapolating a
///    speed-up overshoots when it ends, so this gain is small).
/// 5. **Lift.** With pressure (``update(_:pressure:)``), `r` = the newest pressure over the
///    highest of the last 100 ms: `h_e` is multiplied by
///    `clamp((r - liftRatio) / ((1 - liftRatio) / 2), 0, 1)`, the pressure stroke-end detector.
///    With `liftAheadMs` > 0 (off by default) a falling pressure is judged where the last
///    interval's slope takes it `liftAheadMs` ahead: `r = max(0, p + ṗ · liftAheadMs) / peak`.
/// 6. **Arc.** The distance along the path is `d = min(L, max(0, s h_e + a_used h_e² / 2))`
///    with the lead cut-off `L = leadMm + leadIntervals · s · Δ` (`Δ` the mean input interval
///    over the fitted samples, s): it bounds the ink drawn past a lift the pen gives no sign of.
///    While the newest sample carries a pressure above 0, `pressedLeadMm` (when above 0; off by
///    default) replaces `leadMm`: such a pen's lift is seen by step 5. With `leadFallMs` > 0
///    (off by default) a falling pressure also shrinks the lead in mm (`leadMm` or `pressedLeadMm`,
///    not the `leadIntervals` term): it is multiplied by `clamp(1 + ṗ · leadFallMs / peak, 0, 1)`,
///    in proportion to the fall rate, no threshold.
///    The second term (0 by default) lets the tip lead by a share of the travel of one input
///    interval: a pen lifting at full speed is recorded for one more interval, so that much
///    ink past the newest sample lies on its path when it goes straight on. The
///    prediction follows the circle of curvature `κ = turnGain · a_n / s²` for that distance:
///    the newest raw sample plus the chord `d · k · (cos θ/2, sin θ/2)` in the (u, normal)
///    frame, `θ = κ d`, `k = sin(θ/2) / (θ/2)`. A constant-speed circle is followed exactly
///    (up to the fit's bias); `turnGain` above 1 makes up for the fit lagging a tightening bend.
///
/// 7. **Jerk confidence** (eighth round, off by default). With `jerkShare` > 0 the horizon `h_e`
///    is also cut to `√(2 · jerkShare · s / |j|)`: the time in which the pen's jerk `j` (mm/s³)
///    changes its velocity by `jerkShare` of its speed. `j` is the change of the fitted
///    acceleration between successive fits over the interval between them, smoothed by an IIR
///    filter with factor 0.25 (Android 15's jerk pruning uses the same idea and factor on a
///    finite difference of positions; here the fit's acceleration is used, which is less noisy
///    at high rates with whole-millisecond timestamps). A jerky pen (a hook, an abrupt stop, a
///    noisy stream) gets a shorter prediction; a constant acceleration keeps the whole horizon.
///
/// 8. **Clock recovery** (ninth round, off by default). With `clockFit` the fit uses each
///    sample's time on the device's own sample clock, estimated from the stream itself, instead
///    of its timestamp: a digitizer at ~480 Hz that stamps whole milliseconds reports intervals
///    of 1, 2 and 3 ms for a steady 2.08 ms, and a fit against those times sees a noisy time
///    axis (noisy velocity). Each sample is given a tick count, the previous one's plus
///    `max(1, ⌊dt / P + 0.3⌋)` (an interval up to 1.7 periods long is one tick: a quantised
///    stamp can be late by half a period; a dropped sample adds a whole one), where `P` (s) is the clock period: the time from the clock's
///    origin (a sample of this stroke) to the newest sample over the ticks between them. The
///    fit's `τ` of a sample is then `-P · (ticks between it and the newest)`. The clock starts
///    at a stroke's first sample and starts again at the previous sample when an interval is
///    shorter than 0.4 `P` while the clock has counted fewer than 8 ticks (its first intervals
///    overstated the period; later, such an interval is one tick) and at the newest when
///    one is more than 8 ticks long (a gap). Until the clock has counted 3 ticks, and for
///    samples before its origin, the timestamps are used. A stream whose timestamps are exact
///    fits the same as without it (ticks of an even clock are its timestamps), dropped samples
///    (an interval of two or more periods) count as that many ticks. Only the fit uses the
///    recovered times: the horizon is measured from the newest sample's timestamp.
/// 9. **Clothoid** (ninth round, off by default). With `clothoidGain` > 0 the arc's curvature is
///    `κ + clothoidGain · κ' · d / 3` (the chord direction of a clothoid whose curvature changes
///    by `κ'` per mm along the path, to second order), with `κ'` from the fitted motion and the
///    smoothed normal jerk `j_n` (the change of the fitted acceleration between fits, as in step
///    7, across the mean direction of the two fits' velocities, IIR 0.25):
///    `dκ/dt = j_n / s² − 3 a_n a_t / s³`, `κ' = (dκ/dt) / s` (1/mm²). A bend that is tightening
///    is followed into its tightening. A circle is nearly unchanged, not exactly: the fitted
///    acceleration lags the turn, and its along-track part reads as a slight tightening.
///
/// Constants in the code (not parameters): at most 32 samples fitted (at least 3); the lift
/// detector's 100 ms peak window; the jerk filter's factor 0.25; the clock's restart bounds (an
/// interval under 0.4 periods before 8 ticks, over 8 ticks), its rounding at 0.7 of a tick and its 3 ticks
/// before use; 1e-9 as "no speed"
/// (mm/s) and "no turn" (rad).
///
/// Cost: update is O(samples in the window), at most 32; predict is O(1); no allocation
/// (fixed inline storage).
///
/// ```swift
/// var p = BrakingPredictor()
/// for i in 0..<8 { p.update(PenPoint(t: Double(i) / 240, x: Double(i) * 0.5, y: 0)) }
/// p.predict(at: 8.0 / 240)   // x ≈ 4: constant velocity is extrapolated exactly
/// ```
public struct BrakingPredictor: Predictor {
    /// The predictor's constants, with their units. ``validate(predictor:)`` checks them.
    public struct Parameters: Sendable, Equatable {
        /// The fit window in ms: samples newer than `t_last - windowMs` are fitted (at least
        /// the newest three). From 1 to 200.
        public var windowMs: Double
        /// The share of a speed-up (positive along-track acceleration) that is extrapolated.
        /// From 0 to 4 (0: constant speed).
        public var accelGain: Double
        /// The multiple of a slow-down (negative along-track acceleration) that is
        /// extrapolated, and which sets the stopping point. From 0 to 10 (0: no braking).
        public var decelGain: Double
        /// The share of the normal (turning) acceleration that bends the prediction. From 0 to 4.
        public var turnGain: Double
        /// The fit also stops at this much path length in mm (the chord lengths from the newest
        /// sample back): a slow pen is fitted over a longer time (less noise), a fast one over a
        /// shorter (less bias at bends). From 0.1 to 100; 100 leaves only `windowMs`.
        public var windowMm: Double
        /// The direction cut-off in radians: the horizon is cut to the time in which the pen,
        /// turning at its current rate `|a_n| / s`, turns by this angle. From 0.01 to 10.
        public var turnLimitRad: Double
        /// The lift detector: the pressure ratio (newest over the highest of the last 100 ms)
        /// at which the pen is taken to be lifting and prediction stops; the horizon shrinks
        /// linearly from full at ratio `(1 + liftRatio) / 2` to 0 at `liftRatio`. From 0 to
        /// 0.99; 0 turns it off. Samples without pressure never shrink the horizon.
        public var liftRatio: Double
        /// The bend cut-off in mm: the horizon is cut so that the pen, keeping its current normal
        /// acceleration `|a_n|`, leaves the straight line by at most this much (`|a_n| h² / 2`).
        /// From 0.01 to 100 (100: off in practice).
        public var bendMm: Double
        /// The lead cut-off in mm: the prediction goes at most this far along the path from the
        /// newest sample, which bounds the ink drawn past a pen lift. From 0.05 to 100 (100: off
        /// in practice).
        public var leadMm: Double
        /// The fit's weighting time in ms: a sample this old (before the newest) has half the
        /// weight of the newest, `1 / (1 + (τ / weightMs)²)`. From 0 to 200; 0 fits unweighted.
        public var weightMs: Double
        /// The lead cut-off's share of one input interval's travel: the cut-off is
        /// `leadMm + leadIntervals · s · Δ`, with `s` the fitted speed (mm/s) and `Δ` the mean
        /// interval (s) between the fitted samples. From 0 to 4; 0 (the default) leaves `leadMm`
        /// alone.
        public var leadIntervals: Double
        /// The lift detector's look-ahead in ms (sixth round): when the pressure is falling, the
        /// ratio it judges is the pressure extrapolated this far ahead along the last interval's
        /// slope, `(p + ṗ · liftAheadMs) / peak`, so a pressure that is dropping fast cuts the
        /// horizon before it reaches `liftRatio`. From 0 to 100; 0 (the default) judges the newest
        /// pressure alone. Samples without pressure never shrink the horizon.
        public var liftAheadMs: Double
        /// The lead cut-off in mm used while the newest sample carries a pressure above 0 (sixth
        /// round): a pen that reports pressure warns of its lift through the lift detector, so its
        /// lead may be longer than `leadMm`, which then bounds only streams without pressure
        /// (and hover samples, which report 0). From 0 to 100; 0 (the default) uses `leadMm`
        /// for every sample.
        public var pressedLeadMm: Double
        /// The lead's fall time in ms (seventh round): while the pressure falls, the lead in mm
        /// (`leadMm` or `pressedLeadMm`; not the `leadIntervals` term) is multiplied by `clamp(1 + ṗ · leadFallMs / peak, 0, 1)`, with `ṗ` the last
        /// interval's pressure slope (1/s) and `peak` the highest pressure of the last 100 ms:
        /// the lead shrinks in proportion to how fast the pressure falls (no threshold), and is
        /// gone when the pressure would lose its whole peak within `leadFallMs`. A steady or
        /// rising pressure, and samples without pressure, keep the whole lead. From 0 to 1000;
        /// 0 (the default) leaves the lead alone.
        public var leadFallMs: Double
        /// The jerk confidence (eighth round): the horizon is cut so that the smoothed jerk of
        /// the fitted motion, `|j|` (mm/s³), changes the velocity over it by at most this share
        /// of the speed: `h ≤ √(2 · jerkShare · s / |j|)`. Unitless, from 0 to 10; 0 (the
        /// default) turns it off.
        public var jerkShare: Double
        /// Clock recovery (ninth round): the fit uses the sample times of the device's sample
        /// clock estimated from the stream (tick counts times the estimated period) instead of
        /// the timestamps, which helps where timestamps are quantised (whole milliseconds at
        /// ~480 Hz). `false` (the default) fits against the timestamps.
        public var clockFit: Bool
        /// The clothoid's gain (ninth round): the arc's curvature also changes along the path at
        /// this multiple of the rate `κ'` (1/mm²) derived from the fitted motion and its smoothed
        /// jerk: curvature `κ + clothoidGain · κ' · d / 3`. Unitless, from 0 to 4; 0 (the
        /// default) follows the circle of the current curvature.
        public var clothoidGain: Double

        /// The defaults were chosen with `bench tune` on both `Datasets/recordings` (7
        /// recordings) and the synthetic default suite, within the budget overshoot p95 <= 0.5 mm
        /// and end overshoot max <= 1.0 mm (suite means): a value between the two corpora's
        /// choices, within the budget on each (see `docs/own-predictor.md` for the held-out
        /// figures). `weightMs` 20 was chosen second round, from 0/10/15/20/25/30, as a value
        /// whose neighbours (20-25) also keep every held-out split within the budget. `leadMm`
        /// 1.1 (was 4) was chosen third round by `scripts/choose-defaults.sh`, leaving one pen
        /// device out: the largest worst-device latency removed with every pen device's suite
        /// mean within the budget at 240/60 and 240/120; a lift the pen gives no sign of (no
        /// pressure, no slowing: the Intuos4 hover strokes) ends about `leadMm` past it.
        public init(
            windowMs: Double = 50, accelGain: Double = 0, decelGain: Double = 2, turnGain: Double = 1.6,
            windowMm: Double = 4.5, turnLimitRad: Double = 10, liftRatio: Double = 0.8, bendMm: Double = 0.18,
            leadMm: Double = 1.1, weightMs: Double = 20, leadIntervals: Double = 0, liftAheadMs: Double = 0,
            pressedLeadMm: Double = 0, leadFallMs: Double = 0, jerkShare: Double = 0, clockFit: Bool = false,
            clothoidGain: Double = 0
        ) {
            self.clothoidGain = clothoidGain
            self.clockFit = clockFit
            self.jerkShare = jerkShare
            self.leadFallMs = leadFallMs
            self.liftAheadMs = liftAheadMs
            self.pressedLeadMm = pressedLeadMm
            self.leadIntervals = leadIntervals
            self.weightMs = weightMs
            self.leadMm = leadMm
            self.bendMm = bendMm
            self.liftRatio = liftRatio
            self.windowMs = windowMs
            self.windowMm = windowMm
            self.turnLimitRad = turnLimitRad
            self.accelGain = accelGain
            self.decelGain = decelGain
            self.turnGain = turnGain
        }

        /// Throws a ``PredictorParameterError`` naming the first constant out of its range (the
        /// ranges are ``fields``').
        public func validate(predictor: String = "braking") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
        }
    }

    /// How many recent samples are kept (the fit never uses more).
    public static let capacity = 32

    @usableFromInline let windowS: Double
    @usableFromInline let accelGain: Double
    @usableFromInline let decelGain: Double
    @usableFromInline let turnGain: Double
    @usableFromInline let windowMm: Double
    @usableFromInline let turnLimitRad: Double
    @usableFromInline let liftRatio: Double
    @usableFromInline let bendMm: Double
    @usableFromInline let leadMm: Double
    @usableFromInline let leadIntervals: Double
    /// `liftAheadMs` in s (0: the newest pressure alone).
    @usableFromInline let liftAheadS: Double
    /// `pressedLeadMm` (0: `leadMm` throughout).
    @usableFromInline let pressedLeadMm: Double
    /// `leadFallMs` in s (0: the lead does not follow the pressure's fall).
    @usableFromInline let leadFallS: Double
    /// `jerkShare` (0: off).
    @usableFromInline let jerkShare: Double
    /// `clockFit` (false: the fit uses the timestamps).
    @usableFromInline let clockFit: Bool
    /// `clothoidGain` (0: the circle of the current curvature).
    @usableFromInline let clothoidGain: Double
    /// The smoothed jerk magnitude (mm/s³) of the fitted motion, while `jerkHeld`.
    @usableFromInline var jerk = 0.0
    /// The smoothed normal jerk (mm/s³, along the velocity turned left), while `jerkHeld`
    /// (tracked for the clothoid): each change of the fitted acceleration is split along the
    /// mean direction of the two fits' velocities, so a steady turn adds no normal jerk.
    @usableFromInline var jerkNormal = 0.0
    /// The previous fit's velocity (mm/s), for the mean direction.
    @usableFromInline var previousVx = 0.0, previousVy = 0.0
    /// Clock recovery: each held sample's tick count (in the ring beside `ts`), the newest
    /// sample's, and the clock's origin (a sample's tick count and timestamp); the clock is in
    /// use once the newest is at least 3 ticks past the origin.
    @usableFromInline var ticks = InlineArray<32, Double>(repeating: 0)
    @usableFromInline var tick = 0.0
    @usableFromInline var clockOriginTick = 0.0, clockOriginT = 0.0
    @usableFromInline var jerkHeld = false
    /// The fitted acceleration (mm/s²) and sample time (s) of the previous fit, for the jerk
    /// (valid while `previousFitValid`).
    @usableFromInline var previousAx = 0.0, previousAy = 0.0, previousFitT = 0.0
    @usableFromInline var previousFitValid = false
    /// The lead's share left by a falling pressure (1: steady, rising or no pressure).
    @usableFromInline var leadShare = 1.0
    /// Whether the newest sample carried a pressure above 0 (a hover sample reports 0).
    @usableFromInline var pressed = false
    /// The mean interval (s) between the samples of the newest fit (0 before two samples).
    @usableFromInline var intervalS = 0.0
    /// `weightMs` in s (0: unweighted).
    @usableFromInline let weightS: Double
    @usableFromInline var pressures = InlineArray<32, Double>(repeating: 0)
    /// The horizon's share left by the lift detector (1: no lift seen).
    @usableFromInline var liftShare = 1.0
    @usableFromInline var ts = InlineArray<32, Double>(repeating: 0)
    @usableFromInline var xs = InlineArray<32, Double>(repeating: 0)
    @usableFromInline var ys = InlineArray<32, Double>(repeating: 0)
    /// Index of the newest sample in the ring, and how many are held.
    @usableFromInline var head = 0
    @usableFromInline var count = 0
    @usableFromInline var last = PenPoint(t: 0, x: 0, y: 0)
    @usableFromInline var vx = 0.0, vy = 0.0, ax = 0.0, ay = 0.0
    /// The variance (mm²/s⁴) of the fitted acceleration per axis, from the fit's residuals
    /// (0 when the fit is exact or has no spare samples).
    @usableFromInline var accelVariance = 0.0

    /// A predictor with the given constants; call ``Parameters-swift.struct/validate(predictor:)``
    /// first when they come from a user.
    public init(parameters: Parameters = Parameters()) {
        windowS = parameters.windowMs / 1000
        accelGain = parameters.accelGain
        decelGain = parameters.decelGain
        turnGain = parameters.turnGain
        windowMm = parameters.windowMm
        turnLimitRad = parameters.turnLimitRad
        liftRatio = parameters.liftRatio
        bendMm = parameters.bendMm
        leadMm = parameters.leadMm
        leadIntervals = parameters.leadIntervals
        liftAheadS = parameters.liftAheadMs / 1000
        pressedLeadMm = parameters.pressedLeadMm
        leadFallS = parameters.leadFallMs / 1000
        weightS = parameters.weightMs / 1000
        jerkShare = parameters.jerkShare
        clockFit = parameters.clockFit
        clothoidGain = parameters.clothoidGain
    }

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        update(sample, pressure: nil)
    }

    /// Feeds a sample with its pressure (0-1, or `nil`): the pressure drives the lift detector.
    @inlinable
    public mutating func update(_ sample: PenPoint, pressure: Double?) {
        head = (head + 1) & (Self.capacity - 1)
        ts[head] = sample.t
        xs[head] = sample.x
        ys[head] = sample.y
        pressures[head] = pressure ?? -1
        if count < Self.capacity { count += 1 }
        let previousT = last.t
        last = sample
        if clockFit { countTicks(previousT: previousT) }
        fit()
        if jerkShare > 0 || clothoidGain > 0 { trackJerk() }
        liftShare = 1
        leadShare = 1
        pressed = (pressure ?? 0) > 0
        guard liftRatio > 0 || leadFallS > 0, let pressure else { return }
        var peak = pressure
        var i = head
        for _ in 0..<count {
            if last.t - ts[i] > 0.1 { break }
            peak = max(peak, pressures[i])
            i = (i - 1) & (Self.capacity - 1)
        }
        guard peak > 0 else { return }
        var judged = pressure
        let previousPressure = pressures[(head - 1) & (Self.capacity - 1)]
        if count >= 2, previousPressure >= 0, sample.t > previousT {
            let slope = (pressure - previousPressure) / (sample.t - previousT)
            if slope < 0 {
                if liftAheadS > 0 { judged = max(0, pressure + slope * liftAheadS) }
                leadShare = min(1, max(0, 1 + slope * leadFallS / peak))
            }
        }
        guard liftRatio > 0 else { return }
        let ratio = judged / peak
        liftShare = min(1, max(0, (ratio - liftRatio) / (0.5 * (1 - liftRatio))))
    }

    /// Updates the smoothed jerk from the change of the fitted acceleration since the previous
    /// fit (only fits of three or more samples count: a two-sample fit has no acceleration).
    @inlinable
    mutating func trackJerk() {
        guard count >= 3 else {
            previousFitValid = false
            return
        }
        defer {
            previousAx = ax
            previousVx = vx
            previousVy = vy
            previousAy = ay
            previousFitT = last.t
            previousFitValid = true
        }
        let dt = last.t - previousFitT
        guard previousFitValid, dt > 0 else { return }
        let jx = (ax - previousAx) / dt, jy = (ay - previousAy) / dt
        let fresh = (jx * jx + jy * jy).squareRoot()
        guard fresh.isFinite else { return }
        jerk = jerkHeld ? jerk + 0.25 * (fresh - jerk) : fresh
        if clothoidGain > 0 {
            let mx = vx + previousVx, my = vy + previousVy
            let norm = (mx * mx + my * my).squareRoot()
            let normal = norm > 1e-9 ? (jy * mx - jx * my) / norm : 0
            if normal.isFinite { jerkNormal = jerkHeld ? jerkNormal + 0.25 * (normal - jerkNormal) : normal }
        }
        jerkHeld = true
    }

    /// Clock recovery: gives the newest sample (at `head`, already `last`) its tick count, and
    /// restarts the clock where the stream does not fit it (see step 8 of the type's comment).
    @inlinable
    mutating func countTicks(previousT: Double) {
        guard count >= 2 else {
            tick = 0
            ticks[head] = 0
            clockOriginTick = 0
            clockOriginT = last.t
            return
        }
        let dt = last.t - previousT
        var steps = 1.0
        if tick > clockOriginTick {
            let period = (previousT - clockOriginT) / (tick - clockOriginTick)
            if dt > 0 && dt < 0.4 * period && tick - clockOriginTick < 8 {
                // A young clock's first intervals overstated its period: start it again here
                // (an established clock takes a short interval, a late sample's successor, as
                // one tick).
                clockOriginTick = tick
                clockOriginT = previousT
            } else if period > 0 {
                // Whole ticks, rounding at 0.7 rather than 0.5: a quantised stamp can be late by
                // up to half a period (a 3 ms interval of a 2.08 ms clock is one tick, not two),
                // a dropped sample adds a whole one (16 ms of an 8 ms clock is two).
                steps = max(1, (dt / period + 0.3).rounded(.down))
                if steps > 8 {
                    // A gap: the clock starts again at the newest sample.
                    tick += steps
                    ticks[head] = tick
                    clockOriginTick = tick
                    clockOriginT = last.t
                    return
                }
            }
        }
        tick += steps
        ticks[head] = tick
    }

    /// Refits velocity and acceleration to the samples in the window.
    @inlinable
    mutating func fit() {
        vx = 0; vy = 0; ax = 0; ay = 0
        accelVariance = 0
        intervalS = 0
        guard count >= 2 else { return }
        let previous = (head - 1) & (Self.capacity - 1)
        let dt = last.t - ts[previous]
        intervalS = max(0, dt)
        if count == 2 {
            guard dt > 0 else { return }
            vx = (last.x - xs[previous]) / dt
            vy = (last.y - ys[previous]) / dt
            return
        }
        // Weighted sums of τ^k and of (x - x_last) τ^k over the window (τ <= 0).
        let inverseWeight2 = weightS > 0 ? 1 / (weightS * weightS) : 0
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var bx0 = 0.0, bx1 = 0.0, bx2 = 0.0, by0 = 0.0, by1 = 0.0, by2 = 0.0
        var sxx = 0.0, syy = 0.0
        var i = head
        var pathMm = 0.0
        var px = last.x, py = last.y
        var fitted = 0, oldestTau = 0.0
        // Clock recovery: the period once the clock has counted 3 ticks (0: timestamps).
        let period = clockFit && tick - clockOriginTick >= 3 ? (last.t - clockOriginT) / (tick - clockOriginTick) : 0
        for n in 0..<count {
            let tau = period > 0 && ticks[i] >= clockOriginTick ? period * (ticks[i] - tick) : ts[i] - last.t
            let cx = xs[i] - px, cy = ys[i] - py
            pathMm += (cx * cx + cy * cy).squareRoot()
            px = xs[i]; py = ys[i]
            if n >= 3 && (tau < -windowS || pathMm > windowMm) { break }
            let tau2 = tau * tau
            let dx = xs[i] - last.x, dy = ys[i] - last.y
            let w = 1 / (1 + tau2 * inverseWeight2)
            let wt = w * tau, wt2 = w * tau2
            s0 += w; s1 += wt; s2 += wt2; s3 += wt2 * tau; s4 += wt2 * tau2
            bx0 += w * dx; bx1 += wt * dx; bx2 += wt2 * dx
            by0 += w * dy; by1 += wt * dy; by2 += wt2 * dy
            sxx += w * dx * dx; syy += w * dy * dy
            fitted += 1
            oldestTau = tau
            i = (i - 1) & (Self.capacity - 1)
        }
        if fitted >= 2 { intervalS = -oldestTau / Double(fitted - 1) }
        // Normal equations [[s0 s1 s2] [s1 s2 s3] [s2 s3 s4]] c = b, solved by Cramer's rule
        // for c1 (velocity) and c2 (half the acceleration).
        let m00 = s2 * s4 - s3 * s3, m01 = s1 * s4 - s3 * s2, m02 = s1 * s3 - s2 * s2
        let det = s0 * m00 - s1 * m01 + s2 * m02
        let scale = s0 * s2 * s4
        guard det.isFinite, scale > 0, abs(det) > 1e-9 * scale else {
            guard dt > 0 else { return }
            vx = (last.x - xs[previous]) / dt
            vy = (last.y - ys[previous]) / dt
            return
        }
        func solve(_ b0: Double, _ b1: Double, _ b2: Double) -> (v: Double, a: Double) {
            let c1 = (s0 * (b1 * s4 - s3 * b2) - b0 * (s1 * s4 - s3 * s2) + s2 * (s1 * b2 - b1 * s2)) / det
            let c2 = (s0 * (s2 * b2 - b1 * s3) - s1 * (s1 * b2 - b1 * s2) + b0 * (s1 * s3 - s2 * s2)) / det
            return (c1, 2 * c2)
        }
        let fx = solve(bx0, bx1, bx2), fy = solve(by0, by1, by2)
        vx = fx.v; vy = fy.v; ax = fx.a; ay = fy.a
        // The noise in the acceleration: the residual variance of the fit (both axes; the
        // weighted residual sum over Σw - 3 degrees of freedom, as for frequency weights) times
        // the acceleration's share of the inverse normal matrix, 4 (s0 s2 - s1²) / det.
        guard s0 > 3 else { return }
        func offset(_ b0: Double, _ b1: Double, _ b2: Double) -> Double {
            (b0 * m00 - s1 * (b1 * s4 - s3 * b2) + s2 * (b1 * s3 - s2 * b2)) / det
        }
        let rss = (sxx - offset(bx0, bx1, bx2) * bx0 - fx.v * bx1 - 0.5 * fx.a * bx2)
            + (syy - offset(by0, by1, by2) * by0 - fy.v * by1 - 0.5 * fy.a * by2)
        accelVariance = max(0, rss) / (2 * (s0 - 3)) * 4 * (s0 * s2 - s1 * s1) / det
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        guard count >= 2 else { return nil }
        let h = max(0, t - last.t)
        let speed = (vx * vx + vy * vy).squareRoot()
        guard speed > 1e-9 else { return PenPoint(t: t, x: last.x, y: last.y) }
        let ux = vx / speed, uy = vy / speed
        let along = ax * ux + ay * uy
        // The normal acceleration, shrunk by its noise (a Wiener factor a_n² / (a_n² + var)):
        // a turn the fit cannot tell from noise is not followed.
        let rawNormal = ax * -uy + ay * ux
        let power = rawNormal * rawNormal
        let normalUsed = power > 0 && power.isFinite ? power / (power + accelVariance) * rawNormal : 0
        let nx = -uy * normalUsed, ny = ux * normalUsed
        var used: Double
        let turnRate = (nx * nx + ny * ny).squareRoot() / speed
        var he = turnRate * h > turnLimitRad ? turnLimitRad / turnRate : h
        let normalAccel = turnRate * speed
        if 0.5 * normalAccel * he * he > bendMm { he = (2 * bendMm / normalAccel).squareRoot() }
        // Jerk confidence: the jerk changes the velocity by at most jerkShare of the speed.
        if jerkShare > 0, jerkHeld, jerk > 0, 0.5 * jerk * he * he > jerkShare * speed {
            he = (2 * jerkShare * speed / jerk).squareRoot()
        }
        if along < 0 {
            used = decelGain * along
            if used < 0 { he = min(he, speed / -used) }
        } else {
            used = accelGain * along
        }
        he *= liftShare
        let lead = (pressed && pressedLeadMm > 0 ? pressedLeadMm : leadMm) * leadShare + leadIntervals * speed * intervalS
        let distance = min(lead, max(0, speed * he + 0.5 * used * he * he))
        // Along the circle of the current curvature κ = <n̂, a> / s² (signed, n̂ = u turned
        // left), scaled by turnGain: the chord after an arc of length d turns by θ = κ d and
        // has the components d · k · (cos θ/2, sin θ/2) with k = sin(θ/2) / (θ/2).
        var curvature = turnGain * normalUsed / (speed * speed)
        if clothoidGain > 0, jerkHeld {
            // κ' (1/mm²): dκ/dt = j_n / s² - 3 a_n a_t / s³ over the speed.
            let rate = (jerkNormal / (speed * speed) - 3 * rawNormal * along / (speed * speed * speed)) / speed
            let extra = clothoidGain * rate * distance / 3
            if extra.isFinite { curvature += extra }
        }
        let half = 0.5 * curvature * distance
        var ahead = distance, aside = 0.0
        if abs(half) > 1e-9 && half.isFinite {
            let sc = Float32Math.sinCos(half)
            let k = sc.sin / half
            ahead = distance * k * sc.cos
            aside = distance * k * sc.sin
        }
        return PenPoint(t: t, x: last.x + ux * ahead - uy * aside, y: last.y + uy * ahead + ux * aside)
    }

    @inlinable
    public mutating func reset() {
        count = 0
        liftShare = 1
        leadShare = 1
        pressed = false
        intervalS = 0
        jerk = 0
        jerkNormal = 0
        jerkHeld = false
        tick = 0
        previousFitValid = false
        vx = 0; vy = 0; ax = 0; ay = 0
    }

    /// The fitted velocity (mm/s) and acceleration (mm/s²) at the newest sample, for tests
    /// and diagnostics.
    public var motion: (vx: Double, vy: Double, ax: Double, ay: Double) { (vx, vy, ax, ay) }
}

extension BrakingPredictor {
    /// The horizon cap (ms) the `braking` strategy applies by default, chosen with its constants.
    public static let defaultCapMs: Double = 40
}

extension BrakingPredictor.Parameters: DescribedParameters {
    /// The constants as strategy parameters (`braking:window_ms=40`), with their ranges.
    public static let fields: [ParameterField<Self>] = [
        ParameterField("window_ms", \.windowMs, unit: "ms", range: .closed(1, 200), about: "fit window in ms (at least the newest 3 samples)"),
        ParameterField("accel_gain", \.accelGain, unit: "", range: .closed(0, 4), about: "share of a speed-up that is extrapolated (0-4)"),
        ParameterField(
            "decel_gain", \.decelGain, unit: "", range: .closed(0, 10),
            about: "multiple of a slow-down that is extrapolated and sets the stopping point (0-10)"),
        ParameterField(
            "turn_gain", \.turnGain, unit: "", range: .closed(0, 4), about: "share of the turning acceleration that bends the prediction (0-4)"),
        ParameterField(
            "window_mm", \.windowMm, unit: "mm", range: .closed(0.1, 100), about: "fit window in mm of path (100: the time window alone)"),
        ParameterField(
            "turn_limit_rad", \.turnLimitRad, unit: "rad", range: .closed(0.01, 10),
            about: "direction cut-off: horizon cut to the time the pen turns this many radians"),
        ParameterField(
            "lift_ratio", \.liftRatio, unit: "", range: .closed(0, 0.99),
            about: "lift detector: pressure ratio to the last 100 ms's peak at which prediction stops (0: off)"),
        ParameterField(
            "bend_mm", \.bendMm, unit: "mm", range: .closed(0.01, 100),
            about: "bend cut-off: horizon cut so the pen's turning leaves the straight line by at most this many mm"),
        ParameterField(
            "lead_mm", \.leadMm, unit: "mm", range: .closed(0.05, 100),
            about: "lead cut-off: the prediction goes at most this many mm past the newest sample"),
        ParameterField(
            "weight_ms", \.weightMs, unit: "ms", range: .closed(0, 200),
            about: "fit weighting: a sample this many ms older than the newest counts half (0: unweighted)"),
        ParameterField(
            "lead_intervals", \.leadIntervals, unit: "", range: .closed(0, 4),
            about: "lead cut-off grows by this share of one input interval's travel at the fitted speed (0-4)"),
        ParameterField(
            "lift_ahead_ms", \.liftAheadMs, unit: "ms", range: .closed(0, 100),
            about: "lift detector judges a falling pressure extrapolated this many ms ahead (0: the newest pressure)"),
        ParameterField(
            "pressed_lead_mm", \.pressedLeadMm, unit: "mm", range: .closed(0, 100),
            about: "lead cut-off while the newest sample carries a pressure above 0 (0: lead_mm throughout)"),
        ParameterField(
            "lead_fall_ms", \.leadFallMs, unit: "ms", range: .closed(0, 1000),
            about: "a falling pressure shrinks the lead cut-off by slope * lead_fall_ms / peak (0: off)"),
        ParameterField(
            "jerk_share", \.jerkShare, unit: "", range: .closed(0, 10),
            about: "jerk confidence: horizon cut so the fitted jerk changes the velocity by at most this share of the speed (0: off)"),
        ParameterField(
            "clock_fit", \.clockFit,
            about: "clock recovery: fit against the device's sample clock estimated from the stream, not the timestamps (quantised timestamps)"),
        ParameterField(
            "clothoid_gain", \.clothoidGain, unit: "", range: .closed(0, 4),
            about: "clothoid: the arc's curvature changes along the path at this multiple of the rate from the fitted jerk (0: circle)"),
    ]
}
