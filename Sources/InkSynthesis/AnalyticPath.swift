#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces

/// A pen motion known exactly: position and velocity at any time in `0...duration`.
///
/// Conforming types describe the synthetic traces; ``SyntheticSpec/generate(seed:)`` samples them with
/// noise, jitter and quantisation, and keeps their exact curve as the ground truth.
public protocol AnalyticPath: Sendable {
    /// How long the motion lasts (s); the pen is at rest, or lifted, outside `0...duration`.
    var duration: Double { get }
    /// The exact position (mm) at time `t` (s) within `0...duration`.
    func position(at t: Double) -> (x: Double, y: Double)
    /// The exact velocity (mm/s) at time `t` (s) within `0...duration`.
    func velocity(at t: Double) -> (x: Double, y: Double)
    /// A key that identifies the motion, so strokes of one shape share one ground-truth table.
    var cacheKey: String { get }
}

/// Ground-truth tables built from analytic paths, shared by every stroke of the same shape.
enum TruthTables {
    private static let lock = InkLock()
    nonisolated(unsafe) private static var cache: [String: CubicPath] = [:]

    /// The Hermite table of `path` with knots 1 ms apart (at least 16 pieces).
    static func table(for path: some AnalyticPath) -> CubicPath {
        let key = path.cacheKey
        lock.lock()
        if let hit = cache[key] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        let pieces = max(16, Int((path.duration / 0.001).rounded(.up)))
        let table = CubicPath(
            hermiteOver: path.duration, pieces: pieces, position: path.position(at:), velocity: path.velocity(at:))
        lock.lock()
        defer { lock.unlock() }
        if let hit = cache[key] { return hit }
        cache[key] = table
        return table
    }
}
