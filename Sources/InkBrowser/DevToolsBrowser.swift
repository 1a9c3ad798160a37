#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkImport
import InkOutput
import InkTraces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A headless Chromium driven over the DevTools protocol through `--remote-debugging-pipe`.
///
/// `package`, as the commands it sends are: InkBrowser's own ``BrowserReplay`` and
/// ``CaptureDriver`` drive it, and its protocol messages are InkImport's package-level
/// `JSONValue`; what the library offers outside the package is the replay and the capture page.
///
/// Chromium reads commands on its file descriptor 3 and writes replies and events on 4, each a
/// JSON object ended by a NUL byte (written and parsed as `JSONValue`, InkImport's JSON). The
/// browser is started with `posix_spawn` (`ChildProcess`), in a process group of its own, with
/// pipes on its descriptors 3 and 4 and its stderr in a file beside its profile (shown, with
/// its exit status, when it fails). One page is attached (flat session) and every command is
/// sent and its reply awaited in turn on the calling thread; events that come meanwhile go to
/// `eventHandler`.
///
/// The browser is always shut down by ``close()`` (`Browser.close`, then SIGTERM and SIGKILL to
/// its process group if it lingers, and its temporary profile removed); ``BrowserRegistry`` lets an interrupt do it.
///
/// ```swift
/// let browser = try DevToolsBrowser(chromium: "/usr/bin/chromium", windowSize: (1000, 800))
/// defer { browser.close() }
/// try browser.call("Page.navigate", ["url": "http://127.0.0.1:8000/"])
/// let dpr = try browser.evaluate("devicePixelRatio")?.number
/// ```
package final class DevToolsBrowser: @unchecked Sendable {
    /// The command line flags besides the pipe, profile and window size.
    package static let flags = [
        "--headless=new", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--mute-audio",
        "--hide-scrollbars",
    ]

    /// The flags this browser was started with (for the output's comments).
    package let arguments: [String]
    /// `Browser.getVersion`'s product, e.g. `Chrome/156.0.8078.108`.
    package private(set) var product = ""
    /// Called with `(method, params)` for each event received while waiting for a reply.
    package var eventHandler: ((String, JSONValue) -> Void)?
    /// How long a reply may take (s) before the call fails.
    package var replyTimeoutSeconds = 30.0

    let process: ChildProcess
    /// The browser's standard error (shown in errors when it fails), beside the profile.
    let stderrPath: String
    let toBrowser: Int32
    let fromBrowser: Int32
    let profile: String
    var buffer: [UInt8] = []
    var nextID = 1
    var sessionID: String?
    var closed = false
    let lock = InkLock()

    /// Starts the browser and attaches to its page.
    ///
    /// - Parameters:
    ///   - chromium: the browser's path (``ChromiumLocator``).
    ///   - windowSize: the window in CSS px (the viewport is about this size headless).
    ///   - extraFlags: more flags; as root `--no-sandbox` is added (Chromium refuses otherwise).
    /// - Throws: ``BrowserError`` when it cannot start or does not answer.
    package init(chromium: String, windowSize: (width: Int, height: Int), extraFlags: [String] = []) throws(BrowserError) {
        // From the profile folder's creation until this browser is registered, an interrupt's
        // killAll() waits (see BrowserRegistry.starting); released on every way out below.
        BrowserRegistry.shared.starting.lock()
        var registered = false
        defer { if !registered { BrowserRegistry.shared.starting.unlock() } }
        guard !BrowserRegistry.shared.shuttingDown else {
            throw BrowserError("not starting \(chromium): bench is shutting down (interrupted)")
        }
        let profile = PathText.appending(FileManager.default.temporaryDirectory.path, "inkbench-chromium-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true) } catch {
            throw BrowserError("cannot create a browser profile folder at \(profile): \(ErrorReason.text(error))")
        }
        var args = Self.flags + extraFlags
        if geteuid() == 0 { args.append("--no-sandbox") }
        args += [
            "--remote-debugging-pipe", "--user-data-dir=\(profile)",
            "--window-size=\(windowSize.width),\(windowSize.height)", "about:blank",
        ]
        arguments = args
        self.profile = profile
        // A write to a browser that exited must fail with EPIPE, not kill this process.
        signal(SIGPIPE, SIG_IGN)
        // The browser reads commands on its descriptor 3 and writes on 4; its stderr goes to a
        // file beside the profile, shown when it fails. It runs in a process group of its own,
        // so close() ends what it started too.
        let stderrPath = profile + ".stderr"
        // Close-on-exec from the start, all four ends (`ChildProcess` hands the browser its two
        // on 3 and 4): no child started meanwhile on another thread inherits one.
        guard let toPipe = SpawnSetup.closeOnExecPipe() else {
            try? FileManager.default.removeItem(atPath: profile)
            throw BrowserError("cannot start \(chromium): no pipes (\(String(cString: strerror(errno))))")
        }
        guard let fromPipe = SpawnSetup.closeOnExecPipe() else {
            let reason = String(cString: strerror(errno))
            closeDescriptor(toPipe.read)
            closeDescriptor(toPipe.write)
            try? FileManager.default.removeItem(atPath: profile)
            throw BrowserError("cannot start \(chromium): no pipes (\(reason))")
        }
        let toChild = [toPipe.read, toPipe.write], fromChild = [fromPipe.read, fromPipe.write]
        let log = open(stderrPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        var descriptors: [Int32: Int32] = [3: toChild[0], 4: fromChild[1]]
        if log >= 0 { descriptors[2] = log }
        let child: ChildProcess
        do {
            child = try ChildProcess(path: chromium, arguments: args, descriptors: descriptors)
        } catch {
            for fd in [toChild[0], toChild[1], fromChild[0], fromChild[1], log] where fd >= 0 { closeDescriptor(fd) }
            try? FileManager.default.removeItem(atPath: profile)
            try? FileManager.default.removeItem(atPath: stderrPath)
            throw error
        }
        // Our copies of the child's ends must be closed, or EOF never comes when it exits.
        for fd in [toChild[0], fromChild[1], log] where fd >= 0 { closeDescriptor(fd) }
        process = child
        self.stderrPath = stderrPath
        toBrowser = toChild[1]
        fromBrowser = fromChild[0]
        BrowserRegistry.shared.add(self)
        registered = true
        BrowserRegistry.shared.starting.unlock()
        do throws(BrowserError) {
            let version = try call("Browser.getVersion", session: false)
            product = version["product"]?.string ?? ""
            let targets = try call("Target.getTargets", session: false)
            let infos = targets["targetInfos"]?.elements ?? []
            guard let page = infos.first(where: { $0["type"]?.string == "page" }), let id = page["targetId"]?.string else {
                throw BrowserError("Chromium opened no page; expected one (about:blank)")
            }
            let attached = try call("Target.attachToTarget", ["targetId": .string(id), "flatten": true], session: false)
            guard let session = attached["sessionId"]?.string else {
                throw BrowserError("Chromium gave no session for its page")
            }
            sessionID = session
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Sends a command (to the page unless `session` is false) and returns its reply's result
    /// (an object; empty when the reply has none).
    ///
    /// - Parameter params: the command's parameters, a JSON object.
    /// - Throws: ``BrowserError`` with the protocol's error, on timeout, or when the browser exited.
    @discardableResult
    package func call(_ method: String, _ params: JSONValue = [:], session: Bool = true) throws(BrowserError) -> JSONValue {
        let id = try send(method, params, session: session)
        let deadline = Date().addingTimeInterval(replyTimeoutSeconds)
        while true {
            let message = try readMessage(until: deadline, waitingFor: method)
            if let got = message["id"]?.int {
                guard got == id else { continue }
                if let error = message["error"], error.members != nil {
                    let text = error["message"]?.string ?? String(decoding: (try? error.text()) ?? [], as: UTF8.self)
                    throw BrowserError("Chromium refused \(method): \(text)")
                }
                if let result = message["result"], result.members != nil { return result }
                return [:]
            }
            if let event = message["method"]?.string {
                let params = message["params"]
                eventHandler?(event, params?.members != nil ? params ?? [:] : [:])
            }
        }
    }

    /// Sends a command without waiting for its reply; returns its id.
    @discardableResult
    package func send(_ method: String, _ params: JSONValue = [:], session: Bool = true) throws(BrowserError) -> Int {
        // The check and the write hold `lock`, which `close()` takes to mark the browser closed
        // before it closes `toBrowser`: a send on another thread either writes before that or
        // sees `closed`, and never writes to a descriptor number the process has reused.
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw BrowserError("the browser is closed") }
        let id = nextID
        nextID += 1
        var message: JSONValue = ["id": .number(Double(id)), "method": .string(method), "params": params]
        if session, let sessionID { message = message.setting("sessionId", .string(sessionID)) }
        let bytes: [UInt8]
        do { bytes = try message.text() } catch {
            throw BrowserError("cannot encode \(method): its parameter \(error.path) is \(error.value); expected a finite number")
        }
        if let failure = AtomicFile.writeAll(bytes + [0], to: toBrowser) {
            throw BrowserError("Chromium exited (writing \(method) failed: \(failure)): \(exitReport())")
        }
        return id
    }

    /// Evaluates a JavaScript expression in the page (promises awaited) and returns its value
    /// as JSON (`nil` for `undefined`).
    package func evaluate(_ expression: String) throws(BrowserError) -> JSONValue? {
        let r = try call(
            "Runtime.evaluate", ["expression": .string(expression), "returnByValue": true, "awaitPromise": true])
        if let details = r["exceptionDetails"], details.members != nil {
            let text =
                details["exception"]?["description"]?.string ?? details["text"]?.string
                ?? String(decoding: (try? details.text()) ?? [], as: UTF8.self)
            throw BrowserError("the page threw evaluating \(expression.prefix(60)): \(text)")
        }
        return r["result"]?["value"]
    }

    /// Whether the browser process still runs.
    package var isRunning: Bool { process.isRunning }

    /// Shuts the browser down (idempotent): `Browser.close`, then SIGTERM to its process group
    /// after 5 s and SIGKILL to what is left of the group after 2 s more (helpers that block
    /// SIGTERM included); removes its profile and stderr file.
    package func close() {
        lock.lock()
        let already = closed
        closed = true
        lock.unlock()
        if already { return }
        if process.isRunning {
            let message: JSONValue = ["id": .number(Double(nextID)), "method": "Browser.close", "params": [:]]
            if let bytes = try? message.text() { _ = AtomicFile.writeAll(bytes + [0], to: toBrowser) }
            process.wait(seconds: 5)
        }
        process.endGroup()
        closeDescriptor(toBrowser)
        closeDescriptor(fromBrowser)
        try? FileManager.default.removeItem(atPath: profile)
        try? FileManager.default.removeItem(atPath: stderrPath)
        BrowserRegistry.shared.remove(self)
    }

    /// Kills the browser at once (for an interrupt): its whole process group, then removes its
    /// profile, so nothing is left behind when bench exits.
    package func killNow() {
        process.signalGroup(SIGTERM)
        process.wait(seconds: 0.5)
        process.signalGroup(SIGKILL)
        process.wait(seconds: 1)
        try? FileManager.default.removeItem(atPath: profile)
        try? FileManager.default.removeItem(atPath: stderrPath)
    }

    /// Why the browser is gone: its exit status and the end of its standard error.
    func exitReport() -> String {
        process.wait(seconds: 1)
        var text = process.statusText
        if let data = FileManager.default.contents(atPath: stderrPath), !data.isEmpty {
            let tail = String(decoding: data.suffix(1500), as: UTF8.self).trimmingWhitespaceAndNewlines()
            if !tail.isEmpty { text += "; its stderr ends:\n" + tail.split(separator: "\n").suffix(12).map { "  " + $0 }.joined(separator: "\n") }
        } else {
            text += "; it wrote nothing on stderr"
        }
        return text
    }

    /// The next NUL-ended JSON message.
    func readMessage(until deadline: Date, waitingFor method: String) throws(BrowserError) -> JSONValue {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let bytes = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                let object: JSONValue
                do { object = try JSONParser.parse(bytes, file: "Chromium's message") } catch {
                    throw BrowserError("Chromium sent a message that is not JSON: \(error) (it begins \(String(decoding: bytes.prefix(80), as: UTF8.self)))")
                }
                guard object.members != nil else {
                    throw BrowserError("Chromium sent a message that is not a JSON object: \(String(decoding: bytes.prefix(80), as: UTF8.self))")
                }
                return object
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else {
                throw BrowserError("Chromium did not answer \(method) within \(Int(replyTimeoutSeconds)) s")
            }
            var fds = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, Int32(min(left, 0.5) * 1000))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 {
                // The browser is gone but something it started holds its pipe open: no EOF
                // will come, so do not wait out the timeout.
                if !process.isRunning { throw BrowserError("Chromium exited while waiting for \(method): \(exitReport())") }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { FileInput.readSome(from: fromBrowser, into: $0) }
            guard n > 0 else {
                throw BrowserError("Chromium exited while waiting for \(method): \(exitReport())")
            }
            buffer.append(contentsOf: chunk[..<n])
        }
    }
}

/// Closes a raw file descriptor.
func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(fd)
    #else
        _ = Darwin.close(fd)
    #endif
}
