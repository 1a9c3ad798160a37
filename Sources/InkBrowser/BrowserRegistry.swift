import Foundation

/// The browsers now running, so that an interrupt (Ctrl-C) can shut them all down.
public final class BrowserRegistry: @unchecked Sendable {
    public static let shared = BrowserRegistry()
    let lock = NSLock()
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

    /// Sends SIGTERM to every browser still running.
    public func killAll() {
        lock.lock()
        let all = Array(browsers.values)
        lock.unlock()
        for b in all { b.killNow() }
    }
}
