import ArgumentParser
import Dispatch
import Foundation
import InkBenchKit
import InkBrowser
import InkSynthesis
import InkTraces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `bench capture --serve`: serves the capture page on localhost, cross-origin isolated, so
/// that a browser on this machine records every digitizer sample and its own predictions;
/// `bench capture --write FILE` saves the page to host it elsewhere (a tablet needs HTTPS).
///
/// ```
/// swift run bench capture --serve              # then open http://localhost:8000/
/// swift run bench capture --write capture.html # for any HTTPS static host
/// swift run bench --traces inkbench-capture-*.json --strategies none,kalman-chromium,recorded
/// ```
public struct CaptureCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Serve (or save) the capture page that records your own pen strokes and the browser's predictions.",
        discussion: """
            The page needs a secure context: localhost is one (bench capture --serve, with COOP/COEP for 5 µs \
            timestamps); a plain-HTTP LAN address is not, so for a tablet host the page (bench capture --write) \
            on any HTTPS server the tablet trusts. Its export is read by bench directly. See docs/chromium.md.
            """)

    @Flag(name: .long, help: "Serve the page on 127.0.0.1 until interrupted (Ctrl-C).")
    var serve = false

    @Option(name: .long, help: "The port to serve on (0: any free one).")
    var port: Int = 8000

    @Option(name: .long, help: "The IPv4 address to bind (default 127.0.0.1; another address is plain HTTP, not a secure context).")
    var host: String = "127.0.0.1"

    // Hidden from --help (this build cannot serve TLS); given anyway, it is refused with the reason.
    @Option(name: .long, help: ArgumentHelp("TLS certificate (not available in this build; see docs/chromium.md).", visibility: .hidden))
    var tlsCert: String?

    @Option(name: .long, help: ArgumentHelp("TLS key (not available in this build).", visibility: .hidden))
    var tlsKey: String?

    @Option(name: .long, help: "Write the page to this file instead (to host it on any HTTPS server).")
    var write: String?

    @Option(name: .long, help: "Save a PNG of the page with two demo strokes drawn in headless Chromium (for docs).")
    var screenshot: String?

    @Option(name: .long, help: "The browser for --screenshot (default: chromium, chromium-browser or google-chrome on the PATH).")
    var chromium: String?

    public init() {}

    public func validate() throws {
        if tlsCert != nil || tlsKey != nil {
            throw ValidationError(
                "--tls-cert/--tls-key: this build cannot serve HTTPS (Foundation on Linux has no TLS server); put the page "
                    + "(bench capture --write capture.html) on any HTTPS static host, or behind an HTTPS reverse proxy to "
                    + "bench capture --serve; see docs/chromium.md")
        }
        guard serve || write != nil || screenshot != nil else {
            throw ValidationError(
                "nothing to do: give --serve (serve the page on localhost), --write FILE (save it) or --screenshot FILE.png")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): expected 0 to 65535") }
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
        let html: String
        do { html = try CapturePage.html() } catch { throw BenchInputError(error.message) }
        if let write {
            do throws(OutputError) { try AtomicFile.write(Array(html.utf8), to: write) } catch {
                throw BenchInputError("\(error.message); expected a writable path")
            }
            print("\(write): the capture page (\(html.utf8.count) bytes); host it over HTTPS with the headers "
                + "Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp")
        }
        if let screenshot { try takeScreenshot(screenshot) }
        guard serve else { return }
        let server: LoopbackServer
        do { server = try LoopbackServer(pages: try CapturePage.pages(), host: host, port: port) } catch {
            throw BenchInputError(error.message)
        }
        let shown = host == "127.0.0.1" ? "http://localhost:\(server.port)/" : server.url
        var lines = ["serving the capture page at \(shown) (cross-origin isolated: COOP same-origin, COEP require-corp)"]
        if host != "127.0.0.1" && host != "localhost" {
            lines.append(
                "note: \(server.url) is plain HTTP: not a secure context on other devices, so getCoalescedEvents() is missing there; use HTTPS for a tablet")
        }
        lines.append("draw, press Export, then: bench --traces FILE.json --strategies none,kalman-chromium,recorded; Ctrl-C stops")
        // Unbuffered, so a script that waits for the URL sees it at once.
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        let done = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { done.signal() }
            source.resume()
            sources.append(source)
        }
        done.wait()
        for s in sources { s.cancel() }
        server.stop()
        print("stopped")
    }
}
