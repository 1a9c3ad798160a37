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
    /// Every core this process may use.
    package static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

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
