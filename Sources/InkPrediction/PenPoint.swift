/// A pen position at a moment: time in seconds, position in millimetres.
///
/// Every value in InkBench is in seconds and millimetres unless its name says otherwise
/// (`…Ms` for milliseconds, `…Px` for pixels, `…Hz` for rates).
///
/// ```swift
/// let p = PenPoint(t: 0.125, x: 12.5, y: 40)   // 125 ms, (12.5 mm, 40 mm)
/// ```
public struct PenPoint: Sendable, Hashable {
    /// Time in seconds.
    public var t: Double
    /// Horizontal position in millimetres (x grows to the right).
    public var x: Double
    /// Vertical position in millimetres (y grows downwards, as on a screen).
    public var y: Double

    @inlinable
    public init(t: Double, x: Double, y: Double) {
        self.t = t
        self.x = x
        self.y = y
    }
}
