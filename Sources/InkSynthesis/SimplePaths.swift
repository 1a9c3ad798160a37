#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A straight line at constant speed: the pen starts and stops abruptly.
///
/// ```swift
/// let line = StraightLine(speedMMPerS: 100, duration: 1.0)   // 100 mm to the right
/// line.position(at: 0.5)   // (50, 0)
/// ```
public struct StraightLine: AnalyticPath, Equatable {
    /// Speed (mm/s).
    public let speedMMPerS: Double
    /// Duration (s).
    public let duration: Double
    /// Direction of motion in radians from the +x axis (y down).
    public let directionRad: Double

    public init(speedMMPerS: Double, duration: Double, directionRad: Double = 0) {
        self.speedMMPerS = speedMMPerS
        self.duration = duration
        self.directionRad = directionRad
    }

    public var cacheKey: String { "line v=\(speedMMPerS) D=\(duration) dir=\(directionRad)" }

    public func position(at t: Double) -> (x: Double, y: Double) {
        let d = speedMMPerS * t
        return (d * cos(directionRad), d * sin(directionRad))
    }

    public func velocity(at t: Double) -> (x: Double, y: Double) {
        (speedMMPerS * cos(directionRad), speedMMPerS * sin(directionRad))
    }
}

/// A circle drawn at constant speed, starting at its rightmost point, clockwise on screen
/// (counter-clockwise in the y-down frame's maths).
///
/// ```swift
/// let circle = Circle(radiusMM: 20, duration: 1.0, turns: 1)
/// ```
public struct Circle: AnalyticPath, Equatable {
    /// Radius (mm).
    public let radiusMM: Double
    /// Duration (s).
    public let duration: Double
    /// Turns drawn in `duration`.
    public let turns: Double

    public init(radiusMM: Double, duration: Double, turns: Double = 1) {
        self.radiusMM = radiusMM
        self.duration = duration
        self.turns = turns
    }

    /// Angular speed (rad/s).
    public var angularSpeed: Double { 2 * Double.pi * turns / duration }
    /// Speed along the circle (mm/s).
    public var speedMMPerS: Double { radiusMM * angularSpeed }

    public var cacheKey: String { "circle r=\(radiusMM) D=\(duration) turns=\(turns)" }

    public func position(at t: Double) -> (x: Double, y: Double) {
        let a = angularSpeed * t
        return (radiusMM * cos(a), radiusMM * sin(a))
    }

    public func velocity(at t: Double) -> (x: Double, y: Double) {
        let a = angularSpeed * t
        return (-radiusMM * angularSpeed * sin(a), radiusMM * angularSpeed * cos(a))
    }
}
