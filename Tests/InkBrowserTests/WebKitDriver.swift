import Foundation
import InkTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A WebKitGTK MiniBrowser driven through W3C WebDriver (`WebKitWebDriver`), on its own Xvfb
/// display: just the commands the capture page's WebKit test needs (navigate, run a script,
/// pointer actions). Test support only.
final class WebKitDriver {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let xvfb: Process
    let driver: Process
    let base: String
    var session = ""

    /// Starts Xvfb (a free display), the driver (a free port on 127.0.0.1) and a session of
    /// MiniBrowser. `acceptInsecureCerts` lets it open the test's HTTPS server, whose authority
    /// the MiniBrowser cannot be told to trust.
    init(driverPath: String, miniBrowser: String) throws {
        xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: Requirement.onPath(["Xvfb"]) ?? "/usr/bin/Xvfb")
        let displayPipe = Pipe()
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", "1280x900x24", "-nolisten", "tcp"]
        xvfb.standardOutput = displayPipe
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        var display = ""
        while !display.hasSuffix("\n") {
            let byte = displayPipe.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { throw Failure(description: "Xvfb exited without a display number") }
            display += String(decoding: byte, as: UTF8.self)
        }
        let port = try Self.freePort()
        base = "http://127.0.0.1:\(port)"
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: driverPath)
        driver.arguments = ["--port=\(port)"]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = ":" + display.trimmingCharacters(in: .whitespacesAndNewlines)
        driver.environment = env
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        do { try driver.run() } catch {
            Self.stop(xvfb)
            throw error
        }
        do {
            let deadline = Date().addingTimeInterval(20)
            while (try? request("GET", "/status")) == nil {
                guard Date() < deadline else { throw Failure(description: "WebKitWebDriver did not answer within 20 s") }
                usleep(100_000)
            }
            let capabilities: [String: Any] = [
                "capabilities": [
                    "alwaysMatch": [
                        "acceptInsecureCerts": true,
                        "webkitgtk:browserOptions": ["binary": miniBrowser, "args": ["--automation"]],
                    ]
                ]
            ]
            let created = try request("POST", "/session", capabilities)
            guard let id = (created as? [String: Any])?["sessionId"] as? String else {
                throw Failure(description: "no WebDriver session: \(created ?? "nothing")")
            }
            session = id
        } catch {
            close()
            throw error
        }
    }

    /// The browser's version (`browserVersion` of the session) is not kept; the user agent tells.
    func navigate(_ url: String) throws { _ = try request("POST", "/session/\(session)/url", ["url": url]) }

    /// Runs `script` (a function body; `return` gives the value).
    func run(_ script: String, _ args: [Any] = []) throws -> Any? {
        try request("POST", "/session/\(session)/execute/sync", ["script": script, "args": args])
    }

    /// Runs `script` (a function body) that calls `arguments[arguments.length - 1](value)` when done.
    func runAsync(_ script: String, _ args: [Any] = []) throws -> Any? {
        try request("POST", "/session/\(session)/execute/async", ["script": script, "args": args])
    }

    /// Performs one pointer's actions (W3C `pointerMove`, `pointerDown`, ...), then releases them.
    func pointer(_ type: String, _ actions: [[String: Any]]) throws {
        let sequence: [String: Any] = ["type": "pointer", "id": "p", "parameters": ["pointerType": type], "actions": actions]
        _ = try request("POST", "/session/\(session)/actions", ["actions": [sequence]])
        _ = try request("DELETE", "/session/\(session)/actions")
    }

    func close() {
        if !session.isEmpty {
            if let url = URL(string: base + "/session/\(session)") {
                var r = URLRequest(url: url)
                r.httpMethod = "DELETE"
                r.timeoutInterval = 10
                let semaphore = DispatchSemaphore(value: 0)
                URLSession.shared.dataTask(with: r) { _, _, _ in semaphore.signal() }.resume()
                _ = semaphore.wait(timeout: .now() + 10)
            }
            session = ""
        }
        Self.stop(driver)
        Self.stop(xvfb)
    }

    /// SIGTERM, then SIGKILL after 3 s (WebKitWebDriver ignores SIGTERM while a session is open).
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// One WebDriver command; returns its `value`, throwing the driver's error.
    func request(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> Any? {
        try Self.request(base: base, method, path, body)
    }

    static func request(base: String, _ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> Any? {
        guard let url = URL(string: base + path) else { throw Failure(description: "bad URL \(base + path)") }
        var r = URLRequest(url: url)
        r.httpMethod = method
        r.timeoutInterval = 60
        if let body {
            r.httpBody = try JSONSerialization.data(withJSONObject: body)
            r.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        // A blocking call (URLSession's async data(for:) hung here in the test process on Linux).
        final class Box: @unchecked Sendable {
            var data: Data?
            var response: URLResponse?
            var error: (any Error)?
        }
        let box = Box()
        let semaphore = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: r) { data, response, error in
            box.data = data
            box.response = response
            box.error = error
            semaphore.signal()
        }.resume()
        guard semaphore.wait(timeout: .now() + r.timeoutInterval + 5) == .success else {
            throw Failure(description: "WebDriver \(method) \(path): no answer within \(r.timeoutInterval) s")
        }
        if let error = box.error { throw error }
        let data = box.data ?? Data(), response = box.response
        let json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        let value = json?["value"]
        if let status = (response as? HTTPURLResponse)?.statusCode, status >= 400 {
            throw Failure(description: "WebDriver \(method) \(path): HTTP \(status): \(value ?? "")")
        }
        return value is NSNull ? nil : value
    }

    /// A port free now on 127.0.0.1.
    static func freePort() throws -> Int {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        defer {
            #if canImport(Glibc)
                Glibc.close(fd)
            #else
                Darwin.close(fd)
            #endif
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { throw Failure(description: "no free port (errno \(errno))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
