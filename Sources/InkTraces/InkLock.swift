#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock (a POSIX mutex) for the product's few shared tables and counters,
/// so that no module needs Foundation's `NSLock` (the product links FoundationEssentials only).
///
/// Not recursive: a thread that locks it twice without unlocking deadlocks. (Synchronization's
/// `Mutex` would serve, but needs macOS 15 and the package supports macOS 13.)
///
/// ```swift
/// let lock = InkLock()
/// let n = lock.withLock { counter += 1; return counter }
/// ```
package final class InkLock: @unchecked Sendable {
    // @unchecked: the mutex is the synchronisation; it is allocated once and never moves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Waits until this thread holds the lock.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock this thread holds.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// `body`'s result, run while holding the lock.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
