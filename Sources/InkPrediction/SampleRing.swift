/// The newest samples of a stroke in a fixed ring, allocated once: what a resampler looks
/// back through to bracket its sample time without allocating per sample.
///
/// `capacity` samples are kept; older ones are overwritten. Index 0 is the oldest kept.
///
/// ```swift
/// var ring = SampleRing(capacity: 4)
/// ring.append(PenPoint(t: 0, x: 0, y: 0))
/// ring[ring.count - 1]   // the newest
/// ```
public struct SampleRing: Sendable {
    @usableFromInline var storage: [PenPoint]
    @usableFromInline var start = 0
    @usableFromInline var kept = 0
    /// How many samples are kept (at most the capacity).
    @inlinable public var count: Int { kept }

    /// A ring that keeps the newest `capacity` samples (at least 2).
    public init(capacity: Int) {
        storage = Array(repeating: PenPoint(t: 0, x: 0, y: 0), count: max(2, capacity))
    }

    /// How many samples it can keep.
    @inlinable public var capacity: Int { storage.count }

    /// Keeps `p`, overwriting the oldest when full.
    @inlinable
    public mutating func append(_ p: PenPoint) {
        if kept < storage.count {
            storage[(start + kept) % storage.count] = p
            kept += 1
        } else {
            storage[start] = p
            start = (start + 1) % storage.count
        }
    }

    /// The `i`-th kept sample, 0 the oldest, `count - 1` the newest.
    @inlinable
    public subscript(i: Int) -> PenPoint { storage[(start + i) % storage.count] }

    /// Forgets every sample (keeping the storage).
    @inlinable
    public mutating func removeAll() {
        start = 0
        kept = 0
    }

    /// The index of the newest kept sample with `t <= time`, or `nil` if every kept one is later.
    @inlinable
    public func lastIndex(atOrBefore time: Double) -> Int? {
        var i = count - 1
        while i >= 0 {
            if self[i].t <= time { return i }
            i -= 1
        }
        return nil
    }
}
