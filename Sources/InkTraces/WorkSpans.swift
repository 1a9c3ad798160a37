#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Units of work recorded for `INKBENCH_TIMINGS=spans` below the session layer: the pieces of
/// `bench run`'s "inputs and run folder" phase (a recording's read, each parse chunk, the
/// assembly, the input hash, the `git` lookup, the run folder), made in modules that cannot
/// reach InkSession's `PhaseTimes`, which prints them at the end of the run beside its own
/// replay spans. Off (the variable unset or not `spans`), ``span(_:_:)`` costs one branch.
///
/// Each span keeps its name, the thread that ran it, its wall-clock start and end, and that
/// thread's CPU time over it (`CLOCK_THREAD_CPUTIME_ID`, milliseconds). Thread-safe.
///
/// ```swift
/// let bytes = WorkSpans.shared.span("read bytes") { read(path) }
/// ```
package final class WorkSpans: @unchecked Sendable {
    // @unchecked: `spans` is touched only under `lock`.

    /// The process's recorder: on when the environment variable `INKBENCH_TIMINGS` is `spans`.
    package static let shared = WorkSpans(enabled: getenv("INKBENCH_TIMINGS").map { String(cString: $0) == "spans" } ?? false)

    /// Whether spans are recorded.
    package let enabled: Bool
    private let lock = InkLock()
    private var spans: [Span] = []

    /// One recorded unit of work.
    package struct Span: Sendable {
        /// What ran.
        package var name: String
        /// The thread that ran it (`pthread_self`).
        package var thread: UInt
        /// Its wall-clock start and end.
        package var start: ContinuousClock.Instant
        package var end: ContinuousClock.Instant
        /// The thread's CPU time from start to end (ms).
        package var cpuMs: Double

        package init(name: String, thread: UInt, start: ContinuousClock.Instant, end: ContinuousClock.Instant, cpuMs: Double) {
            (self.name, self.thread, self.start, self.end, self.cpuMs) = (name, thread, start, end, cpuMs)
        }
    }

    /// A recorder; `enabled: false` ignores every call.
    package init(enabled: Bool) { self.enabled = enabled }

    /// Runs `body`, recording it as a span named `name` when on (otherwise it only runs `body`;
    /// `name` is not evaluated).
    @inline(__always)
    package func span<T, E: Error>(_ name: @autoclosure () -> String, _ body: () throws(E) -> T) throws(E) -> T {
        guard enabled else { return try body() }
        let cpu0 = Self.threadCPUMs(), start = ContinuousClock.now
        defer {
            let end = ContinuousClock.now, cpu1 = Self.threadCPUMs()
            add(Span(name: name(), thread: Self.currentThread, start: start, end: end, cpuMs: cpu1 - cpu0))
        }
        return try body()
    }

    /// Adds a span measured by the caller.
    package func add(_ span: Span) {
        guard enabled else { return }
        lock.lock()
        spans.append(span)
        lock.unlock()
    }

    /// The spans recorded so far, in the order they ended.
    package var recorded: [Span] {
        lock.lock()
        defer { lock.unlock() }
        return spans
    }

    /// The calling thread, as spans record it.
    package static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())  // a pointer there
        #else
            UInt(pthread_self())
        #endif
    }

    /// This thread's CPU time (ms).
    package static func threadCPUMs() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) * 1e-6
    }
}
