/// Where the pen really was, per stroke: `p(t)`, its speed and direction (benchmark model,
/// section 5). It never comes from the predictor under test.
///
/// - For a synthetic stroke: the noiseless analytic curve (a ``CubicPath`` of exact Hermite
///   pieces, shared between strokes of one shape), with the analytic velocity.
/// - For a recording: the linear interpolation of its samples, with the velocity taken as
///   the central difference `(p(t + 10 ms) - p(t - 10 ms)) / 20 ms`, robust to quantised
///   samples.
///
/// Held at the first sample before the stroke starts and at the last after it ends.
///
/// ```swift
/// let truth = stroke.groundTruth()
/// let p = truth.position(at: 0.1)    // mm
/// let v = truth.velocity(at: 0.1)    // mm/s
/// ```
public struct GroundTruth: Sendable {
    /// How velocity is obtained.
    public enum VelocityMode: Sendable, Equatable {
        /// The path's own derivative (analytic curves).
        case derivative
        /// `(p(t + h) - p(t - h)) / 2h` with `h` in seconds (recordings: 0.010).
        case centralDifference(halfWindow: Double)
    }

    /// The path, in its own time.
    public let path: CubicPath
    /// Absolute time (s) of the path's time 0.
    public let timeOffset: Double
    /// How velocity is obtained.
    public let velocityMode: VelocityMode

    /// A truth from a path placed at `timeOffset` seconds.
    public init(path: CubicPath, timeOffset: Double = 0, velocityMode: VelocityMode = .derivative) {
        self.path = path
        self.timeOffset = timeOffset
        self.velocityMode = velocityMode
    }

    /// The linear interpolation of a stroke's samples, velocity by 10 ms central difference.
    ///
    /// - Parameters:
    ///   - stroke: the recorded samples (s, mm).
    ///   - jobs: how many threads may build the path's tables
    ///     (``CubicPath/init(polylineT:x:y:jobs:)``); the truth is the same for any value.
    public init(interpolating stroke: Stroke, jobs: Int = 1) {
        self.init(
            path: CubicPath(polylineT: stroke.t, x: stroke.x, y: stroke.y, jobs: jobs), timeOffset: 0,
            velocityMode: .centralDifference(halfWindow: 0.010))
    }

    /// First time (s) of the pen's motion.
    @inlinable public var startTime: Double { path.startTime + timeOffset }
    /// Last time (s) of the pen's motion.
    @inlinable public var endTime: Double { path.endTime + timeOffset }

    /// The pen's position (mm) at absolute time `t` (s).
    @inlinable
    public func position(at t: Double) -> (x: Double, y: Double) { path.position(at: t - timeOffset) }

    /// The path at absolute time `t` (s): ``CubicPath/geometry(at:)`` (position, the path's own
    /// derivative whatever ``velocityMode`` says, second derivative, and the piece holding `t`).
    @inlinable @inline(__always)
    package func geometry(at t: Double) -> CubicPath.Geometry {
        path.geometry(at: t - timeOffset)
    }

    /// ``geometry(at:)`` of a piecewise-linear path (a recording's), to the bit, without the
    /// second derivative: ``CubicPath/linearGeometry(at:)``.
    @inlinable @inline(__always)
    package func linearGeometry(at t: Double) -> (p: SIMD2<Double>, v: SIMD2<Double>, piece: CubicPath.PieceIndex) {
        path.linearGeometry(at: t - timeOffset)
    }

    /// ``positionXY(at:)`` of a piecewise-linear path, to the bit: ``CubicPath/linearPositionXY(at:)``.
    @inlinable @inline(__always)
    package func linearPositionXY(at t: Double) -> SIMD2<Double> { path.linearPositionXY(at: t - timeOffset) }

    /// ``position(at:)`` as a vector `(x, y)` (mm).
    @inlinable @inline(__always)
    public func positionXY(at t: Double) -> SIMD2<Double> { path.positionXY(at: t - timeOffset) }

    /// The pen's velocity (mm/s) at absolute time `t` (s).
    @inlinable
    public func velocity(at t: Double) -> (x: Double, y: Double) {
        withExtendedLifetime(path) { unowned.velocity(at: t) }
    }

    /// ``position(at:)`` and ``velocity(at:)`` at absolute time `t` (s), and
    /// ``distanceBound(fromX:y:from:to:near:refined:)`` (unrefined) over the window `t0...t`
    /// that ends there: the same values to the bit as the separate calls, with the path
    /// evaluated at `t` once for all of them where the velocity is the path's derivative.
    @inlinable
    public func positionVelocityAndBound(
        at t: Double, fromX qx: Double, y qy: Double, from t0: Double, near hint: Double
    ) -> (x: Double, y: Double, vx: Double, vy: Double, bound: Double) {
        withExtendedLifetime(path) {
            unowned.positionVelocityAndBound(at: t, fromX: qx, y: qy, from: t0, near: hint)
        }
    }

    /// The smallest distance (mm) from `(x, y)` to the pen's path over absolute times `from...to` (s).
    @inlinable
    public func distance(fromX x: Double, y: Double, from t0: Double, to t1: Double) -> Double {
        path.distance(fromX: x, y: y, from: t0 - timeOffset, to: t1 - timeOffset)
    }

    /// ``distance(fromX:y:from:to:)``, looking first around absolute time `hint` (s), where the
    /// nearest point is expected (``CubicPath/distance(fromX:y:from:to:near:)``); usually much
    /// faster.
    @inlinable
    public func distance(fromX x: Double, y: Double, from t0: Double, to t1: Double, near hint: Double) -> Double {
        withExtendedLifetime(path) { unowned.distance(fromX: x, y: y, from: t0, to: t1, near: hint) }
    }

    /// An upper bound (mm) on ``distance(fromX:y:from:to:near:)`` with the same arguments, from
    /// a few points only (``CubicPath/distanceBound(fromX:y:from:to:near:refined:)``): never
    /// below it, to the bit; the `refined` bound lies between the two.
    @inlinable
    public func distanceBound(
        fromX x: Double, y: Double, from t0: Double, to t1: Double, near hint: Double, refined: Bool = false
    ) -> Double {
        withExtendedLifetime(path) {
            unowned.distanceBound(fromX: x, y: y, from: t0, to: t1, near: hint, refined: refined)
        }
    }

    /// This truth without a counted reference to its path (``Unowned``): never take it from a
    /// temporary truth, and never keep it longer than the truth it came from.
    @inlinable
    package var unowned: Unowned { Unowned(path: path, timeOffset: timeOffset, velocityMode: velocityMode) }

    /// A truth's tables and time offset without a counted reference to its path, for loops
    /// that look up a truth per frame: copying a ``GroundTruth`` out of an array retains its
    /// path, an atomic increment and decrement per frame. Its functions are the truth's own,
    /// which call them, so they give the same values to the bit.
    ///
    /// Valid only while the truth it came from lives: the caller keeps that truth (say, in an
    /// array it owns for as long as it keeps the views).
    ///
    /// ```swift
    /// let views = truths.map(\.unowned)    // truths kept alongside
    /// let d = views[stroke].distance(fromX: qx, y: qy, from: tau - 0.25, to: tau, near: tipTime)
    /// ```
    ///
    /// Package access only: the view is an optimisation of this package's own loops, and a
    /// view kept past its truth is a dangling reference. It stays rather than a borrowed scope
    /// because the figure pass looks a truth up per frame across calls (`FigureAccumulator`
    /// consumes one frame per call), where a scope cannot span the calls; the rule is kept by
    /// holding the views as a private `let` beside the `[GroundTruth]` `let` of the same struct,
    /// so every copy carries both (`GroundTruthViewLifetimeTests` in InkMetricsTests).
    @usableFromInline
    package struct Unowned {
        /// The truth's path, held without counting (no retain or release as views are copied).
        @usableFromInline unowned(unsafe) let path: CubicPath
        /// ``GroundTruth/timeOffset``.
        @usableFromInline package let timeOffset: Double
        /// ``GroundTruth/velocityMode``.
        @usableFromInline package let velocityMode: VelocityMode

        @inlinable
        init(path: CubicPath, timeOffset: Double, velocityMode: VelocityMode) {
            self.path = path
            self.timeOffset = timeOffset
            self.velocityMode = velocityMode
        }

        /// ``GroundTruth/velocity(at:)``.
        @inlinable
        package func velocity(at t: Double) -> (x: Double, y: Double) {
            switch velocityMode {
            case .derivative:
                return path.storage.derivative(at: t - timeOffset)
            case .centralDifference(let h):
                let a = path.storage.position(at: t - timeOffset + h)
                let b = path.storage.position(at: t - timeOffset - h)
                return ((a.x - b.x) / (2 * h), (a.y - b.y) / (2 * h))
            }
        }

        /// ``GroundTruth/positionVelocityAndBound(at:fromX:y:from:near:)``.
        @inlinable
        package func positionVelocityAndBound(
            at t: Double, fromX qx: Double, y qy: Double, from t0: Double, near hint: Double
        ) -> (x: Double, y: Double, vx: Double, vy: Double, bound: Double) {
            let r = path.storage.positionVelocityAndBound(qx, qy, t0 - timeOffset, t - timeOffset, hint: hint - timeOffset)
            switch velocityMode {
            case .derivative:
                return r
            case .centralDifference:
                let v = velocity(at: t)
                return (r.x, r.y, v.x, v.y, r.bound)
            }
        }

        /// ``GroundTruth/distance(fromX:y:from:to:near:)``.
        @usableFromInline
        package func distance(fromX x: Double, y: Double, from t0: Double, to t1: Double, near hint: Double) -> Double {
            path.storage.distance(x, y, t0 - timeOffset, t1 - timeOffset, hint: hint - timeOffset)
        }

        /// ``GroundTruth/distanceBound(fromX:y:from:to:near:refined:)``.
        @usableFromInline
        package func distanceBound(
            fromX x: Double, y: Double, from t0: Double, to t1: Double, near hint: Double, refined: Bool = false
        ) -> Double {
            path.storage.distanceBound(x, y, t0 - timeOffset, t1 - timeOffset, hint: hint - timeOffset, refined: refined)
        }
    }
}
