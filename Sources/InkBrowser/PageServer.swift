import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkImport
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The HTTP(S) server behind `bench capture --serve` and `bench browser`: static pages plus
/// `POST` handlers, on swift-nio, with every response cross-origin isolated.
///
/// Every response carries `Cross-Origin-Opener-Policy: same-origin` and
/// `Cross-Origin-Embedder-Policy: require-corp`, so a page served from a secure context
/// (`127.0.0.1`/`localhost`, or HTTPS) is `crossOriginIsolated`: its event `timeStamp`s are
/// coarsened to 5 µs instead of 100 µs. It answers `GET` and `HEAD` for the pages it was given,
/// `POST` for the handlers it was given (405 for another method on a known path, 404 for an
/// unknown path).
///
/// Many clients at once (non-blocking event loops), within ``Limits``: request line plus headers
/// (a larger head is refused with 400 and the connection closed), body (413), idle time (an idle
/// connection is closed) and open connections (one over the limit is closed at once). Binds
/// `127.0.0.1` unless given another address; serves HTTPS when given a certificate and key.
///
/// ```swift
/// let server = try PageServer(pages: ["/": .html(page)])
/// defer { server.stop() }
/// print(server.url)   // http://127.0.0.1:41234/
/// ```
public final class PageServer: Sendable {
    /// One static resource: its content type and bytes.
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

    /// A request for a ``Handler``: the path without its query, the query's items (decoded),
    /// and the whole body (at most ``Limits/maxBodyBytes``).
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var query: [String: String]
        public var body: [UInt8]
        public init(method: String, path: String, query: [String: String] = [:], body: [UInt8] = []) {
            self.method = method
            self.path = path
            self.query = query
            self.body = body
        }
    }

    /// A handler's answer: an HTTP status code, a content type and the body.
    public struct Response: Sendable, Equatable {
        public var status: Int
        public var contentType: String
        public var body: [UInt8]
        public init(status: Int, contentType: String, body: [UInt8]) {
            self.status = status
            self.contentType = contentType
            self.body = body
        }
        /// A JSON object of string, number and boolean members, in the order given.
        public static func json(status: Int, _ members: KeyValuePairs<String, any Sendable>) -> Response {
            var fields: [String] = []
            for (key, value) in members {
                let encoded: String
                switch value {
                case let b as Bool: encoded = b ? "true" : "false"
                case let i as Int: encoded = String(i)
                case let d as Double where d.isFinite: encoded = String(d)
                default: encoded = jsonString(String(describing: value))
                }
                fields.append("\(jsonString(key)): \(encoded)")
            }
            return Response(
                status: status, contentType: "application/json; charset=utf-8",
                body: Array(("{" + fields.joined(separator: ", ") + "}\n").utf8))
        }
        /// A plain-text error: `{"error": message}` as JSON.
        public static func error(_ status: Int, _ message: String) -> Response {
            json(status: status, ["error": message])
        }
    }

    /// Handles a `POST`, off the event loops, one request at a time (so handlers that write
    /// files need no lock of their own).
    public typealias Handler = @Sendable (Request) -> Response

    /// What one client may use.
    public struct Limits: Sendable, Equatable {
        /// The request line plus all header fields (bytes). A larger head is refused (400).
        public var maxHeaderBytes = 16 * 1024
        /// A request body (bytes): larger is refused with 413 (by `Content-Length` before it is
        /// read, or as soon as the received part passes it).
        public var maxBodyBytes = 1 << 20
        /// A connection on which nothing arrives for this long (s) is closed.
        public var idleTimeoutS = 30.0
        /// Open connections; one more is closed as soon as it is accepted.
        public var maxConnections = 256
        public init() {}
    }

    /// A certificate chain and its private key, both PEM files (`bench capture --make-cert`).
    public struct TLSFiles: Sendable, Equatable {
        /// The server certificate first, then any intermediates and the root.
        public var certificateChainPath: String
        public var privateKeyPath: String
        public init(certificateChainPath: String, privateKeyPath: String) {
            self.certificateChainPath = certificateChainPath
            self.privateKeyPath = privateKeyPath
        }
    }

    /// The port it listens on.
    public let port: Int
    /// The address it is bound to (`127.0.0.1` unless given).
    public let host: String
    /// Whether it serves HTTPS.
    public let isTLS: Bool
    let group: MultiThreadedEventLoopGroup
    let channel: any Channel
    let stopped = NIOLockedValueBox(false)
    let openConnections: NIOLockedValueBox<Int>
    let handlerQueue: DispatchQueue

    /// `http://HOST:PORT/` (or `https://`); an IPv6 address is bracketed.
    public var url: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "\(isTLS ? "https" : "http")://\(shown):\(port)/"
    }

    /// The connections open now (for tests and logs).
    public var connectionCount: Int { openConnections.withLockedValue { $0 } }

    /// Starts serving on two event-loop threads.
    ///
    /// - Parameters:
    ///   - pages: path (`/`, `/capture.html`) to resource, for `GET` and `HEAD`.
    ///   - handlers: path to the handler of its `POST`s.
    ///   - host: the address to bind, `127.0.0.1` by default (loopback only).
    ///   - port: the port, 0 for any free one.
    ///   - tls: a certificate chain and key to serve HTTPS; nil for plain HTTP.
    ///   - limits: header, body, idle-time and connection limits.
    /// - Throws: ``BrowserError`` naming the file or the address when it cannot load the
    ///   certificate or listen.
    public init(
        pages: [String: Resource], handlers: [String: Handler] = [:], host: String = "127.0.0.1", port: Int = 0,
        tls: TLSFiles? = nil, limits: Limits = Limits()
    ) throws(BrowserError) {
        guard (0...65535).contains(port) else { throw BrowserError("port \(port): expected 0 to 65535") }
        let sslContext = try tls.map { files throws(BrowserError) in try Self.makeSSLContext(files) }
        let routes = Routes(pages: pages, handlers: handlers, maxBodyBytes: limits.maxBodyBytes)
        let counter = NIOLockedValueBox(0)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        let decoderLimits: NIOHTTPDecoderLimitConfiguration = {
            var l = NIOHTTPDecoderLimitConfiguration()
            l.maxHeaderFieldSize = limits.maxHeaderBytes
            l.maxHeaderListSize = limits.maxHeaderBytes
            return l
        }()
        let idle = TimeAmount.nanoseconds(Int64(max(limits.idleTimeoutS, 0.001) * 1e9))
        let maxConnections = limits.maxConnections
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let admitted = counter.withLockedValue { open -> Bool in
                    guard open < maxConnections else { return false }
                    open += 1
                    return true
                }
                guard admitted else { return channel.close() }
                channel.closeFuture.whenComplete { _ in counter.withLockedValue { $0 -= 1 } }
                return channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(IdleStateHandler(readTimeout: idle))
                    try sync.addHandler(IdleCloser())
                    if let sslContext { try sync.addHandler(NIOSSLServerHandler(context: sslContext)) }
                    try sync.configureHTTPServerPipeline(
                        withEncoderConfiguration: HTTPResponseEncoder.Configuration(), withDecoderLimitConfiguration: decoderLimits)
                    try sync.addHandler(RequestHandler(routes: routes))
                }
            }
        let channel: any Channel
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw BrowserError("cannot listen on \(host):\(port) (\(error)); expected a free port and an address of this machine")
        }
        self.group = group
        self.channel = channel
        self.host = host
        self.isTLS = tls != nil
        self.openConnections = counter
        self.handlerQueue = routes.queue
        self.port = channel.localAddress?.port ?? port
    }

    deinit { stop() }

    /// Stops listening, lets a running handler finish, closes every connection and ends the
    /// event loops (idempotent). Call it from outside a handler.
    public func stop() {
        let first = stopped.withLockedValue { was in
            defer { was = true }
            return !was
        }
        guard first else { return }
        try? channel.close().wait()
        // Let a handler already running (an upload being written) finish and answer first.
        handlerQueue.sync {}
        try? group.syncShutdownGracefully()
    }

    static func makeSSLContext(_ files: TLSFiles) throws(BrowserError) -> NIOSSLContext {
        let chain: [NIOSSLCertificate]
        do { chain = try NIOSSLCertificate.fromPEMFile(files.certificateChainPath) } catch {
            throw BrowserError("\(files.certificateChainPath): cannot read the certificate (\(error)); expected PEM certificates (bench capture --make-cert)")
        }
        guard !chain.isEmpty else {
            throw BrowserError("\(files.certificateChainPath): no certificate in the file; expected PEM certificates (bench capture --make-cert)")
        }
        let key: NIOSSLPrivateKey
        do { key = try NIOSSLPrivateKey(file: files.privateKeyPath, format: .pem) } catch {
            throw BrowserError("\(files.privateKeyPath): cannot read the private key (\(error)); expected a PEM private key (bench capture --make-cert)")
        }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        do { return try NIOSSLContext(configuration: configuration) } catch {
            throw BrowserError("\(files.certificateChainPath), \(files.privateKeyPath): the key does not fit the certificate or TLS cannot start (\(error))")
        }
    }

    /// The JSON text of a string (`/` not escaped).
    static func jsonString(_ s: String) -> String { JSONValue.quoted(s, escapingSlashes: false) }
}

/// What every connection's handler answers.
struct Routes: Sendable {
    let pages: [String: PageServer.Resource]
    let handlers: [String: PageServer.Handler]
    let maxBodyBytes: Int
    /// Handlers run here, one at a time, off the event loops.
    let queue = DispatchQueue(label: "inkbench.page-server.handlers")
}

/// Closes a connection when the ``IdleStateHandler`` before it says nothing arrived in time.
final class IdleCloser: ChannelInboundHandler, Sendable {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}

/// One connection's requests: collects the head and body within the body limit, answers pages
/// and runs handlers.
final class RequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let routes: Routes
    var head: HTTPRequestHead?
    var body: ByteBuffer?
    /// The request was answered early (too large); its remaining body is dropped, then the
    /// connection closes.
    var refused = false
    /// Bytes dropped after a refusal: past 1 MiB the connection closes without waiting for the end.
    var dropped = 0

    init(routes: Routes) { self.routes = routes }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let h):
            head = h
            body = nil
            refused = false
            dropped = 0
            if let length = h.headers.first(name: "content-length").flatMap({ Int($0) }), length > routes.maxBodyBytes {
                refuse(context: context, h, length: length)
            }
        case .body(var part):
            if refused {
                dropped += part.readableBytes
                if dropped > 1 << 20 { context.close(promise: nil) }
                return
            }
            guard let h = head else { return }
            let have = body?.readableBytes ?? 0
            if have + part.readableBytes > routes.maxBodyBytes {
                body = nil
                refuse(context: context, h, length: have + part.readableBytes)
                return
            }
            if body == nil { body = context.channel.allocator.buffer(capacity: part.readableBytes) }
            body?.writeBuffer(&part)
        case .end:
            if refused {
                context.close(promise: nil)
                return
            }
            guard let h = head else { return }
            head = nil
            answer(context: context, h, body: body.map { Array($0.readableBytesView) } ?? [])
            body = nil
        }
    }

    /// A TLS or transport failure on this connection: it closes (others are unaffected).
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func refuse(context: ChannelHandlerContext, _ h: HTTPRequestHead, length: Int) {
        refused = true
        let response = PageServer.Response.error(
            413, "the request body is \(length) bytes or more; expected at most \(routes.maxBodyBytes) bytes")
        send(response, for: h, close: false, context: context)
    }

    func answer(context: ChannelHandlerContext, _ h: HTTPRequestHead, body: [UInt8]) {
        let parts = h.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts.first.map(String.init) ?? "/"
        let keepAlive = h.isKeepAlive
        if let handler = routes.handlers[path] {
            guard h.method == .POST else {
                send(.error(405, "\(path) takes POST only"), for: h, close: !keepAlive, context: context)
                return
            }
            var query: [String: String] = [:]
            if parts.count == 2, let items = URLComponents(string: "?" + parts[1])?.queryItems {
                for item in items { query[item.name] = item.value ?? "" }
            }
            let request = PageServer.Request(method: "POST", path: path, query: query, body: body)
            let promise = context.eventLoop.makePromise(of: PageServer.Response.self)
            routes.queue.async { promise.succeed(handler(request)) }
            promise.futureResult.assumeIsolated().whenSuccess { response in
                self.send(response, for: h, close: !keepAlive, context: context)
            }
            return
        }
        guard h.method == .GET || h.method == .HEAD else {
            send(.error(405, "only GET and HEAD here"), for: h, close: !keepAlive, context: context)
            return
        }
        guard let page = routes.pages[path] else {
            send(.error(404, "\(path): not found"), for: h, close: !keepAlive, context: context)
            return
        }
        send(PageServer.Response(status: 200, contentType: page.contentType, body: page.body), for: h, close: !keepAlive, context: context)
    }

    func send(_ response: PageServer.Response, for h: HTTPRequestHead, close: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: String(response.body.count))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Cross-Origin-Opener-Policy", value: "same-origin")
        headers.add(name: "Cross-Origin-Embedder-Policy", value: "require-corp")
        headers.add(name: "Cross-Origin-Resource-Policy", value: "same-origin")
        headers.add(name: "Connection", value: close || refused ? "close" : "keep-alive")
        let status = HTTPResponseStatus(statusCode: response.status)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: h.version, status: status, headers: headers))), promise: nil)
        if h.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
        }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if close {
            written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }
}
