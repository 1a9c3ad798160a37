/// Reads a predictor's own list of timed points at one time: linear interpolation from a start
/// point through the points, holding the last beyond (what an app that draws a predicted tail
/// up to the frame's target shows). No allocation: fed one point at a time.
///
/// ```swift
/// var r = TailInterpolation(start: PenPoint(t: 0, x: 0, y: 0), at: 0.005)
/// _ = r.take(PenPoint(t: 0.01, x: 1, y: 0))   // false: found
/// r.point   // (0.5, 0) at t = 0.005
/// ```
public struct TailInterpolation: Sendable {
    /// The time asked for (s).
    public let time: Double
    @usableFromInline var previous: PenPoint
    @usableFromInline var found: PenPoint?

    @inlinable
    public init(start: PenPoint, at time: Double) {
        self.time = time
        previous = start
        if time <= start.t { found = start }
    }

    /// Takes the next point; returns whether more points are wanted.
    @inlinable
    public mutating func take(_ p: PenPoint) -> Bool {
        guard found == nil else { return false }
        if time <= p.t {
            let span = p.t - previous.t
            let w = span > 0 ? (time - previous.t) / span : 1
            found = PenPoint(t: time, x: previous.x + w * (p.x - previous.x), y: previous.y + w * (p.y - previous.y))
            return false
        }
        previous = p
        return true
    }

    /// The point at ``time``: interpolated, or the last point taken (held) when the points end
    /// before it. Its `t` is ``time``.
    @inlinable
    public var point: PenPoint { found ?? PenPoint(t: time, x: previous.x, y: previous.y) }
}
