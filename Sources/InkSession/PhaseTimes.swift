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
import InkTraces
import InkOutput

/// Wall-clock times of a run's phases, printed to standard error at its end when the
/// environment variable `INKBENCH_TIMINGS` is set (to anything but `0`): where a `bench`
/// process spends its time, without a profiler. Off, it costs one branch per mark.
///
/// Each ``mark(_:)`` attributes the time since the previous mark (or since ``start()``) to the
/// named phase; a phase marked more than once accumulates. Thread-safe.
///
/// ```swift
/// PhaseTimes.shared.start()
/// generate(); PhaseTimes.shared.mark("generate")
/// replay();   PhaseTimes.shared.mark("replay")
/// PhaseTimes.shared.report()   // "timings (ms): generate 12.3, replay 45.6, total 57.9" on stderr
/// ```
public final class PhaseTimes: @unchecked Sendable {
    /// The process's recorder.
    public static let shared = PhaseTimes(enabled: getenv("INKBENCH_TIMINGS").map { String(cString: $0) != "0" } ?? false)

    /// Whether marks are recorded.
    public let enabled: Bool
    private let lock = InkLock()
    private let clock = ContinuousClock()
    private var first: ContinuousClock.Instant?
    private var last: ContinuousClock.Instant?
    private var phases: [(name: String, ms: Double)] = []

    /// A recorder; `enabled: false` ignores every call.
    public init(enabled: Bool) { self.enabled = enabled }

    /// Starts (or restarts) the clock of the next mark.
    public func start() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = clock.now
        if first == nil { first = now }
        last = now
    }

    /// Attributes the time since the previous mark to `name`.
    public func mark(_ name: String) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = clock.now
        let since = last ?? now
        if first == nil { first = now }
        last = now
        let ms = milliseconds(now - since)
        if let i = phases.firstIndex(where: { $0.name == name }) { phases[i].ms += ms } else { phases.append((name, ms)) }
    }

    /// Adds `ms` to `name` without moving the mark clock (a part measured inside another phase).
    public func add(_ name: String, ms: Double) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        if let i = phases.firstIndex(where: { $0.name == name }) { phases[i].ms += ms } else { phases.append((name, ms)) }
    }

    /// Prints the phases and the total since the first mark to standard error.
    public func report() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let total = first.map { milliseconds(clock.now - $0) } ?? 0
        let parts = phases.map { "\($0.name) \(NumberText.fixed($0.ms, 1))" } + ["total \(NumberText.fixed(total, 1))"]
        StandardStream.error("timings (ms): " + parts.joined(separator: ", ") + "\n")
    }

    private func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) * 1e-15
    }
}
