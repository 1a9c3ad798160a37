import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkBrowser
import InkImport
import InkOutput
import InkSynthesis
import InkTraces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `bench capture`: serves the capture page (cross-origin isolated, so a browser records every
/// digitizer sample and its own predictions), over HTTPS to a tablet on the local network, and
/// saves each capture the page uploads into a corpus folder; makes the certificate for that.
///
/// ```
/// swift run bench capture --serve --into captures      # then open http://localhost:8000/
/// swift run bench capture --make-cert --host 192.168.1.20 --out cert
/// swift run bench capture --serve --host 192.168.1.20 --tls-cert cert/server.crt --tls-key cert/server.key --into captures
/// swift run bench --traces captures --strategies none,kalman-chromium,recorded
/// ```
public struct CaptureCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Serve the capture page that records your own pen strokes and the browser's predictions, and save what it uploads.",
        discussion: """
            The page needs a secure context: localhost is one; a tablet needs HTTPS (--make-cert makes a \
            certificate for this machine's address, --tls-cert/--tls-key serve with it). With --into DIR, the \
            page's "Save to laptop" uploads each capture, checked by bench's capture reader, into DIR with a \
            manifest section naming the device and calibration; bench --traces DIR reads the folder. See docs/capture.md.
            """)

    @Flag(name: .long, help: "Serve the page until interrupted (Ctrl-C or SIGTERM).")
    var serve = false

    @Option(name: .long, help: "The port to serve on (0: any free one).")
    var port: Int = 8000

    @Option(name: .long, help: "The address to bind (default 127.0.0.1, this machine only), or with --make-cert the address or name the tablet opens.")
    var host: String?

    @Option(name: .long, help: "A PEM certificate chain (server first) to serve HTTPS with (bench capture --make-cert writes one).")
    var tlsCert: String?

    @Option(name: .long, help: "The PEM private key of --tls-cert.")
    var tlsKey: String?

    @Option(name: .long, help: "Save each capture the page uploads into this folder (made if missing), with an inkbench.manifest section per file.")
    var into: String?

    @Option(name: .long, help: "The largest upload taken (bytes; default and most: the capture reader's limit, 512 MiB).")
    var maxUploadBytes: Int = RecordingLoader.defaultMaxFileBytes

    @Flag(name: .long, help: "Make a certificate authority and a server certificate for --host into --out, and print how to trust it on a tablet.")
    var makeCert = false

    @Option(name: .long, help: "The folder --make-cert writes into.")
    var out: String?

    @Option(name: .long, help: "Write the page to this file instead (to host it on any HTTPS server).")
    var write: String?

    @Option(name: .long, help: "Save a PNG of the page with two demo strokes drawn in headless Chromium (for docs).")
    var screenshot: String?

    @Option(name: .long, help: "The browser for --screenshot (default: chromium, chromium-browser or google-chrome on the PATH).")
    var chromium: String?

    public init() {}

    /// The address served on: `--host`, else 127.0.0.1.
    var bindHost: String { host ?? "127.0.0.1" }

    public func validate() throws {
        guard serve || write != nil || screenshot != nil || makeCert else {
            throw ValidationError(
                "nothing to do: give --serve (serve the page), --make-cert (a certificate for a tablet), --write FILE (save the page) or --screenshot FILE.png")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): expected 0 to 65535") }
        if (tlsCert == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together; expected both (bench capture --make-cert writes server.crt and server.key)")
        }
        if (tlsCert != nil || into != nil) && !serve {
            throw ValidationError("--tls-cert, --tls-key and --into apply to --serve; expected --serve too")
        }
        guard (1...RecordingLoader.defaultMaxFileBytes).contains(maxUploadBytes) else {
            throw ValidationError("--max-upload-bytes \(maxUploadBytes): expected 1 to \(RecordingLoader.defaultMaxFileBytes) (the capture reader's limit)")
        }
        if makeCert {
            guard host != nil, out != nil else {
                throw ValidationError("--make-cert needs --host ADDRESS (this machine's address as the tablet opens it, e.g. 192.168.1.20) and --out DIR")
            }
        } else if out != nil {
            throw ValidationError("--out applies to --make-cert; expected --make-cert too")
        }
    }

    /// Draws the default suite's medium S-curve twice (the second stroke stopped halfway, so its
    /// predicted tail shows) into the page in headless Chromium and saves a PNG.
    func takeScreenshot(_ path: String) throws {
        do {
            let browserPath = try ChromiumLocator.find(given: chromium)
            let spec = SyntheticSuite.default.specs.first { $0.name == "s-curve medium" } ?? SyntheticSuite.default.specs[0]
            let full = try spec.generate(seed: 1)
            let stroke = full.strokes[0]
            let half = stroke.count * 3 / 5
            let second = try Stroke(
                t: stroke.t.prefix(half).map { $0 + 2 }, x: stroke.x.prefix(half).map { $0 + 50 }, y: Array(stroke.y.prefix(half)))
            let driver = try CaptureDriver(chromium: browserPath, viewport: (900, 560))
            defer { driver.close() }
            let pxPerMM = 160 / 25.4
            try driver.setScale(pxPerMM: pxPerMM, calibrated: true)
            try driver.draw(try Trace(name: "demo", strokes: [stroke]), pxPerMM: pxPerMM, originPx: (260, 110))
            // The second stroke: pressed and moved, not released, so the browser's tail is on screen.
            try driver.drawWithoutLift(second, pxPerMM: pxPerMM, originPx: (260, 110))
            let png = try driver.screenshot()
            try AtomicFile.write(Array(png), to: path)
            print("\(path): the capture page in \(ChromiumLocator.version(of: browserPath) ?? browserPath) (\(png.count) bytes)")
        } catch let error as BrowserError {
            throw BenchInputError(error.message)
        }
    }

    public func run() throws {
        if makeCert, let host, let out { try makeCertificate(host: host, out: out) }
        let html = CapturePage.html()
        if let write {
            do throws(OutputError) { try AtomicFile.write(Array(html.utf8), to: write) } catch {
                throw BenchInputError("\(error.message); expected a writable path")
            }
            print("\(write): the capture page (\(html.utf8.count) bytes); host it over HTTPS with the headers "
                + "Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp")
        }
        if let screenshot { try takeScreenshot(screenshot) }
        guard serve else { return }
        let (server, lines) = try startServer()
        // The stop signals are caught before the URL is printed: a script that stops the
        // server as soon as it sees the URL gets "stopped" and exit code 0. `resume()` only
        // queues a signal source (the dispatch manager thread installs it later, and until
        // then SIG_IGN drops the signal), so the URL waits for both sources' registration.
        let done = DispatchSemaphore(value: 0)
        let registered = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { done.signal() }
            source.setRegistrationHandler { registered.signal() }
            source.resume()
            sources.append(source)
        }
        for _ in sources { registered.wait() }
        // Unbuffered, so a script that waits for the URL sees it at once.
        StandardStream.output(lines.joined(separator: "\n") + "\n")
        done.wait()
        for s in sources { s.cancel() }
        server.stop()
        print("stopped")
    }

    /// Starts the server `--serve` describes: the page at `/` and `/capture.html`; with a
    /// certificate chain of two or more, its last (the authority) at `/inkbench-ca.crt`; with
    /// `--into`, uploads at `POST /captures` and `GET /captures/info`. Returns it with the lines
    /// to print. For `run` and tests (which stop it themselves).
    ///
    /// - Throws: ``BenchInputError`` naming the file or address that failed.
    public func startServer() throws -> (server: PageServer, lines: [String]) {
        var corpus: CaptureCorpus?
        if let into {
            do { corpus = try CaptureCorpus(folder: into, maxCaptureBytes: maxUploadBytes) } catch { throw BenchInputError(error.message) }
        }
        var extraPages: [String: PageServer.Resource] = [:]
        var tls: PageServer.TLSFiles?
        if let tlsCert, let tlsKey {
            tls = PageServer.TLSFiles(certificateChainPath: tlsCert, privateKeyPath: tlsKey)
            if let authority = Self.lastCertificatePEM(path: tlsCert) {
                extraPages["/" + CaptureCertificate.authorityFileName] = PageServer.Resource(
                    contentType: "application/x-x509-ca-cert", body: Array(authority.utf8))
            }
        }
        let server: PageServer
        do { server = try CapturePage.serve(corpus: corpus, extraPages: extraPages, host: bindHost, port: port, tls: tls) } catch {
            throw BenchInputError(error.message)
        }
        let loopback = bindHost == "127.0.0.1" || bindHost == "::1"
        // localhost for plain HTTP on loopback (a secure context by name); with TLS, the address the certificate names.
        let shown = loopback && tls == nil ? "http://localhost:\(server.port)/" : server.url
        var lines = ["serving the capture page at \(shown) (cross-origin isolated: COOP same-origin, COEP require-corp)"]
        if tls == nil && !loopback {
            lines.append(
                "note: \(server.url) is plain HTTP: not a secure context on other devices, so getCoalescedEvents() is missing there; "
                    + "use HTTPS for a tablet (bench capture --make-cert --host \(bindHost) --out cert)")
        }
        if bindHost == "0.0.0.0" || bindHost == "::" {
            lines.append("note: listening on every address; open this machine's LAN address (the one the certificate names) on the tablet")
        }
        if !extraPages.isEmpty {
            lines.append("the certificate authority to trust on the tablet: \(server.url)\(CaptureCertificate.authorityFileName)")
        }
        if let corpus {
            lines.append("uploads (Save to laptop) go into \(corpus.folder); then: bench --traces \(corpus.folder) --strategies none,kalman-chromium,recorded")
        } else {
            lines.append("uploads are off (no --into DIR): use the page's Export, then bench --traces FILE.json")
        }
        lines.append("Ctrl-C stops")
        return (server, lines)
    }

    /// The last PEM certificate in a chain file, when it holds two or more (the authority).
    static func lastCertificatePEM(path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        let begin = "-----BEGIN CERTIFICATE-----", end = "-----END CERTIFICATE-----"
        let blocks = text.components(separatedBy: begin).dropFirst().compactMap { part -> String? in
            guard let range = part.firstRange(of: end) else { return nil }
            return begin + part[..<range.upperBound] + "\n"
        }
        return blocks.count >= 2 ? blocks.last : nil
    }

    /// `--make-cert`: writes the files and prints how to serve, trust and open the page.
    func makeCertificate(host: String, out: String) throws {
        let files: CaptureCertificate.Files
        do { files = try CaptureCertificate.make(host: host, into: out) } catch { throw BenchInputError(error.message) }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let url = "https://\(shownHost):\(port)/"
        print("""
            wrote \(files.authority) (the authority to trust on the tablet), \(files.chain) and \(files.key) \
            (valid \(CaptureCertificate.validityDays) days; the authority's own key was not kept, so it can sign nothing else)
            authority SHA-256: \(files.authorityFingerprint)

            1. serve:  bench capture --serve --host \(host) --port \(port) --tls-cert \(files.chain) --tls-key \(files.key) --into captures
               (the tablet must reach this machine at \(host); bind --host 0.0.0.0 to listen on every address)
            2. trust it on the tablet, once:
               iPadOS:  open \(url)\(CaptureCertificate.authorityFileName) in Safari (Show Details > visit this website), Allow the download;
                        Settings > General > VPN & Device Management > the InkBench profile > Install;
                        Settings > General > About > Certificate Trust Settings > turn on "InkBench capture CA for \(host)".
               Android: download \(url)\(CaptureCertificate.authorityFileName) (or copy \(files.authority) over);
                        Settings > Security & privacy > More security settings > Encryption & credentials >
                        Install a certificate > CA certificate > pick inkbench-ca.crt (Chrome trusts it; Firefox needs its own setting).
            3. open on the tablet: \(url)
            """)
    }
}
