import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces

/// `(0..<count).map(body)` on up to `jobs` threads: each index is computed by one call alone
/// and the results come back in index order, so the answer is the same, to the bit, for any
/// number of jobs. Indices are handed out one at a time (the next free index to the next free
/// thread), so uneven items (files of different sizes) still keep every thread busy.
///
/// ```swift
/// let traces = ParallelMap.map(paths.count, jobs: 2) { i in read(paths[i]) }
/// ```
package enum ParallelMap {
    /// Every core this process may use, looked up once per process (FoundationEssentials reads
    /// the cgroup's CPU quota files on every `activeProcessorCount`; a run asked for it in the
    /// loader, the session and each reader).
    package static let defaultJobs: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// The results of `body` at `0..<count`, in order.
    ///
    /// - Parameters:
    ///   - count: how many items.
    ///   - jobs: the most threads to use; 1 (or fewer) computes them in order on this thread.
    ///   - body: the item at an index; called once per index, from any thread.
    package static func map<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        if jobs <= 1 || count == 1 { return (0..<count).map(body) }
        let shared = Shared<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: min(jobs, count)) { _ in
            while let i = shared.take() { shared.set(i, body(i)) }
        }
        return shared.results()
    }

    /// Two jobs of different result types side by side, as ``map(_:jobs:_:)`` runs two items:
    /// on up to `jobs` threads (this one among them; 1 or fewer runs `first`, then `second`, on
    /// this thread), each job by one call alone, the results as `(first, second)` whichever
    /// ends first. Both jobs run to their end, even when one throws; then `first`'s error, if it
    /// threw, else `second`'s, is thrown (the error that running them one after another would
    /// have given first).
    ///
    /// ```swift
    /// let (scripts, report) = ParallelMap.both(jobs: 2) { makeScripts() } _: { makeReport() }
    /// ```
    ///
    /// - Parameters:
    ///   - jobs: the most threads to use.
    ///   - first: the first job; called once, from any thread.
    ///   - second: the second job; called once, from any thread.
    package static func both<A: Sendable, B: Sendable, E: Error>(
        jobs: Int, _ first: @Sendable () throws(E) -> A, _ second: @Sendable () throws(E) -> B
    ) throws(E) -> (A, B) {
        let results: (Result<A, E>, Result<B, E>)
        if jobs <= 1 {
            results = (Result(catching: first), Result(catching: second))
        } else {
            let made = map(2, jobs: 2) { i -> Either<Result<A, E>, Result<B, E>> in
                i == 0 ? .first(Result(catching: first)) : .second(Result(catching: second))
            }
            guard case .first(let a) = made[0], case .second(let b) = made[1] else {
                preconditionFailure("map gives its items in index order")
            }
            results = (a, b)
        }
        return (try results.0.get(), try results.1.get())
    }

    /// One of ``both(jobs:_:_:)``'s two results.
    private enum Either<A: Sendable, B: Sendable>: Sendable {
        case first(A)
        case second(B)
    }

    /// Items `0..<count` computed side by side and taken in index order: helper threads
    /// (``startHelpers(_:)``) compute items, the thread that takes them (``take(_:)``) computes
    /// one itself whenever the item it needs is not ready, so taking one item (the trace CSV
    /// reader's stroke assembly of a chunk) overlaps computing the next ones. Each item is
    /// computed once, by one call alone, and dropped once taken; an item that is `nil` stops
    /// the computing of items not yet started. Call ``stop()`` when done: it waits for the
    /// helpers, so none outlives the caller.
    ///
    /// ```swift
    /// let items = ParallelMap.InOrder<Chunk>(count: 8) { i in parse(i) }
    /// items.startHelpers(1)
    /// defer { items.stop() }
    /// for i in 0..<8 { guard let chunk = items.take(i) else { break }; assemble(chunk) }
    /// ```
    package final class InOrder<T: Sendable>: @unchecked Sendable {
        private let lock = InkLock()
        /// Signalled once per item stored, by the thread that computed it (a helper, or
        /// ``take(_:)`` computing one itself), and by nothing else: a helper's end does not
        /// signal it (``stop()`` waits for helpers on `helpers`). ``take(_:)`` waits on it only
        /// when every item is started and its own is not stored yet, then looks again, so a
        /// signal left from an item it stored itself costs one more look, never a missed item.
        private let stored = DispatchSemaphore(value: 0)
        private let helpers = DispatchGroup()
        private let compute: @Sendable (Int) -> T?
        private let count: Int
        /// Guarded by `lock`: the next item to compute, each item once computed (`.some(nil)`:
        /// `nil`), and whether to stop.
        private var next = 0
        private var results: [T??]
        private var stopping = false

        /// - Parameters:
        ///   - count: how many items.
        ///   - compute: the item at an index, or `nil` (which stops the others); called once
        ///     per index started, from any thread.
        package init(count: Int, compute: @escaping @Sendable (Int) -> T?) {
            self.count = count
            self.compute = compute
            results = [T??](repeating: nil, count: count)
        }

        /// Starts `n` helper threads that compute items until none is left to start.
        ///
        /// A helper joins ``stop()``'s wait only once it runs (under the lock, before
        /// `stopping` is set): one still queued behind busy pool threads when the caller stops
        /// then ends without computing anything, and `stop()` never waits for a block that
        /// has not started (which, with every pool thread in a `stop()`, could stall).
        package func startHelpers(_ n: Int) {
            for _ in 0..<max(0, n) {
                DispatchQueue.global().async { [self] in
                    lock.lock()
                    if stopping {
                        lock.unlock()
                        return
                    }
                    helpers.enter()
                    lock.unlock()
                    while let i = claim() { store(i, compute(i)) }
                    helpers.leave()
                }
            }
        }

        /// The next item to compute, or `nil` when none is left to start (or after a `nil`).
        private func claim() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count && !stopping else { return nil }
            next += 1
            return next - 1
        }

        private func store(_ i: Int, _ item: T?) {
            lock.lock()
            results[i] = .some(item)
            if item == nil { stopping = true }
            lock.unlock()
            stored.signal()
        }

        /// Item `i` (`nil` where it is `nil`), computing items on this thread while it is not
        /// ready; waits when every item is started and `i` is not yet stored. Each index is
        /// taken once (a second `take` of the same index would wait for ever).
        package func take(_ i: Int) -> T? {
            while true {
                lock.lock()
                if let result = results[i] {
                    results[i] = nil
                    lock.unlock()
                    return result
                }
                if stopping && i >= next {  // never to be computed
                    lock.unlock()
                    return nil
                }
                let started = next < count && !stopping
                lock.unlock()
                if started, let mine = claim() {
                    store(mine, compute(mine))
                } else if !started {
                    stored.wait()
                }
            }
        }

        /// Stops starting items and waits for the helpers to end.
        package func stop() {
            lock.lock()
            stopping = true
            lock.unlock()
            helpers.wait()
        }
    }

    /// The next free index and the results, behind one lock.
    private final class Shared<T: Sendable>: @unchecked Sendable {
        private let lock = InkLock()
        private var next = 0
        private let count: Int
        private var slots: [T?]

        init(count: Int) {
            self.count = count
            slots = [T?](repeating: nil, count: count)
        }

        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        func set(_ i: Int, _ value: T) {
            lock.lock()
            slots[i] = value
            lock.unlock()
        }

        /// Every result; called after every index is set.
        func results() -> [T] {
            lock.lock()
            defer { lock.unlock() }
            return slots.compactMap { $0 }
        }
    }
}
