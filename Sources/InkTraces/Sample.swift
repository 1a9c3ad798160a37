import InkPrediction

/// The kind of contact that made a stroke.
public enum Tool: String, Sendable, Hashable, CaseIterable {
    case pen, finger, eraser, mouse
}

/// One digitizer sample: time in seconds, position in millimetres, optional pen state.
///
/// ```swift
/// let s = Sample(t: 0.004, x: 10, y: 20, pressure: 0.4)
/// ```
public struct Sample: Sendable, Hashable {
    /// Time in seconds.
    public var t: Double
    /// Position in millimetres; x grows to the right.
    public var x: Double
    /// Position in millimetres; y grows downwards (screen convention).
    public var y: Double
    /// Normalised pressure, 0 to 1, if the source has it.
    public var pressure: Double?
    /// Tilt from the surface normal in radians, if the source has it.
    public var tilt: Double?
    /// Azimuth in radians, if the source has it.
    public var azimuth: Double?

    public init(t: Double, x: Double, y: Double, pressure: Double? = nil, tilt: Double? = nil, azimuth: Double? = nil) {
        self.t = t
        self.x = x
        self.y = y
        self.pressure = pressure
        self.tilt = tilt
        self.azimuth = azimuth
    }

    /// The time and position, as predictors see a sample.
    @inlinable public var point: PenPoint { PenPoint(t: t, x: x, y: y) }
}
