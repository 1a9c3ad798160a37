/// The newest delivered samples of a stroke, kept to judge earlier tips against the path the pen
/// really took: the distance the benchmark scores as overshoot, from the samples an app has.
/// Used by ``HorizonController`` (during a stroke) and ``LeadLearner`` (at the pen-up).
///
/// Holds the newest ``capacity`` samples inline (no allocation); positions mm, times s.
public struct DeliveredPath: Sendable {
    /// How many samples it keeps.
    public static var capacity: Int { 128 }
    /// How far back (s) the path reaches from a tip's time: the benchmark's overshoot window.
    public static var windowS: Double { 0.25 }

    @usableFromInline var samples = InlineArray<128, PenPoint>(repeating: PenPoint(t: 0, x: 0, y: 0))
    /// Index of the newest sample in ``samples``, and how many are held.
    @usableFromInline var head = 127, held = 0

    /// An empty path.
    @inlinable public init() {}

    /// Whether no sample is held.
    @inlinable public var isEmpty: Bool { held == 0 }

    /// The newest sample; only meaningful when the path is not empty.
    @inlinable public var newest: PenPoint { samples[head] }

    /// Appends a delivered sample (strictly later than the newest), dropping the oldest beyond ``capacity``.
    @inlinable
    public mutating func append(_ sample: PenPoint) {
        head = (head + 1) & 127
        samples[head] = sample
        if held < 128 { held += 1 }
    }

    /// Forgets every sample.
    @inlinable
    public mutating func removeAll() {
        head = 127
        held = 0
    }

    /// The distance (mm) from `tip` (its `t` the photon time) to the path over
    /// `[tip.t - 250 ms, tip.t]`: the kept samples joined by straight segments, the ends
    /// interpolated at the window's edges, held at the newest sample after it (a tip past the
    /// pen-up is judged against the path up to the lift). Needs a sample at or after `tip.t`
    /// for a tip inside a stroke; with fewer kept samples than the window needs, the shorter
    /// path can only make the distance larger. `.infinity` on an empty path.
    @inlinable
    public func distance(to tip: PenPoint) -> Double {
        guard held > 0 else { return .infinity }
        let from = tip.t - Self.windowS
        var best = Double.infinity
        var i = head
        var later = samples[i]
        var n = 1
        // Walk back from the newest sample; `later` is the segment's later end.
        while n < held {
            let j = (i - 1) & 127
            let earlier = samples[j]
            if earlier.t <= tip.t && later.t >= from {
                let a = Self.interpolate(earlier, later, at: max(from, earlier.t))
                let b = Self.interpolate(earlier, later, at: min(tip.t, later.t))
                best = min(best, Self.segmentDistance(tip, a, b))
            }
            if earlier.t < from { break }
            later = earlier
            i = j
            n += 1
        }
        if best == .infinity {
            // One sample kept, or none in the window: the nearest kept sample.
            best = Self.segmentDistance(tip, later, later)
        }
        return best
    }

    @inlinable
    static func interpolate(_ a: PenPoint, _ b: PenPoint, at t: Double) -> PenPoint {
        let span = b.t - a.t
        guard span > 0 else { return b }
        let u = (t - a.t) / span
        return PenPoint(t: t, x: a.x + u * (b.x - a.x), y: a.y + u * (b.y - a.y))
    }

    @inlinable
    static func segmentDistance(_ q: PenPoint, _ a: PenPoint, _ b: PenPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        var u = 0.0
        if length2 > 0 { u = min(1, max(0, ((q.x - a.x) * dx + (q.y - a.y) * dy) / length2)) }
        let ex = a.x + u * dx - q.x, ey = a.y + u * dy - q.y
        return (ex * ex + ey * ey).squareRoot()
    }
}
