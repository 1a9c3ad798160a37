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
import InkImport
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
///
/// With `INKBENCH_TIMINGS=spans` it also records *spans*: each unit of work of the replay and
/// scoring phase (a trace's ground truth, a pair's replay, each part of its scoring), with the
/// thread that ran it, its wall-clock start and end and that thread's CPU time over it
/// (`CLOCK_THREAD_CPUTIME_ID`), and prints them with the time during which fewer units ran
/// than there were slots (``spanSlots(_:)``): the idle core time of the phase, which a loaded
/// host does not inflate the way it inflates wall time (a unit that waits for a core still
/// holds its slot).
public final class PhaseTimes: @unchecked Sendable {
    /// The process's recorder.
    public static let shared: PhaseTimes = {
        let value = getenv("INKBENCH_TIMINGS").map { String(cString: $0) }
        return PhaseTimes(enabled: value.map { $0 != "0" } ?? false, spans: value == "spans")
    }()

    /// Whether marks are recorded.
    public let enabled: Bool
    /// Whether spans are recorded (``span(_:_:)``).
    public let spansEnabled: Bool
    private let lock = InkLock()
    private let clock = ContinuousClock()
    private var first: ContinuousClock.Instant?
    private var last: ContinuousClock.Instant?
    private var phases: [(name: String, ms: Double)] = []
    private var spans: [Span] = []
    /// How many units of work may run at once (the session's `--jobs`), for the idle time.
    private var slots = 1

    /// One recorded unit of work.
    private typealias Span = WorkSpans.Span

    /// A recorder; `enabled: false` ignores every call; `spans` also records ``span(_:_:)``.
    public init(enabled: Bool, spans: Bool = false) {
        self.enabled = enabled
        spansEnabled = enabled && spans
    }

    /// Sets how many units of work may run at once (the session's `--jobs`): the slots whose
    /// idle time the span report counts.
    public func spanSlots(_ count: Int) {
        guard spansEnabled else { return }
        lock.lock()
        defer { lock.unlock() }
        slots = max(1, count)
    }

    /// Runs `body`, recording it as a span named `name` when spans are on (otherwise it only
    /// runs `body`; `name` is not evaluated).
    @inline(__always)
    public func span<T>(_ name: @autoclosure () -> String, _ body: () -> T) -> T {
        guard spansEnabled else { return body() }
        let thread = WorkSpans.currentThread
        let cpu0 = WorkSpans.threadCPUMs(), start = clock.now
        let value = body()
        let end = clock.now, cpu1 = WorkSpans.threadCPUMs()
        let span = Span(name: name(), thread: thread, start: start, end: end, cpuMs: cpu1 - cpu0)
        lock.lock()
        spans.append(span)
        lock.unlock()
        return value
    }

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
        let ms = Self.milliseconds(now - since)
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
        let total = first.map { Self.milliseconds(clock.now - $0) } ?? 0
        let parts = phases.map { "\($0.name) \(NumberText.fixed($0.ms, 1))" } + ["total \(NumberText.fixed(total, 1))"]
        StandardStream.error("timings (ms): " + parts.joined(separator: ", ") + "\n")
        guard spansEnabled else { return }
        // The inputs phase's spans (recorded below this layer, ``WorkSpans``) first, on every
        // core the process may use; then the replay's, on the session's slots.
        let inputs = WorkSpans.shared.recorded
        if !inputs.isEmpty { StandardStream.error(Self.spanReport(inputs, title: "inputs spans", slots: ParallelMap.defaultJobs)) }
        StandardStream.error(Self.spanReport(spans, title: "spans", slots: slots))
    }

    /// `spans`, one line each (thread, start and end in ms from the first span's start,
    /// thread CPU, name), then the summary: their CPU, the window from the first start to the
    /// last end, and how long 0, 1, ... units ran at once within it; idle core time is
    /// `slots - running` summed over the window. `title` opens both.
    private static func spanReport(_ spans: [Span], title: String, slots: Int) -> String {
        guard let origin = spans.map(\.start).min(), let close = spans.map(\.end).max() else { return "\(title): none\n" }
        var threads: [UInt] = []
        var lines = "\(title) (thread, start - end ms, thread CPU ms, unit):\n"
        for s in spans.sorted(by: { $0.start < $1.start }) {
            if !threads.contains(s.thread) { threads.append(s.thread) }
            let t = (threads.firstIndex(of: s.thread) ?? 0) + 1
            lines += "  t\(t) \(NumberText.fixed(milliseconds(s.start - origin), 2)) - \(NumberText.fixed(milliseconds(s.end - origin), 2))"
            lines += " cpu \(NumberText.fixed(s.cpuMs, 2)) \(s.name)\n"
        }
        // Running count over the window: +1 at each start, -1 at each end.
        var events: [(ms: Double, step: Int)] = []
        for s in spans {
            events.append((milliseconds(s.start - origin), 1))
            events.append((milliseconds(s.end - origin), -1))
        }
        events.sort { ($0.ms, $0.step) < ($1.ms, $1.step) }
        var at = [Double](repeating: 0, count: slots + 1)
        var running = 0, previous = 0.0, idle = 0.0
        for e in events {
            let dt = e.ms - previous
            at[min(running, slots)] += dt
            idle += Double(max(0, slots - running)) * dt
            running += e.step
            previous = e.ms
        }
        let cpu = spans.reduce(0) { $0 + $1.cpuMs }
        lines += "\(title): \(spans.count) on \(threads.count) threads, CPU \(NumberText.fixed(cpu, 1)) ms, window \(NumberText.fixed(milliseconds(close - origin), 1)) ms"
        lines += ", " + at.indices.map { "\($0) running \(NumberText.fixed(at[$0], 1))" }.joined(separator: ", ")
        lines += " ms; idle core time (\(slots) slots) \(NumberText.fixed(idle, 1)) ms\n"
        return lines
    }

    private static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) * 1e-15
    }
}
