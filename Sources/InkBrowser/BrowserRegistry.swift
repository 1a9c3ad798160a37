import InkTraces

/// The browsers now running, so that an interrupt (Ctrl-C) can shut them all down.
public final class BrowserRegistry: @unchecked Sendable {
    public static let shared = BrowserRegistry()
    let lock = InkLock()
    /// Held by a browser from before its profile folder exists until it is in ``browsers``
    /// (ms: the spawn), so that ``killAll()`` never misses one that has started but is not yet
    /// registered (an interrupt in that window left its profile and process behind).
    let starting = InkLock()
    /// Set by ``killAll()`` (under ``starting``): the process is shutting down, so no browser may
    /// start any more (one started after `killAll` returned would outlive the exit).
    var shuttingDown = false
    var browsers: [ObjectIdentifier: DevToolsBrowser] = [:]

    func add(_ b: DevToolsBrowser) {
        lock.lock()
        browsers[ObjectIdentifier(b)] = b
        lock.unlock()
    }

    func remove(_ b: DevToolsBrowser) {
        lock.lock()
        browsers[ObjectIdentifier(b)] = nil
        lock.unlock()
    }

    /// Sends SIGTERM to every browser still running, after any browser being started is
    /// registered; no browser starts while it runs or after it (the process is exiting).
    public func killAll() {
        starting.lock()
        shuttingDown = true
        defer { starting.unlock() }
        lock.lock()
        let all = Array(browsers.values)
        lock.unlock()
        for b in all { b.killNow() }
    }
}
