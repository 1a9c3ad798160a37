/// Up to five points held inline (no heap storage): the predicted tail of
/// ``AndroidMotionPipeline`` and ``AndroidMotionPredictor``.
///
/// ```swift
/// var tail = AndroidTail(filler: PenPoint(t: 0, x: 0, y: 0))
/// tail.append(PenPoint(t: 0.004, x: 1, y: 0))
/// tail.count        // 1
/// tail.prefix(1)    // a slice, still without heap storage
/// ```
public struct AndroidTail<Point: Sendable>: RandomAccessCollection, Sendable {
    /// The most points it holds.
    public static var capacity: Int { 5 }
    @usableFromInline var storage: (Point, Point, Point, Point, Point)
    public private(set) var count = 0

    /// An empty tail; `filler` fills the unused slots.
    public init(filler: Point) { storage = (filler, filler, filler, filler, filler) }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    @inlinable
    public subscript(i: Int) -> Point {
        precondition(i >= 0 && i < count, "AndroidTail index \(i) out of 0..<\(count)")
        switch i {
        case 0: return storage.0
        case 1: return storage.1
        case 2: return storage.2
        case 3: return storage.3
        default: return storage.4
        }
    }

    /// Appends a point; beyond ``capacity`` it is ignored.
    public mutating func append(_ p: Point) {
        switch count {
        case 0: storage.0 = p
        case 1: storage.1 = p
        case 2: storage.2 = p
        case 3: storage.3 = p
        case 4: storage.4 = p
        default: return
        }
        count += 1
    }

    /// Empties the tail.
    public mutating func removeAll() { count = 0 }
}
