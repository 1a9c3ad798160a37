import BenchCLI
import Foundation
import InkBrowser
import InkImport
import InkTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `bench capture --serve` for real, on 127.0.0.1: HTTPS with a certificate `--make-cert`
/// made in the test, checked by curl against the test's own authority; uploads into a corpus
/// folder read back as `bench --traces DIR` would; refusals that write nothing; idle
/// connections that stall nothing; a 10 MB header refused.
@Suite("Capture server (HTTPS, uploads, limits)", .serialized)
struct CaptureServerTests {
    /// A two-stroke capture as the page exports it (pen, calibrated at 6.3 px/mm, with predictions).
    static let capture = """
        {"format":"inkbench-capture","version":1,"pxPerMm":6.3,"calibrated":true,
         "calibration":"credit card 85.6 mm = 539.3 CSS px","userAgent":"test agent","devicePixelRatio":2,
         "screen":{"width":1366,"height":1024},"features":{"secureContext":true,"crossOriginIsolated":true},
         "strokes":[{"pointerType":"pen","pointerId":2,
           "samples":[[100,10,10,0.5,0,0,0],[104,16.3,10,0.5,0,0,0],[108,22.6,11,0.5,0,0,0],[112,28.9,12,0.5,0,0,0]],
           "predicted":[[],[],[],[[116,35.2,13],[120,41.5,14]]]},
          {"pointerType":"pen","pointerId":2,
           "samples":[[600,50,60,0.4,10,5,0],[604,56.3,60,0.4,10,5,0],[608,62.6,61,0.4,10,5,0]],
           "predicted":[[],[],[[612,68.9,62]]]}]}
        """

    /// A scratch folder, removed by the caller.
    static func scratch() throws -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("inkbench-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Makes a certificate for 127.0.0.1 with `bench capture --make-cert` and starts
    /// `bench capture --serve` with it on a free port (uploads into `corpus`, up to `maxUpload` bytes).
    static func startHTTPS(in folder: String, corpus: String, maxUpload: Int? = nil) throws -> (server: PageServer, ca: String) {
        let cert = (folder as NSString).appendingPathComponent("cert")
        try CaptureCommand.parse(["--make-cert", "--host", "127.0.0.1", "--out", cert]).run()
        var args = [
            "--serve", "--host", "127.0.0.1", "--port", "0", "--tls-cert", "\(cert)/server.crt", "--tls-key", "\(cert)/server.key",
            "--into", corpus,
        ]
        if let maxUpload { args += ["--max-upload-bytes", String(maxUpload)] }
        let started = try CaptureCommand.parse(args).startServer()
        return (started.server, "\(cert)/inkbench-ca.crt")
    }

    /// Runs curl against the server, verifying it with `ca`; returns the status code, headers,
    /// body, and curl's own time for the request (s, connect and TLS included, process start not).
    static func curl(_ ca: String, _ url: String, extra: [String] = [], timeoutS: Double = 10) throws -> (
        status: Int, headers: String, body: String, seconds: Double
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Requirement.curl.path())
        let headerFile = (NSTemporaryDirectory() as NSString).appendingPathComponent("inkbench-curl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: headerFile) }
        process.arguments = ["-sS", "--cacert", ca, "--max-time", String(timeoutS), "-D", headerFile, "-o", "-", "-w", "\n%{http_code} %{time_total}"]
            + extra + [url]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MissingRequirement(description: "curl \(url) exited \(process.terminationStatus): \(errors)")
        }
        var text = String(decoding: data, as: UTF8.self)
        let codeLine = text.split(separator: "\n").last.map(String.init) ?? ""
        text = String(text.dropLast(codeLine.count + 1))
        let headers = (try? String(contentsOfFile: headerFile, encoding: .utf8)) ?? ""
        let figures = codeLine.split(separator: " ")
        return (figures.first.flatMap { Int($0) } ?? -1, headers, text, figures.count > 1 ? Double(figures[1]) ?? .nan : .nan)
    }

    /// Files in the corpus folder (hidden ones included: a leftover temporary would show).
    static func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("the page over HTTPS (curl trusts the test's authority), a capture posted, saved and read back by bench --traces",
        .enabled(if: Requirement.curl.isMetOrRequired, Requirement.curl.reason))
    func httpsUploadRoundTrip() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let corpus = (folder as NSString).appendingPathComponent("captures")
        let (server, ca) = try Self.startHTTPS(in: folder, corpus: corpus)
        defer { server.stop() }
        #expect(server.url.hasPrefix("https://127.0.0.1:"))

        let page = try Self.curl(ca, server.url)
        #expect(page.status == 200)
        #expect(page.body.contains("InkBench capture") && page.body.contains("Save to laptop"))
        let headers = page.headers.lowercased()
        #expect(headers.contains("cross-origin-opener-policy: same-origin"), "\(page.headers)")
        #expect(headers.contains("cross-origin-embedder-policy: require-corp"), "\(page.headers)")
        let info = try Self.curl(ca, server.url + "captures/info")
        #expect(info.status == 200 && info.body.contains("\"uploads\": true"), "\(info)")
        let authority = try Self.curl(ca, server.url + "inkbench-ca.crt")
        #expect(authority.status == 200 && authority.body.hasPrefix("-----BEGIN CERTIFICATE-----"))

        let body = (folder as NSString).appendingPathComponent("body.json")
        try Self.capture.write(toFile: body, atomically: true, encoding: .utf8)
        let device = "iPad Pro 11 (M4) + Pencil Pro"
        let device2 = "Galaxy Tab S9, S Pen"
        let posted = try Self.curl(
            ca, server.url + "captures?device=" + (device.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
            extra: ["-H", "Expect:", "-H", "Content-Type: application/json", "--data-binary", "@\(body)"])
        #expect(posted.status == 201, "\(posted)")
        #expect(posted.body.contains("\"strokes\": 2") && posted.body.contains("\"samples\": 7"), "\(posted.body)")
        let second = try Self.curl(
            ca, server.url + "captures?device=" + (device2.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
            extra: ["-H", "Expect:", "--data-binary", "@\(body)"])
        #expect(second.status == 201, "\(second)")

        let saved = Self.files(corpus)
        #expect(saved.count == 3, "\(saved)")
        #expect(saved.contains(RecordingManifest.fileName))
        let names = saved.filter { $0.hasSuffix(".json") }
        #expect(names.contains { $0.hasSuffix("-ipad-pro-11-m4-pencil-pro.json") }, "\(names)")
        #expect(names.contains { $0.hasSuffix("-galaxy-tab-s9-s-pen.json") }, "\(names)")
        // Byte for byte what was posted.
        for name in names {
            #expect(FileManager.default.contents(atPath: (corpus as NSString).appendingPathComponent(name)) == Data(Self.capture.utf8))
        }
        let manifest = try String(contentsOfFile: (corpus as NSString).appendingPathComponent(RecordingManifest.fileName), encoding: .utf8)
        #expect(manifest.contains("device = \(device)\n") && manifest.contains("device = \(device2)\n"), "\(manifest)")
        #expect(manifest.contains("6.3000 CSS px per mm, calibrated (credit card 85.6 mm = 539.3 CSS px)"), "\(manifest)")

        // As `bench --traces DIR` loads it: both files, with their devices from the manifest.
        var loader = RecordingLoader()
        loader.strict = true
        let loaded = try loader.load(paths: [corpus])
        #expect(loaded.traces.count == 2)
        #expect(Set(loaded.traces.compactMap(\.device)) == [device, device2])
        for trace in loaded.traces {
            #expect(trace.strokes.count == 2 && trace.strokes[0].count == 4)
            #expect(abs(trace.strokes[0].x[1] - 16.3 / 6.3) < 1e-12)
            #expect(trace.strokes[0].recordedPredictions?[3].count == 2)
        }
    }

    @Test("malformed, foreign, oversized and device-less uploads get a clear 4xx and write nothing",
        .enabled(if: Requirement.curl.isMetOrRequired, Requirement.curl.reason))
    func refusedUploads() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let corpus = (folder as NSString).appendingPathComponent("captures")
        let (server, ca) = try Self.startHTTPS(in: folder, corpus: corpus, maxUpload: 4096)
        defer { server.stop() }
        func post(_ text: String, device: String = "tablet") throws -> (status: Int, body: String) {
            let body = (folder as NSString).appendingPathComponent("body-\(UUID().uuidString)")
            try text.write(toFile: body, atomically: true, encoding: .utf8)
            let r = try Self.curl(ca, server.url + "captures?device=\(device)", extra: ["-H", "Expect:", "--data-binary", "@\(body)"])
            return (r.status, r.body)
        }
        let cut = try post(String(Self.capture.prefix(200)))
        #expect(cut.status == 400 && cut.body.contains("error"), "\(cut)")
        let foreign = try post(#"{"x":[1,2,3],"y":[1,2,3],"time":[0,1,2]}"#)
        #expect(foreign.status == 400 && foreign.body.contains("not an inkbench-capture document"), "\(foreign)")
        let badSample = try post(Self.capture.replacingOccurrences(of: "[104,16.3,10,", with: "[104,\"x\",10,"))
        #expect(badSample.status == 400 && badSample.body.contains("stroke 0 sample 1"), "\(badSample)")
        let oversized = try post(Self.capture + String(repeating: " ", count: 20_000))
        #expect(oversized.status == 413 && oversized.body.contains("at most 4096"), "\(oversized)")
        let noDevice = try post(Self.capture, device: "")
        #expect(noDevice.status == 400 && noDevice.body.contains("no device"), "\(noDevice)")
        let hashDevice = try post(Self.capture, device: "pen%23two")
        #expect(hashDevice.status == 400 && hashDevice.body.contains("'#'"), "\(hashDevice)")
        let get = try Self.curl(ca, server.url + "captures")
        #expect(get.status == 405)
        #expect(Self.files(corpus).isEmpty, "\(Self.files(corpus))")
    }

    /// Opens a TCP connection to 127.0.0.1:port that sends nothing.
    static func idleConnection(port: Int) -> Int32? {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    @Test("with 50 idle connections open, the page still loads within 1 s",
        .enabled(if: Requirement.curl.isMetOrRequired, Requirement.curl.reason))
    func idleConnectionsStallNothing() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (server, ca) = try Self.startHTTPS(in: folder, corpus: (folder as NSString).appendingPathComponent("captures"))
        defer { server.stop() }
        let idle = (0..<50).compactMap { _ in Self.idleConnection(port: server.port) }
        defer { for fd in idle { close(fd) } }
        #expect(idle.count == 50)
        let page = try Self.curl(ca, server.url, timeoutS: 1)
        #expect(page.status == 200 && page.seconds < 1, "status \(page.status) after \(page.seconds) s")
        print("page load with 50 idle connections open: \(page.seconds) s (curl, HTTPS)")
        #expect(server.connectionCount >= 50)
    }

    @Test("a 10 MB header is refused (400, connection closed) and the server serves on")
    func hugeHeaderRefused() throws {
        let server = try PageServer(pages: ["/": .html("<p>hi</p>")])
        defer { server.stop() }
        let fd = try #require(Self.idleConnection(port: server.port))
        defer { close(fd) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Huge: ".utf8)
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        let total = 10 * 1024 * 1024
        var sent = 0
        var refusedWhileSending = false
        while sent < total {
            let piece = request.isEmpty ? chunk : request + chunk
            request = []
            let n = piece.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 {
                refusedWhileSending = true
                break
            }
            sent += n
        }
        if !refusedWhileSending { _ = Array("\r\n\r\n".utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
        var answer = [UInt8](repeating: 0, count: 4096)
        let got = answer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        let text = got > 0 ? String(decoding: answer.prefix(got), as: UTF8.self) : ""
        // Either the 400 arrived, or the server closed the connection under the sender (reset).
        #expect(text.hasPrefix("HTTP/1.1 400") || (got <= 0 && refusedWhileSending), "after \(sent) bytes: '\(text.prefix(80))' (recv \(got))")
        #expect(!text.contains("200 OK"))
        print("10 MB header: \(sent) bytes sent, then \(text.isEmpty ? "connection reset" : String(text.prefix(24)))")
        // The server is still there for everyone else.
        let other = try #require(Self.idleConnection(port: server.port))
        defer { close(other) }
        let get = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = get.withUnsafeBytes { send(other, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        setsockopt(other, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let n = answer.withUnsafeMutableBytes { recv(other, $0.baseAddress, $0.count, 0) }
        #expect(n > 0 && String(decoding: answer.prefix(max(n, 0)), as: UTF8.self).hasPrefix("HTTP/1.1 200"))
    }

    @Test("an idle connection is closed after the idle time; one over the connection limit is closed at once")
    func idleTimeAndConnectionLimit() throws {
        var limits = PageServer.Limits()
        limits.idleTimeoutS = 0.3
        limits.maxConnections = 2
        let server = try PageServer(pages: ["/": .html("<p>hi</p>")], limits: limits)
        defer { server.stop() }
        let a = try #require(Self.idleConnection(port: server.port))
        let b = try #require(Self.idleConnection(port: server.port))
        let c = try #require(Self.idleConnection(port: server.port))
        defer { for fd in [a, b, c] { close(fd) } }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        var byte: UInt8 = 0
        // The third is over the limit: closed (recv returns 0) well before the idle time.
        setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let start = Date()
        #expect(recv(c, &byte, 1, 0) == 0)
        // The first two: closed by the idle timer.
        setsockopt(a, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #expect(recv(a, &byte, 1, 0) == 0)
        let waited = Date().timeIntervalSince(start)
        #expect(waited >= 0.2 && waited < 3, "closed after \(waited) s")
    }

    /// With idle connections open (and a pause), or signalled as soon as the URL is printed (the
    /// signal sources are registered before it: a signal before their registration was dropped).
    @Test(
        "the bench binary stops cleanly on SIGTERM and on SIGINT, with idle connections open or at once: 'stopped', exit 0",
        arguments: [SIGTERM, SIGINT], [true, false])
    func stopsOnSignal(signal: Int32, withConnections: Bool) throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = try RunFolderKillTests.bench()
        process.arguments = ["capture", "--serve", "--port", "0", "--into", folder + "/captures"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The first line names the URL: "serving the capture page at http://localhost:PORT/ ...".
        var first = ""
        while !first.hasSuffix("\n") {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            guard !byte.isEmpty else { break }
            first += String(decoding: byte, as: UTF8.self)
        }
        let port = try #require(first.split(separator: ":").dropFirst(2).first.flatMap { Int($0.prefix { $0.isNumber }) }, "\(first)")
        let idle = withConnections ? (0..<5).compactMap { _ in Self.idleConnection(port: port) } : []
        defer { for fd in idle { close(fd) } }
        #expect(idle.count == (withConnections ? 5 : 0))
        if withConnections { usleep(100_000) }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!process.isRunning, "still running 10 s after signal \(signal)")
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }  // fail, not hang
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.hasSuffix("stopped\n"), "\(rest)")
    }

    @Test("--make-cert refuses 0.0.0.0 and a host that is neither address nor name; --tls-cert needs --tls-key")
    func certificateOptions() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: (any Error).self) { try CaptureCommand.parse(["--make-cert", "--host", "0.0.0.0", "--out", folder]).run() }
        #expect(throws: (any Error).self) { try CaptureCommand.parse(["--make-cert", "--host", "bad host!", "--out", folder]).run() }
        #expect(throws: (any Error).self) { try CaptureCommand.parse(["--make-cert", "--out", folder]) }
        #expect(throws: (any Error).self) { try CaptureCommand.parse(["--serve", "--tls-cert", "x.crt"]) }
        try CaptureCommand.parse(["--make-cert", "--host", "mylaptop.local", "--out", folder]).run()
        let key = (folder as NSString).appendingPathComponent("server.key")
        let mode = (try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        let chain = try String(contentsOfFile: (folder as NSString).appendingPathComponent("server.crt"), encoding: .utf8)
        #expect(chain.components(separatedBy: "-----BEGIN CERTIFICATE-----").count == 3)
    }
}
