#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Values that other modules derive from an immutable object, each computed on first use and
/// then kept with the object, for as long as it lives. A ``CubicPath`` holds one, so that a
/// table InkMetrics derives from a path (the perceived-latency search's bounds) is computed
/// once per path, however many strokes and traces share the path, without InkTraces knowing
/// what the table is.
///
/// Thread-safe: two threads asking at once may both compute the value; the first one stored is
/// kept and returned to both.
///
/// ```swift
/// let bounds = path.derived { PathBounds($0) }   // computed once, then looked up
/// ```
package final class DerivedValues: @unchecked Sendable {
    // @unchecked: `values` is read and written under `lock` only.
    private let lock = InkLock()
    /// One value per type, keyed by the type.
    private var values: [ObjectIdentifier: any Sendable] = [:]

    package init() {}

    /// The value of type `T` kept here, or `make()`'s, kept from now on.
    package func value<T: Sendable>(_ make: () -> T) -> T {
        let key = ObjectIdentifier(T.self)
        lock.lock()
        let kept = values[key] as? T
        lock.unlock()
        if let kept { return kept }
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        if let raced = values[key] as? T { return raced }
        values[key] = made
        return made
    }
}
