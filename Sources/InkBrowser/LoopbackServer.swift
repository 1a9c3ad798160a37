import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small static HTTP server on a loopback address that makes its pages cross-origin isolated.
///
/// Every response carries `Cross-Origin-Opener-Policy: same-origin` and
/// `Cross-Origin-Embedder-Policy: require-corp`, so a page served from `127.0.0.1` or
/// `localhost` (a secure context) is `crossOriginIsolated`: its event `timeStamp`s are
/// coarsened to 5 µs instead of 100 µs, and `getCoalescedEvents()` exists. It answers `GET` and
/// `HEAD` for the paths it was given (anything else: 404), one connection at a time on a
/// background thread. HTTP only: serving a tablet needs HTTPS (see docs/chromium.md).
///
/// ```swift
/// let server = try LoopbackServer(pages: ["/": .html(page)])
/// defer { server.stop() }
/// print(server.url)   // http://127.0.0.1:41234/
/// ```
public final class LoopbackServer: @unchecked Sendable {
    /// One resource: its content type and bytes.
    public struct Resource: Sendable {
        public var contentType: String
        public var body: [UInt8]
        public init(contentType: String, body: [UInt8]) {
            self.contentType = contentType
            self.body = body
        }
        /// An HTML page in UTF-8.
        public static func html(_ text: String) -> Resource {
            Resource(contentType: "text/html; charset=utf-8", body: Array(text.utf8))
        }
    }

    /// The port it listens on.
    public let port: Int
    /// The host it is bound to (`127.0.0.1` unless given).
    public let host: String
    let socketFD: Int32
    let pages: [String: Resource]
    let lock = NSLock()
    var stopped = false

    /// `http://HOST:PORT/`.
    public var url: String { "http://\(host):\(port)/" }

    /// Starts serving.
    ///
    /// - Parameters:
    ///   - pages: path (`/`, `/capture.html`) to resource.
    ///   - host: an IPv4 address to bind, `127.0.0.1` by default (loopback only).
    ///   - port: the port, 0 for any free one.
    /// - Throws: ``BrowserError`` naming the address when it cannot listen.
    public init(pages: [String: Resource], host: String = "127.0.0.1", port: Int = 0) throws(BrowserError) {
        self.pages = pages
        self.host = host
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw BrowserError("cannot open a socket (errno \(errno))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            closeDescriptor(fd)
            throw BrowserError("--host \(host): not an IPv4 address; expected e.g. 127.0.0.1")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let code = errno
            closeDescriptor(fd)
            throw BrowserError("cannot listen on \(host):\(port) (errno \(code)); expected a free port")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        socketFD = fd
        let thread = Thread { [self] in self.serve() }
        thread.start()
    }

    deinit { stop() }

    /// Stops listening (idempotent).
    public func stop() {
        lock.lock()
        let already = stopped
        stopped = true
        lock.unlock()
        if already { return }
        shutdown(socketFD, Int32(SHUT_RDWR))
        closeDescriptor(socketFD)
    }

    var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    func serve() {
        while !isStopped {
            let client = accept(socketFD, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            handle(client)
            closeDescriptor(client)
        }
    }

    func handle(_ client: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while request.count < 65536 {
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, 4096, 0) }
            if n <= 0 { break }
            request.append(contentsOf: chunk[..<n])
            if request.count >= 4, request.suffix(4) == [13, 10, 13, 10] { break }
        }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let parts = line.split(separator: " ")
        var status = "404 Not Found"
        var resource = Resource(contentType: "text/plain; charset=utf-8", body: Array("not found\n".utf8))
        var head = false
        if parts.count >= 2, parts[0] == "GET" || parts[0] == "HEAD" {
            head = parts[0] == "HEAD"
            let path = String(parts[1].split(separator: "?", maxSplits: 1).first ?? "/")
            if let found = pages[path] {
                status = "200 OK"
                resource = found
            }
        } else {
            status = "405 Method Not Allowed"
            resource.body = Array("only GET and HEAD\n".utf8)
        }
        var header = "HTTP/1.1 \(status)\r\nContent-Type: \(resource.contentType)\r\n"
        header += "Content-Length: \(resource.body.count)\r\nCache-Control: no-store\r\n"
        header += "Cross-Origin-Opener-Policy: same-origin\r\nCross-Origin-Embedder-Policy: require-corp\r\n"
        header += "Cross-Origin-Resource-Policy: same-origin\r\nConnection: close\r\n\r\n"
        var bytes = Array(header.utf8)
        if !head { bytes += resource.body }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
    }
}
